/**
 * Company facts from the public register (ARES) for the compliance, risk, real-estate and AML-side
 * agents, always through the data service's `ares_lookup` agent (never a second ARES client).
 * A failure is reported as the failing source, so callers answer partially instead of guessing.
 */
import { fold } from '../../engines/czech/text.ts'
import { AppError } from '../../kit/errors.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

interface CompanyFacts {
  ico: string
  name?: string
  legalForm?: string
  established?: string
  dissolved?: string
  /** False when the register shows the company dissolved (ZANIKLY) or the source is inactive. */
  active?: boolean
  /** The insolvency register (ISIR) or the bankrupts register (CEU) lists the company. */
  insolvency?: boolean
  vatPayer?: boolean
  dic?: string
  address?: string
  nace?: string[]
  statutory?: { name: string; role?: string }[]
}

/** A person or company the public register lists on a statutory body or as a shareholder. */
export interface RegisterParty {
  name: string
  kind: 'person' | 'company'
  role: string | null
  birth_date: string | null
  ico: string | null
  share_pct?: number | null
}

export interface Lookup {
  facts?: CompanyFacts
  /** False when the register answered that no subject has this IČO. */
  found?: boolean
  source: SourceStatus
  /**
   * Asked with the public register: its current statutory bodies and shareholders, null when the
   * subject is not in it; undefined when not asked or the register did not answer (source failed).
   */
  register?: { statutory_bodies: RegisterParty[]; shareholders: RegisterParty[] } | null
}

const SOURCE = 'data/ares_lookup'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined)

/** First present value among several field names (the agent's snake_case or ARES's own names). */
function pick(o: Obj, ...keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) return o[k]
  return undefined
}

function companyFactsFrom(raw: unknown, ico: string): CompanyFacts {
  const root = isObj(raw) ? raw : {}
  const o = isObj(root.company) ? root.company : isObj(root.subject) ? root.subject : root
  const facts: CompanyFacts = { ico }
  const name = str(pick(o, 'name', 'business_name', 'obchodniJmeno'))
  if (name) facts.name = name
  const lf = pick(o, 'legal_form', 'legal_form_code', 'pravniForma')
  const legalForm = isObj(lf)
    ? str(pick(lf, 'name', 'code'))
    : (str(lf) ?? (typeof lf === 'number' ? String(lf) : undefined))
  if (legalForm) facts.legalForm = legalForm
  const established = str(pick(o, 'established', 'founded', 'datumVzniku'))
  if (established) facts.established = established.slice(0, 10)
  const dissolved = str(pick(o, 'dissolved', 'datumZaniku'))
  if (dissolved) facts.dissolved = dissolved.slice(0, 10)
  const status = str(pick(o, 'status', 'state'))
  const registrations = pick(o, 'registrations', 'seznamRegistraci')
  if (typeof o.active === 'boolean') facts.active = o.active
  else if (status) facts.active = !/zanik|dissolv|inactive|neaktiv|cancel/i.test(status)
  else if (dissolved) facts.active = false
  const insolvency = pick(o, 'insolvency_flag', 'insolvency', 'in_insolvency')
  if (typeof insolvency === 'boolean') facts.insolvency = insolvency
  else if (isObj(insolvency) && typeof insolvency.active === 'boolean') facts.insolvency = insolvency.active
  else if (isObj(registrations)) {
    const ir = str(pick(registrations, 'stavZdrojeIr', 'ir', 'insolvency'))
    const ceu = str(pick(registrations, 'stavZdrojeCeu', 'ceu', 'bankrupts'))
    if (ir || ceu) facts.insolvency = ir === 'AKTIVNI' || ceu === 'AKTIVNI'
  }
  const dic = str(pick(o, 'vat_id', 'dic'))
  if (dic) facts.dic = dic
  const vat = pick(root, 'vat_registered') ?? pick(o, 'vat_payer')
  if (typeof vat === 'boolean') facts.vatPayer = vat
  else if (dic) facts.vatPayer = true
  const address = pick(o, 'address', 'sidlo', 'seat')
  const addressText = isObj(address) ? str(pick(address, 'text', 'textovaAdresa', 'formatted')) : str(address)
  if (addressText) facts.address = addressText
  const nace = pick(o, 'nace', 'czNace')
  if (Array.isArray(nace)) {
    facts.nace = nace
      .map((n) => (isObj(n) ? String(pick(n, 'code', 'kod') ?? '') : String(n)))
      .filter(Boolean)
  }
  const statutory = pick(o, 'statutory_body', 'statutory', 'statutari')
  if (Array.isArray(statutory)) {
    facts.statutory = statutory.flatMap((s) => {
      if (!isObj(s)) return []
      const n = str(pick(s, 'name', 'full_name'))
      if (!n) return []
      const role = str(pick(s, 'role', 'function'))
      return [role ? { name: n, role } : { name: n }]
    })
  }
  return facts
}

function registerFrom(raw: Obj): Lookup['register'] {
  if (raw.public_register_found === false) return null
  const record = raw.public_register
  if (!isObj(record)) return undefined
  const parties = (list: unknown): RegisterParty[] =>
    (Array.isArray(list) ? list : []).filter(isObj).map((p) => ({
      name: String(p.name),
      kind: p.kind === 'company' ? 'company' : 'person',
      role: str(p.role) ?? str(p.body) ?? null,
      birth_date: str(p.birth_date) ?? null,
      ico: str(p.ico) ?? null,
      ...(typeof p.share_pct === 'number' ? { share_pct: p.share_pct } : {}),
    }))
  return { statutory_bodies: parties(record.statutory_bodies), shareholders: parties(record.shareholders) }
}

/**
 * Asks the data service's ares_lookup for an IČO (with `publicRegister`, also the statutory
 * bodies and shareholders); never throws for an unavailable source.
 */
export async function lookupCompany(
  ctx: AgentContext,
  ico: string,
  opts: { publicRegister?: boolean } = {},
): Promise<Lookup> {
  try {
    const raw = await ctx.call('data', 'ares_lookup', {
      ico,
      ...(opts.publicRegister ? { public_register: true } : {}),
    })
    const partial = isObj(raw) && raw.partial === true
    // found: null = ARES could not be asked (the agent names the failing source in its sources).
    if (isObj(raw) && raw.found === null) {
      const failedSource = Array.isArray(raw.sources)
        ? (raw.sources as Obj[]).find((x) => isObj(x) && x.status === 'failed')
        : undefined
      const why = str(failedSource?.error) ?? 'ARES did not answer'
      return { source: { name: SOURCE, status: 'failed', error: why } }
    }
    if (isObj(raw) && (raw.found === false || raw.exists === false)) {
      return { found: false, source: { name: SOURCE, status: 'ok' } }
    }
    const facts = companyFactsFrom(raw, ico)
    const register = isObj(raw) ? registerFrom(raw) : undefined
    const failedSource =
      isObj(raw) && Array.isArray(raw.sources)
        ? (raw.sources as Obj[]).find((x) => isObj(x) && x.status === 'failed')
        : undefined
    return {
      facts,
      found: true,
      source: partial
        ? {
            name: SOURCE,
            status: 'failed',
            error: failedSource
              ? `${str(failedSource.name) ?? 'a source'} failed: ${str(failedSource.error) ?? 'no answer'}`
              : 'answered partially',
          }
        : { name: SOURCE, status: 'ok' },
      ...(register !== undefined ? { register } : {}),
    }
  } catch (error) {
    // "No such IČO" is an answer; a missing agent (details name the agent) or an outage is a failure.
    if (error instanceof AppError && error.code === 'not_found' && !error.details?.agent) {
      return { found: false, source: { name: SOURCE, status: 'ok' } }
    }
    const message = error instanceof Error ? error.message : String(error)
    return { source: { name: SOURCE, status: 'failed', error: message } }
  }
}

/** Folds case, diacritics, punctuation and legal-form spellings so names compare as a person reads them. */
export function comparableName(name: string): string {
  return fold(name)
    .replace(/\bspol(ecnost)?\.?\s*s\s*r\.?\s*o\.?/g, 'sro')
    .replace(/\bs\.\s*r\.\s*o\.?/g, 'sro')
    .replace(/\ba\.\s*s\.?/g, 'as')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export interface Insolvency {
  /**
   * True when a proceeding is running; undefined when ISIR could not be asked, or when it answered
   * but a proceeding not ended is in a state insolvency_check does not recognise (`unrecognised`).
   */
  active?: boolean
  proceedings: number
  references: string[]
  /** insolvency_check's not_recognised: each proceeding not ended in a state it does not know, with what to read. */
  unrecognised: string[]
  source: SourceStatus
}

/** A natural person as data/insolvency_check takes one: by birth number, or surname and birth date. */
export type InsolvencySubject =
  | { ico: string }
  | { birth_number: string }
  | { last_name: string; first_name?: string; birth_date: string }

/**
 * Asks the data service's insolvency_check (ISIR) for an IČO or a person; never throws for an
 * unavailable source.
 */
export async function insolvencyOf(
  ctx: AgentContext,
  subject: string | InsolvencySubject,
): Promise<Insolvency> {
  const name = 'data/insolvency_check'
  try {
    const raw = await ctx.call(
      'data',
      'insolvency_check',
      typeof subject === 'string' ? { ico: subject } : subject,
    )
    const o = isObj(raw) ? raw : {}
    const list = Array.isArray(o.proceedings) ? (o.proceedings as Obj[]) : []
    const references = list.filter((p) => p.active === true).map((p) => String(p.reference ?? ''))
    const unrecognised = Array.isArray(o.not_recognised) ? o.not_recognised.map(String) : []
    // ISIR answered, but a proceeding not ended is in a state the check cannot read as over.
    if (o.in_insolvency === null && unrecognised.length > 0)
      return { proceedings: list.length, references, unrecognised, source: { name, status: 'ok' } }
    if (typeof o.in_insolvency !== 'boolean') {
      const failedSource = Array.isArray(o.sources)
        ? (o.sources as Obj[]).find((x) => x.status === 'failed')
        : undefined
      return {
        proceedings: list.length,
        references,
        unrecognised,
        source: { name, status: 'failed', error: str(failedSource?.error) ?? 'ISIR did not answer' },
      }
    }
    return {
      active: o.in_insolvency,
      proceedings: list.length,
      references,
      unrecognised,
      source: { name, status: 'ok' },
    }
  } catch (error) {
    return {
      proceedings: 0,
      references: [],
      unrecognised: [],
      source: { name, status: 'failed', error: error instanceof Error ? error.message : String(error) },
    }
  }
}
