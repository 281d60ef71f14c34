import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ReplayServer, startReplayServer } from '../../../test/aml/replay-server.ts'
import { UpstreamError } from '../../kit/http.ts'
import { AresClient, InvalidIcoError } from './ares.ts'
import { MemoryRegistryCache } from './cache.ts'
import { IsirClient, parseIsirResponse } from './isir.ts'

let replay: ReplayServer

beforeAll(async () => {
  replay = await startReplayServer()
})
afterAll(() => replay.close())
beforeEach(() => {
  replay.calls.ares = replay.calls.isir = 0
  replay.delay.ares = replay.delay.isir = 0
  replay.failWith.ares = replay.failWith.isir = 0
})

const hour = 3_600_000

describe('ARES client', () => {
  it('returns the company with its seat, legal form and register states', async () => {
    const ares = new AresClient({ baseUrl: replay.aresUrl })
    const answer = await ares.lookup('27082440')
    expect(answer.source).toBe('PRIMARY')
    expect(answer.data).toMatchObject({
      ico: '27082440',
      name: 'Alza.cz a.s.',
      legal_form: 'akciová společnost',
      country: 'CZ',
      status: 'active',
      vat_id: 'CZ27082440',
      insolvency_flag: false,
    })
  })

  it('answers null for an IČO ARES does not know', async () => {
    const ares = new AresClient({ baseUrl: replay.aresUrl })
    expect((await ares.lookup('12345679')).data).toBeNull()
  })

  it('refuses an IČO with a wrong checksum without calling ARES', async () => {
    const ares = new AresClient({ baseUrl: replay.aresUrl })
    await expect(ares.lookup('12345678')).rejects.toBeInstanceOf(InvalidIcoError)
    expect(replay.calls.ares).toBe(0)
  })

  it('serves a fresh cached answer without a second call', async () => {
    const ares = new AresClient({
      baseUrl: replay.aresUrl,
      cache: { cache: new MemoryRegistryCache(), freshMs: hour, staleMs: 24 * hour },
    })
    await ares.lookup('45274649')
    const again = await ares.lookup('45274649')
    expect(again.source).toBe('CACHE')
    expect(replay.calls.ares).toBe(1)
  })

  it('falls back to the last good answer when ARES fails', async () => {
    const ares = new AresClient({
      baseUrl: replay.aresUrl,
      retries: 0,
      cache: { cache: new MemoryRegistryCache(), freshMs: 0, staleMs: 24 * hour },
    })
    await ares.lookup('45274649')
    replay.failWith.ares = 503
    const answer = await ares.lookup('45274649')
    expect(answer.source).toBe('FALLBACK')
    expect(answer.data?.name).toBe('ČEZ, a. s.')
    expect(answer.error).toMatch(/503/)
  })

  it('reads the public-register record: current statutory members and shareholders with their shares', async () => {
    const ares = new AresClient({ baseUrl: replay.aresUrl })
    const answer = await ares.publicRegister('24681351')
    expect(answer.data?.statutory_bodies).toEqual([
      {
        name: 'Jan Dvořák',
        kind: 'person',
        role: 'jednatel',
        body: 'Statutární orgán',
        birth_date: '1970-05-12',
        citizenship: 'CZ',
        ico: null,
        since: '2014-04-15',
      },
    ])
    expect(answer.data?.shareholders).toEqual([
      expect.objectContaining({ name: 'Jan Dvořák', kind: 'person', share_pct: 60, share: '60 PROCENTA' }),
      expect.objectContaining({
        name: 'Labská investiční a.s.',
        kind: 'company',
        ico: '86420976',
        share_pct: 40,
        share: '2/5 ZLOMEK',
      }),
    ])
  })

  it('gives a sole shareholder of an a.s. every share, and null for a subject outside the register', async () => {
    const ares = new AresClient({ baseUrl: replay.aresUrl })
    const alza = await ares.publicRegister('27082440')
    expect(alza.data?.shareholders).toEqual([
      expect.objectContaining({ name: 'Labská investiční a.s.', body: 'Jediný akcionář', share_pct: 100 }),
    ])
    expect(alza.data?.statutory_bodies.map((m) => m.name)).toEqual(['Jan Novák', 'Petra Svobodová'])
    expect((await ares.publicRegister('12345679')).data).toBeNull()
    expect((await ares.statutoryBodies('12345679')).data).toBeNull()
  })

  it('times out and retries once, then reports a timeout', async () => {
    replay.delay.ares = 400
    const ares = new AresClient({ baseUrl: replay.aresUrl, timeoutMs: 100, retries: 1 })
    const error = await ares.lookup('27082440').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect((error as UpstreamError).kind).toBe('timeout')
    expect(replay.calls.ares).toBe(2)
  })
})

describe('ISIR client', () => {
  it('finds the running reorganisation of a company', async () => {
    const isir = new IsirClient({ url: replay.isirUrl })
    const answer = await isir.byIco('26863154')
    expect(answer.data.active).toBe(true)
    expect(answer.data.proceedings[0]).toMatchObject({
      reference: '25 INS 10525/2016',
      court: 'Krajský soud v Ostravě',
      state: 'REORGANIZ',
      started: '2016-05-09',
      active: true,
    })
  })

  it('reads WS2 as no proceedings', async () => {
    const isir = new IsirClient({ url: replay.isirUrl })
    const answer = await isir.byIco('45274649')
    expect(answer.data).toMatchObject({ proceedings: [], active: false })
  })

  it('reports a failing ISIR as an upstream error after its retry', async () => {
    replay.failWith.isir = 502
    const isir = new IsirClient({ url: replay.isirUrl, retries: 1 })
    await expect(isir.byIco('45274649')).rejects.toMatchObject({ kind: 'status', status: 502 })
    expect(replay.calls.isir).toBe(2)
  })

  it('treats a finished proceeding as past, and a SOAP fault as an error', () => {
    const row = (extra: string) =>
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:getIsirWsCuzkDataResponse xmlns:ns2="http://isirws.cca.cz/types/"><data><ic>45274649</ic><cisloSenatu>1</cisloSenatu><druhVec>INS</druhVec><bcVec>5</bcVec><rocnik>2019</rocnik>${extra}</data><stav><pocetVysledku>1</pocetVysledku></stav></ns2:getIsirWsCuzkDataResponse></soap:Body></soap:Envelope>`
    const done = parseIsirResponse(
      row(
        '<druhStavKonkursu>VYRIZENA</druhStavKonkursu><datumPmUkonceniUpadku>2020-01-31Z</datumPmUkonceniUpadku>',
      ),
      '45274649',
    )
    expect(done.active).toBe(false)
    expect(done.proceedings[0]?.ended).toBe('2020-01-31')
    const mistaken = parseIsirResponse(row('<druhStavKonkursu>MYLNÝ ZÁP.</druhStavKonkursu>'), '45274649')
    expect(mistaken.proceedings).toEqual([])
    expect(() =>
      parseIsirResponse(
        '<soap:Envelope xmlns:soap="x"><soap:Body><soap:Fault><faultstring>bad ic</faultstring></soap:Fault></soap:Body></soap:Envelope>',
        '45274649',
      ),
    ).toThrow(/bad ic/)
  })
})
