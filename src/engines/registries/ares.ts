/**
 * ARES, the Czech register of economic subjects (Ministry of Finance), REST API v3:
 * `GET {base}/ekonomicke-subjekty/{ico}` → EkonomickySubjekt JSON; an unknown IČO answers 404 with
 * `{"kod":"NENALEZENO","subKod":"VYSTUP_SUBJEKT_NENALEZEN"}`, a malformed one 400 with
 * `{"kod":"CHYBA_VSTUPU"}`. Base: https://ares.gov.cz/ekonomicke-subjekty-v-be/rest (OpenAPI at
 * …/rest/v3/api-docs). Field names below are the API's own.
 */

import { HttpClient, UpstreamError } from '../../kit/http.ts'
import { checkIco } from '../czech/identifiers.ts'
import { type CachePolicy, cached, type RegistryAnswer } from './cache.ts'

export const ARES_BASE_URL = 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest'

/** The ARES code list PravniForma for the forms met most (full list: /ciselniky-nazevniky). */
const LEGAL_FORMS: Record<string, string> = {
  '100': 'podnikající fyzická osoba',
  '101': 'fyzická osoba podnikající dle živnostenského zákona',
  '111': 'veřejná obchodní společnost',
  '112': 'společnost s ručením omezeným',
  '113': 'společnost komanditní',
  '121': 'akciová společnost',
  '141': 'obecně prospěšná společnost',
  '205': 'družstvo',
  '301': 'státní podnik',
  '325': 'organizační složka státu',
  '331': 'příspěvková organizace',
  '706': 'spolek',
  '751': 'zájmové sdružení právnických osob',
  '801': 'obec',
  '932': 'evropská společnost',
}

/** The subset of EkonomickySubjekt the platform uses, named in English. */
export interface AresCompany {
  ico: string
  name: string
  legal_form_code: string | null
  legal_form: string | null
  address: string | null
  /** ISO alpha-2 of the registered seat (sidlo.kodStatu). */
  country: string | null
  vat_id: string | null
  established: string | null
  dissolved: string | null
  /** CZ-NACE activities as ARES lists them (czNace, five-digit codes); empty when it lists none. */
  nace: string[]
  /** 'active' unless ARES gives a dissolution date. */
  status: 'active' | 'dissolved'
  /** ARES source registers and their state, e.g. { vr: 'AKTIVNI', ir: 'NEEXISTUJICI' }. */
  registrations: Record<string, string>
  /** True when the insolvency register source (stavZdrojeIr) is active for this subject. */
  insolvency_flag: boolean
  updated: string | null
}

export interface AresClientOptions {
  baseUrl?: string
  /** Per attempt, ms. */
  timeoutMs?: number
  retries?: number
  cache?: CachePolicy
  fetch?: typeof fetch
}

export class InvalidIcoError extends Error {}

/** One member of a statutory body as the public register (veřejný rejstřík) lists it today. */
export interface StatutoryMember {
  /** A person's "first last", or a legal person's registered name. */
  name: string
  kind: 'person' | 'company'
  /** The member's function (funkce), e.g. "jednatel", "předseda představenstva". */
  role: string | null
  /** The body it sits on (nazevOrganu), e.g. "Statutární orgán - představenstvo". */
  body: string | null
  birth_date: string | null
  /** ISO alpha-2 or alpha-3 as the register gives it (statniObcanstvi), when given. */
  citizenship: string | null
  /** A legal person's IČO. */
  ico: string | null
  since: string | null
}

/**
 * A shareholder as the public register lists it today: a partner of an s.r.o., v.o.s. or k.s.
 * (společník, with its share) or the sole shareholder of an a.s. (jediný akcionář).
 */
export interface Shareholder {
  name: string
  kind: 'person' | 'company'
  /** The heading it is listed under (nazevOrganu), e.g. "Společníci", "Jediný akcionář". */
  body: string | null
  birth_date: string | null
  citizenship: string | null
  ico: string | null
  /** The share in per cent when the register gives it as PROCENTA or a fraction (a/b); else null. */
  share_pct: number | null
  /** The share as the register writes it (velikostPodilu), e.g. "50 PROCENTA", "1/3 ZLOMEK". */
  share: string | null
  since: string | null
}

/** The current statutory bodies and shareholders of a subject's public-register record. */
export interface PublicRegisterRecord {
  statutory_bodies: StatutoryMember[]
  shareholders: Shareholder[]
}

/** Members of statutory bodies (and shareholders) kept (the largest boards have a few dozen). */
const MAX_MEMBERS = 100

interface VrPerson {
  jmeno?: string
  prijmeni?: string
  titulPredJmenem?: string
  datumNarozeni?: string
  statniObcanstvi?: string
}
interface VrMember {
  datumZapisu?: string
  datumVymazu?: string
  clenstvi?: { funkce?: { nazev?: string; vznikFunkce?: string } }
  nazevAngazma?: string
  fyzickaOsoba?: VrPerson
  pravnickaOsoba?: { obchodniJmeno?: string; ico?: string }
}
interface VrShare {
  datumVymazu?: string
  velikostPodilu?: { typObnos?: string; hodnota?: string | number }
}
interface VrPartner {
  datumZapisu?: string
  datumVymazu?: string
  osoba?: { fyzickaOsoba?: VrPerson; pravnickaOsoba?: { obchodniJmeno?: string; ico?: string } }
  podil?: VrShare[]
}
interface VrRecord {
  primarniZaznam?: boolean
  statutarniOrgany?: { nazevOrganu?: string; datumVymazu?: string; clenoveOrganu?: VrMember[] }[]
  /** Partners of an s.r.o., v.o.s., k.s. (each with its shares: podil). */
  spolecnici?: { nazevOrganu?: string; datumVymazu?: string; spolecnik?: VrPartner[] }[]
  /** The sole shareholder of an a.s. (listed like a body's members). */
  akcionari?: { nazevOrganu?: string; datumVymazu?: string; clenoveOrganu?: VrMember[] }[]
}

interface EkonomickySubjekt {
  ico: string
  obchodniJmeno: string
  pravniForma?: string
  dic?: string
  datumVzniku?: string
  datumZaniku?: string
  datumAktualizace?: string
  czNace?: unknown[]
  sidlo?: { kodStatu?: string; textovaAdresa?: string }
  seznamRegistraci?: Record<string, string>
}

export class AresClient {
  private readonly http: HttpClient
  private readonly cache: CachePolicy | undefined

  constructor(opts: AresClientOptions = {}) {
    this.http = new HttpClient({
      source: 'ares',
      baseUrl: opts.baseUrl ?? ARES_BASE_URL,
      timeoutMs: opts.timeoutMs ?? 4000,
      retries: opts.retries ?? 1,
      backoffMs: 200,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    })
    this.cache = opts.cache
  }

  /**
   * The company with this IČO, or null when ARES does not know it. Throws InvalidIcoError before
   * any call when the checksum fails, UpstreamError when ARES fails and no stale answer exists.
   */
  async lookup(
    ico: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<RegistryAnswer<AresCompany | null>> {
    const check = checkIco(ico)
    if (!check.valid) throw new InvalidIcoError(`ico: ${check.reason}`)
    const id = check.value
    return cached(this.cache, `ares:${id}`, async () => {
      const res = await this.http.getJson<EkonomickySubjekt | { kod?: string; subKod?: string }>(
        `/ekonomicke-subjekty/${id}`,
        { acceptStatus: [404], ...(opts.signal ? { signal: opts.signal } : {}) },
      )
      if (res.status === 404) {
        const body = res.data as { kod?: string }
        // A 404 without ARES's own error body means a wrong endpoint, not an unknown company.
        if (body?.kod !== 'NENALEZENO')
          throw new UpstreamError('ares', 'invalid_response', 'answered 404 without NENALEZENO')
        return null
      }
      return toCompany(res.data as EkonomickySubjekt)
    })
  }

  /**
   * The subject's public-register record (`GET {base}/ekonomicke-subjekty-vr/{ico}`, the VR source
   * of ARES): the current members of its statutory bodies and its current shareholders, or null
   * when the subject has no public-register record (a sole trader, a body the register does not
   * hold). Entries with a deletion date (datumVymazu) are past ones and left out.
   */
  async publicRegister(
    ico: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<RegistryAnswer<PublicRegisterRecord | null>> {
    const check = checkIco(ico)
    if (!check.valid) throw new InvalidIcoError(`ico: ${check.reason}`)
    const id = check.value
    return cached(this.cache, `ares-vr-record:${id}`, async () => {
      const res = await this.http.getJson<{ zaznamy?: VrRecord[]; kod?: string }>(
        `/ekonomicke-subjekty-vr/${id}`,
        { acceptStatus: [404], ...(opts.signal ? { signal: opts.signal } : {}) },
      )
      if (res.status === 404) {
        if (res.data?.kod !== 'NENALEZENO')
          throw new UpstreamError('ares', 'invalid_response', 'answered 404 without NENALEZENO')
        return null
      }
      if (!Array.isArray(res.data?.zaznamy))
        throw new UpstreamError('ares', 'invalid_response', 'public-register answer lacks zaznamy')
      const record = res.data.zaznamy.find((r) => r?.primarniZaznam) ?? res.data.zaznamy[0]
      return { statutory_bodies: toMembers(record), shareholders: toShareholders(record) }
    })
  }

  /** The current members of the subject's statutory bodies (see publicRegister), or null. */
  async statutoryBodies(
    ico: string,
    opts: { signal?: AbortSignal } = {},
  ): Promise<RegistryAnswer<StatutoryMember[] | null>> {
    const answer = await this.publicRegister(ico, opts)
    return { ...answer, data: answer.data?.statutory_bodies ?? null }
  }
}

const personName = (p: VrPerson) => [p.jmeno, p.prijmeni].filter(Boolean).join(' ').trim()

/** The members of the record's statutory bodies. */
function toMembers(record: VrRecord | undefined): StatutoryMember[] {
  const members: StatutoryMember[] = []
  for (const organ of record?.statutarniOrgany ?? []) {
    if (organ.datumVymazu) continue
    for (const m of organ.clenoveOrganu ?? []) {
      if (m.datumVymazu || members.length >= MAX_MEMBERS) continue
      const person = m.fyzickaOsoba
      const company = m.pravnickaOsoba
      const name = person ? personName(person) : (company?.obchodniJmeno?.trim() ?? '')
      if (!name) continue
      members.push({
        name,
        kind: person ? 'person' : 'company',
        role: m.clenstvi?.funkce?.nazev ?? m.nazevAngazma ?? null,
        body: organ.nazevOrganu ?? null,
        birth_date: person?.datumNarozeni ?? null,
        citizenship: person?.statniObcanstvi ?? null,
        ico: company?.ico ?? null,
        since: m.clenstvi?.funkce?.vznikFunkce ?? m.datumZapisu ?? null,
      })
    }
  }
  return members
}

/**
 * A share in per cent from velikostPodilu: PROCENTA "50" or "12,5"; a fraction "1/3" (ZLOMEK or
 * TEXT); null for anything else (a share the register writes in words).
 */
function sharePct(v: VrShare['velikostPodilu']): number | null {
  const text = String(v?.hodnota ?? '').trim()
  const fraction = /^(\d{1,9})\s?[/;]\s?(\d{1,9})$/.exec(text)
  if (fraction && Number(fraction[2]) > 0)
    return Math.round((Number(fraction[1]) / Number(fraction[2])) * 10_000) / 100
  const pct = /^(\d{1,3})(?:[.,](\d{1,6}))?$/.exec(text)
  if (pct && (v?.typObnos ?? '').toUpperCase() === 'PROCENTA') return Number(`${pct[1]}.${pct[2] ?? '0'}`)
  return null
}

/** The record's current partners (spolecnici) and sole shareholder (akcionari). */
function toShareholders(record: VrRecord | undefined): Shareholder[] {
  const out: Shareholder[] = []
  const add = (
    body: string | null,
    person: VrPerson | undefined,
    company: { obchodniJmeno?: string; ico?: string } | undefined,
    since: string | null,
    shares: VrShare[],
  ) => {
    const name = person ? personName(person) : (company?.obchodniJmeno?.trim() ?? '')
    if (!name || out.length >= MAX_MEMBERS) return
    const current = shares.filter((p) => !p.datumVymazu && p.velikostPodilu?.hodnota !== undefined)
    const pcts = current.map((p) => sharePct(p.velikostPodilu))
    out.push({
      name,
      kind: person ? 'person' : 'company',
      body,
      birth_date: person?.datumNarozeni ?? null,
      citizenship: person?.statniObcanstvi ?? null,
      ico: company?.ico ?? null,
      share_pct:
        pcts.length > 0 && pcts.every((x) => x !== null)
          ? Math.round(pcts.reduce((a, b) => a + b, 0) * 100) / 100
          : null,
      share:
        current
          .map((p) => `${p.velikostPodilu?.hodnota} ${p.velikostPodilu?.typObnos ?? ''}`.trim())
          .join('; ') || null,
      since,
    })
  }
  for (const group of record?.spolecnici ?? []) {
    if (group.datumVymazu) continue
    for (const p of group.spolecnik ?? []) {
      if (p.datumVymazu) continue
      add(
        group.nazevOrganu ?? null,
        p.osoba?.fyzickaOsoba,
        p.osoba?.pravnickaOsoba,
        p.datumZapisu ?? null,
        p.podil ?? [],
      )
    }
  }
  for (const group of record?.akcionari ?? []) {
    if (group.datumVymazu) continue
    const current = (group.clenoveOrganu ?? []).filter((m) => !m.datumVymazu)
    // The register lists the shareholders of an a.s. only when one holds every share.
    const shares = current.length === 1 ? [{ velikostPodilu: { typObnos: 'PROCENTA', hodnota: '100' } }] : []
    for (const m of current)
      add(group.nazevOrganu ?? null, m.fyzickaOsoba, m.pravnickaOsoba, m.datumZapisu ?? null, shares)
  }
  return out
}

function toCompany(s: EkonomickySubjekt): AresCompany {
  if (!s || typeof s.ico !== 'string' || typeof s.obchodniJmeno !== 'string') {
    throw new UpstreamError('ares', 'invalid_response', 'answer lacks ico or obchodniJmeno')
  }
  const registrations: Record<string, string> = {}
  for (const [k, v] of Object.entries(s.seznamRegistraci ?? {})) {
    if (k.startsWith('stavZdroje')) registrations[k.slice('stavZdroje'.length).toLowerCase()] = String(v)
  }
  const code = s.pravniForma ?? null
  return {
    ico: s.ico,
    name: s.obchodniJmeno,
    legal_form_code: code,
    legal_form: code ? (LEGAL_FORMS[code] ?? null) : null,
    address: s.sidlo?.textovaAdresa ?? null,
    country: s.sidlo?.kodStatu ?? null,
    vat_id: s.dic ?? null,
    established: s.datumVzniku ?? null,
    dissolved: s.datumZaniku ?? null,
    nace: (s.czNace ?? []).filter((code): code is string => typeof code === 'string'),
    status: s.datumZaniku ? 'dissolved' : 'active',
    registrations,
    insolvency_flag: registrations.ir === 'AKTIVNI',
    updated: s.datumAktualizace ?? null,
  }
}
