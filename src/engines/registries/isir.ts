/**
 * ISIR, the Czech insolvency register (Ministry of Justice), public SOAP 1.1 service
 * IsirWsCuzkService (https://isir.justice.cz:8443/isir_cuzk_ws/IsirWsCuzkService, namespace
 * http://isirws.cca.cz/types/). Request `getIsirWsCuzkDataRequest` with `ic`, `maxPocetVysledku`,
 * `filtrAktualniRizeni` (unqualified children, in this order); the answer lists `data` rows
 * (ic, cisloSenatu, druhVec, bcVec, rocnik, nazevOrganizace = court, nazevOsoby, druhStavKonkursu,
 * urlDetailRizeni, datumPmZahajeniUpadku, datumPmUkonceniUpadku …) and a `stav` with
 * pocetVysledku and casSynchronizace; `stav/kodChyby` WS2 means "no record".
 */
import { XMLParser } from 'fast-xml-parser'
import { HttpClient, UpstreamError } from '../../kit/http.ts'
import { checkIco } from '../czech/identifiers.ts'
import { InvalidIcoError } from './ares.ts'
import { type CachePolicy, cached, type RegistryAnswer } from './cache.ts'

const ISIR_URL = 'https://isir.justice.cz:8443/isir_cuzk_ws/IsirWsCuzkService'
const TYPES_NS = 'http://isirws.cca.cz/types/'

/** States (druhStavKonkursu, folded) of a proceeding that is still running. */
const ACTIVE = new Set([
  'NEVYRIZENA',
  'NEVYR-POST',
  'MORATORIUM',
  'UPADEK',
  'KONKURS',
  'ODDLUZENI',
  'REORGANIZ',
  'OBZIVLA',
  'K-PO ZRUS.',
])
/** Entries the court marked as written by mistake: not proceedings at all. */
const VOID = new Set(['MYLNY ZAP.', 'MYLNY ZAP'])

interface InsolvencyProceeding {
  /** Court file number, e.g. "25 INS 10525/2016". */
  reference: string
  court: string | null
  debtor: string | null
  state: string | null
  active: boolean
  started: string | null
  ended: string | null
  url: string | null
}

export interface InsolvencyResult {
  ico: string
  proceedings: InsolvencyProceeding[]
  active: boolean
  /** When ISIR's copy was last synchronised (stav/casSynchronizace). */
  synchronized_at: string | null
}

export interface IsirClientOptions {
  url?: string
  timeoutMs?: number
  retries?: number
  cache?: CachePolicy
  fetch?: typeof fetch
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, trimValues: true })

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().trim()
}

function requestXml(ico: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:typ="${TYPES_NS}">` +
    '<soapenv:Header/><soapenv:Body><typ:getIsirWsCuzkDataRequest>' +
    `<ic>${ico}</ic><maxPocetVysledku>100</maxPocetVysledku><filtrAktualniRizeni>F</filtrAktualniRizeni>` +
    '</typ:getIsirWsCuzkDataRequest></soapenv:Body></soapenv:Envelope>'
  )
}

type Node = Record<string, unknown>

const str = (v: unknown): string | null =>
  v === undefined || v === null || v === '' ? null : String(v).trim()
const date = (v: unknown): string | null => str(v)?.replace(/Z$/, '').slice(0, 10) ?? null

/** Parses an IsirWsCuzkService answer; throws UpstreamError on faults and unknown shapes. */
export function parseIsirResponse(xml: string, ico: string): InsolvencyResult {
  let doc: Node
  try {
    doc = parser.parse(xml) as Node
  } catch {
    throw new UpstreamError('isir', 'invalid_response', 'answered with malformed XML')
  }
  const body = (doc.Envelope as Node | undefined)?.Body as Node | undefined
  if (!body) throw new UpstreamError('isir', 'invalid_response', 'answer has no SOAP Body')
  if (body.Fault) {
    const f = body.Fault as Node
    throw new UpstreamError('isir', 'invalid_response', `SOAP fault: ${str(f.faultstring) ?? 'unknown'}`)
  }
  const res = body.getIsirWsCuzkDataResponse as Node | undefined
  if (!res) throw new UpstreamError('isir', 'invalid_response', 'answer lacks getIsirWsCuzkDataResponse')
  const stav = (res.stav ?? {}) as Node
  const code = str(stav.kodChyby)
  if (code && code !== 'WS2')
    throw new UpstreamError('isir', 'invalid_response', `error ${code}: ${str(stav.textChyby) ?? ''}`)
  const rows =
    res.data === undefined ? [] : Array.isArray(res.data) ? (res.data as Node[]) : [res.data as Node]
  const proceedings: InsolvencyProceeding[] = []
  for (const r of rows) {
    // The service also returns rows of co-debtors in the same proceeding; keep the subject's own.
    if (str(r.ic) && str(r.ic) !== ico) continue
    const state = str(r.druhStavKonkursu)
    if (state && VOID.has(fold(state))) continue
    const ended = date(r.datumPmUkonceniUpadku)
    proceedings.push({
      reference:
        `${str(r.cisloSenatu) ?? ''} ${str(r.druhVec) ?? 'INS'} ${str(r.bcVec) ?? ''}/${str(r.rocnik) ?? ''}`.trim(),
      court: str(r.nazevOrganizace),
      debtor: str(r.nazevOsoby),
      state,
      active: !ended && state !== null && ACTIVE.has(fold(state)),
      started: date(r.datumPmZahajeniUpadku),
      ended,
      url: str(r.urlDetailRizeni),
    })
  }
  return {
    ico,
    proceedings,
    active: proceedings.some((p) => p.active),
    synchronized_at: str(stav.casSynchronizace),
  }
}

export class IsirClient {
  private readonly http: HttpClient
  private readonly cache: CachePolicy | undefined
  private readonly url: string

  constructor(opts: IsirClientOptions = {}) {
    this.url = opts.url ?? ISIR_URL
    this.http = new HttpClient({
      source: 'isir',
      baseUrl: this.url,
      timeoutMs: opts.timeoutMs ?? 6000,
      retries: opts.retries ?? 1,
      backoffMs: 300,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    })
    this.cache = opts.cache
  }

  /** Insolvency proceedings of the company with this IČO (current and past). */
  async byIco(ico: string, opts: { signal?: AbortSignal } = {}): Promise<RegistryAnswer<InsolvencyResult>> {
    const check = checkIco(ico)
    if (!check.valid) throw new InvalidIcoError(`ico: ${check.reason}`)
    const id = check.value
    return cached(this.cache, `isir:${id}`, async () => {
      const res = await this.http.request<string>(this.url, {
        method: 'POST',
        idempotent: true, // a SOAP query
        body: requestXml(id),
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
        responseType: 'text',
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
      return parseIsirResponse(res.data, id)
    })
  }
}
