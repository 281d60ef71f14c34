/**
 * One local server standing in for everything a dossier asks, each in its own format: ARES (the
 * subject, its public-register record, the name search: REST v3 JSON), ISIR and the VAT register
 * (SOAP), the AML service (POST /api/aml/screen/complete) and the company's web page. ARES answers
 * from test/aml/replay/ares, ISIR from test/aml/replay/isir, the VAT register from
 * test/sources/fixtures/vat-register. A test can take ARES down (`aresDown`) and slow ISIR down.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const ARES_DIR = join(import.meta.dirname, '../aml/replay/ares')
const ISIR_DIR = join(import.meta.dirname, '../aml/replay/isir')
const VAT_DIR = join(import.meta.dirname, '../sources/fixtures/vat-register')

/** Public-register (VR) records by IČO: the current board, and a member deleted in 2020. */
const VR: Record<string, unknown> = {
  '27082440': {
    icoId: '27082440',
    zaznamy: [
      {
        primarniZaznam: true,
        statutarniOrgany: [
          {
            nazevOrganu: 'Statutární orgán - představenstvo',
            clenoveOrganu: [
              {
                datumZapisu: '2015-06-01',
                clenstvi: { funkce: { nazev: 'předseda představenstva', vznikFunkce: '2015-06-01' } },
                fyzickaOsoba: { jmeno: 'Jan', prijmeni: 'Novák', datumNarozeni: '1975-03-14' },
              },
              {
                datumZapisu: '2018-01-10',
                clenstvi: { funkce: { nazev: 'člen představenstva' } },
                fyzickaOsoba: { jmeno: 'Petra', prijmeni: 'Svobodová', datumNarozeni: '1981-11-02' },
              },
              {
                datumZapisu: '2010-01-01',
                datumVymazu: '2020-05-31',
                fyzickaOsoba: { jmeno: 'Karel', prijmeni: 'Dřívější' },
              },
            ],
          },
        ],
      },
    ],
  },
}

const WEBSITE_HTML =
  '<html><head><title>Alza.cz | Kontakt</title></head><body><p>Alza.cz a.s., IČO: 27082440, DIČ: CZ27082440</p>' +
  '<p>Tel.: +420 225 340 111, <a href="mailto:obchod@alza.cz">obchod@alza.cz</a></p><a href="/kontakt">Kontakt</a></body></html>'

export interface ScoutFakes {
  url: string
  port: number
  aresDown: boolean
  isirDelayMs: number
  amlRequests: Record<string, unknown>[]
  close(): Promise<void>
}

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}

export async function startScoutFakes(): Promise<ScoutFakes> {
  const state = { aresDown: false, isirDelayMs: 0, amlRequests: [] as Record<string, unknown>[] }
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = req.url ?? '/'
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    const notFound = { kod: 'NENALEZENO', popis: 'Ekonomický subjekt nebyl nalezen.' }

    if (url.startsWith('/ares/')) {
      if (state.aresDown) return res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable')
      const subject = /^\/ares\/ekonomicke-subjekty\/(\d{8})$/.exec(url)
      if (subject) {
        const file = read(join(ARES_DIR, `${subject[1]}.json`))
        return file
          ? res.writeHead(200, { 'content-type': 'application/json' }).end(file)
          : json(404, notFound)
      }
      const vr = /^\/ares\/ekonomicke-subjekty-vr\/(\d{8})$/.exec(url)
      if (vr) return VR[vr[1]!] ? json(200, VR[vr[1]!]) : json(404, notFound)
      if (url === '/ares/ekonomicke-subjekty/vyhledat' && req.method === 'POST') {
        const name = (JSON.parse(body) as { obchodniJmeno?: string }).obchodniJmeno ?? ''
        const hits = /alza/i.test(name) ? [JSON.parse(read(join(ARES_DIR, '27082440.json'))!.toString())] : []
        return json(200, { pocetCelkem: hits.length, ekonomickeSubjekty: hits })
      }
      return json(404, notFound)
    }
    if (url.startsWith('/isir')) {
      await new Promise((r) => setTimeout(r, state.isirDelayMs))
      const ico = /<ic>(\d{8})<\/ic>/.exec(body)?.[1]
      const file = (ico && read(join(ISIR_DIR, `${ico}.xml`))) || read(join(ISIR_DIR, 'empty.xml'))!
      return res.writeHead(200, { 'content-type': 'text/xml;charset=UTF-8' }).end(file)
    }
    if (url.startsWith('/vat')) {
      const dic = /<roz:dic>(\d+)<\/roz:dic>/.exec(body)?.[1]
      const file = read(join(VAT_DIR, `status_${dic}.xml`)) ?? read(join(VAT_DIR, 'status_12345679.xml'))!
      return res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(file)
    }
    if (url === '/api/aml/screen/complete' && req.method === 'POST') {
      const subject = JSON.parse(body) as Record<string, unknown>
      state.amlRequests.push(subject)
      const completed = {
        status: 'COMPLETED',
        source: 'PRIMARY',
        data: { matches: [] },
        execution_time_ms: 1,
      }
      const person = typeof subject.name === 'string'
      return json(200, {
        screening_id: `AML-20261126-${String(state.amlRequests.length).padStart(6, '0')}`,
        timestamp: '2026-11-26T03:00:00.000Z',
        processing_time_ms: 3,
        completeness: 1,
        overall_risk: { score: 0, level: 'LOW', weighted_total: 0, review_required: false, missing: [] },
        modules: person ? { sanctions: completed, pep: completed } : { sanctions: completed },
      })
    }
    if (url === '/web/alza')
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(WEBSITE_HTML)
    json(404, { error: `no route ${req.method} ${url}` })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fakes: ScoutFakes = {
    url: `http://127.0.0.1:${port}`,
    port,
    get aresDown() {
      return state.aresDown
    },
    set aresDown(v: boolean) {
      state.aresDown = v
    },
    get isirDelayMs() {
      return state.isirDelayMs
    },
    set isirDelayMs(v: number) {
      state.isirDelayMs = v
    },
    amlRequests: state.amlRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fakes
}
