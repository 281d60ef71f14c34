/**
 * ISIR, the Czech insolvency register (Ministry of Justice), public SOAP 1.1 service
 * IsirWsCuzkService (https://isir.justice.cz:8443/isir_cuzk_ws/IsirWsCuzkService, namespace
 * http://isirws.cca.cz/types/). Request `getIsirWsCuzkDataRequest`: unqualified children in the
 * schema's order (ic, rc, druhVec, bcVec, rocnik, nazevOsoby, jmeno, datumNarozeni,
 * maxPocetVysledku, filtrAktualniRizeni, vyhledatPresnouShoduJmen, vyhledatBezDiakritiky): a
 * company by `ic`, a natural person by `rc` (rodné číslo, written YYMMDD/SSSC as the register
 * shows it) or by `nazevOsoby` (surname) + `jmeno` + `datumNarozeni`; the answer lists `data` rows
 * (ic, cisloSenatu, druhVec, bcVec, rocnik, nazevOrganizace = court, nazevOsoby, druhStavKonkursu,
 * urlDetailRizeni, datumPmZahajeniUpadku, datumPmUkonceniUpadku …) and a `stav` with
 * pocetVysledku and casSynchronizace; `stav/kodChyby` WS2 means "no record".
 */

import { XMLParser } from 'fast-xml-parser'
import { HttpClient, UpstreamError } from '../../kit/http.ts'
import { checkBirthNumber, checkIco } from '../czech/identifiers.ts'
import { fold } from '../czech/text.ts'
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
/** States (folded) of a proceeding that has finished: decided, final, or struck off. */
const FINISHED = new Set(['VYRIZENA', 'PRAVOMOCNA', 'ODSKRTNUTA'])

/**
 * Whether a state is one this client reads, as running or as finished; any other state (none
 * given, or one the register added, e.g. ZRUŠENO VS) says nothing either way by itself.
 */
function knownState(state: string | null): boolean {
  if (state === null) return false
  const key = stateKey(state)
  return ACTIVE.has(key) || FINISHED.has(key)
}

/**
 * A proceeding not known to be running that has no end date and a state this client does not
 * read (knownState): not to be taken as over; a person reads its state in ISIR.
 */
export function openInUnknownState(p: {
  active: boolean
  ended: string | null
  state: string | null
}): boolean {
  return !p.active && p.ended === null && !knownState(p.state)
}

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
  /** The company asked about; null for a person. */
  ico: string | null
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

/** Register states are compared in upper case without diacritics ("MYLNÝ ZÁP." = "MYLNY ZAP."). */
const stateKey = (s: string) => fold(s).toUpperCase().trim()

/** A natural person as ISIR finds one: by birth number, or by name and date of birth. */
export type PersonQuery =
  | { birthNumber: string }
  | { surname: string; firstName?: string | undefined; birthDate: string }

const escapeXml = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The request's children, already in the schema's order. */
function requestXml(children: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:typ="${TYPES_NS}">` +
    '<soapenv:Header/><soapenv:Body><typ:getIsirWsCuzkDataRequest>' +
    children +
    '</typ:getIsirWsCuzkDataRequest></soapenv:Body></soapenv:Envelope>'
  )
}

const companyRequest = (ico: string) =>
  requestXml(
    `<ic>${ico}</ic><maxPocetVysledku>100</maxPocetVysledku><filtrAktualniRizeni>F</filtrAktualniRizeni>`,
  )

/** Birth number as the register writes it: YYMMDD/SSS[C]. */
const slashed = (digits: string) => `${digits.slice(0, 6)}/${digits.slice(6)}`

function personRequest(q: PersonQuery): string {
  const tail = '<maxPocetVysledku>100</maxPocetVysledku><filtrAktualniRizeni>F</filtrAktualniRizeni>'
  if ('birthNumber' in q) return requestXml(`<rc>${slashed(q.birthNumber)}</rc>${tail}`)
  // The whole name must match (not a prefix of a longer one), diacritics aside: "Novak" finds
  // "Novák", never "Novakova".
  return requestXml(
    `<nazevOsoby>${escapeXml(q.surname)}</nazevOsoby>` +
      (q.firstName ? `<jmeno>${escapeXml(q.firstName)}</jmeno>` : '') +
      `<datumNarozeni>${q.birthDate}</datumNarozeni>${tail}` +
      '<vyhledatPresnouShoduJmen>T</vyhledatPresnouShoduJmen><vyhledatBezDiakritiky>T</vyhledatBezDiakritiky>',
  )
}

type Node = Record<string, unknown>

const str = (v: unknown): string | null =>
  v === undefined || v === null || v === '' ? null : String(v).trim()
const date = (v: unknown): string | null => str(v)?.replace(/Z$/, '').slice(0, 10) ?? null

/** Which rows are the subject's own: the service also returns co-debtors of the same proceeding. */
type Subject = { ico: string } | PersonQuery

function isSubject(r: Node, subject: Subject): boolean {
  if ('ico' in subject) return !str(r.ic) || str(r.ic) === subject.ico
  if ('birthNumber' in subject) {
    const rc = str(r.rc)?.replace(/\D/g, '')
    return !rc || rc === subject.birthNumber
  }
  const born = date(r.datumNarozeni)
  if (born && born !== subject.birthDate) return false
  const surname = str(r.nazevOsoby)
  if (surname && fold(surname) !== fold(subject.surname)) return false
  const first = str(r.jmeno)
  return !subject.firstName || !first || fold(first) === fold(subject.firstName)
}

/** Parses an IsirWsCuzkService answer; throws UpstreamError on faults and unknown shapes. */
export function parseIsirResponse(xml: string, subject: string | Subject): InsolvencyResult {
  const who: Subject = typeof subject === 'string' ? { ico: subject } : subject
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
    if (!isSubject(r, who)) continue
    const state = str(r.druhStavKonkursu)
    if (state && VOID.has(stateKey(state))) continue
    const ended = date(r.datumPmUkonceniUpadku)
    proceedings.push({
      reference:
        `${str(r.cisloSenatu) ?? ''} ${str(r.druhVec) ?? 'INS'} ${str(r.bcVec) ?? ''}/${str(r.rocnik) ?? ''}`.trim(),
      court: str(r.nazevOrganizace),
      debtor:
        'ico' in who
          ? str(r.nazevOsoby)
          : [str(r.jmeno), str(r.nazevOsoby)].filter(Boolean).join(' ') || null,
      state,
      active: !ended && state !== null && ACTIVE.has(stateKey(state)),
      started: date(r.datumPmZahajeniUpadku),
      ended,
      url: str(r.urlDetailRizeni),
    })
  }
  return {
    ico: 'ico' in who ? who.ico : null,
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
        body: companyRequest(id),
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
        responseType: 'text',
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
      return parseIsirResponse(res.data, id)
    })
  }

  /**
   * Insolvency proceedings of a natural person (debt relief, bankruptcy of an individual): by birth
   * number, or by surname, first name and date of birth (all three as the register holds them).
   */
  async byPerson(
    query: PersonQuery,
    opts: { signal?: AbortSignal } = {},
  ): Promise<RegistryAnswer<InsolvencyResult>> {
    let subject: PersonQuery
    let key: string
    if ('birthNumber' in query) {
      const check = checkBirthNumber(query.birthNumber)
      if (!check.valid) throw new InvalidPersonError('birth_number', check.reason)
      subject = { birthNumber: check.value.replace(/\D/g, '') }
      key = `isir:rc:${subject.birthNumber}`
    } else {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(query.birthDate))
        throw new InvalidPersonError('birth_date', 'must be a date YYYY-MM-DD')
      const surname = query.surname.trim()
      if (surname.length === 0) throw new InvalidPersonError('last_name', 'must not be empty')
      const firstName = query.firstName?.trim() || undefined
      subject = { surname, firstName, birthDate: query.birthDate }
      key = `isir:person:${fold(surname)}:${fold(firstName ?? '')}:${query.birthDate}`
    }
    return cached(this.cache, key, async () => {
      const res = await this.http.request<string>(this.url, {
        method: 'POST',
        idempotent: true, // a SOAP query
        body: personRequest(subject),
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
        responseType: 'text',
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
      return parseIsirResponse(res.data, subject)
    })
  }
}

/** A person query the register cannot take: `field` and the rule, for a 400. */
class InvalidPersonError extends Error {
  readonly field: string
  readonly rule: string
  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`)
    this.field = field
    this.rule = rule
  }
}
