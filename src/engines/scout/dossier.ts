/**
 * A company dossier: what the public registers, the sanctions and PEP lists and the company's own
 * web page say about one company, each source reported with its status — `ok`, `failed` with the
 * reason, or `not_applicable` with the reason — so a source that failed is shown, never read as a
 * clean answer.
 *
 * | source           | asks                                                    | needs                     |
 * |------------------|---------------------------------------------------------|---------------------------|
 * | ares             | ARES record (by IČO; a name is first searched in ARES)  | ico or name               |
 * | statutory_bodies | ARES public-register (VR) record: current members       | the IČO                   |
 * | sanctions        | AML screening of the company (IČO and name)             | the IČO or a name         |
 * | pep              | AML screening of each member as a person (PEP, sanctions)| statutory_bodies         |
 * | insolvency       | ISIR proceedings                                        | the IČO                   |
 * | vat              | VAT register: payer, unreliable payer, published accounts| the IČO (DIČ CZ + IČO)   |
 * | website          | the company's page through the egress guard             | a website (full dossiers) |
 *
 * A source whose input could not be had because another source failed is itself `failed` (with
 * that reason), so re-running the failed sources of a run (`only`) re-runs it too. The answers of
 * the sources that are not re-run are taken from the previous dossier.
 */

import { abortable, mapLimit } from '../../kit/concurrency.ts'
import type { Egress } from '../../kit/egress.ts'
import { AppError } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { checkIco } from '../czech/identifiers.ts'
import type {
  AresClient,
  AresCompany,
  InsolvencyResult,
  IsirClient,
  RegistryAnswer,
  StatutoryMember,
} from '../registries/index.ts'
import { openInUnknownState } from '../registries/index.ts'
import type { AresSearchClient, VatRegisterClient } from '../sources/index.ts'
import { fold } from '../sources/index.ts'
import { extractFacts, fetchPage, type PageFacts } from './page.ts'

export const DOSSIER_SOURCES = [
  'ares',
  'statutory_bodies',
  'sanctions',
  'pep',
  'insolvency',
  'vat',
  'website',
] as const
export type DossierSource = (typeof DOSSIER_SOURCES)[number]
type SourceStatus = 'ok' | 'failed' | 'not_applicable'

export interface SourceOutcome {
  source: DossierSource
  status: SourceStatus
  /** Why it failed or does not apply; for an ok registry answer served stale, why it is stale. */
  reason: string | null
  /** Registry answers: asked now (PRIMARY), a fresh cached answer (CACHE), a stale one because the register failed (FALLBACK). */
  origin: 'PRIMARY' | 'CACHE' | 'FALLBACK' | null
  /** Wall time of the source, milliseconds. */
  ms: number
  checked_at: string
  /** What the source said (null unless it answered). */
  data: Record<string, unknown> | null
}

interface Flag {
  source: DossierSource
  code: string
  detail: string
}

export interface Dossier {
  mode: 'full' | 'quick'
  subject: { ico: string | null; name: string | null; website: string | null }
  sources: SourceOutcome[]
  counts: Record<SourceStatus, number>
  /** True when no source failed. */
  complete: boolean
  /** What the sources found that needs a look (dissolved, insolvency, unreliable VAT payer, hits …). */
  flags: Flag[]
}

export interface DossierRequest {
  ico?: string | undefined
  name?: string | undefined
  website?: string | undefined
}

/** What the AML service's POST /api/aml/screen/complete takes for a company or a person. */
type AmlSubject =
  | { ico?: string; company_name?: string }
  | { name: string; birth_date?: string; nationality?: string }

interface AmlModule {
  status?: string
  source?: string
  data?: { matches?: AmlMatch[]; reason?: string } & Record<string, unknown>
}
interface AmlMatch {
  list?: string
  list_id?: string
  matched_name?: string
  score?: number
}
interface AmlScreening {
  screening_id?: string
  overall_risk?: { level?: string; score?: number; review_required?: boolean }
  modules?: Record<string, AmlModule | undefined>
}

export interface DossierDeps {
  ares: Pick<AresClient, 'lookup' | 'statutoryBodies'>
  aresSearch: Pick<AresSearchClient, 'search'>
  isir: Pick<IsirClient, 'byIco'>
  vatRegister: Pick<VatRegisterClient, 'status'>
  /** One AML screening (the AML service the router calls). */
  screen(subject: AmlSubject): Promise<AmlScreening>
  /** The egress guard pages are read through (full dossiers only). */
  web?: Pick<Egress, 'fetch'> | undefined
  /** Longest one source may take (ms); past it the source is failed with a timeout. */
  sourceTimeoutMs: number
  now?: () => Date
}

export interface DossierOptions {
  mode: 'full' | 'quick'
  /** Re-run only these sources; the others are taken from `previous`. */
  only?: readonly DossierSource[]
  previous?: Dossier | undefined
  /** Called after each source with the outcomes so far (for a job's progress). */
  onProgress?: (outcomes: SourceOutcome[]) => void
  signal?: AbortSignal
}

/** Members screened as persons at most (the register's largest boards have a few dozen). */
const MAX_SCREENED_MEMBERS = 30
/** AML screenings of members at once. */
const MEMBER_CONCURRENCY = 4
/** ARES search hits considered when a company is given by name. */
const NAME_CANDIDATES = 10

type Done = Partial<Record<DossierSource, SourceOutcome>>

export async function runDossier(
  request: DossierRequest,
  deps: DossierDeps,
  opts: DossierOptions,
): Promise<Dossier> {
  const now = deps.now ?? (() => new Date())
  const rerun = new Set<DossierSource>(opts.only ?? DOSSIER_SOURCES)
  const done: Done = {}
  for (const previous of opts.previous?.sources ?? [])
    if (!rerun.has(previous.source)) done[previous.source] = previous
  const report = () => opts.onProgress?.(DOSSIER_SOURCES.flatMap((s) => (done[s] ? [done[s]] : [])))

  /** Runs one source unless it is kept from the previous dossier; never throws. */
  async function step(
    source: DossierSource,
    body: (signal: AbortSignal) => Promise<Omit<SourceOutcome, 'source' | 'ms' | 'checked_at'>>,
  ): Promise<SourceOutcome> {
    const kept = done[source]
    if (kept) return kept
    const started = performance.now()
    const checked_at = now().toISOString()
    const timeout = AbortSignal.timeout(deps.sourceTimeoutMs)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
    let outcome: Omit<SourceOutcome, 'source' | 'ms' | 'checked_at'>
    try {
      outcome = await abortable(
        body(signal),
        signal,
        () => new Error(`no answer within ${deps.sourceTimeoutMs / 1000} s`),
      )
    } catch (error) {
      outcome = { status: 'failed', reason: describe(error), origin: null, data: null }
    }
    const result: SourceOutcome = {
      source,
      ...outcome,
      ms: Math.round((performance.now() - started) * 100) / 100,
      checked_at,
    }
    done[source] = result
    report()
    return result
  }

  // 1. ARES: the record, and the IČO when only a name was given.
  const given = request.ico !== undefined ? checkIco(request.ico) : undefined
  if (given && !given.valid) throw new AppError('invalid_request', `ico: ${given.reason}`, { field: 'ico' })
  const ares = await step('ares', (signal) =>
    aresSource(request, given?.valid ? given.value : null, deps, signal),
  )
  const company = (ares.data?.company ?? null) as AresCompany | null
  const ico = given?.valid ? given.value : ((ares.data?.resolved_ico as string | undefined) ?? null)
  const name = company?.name ?? request.name ?? null
  // Why an IČO-bound source cannot run, when there is no IČO.
  const noIco =
    ico !== null
      ? null
      : ares.status === 'failed'
        ? {
            status: 'failed' as const,
            reason: `not run: ares failed, so the name gave no IČO (${ares.reason})`,
          }
        : {
            status: 'not_applicable' as const,
            reason: `no IČO: ${ares.reason ?? 'ARES gave none for the name'}`,
          }
  const without = (why: { status: SourceStatus; reason: string }) => ({ ...why, origin: null, data: null })

  // 2. The sources that need only the IČO (or the name), at once.
  const statutory = step('statutory_bodies', async (signal) => {
    if (noIco) return without(noIco)
    const answer = await deps.ares.statutoryBodies(ico!, { signal })
    if (answer.data === null)
      return {
        ...registry(answer),
        status: 'not_applicable' as const,
        reason: 'not in the public register (veřejný rejstřík): no statutory bodies there',
        data: null,
      }
    return { ...registry(answer), data: { members: answer.data } }
  })
  const parallel = [
    statutory,
    step('sanctions', async () => {
      if (!ico && !name) return without(noIco!)
      const screening = await deps.screen({
        ...(ico ? { ico } : {}),
        ...(name ? { company_name: name } : {}),
      })
      return amlOutcome(screening, 'sanctions')
    }),
    step('insolvency', async (signal) => {
      if (noIco) return without(noIco)
      const answer = await deps.isir.byIco(ico!, { signal })
      return { ...registry(answer), data: insolvencyData(answer.data) }
    }),
    step('vat', async () => {
      if (noIco) return without(noIco)
      const dic = `CZ${ico}`
      const answer = await deps.vatRegister.status([dic])
      const payer = answer.payers.find((p) => `CZ${p.dic}` === dic)
      const registered = payer !== undefined && payer.unreliable !== 'NENALEZEN'
      return {
        status: 'ok' as const,
        reason: null,
        origin: answer.cached ? ('CACHE' as const) : ('PRIMARY' as const),
        data: {
          dic,
          registered,
          unreliable: registered ? payer!.unreliable === 'ANO' : null,
          unreliable_since: payer?.unreliable_since ?? null,
          published_accounts: registered ? payer!.accounts.map((a) => a.account) : [],
          register_answered_on: answer.generated || null,
        },
      }
    }),
    step('website', async (signal) => {
      if (opts.mode === 'quick')
        return without({
          status: 'not_applicable',
          reason: 'a quick dossier reads the registers and lists only',
        })
      if (!request.website) return without({ status: 'not_applicable', reason: 'no website given' })
      if (!deps.web) throw new Error('no egress guard to read the website through')
      const page = await fetchPage(deps.web, new URL(request.website), { signal })
      const facts = extractFacts(page.html, page.final)
      return { status: 'ok' as const, reason: null, origin: null, data: websiteData(page.final, facts, ico) }
    }),
  ]

  // 3. The members of the statutory bodies, screened as persons.
  const members = await statutory
  await step('pep', async () => {
    if (members.status === 'failed')
      return without({ status: 'failed', reason: `not run: statutory_bodies failed (${members.reason})` })
    const people = ((members.data?.members ?? []) as StatutoryMember[]).filter((m) => m.kind === 'person')
    if (members.status === 'not_applicable' || people.length === 0)
      return without({
        status: 'not_applicable',
        reason: members.reason ?? 'no natural person sits on the statutory bodies',
      })
    return screenMembers(people, deps)
  })
  await Promise.all(parallel)

  const sources = DOSSIER_SOURCES.map((s) => done[s]!)
  const counts = { ok: 0, failed: 0, not_applicable: 0 }
  for (const s of sources) counts[s.status]++
  return {
    mode: opts.mode,
    subject: { ico, name, website: request.website ?? null },
    sources,
    counts,
    complete: counts.failed === 0,
    flags: flagsOf(done),
  }
}

async function aresSource(
  request: DossierRequest,
  ico: string | null,
  deps: DossierDeps,
  signal: AbortSignal,
): Promise<Omit<SourceOutcome, 'source' | 'ms' | 'checked_at'>> {
  let resolved = ico
  let candidates: { ico: string; name: string; address: string | null }[] | undefined
  if (resolved === null) {
    const found = await deps.aresSearch.search({ name: request.name!, count: NAME_CANDIDATES })
    candidates = found.hits.map((h) => ({ ico: h.ico, name: h.name, address: h.address }))
    const wanted = fold(request.name!)
    const exact = found.hits.filter((h) => fold(h.name) === wanted)
    // One subject of exactly that name (or a single hit at all) identifies the company.
    const pick = exact.length === 1 ? exact[0] : found.total === 1 ? found.hits[0] : undefined
    if (!pick)
      return {
        status: 'ok',
        reason:
          found.total === 0
            ? `ARES knows no subject named "${request.name}"`
            : `ARES has ${found.total} subjects matching "${request.name}" and none is an exact single match; give the ico`,
        origin: 'PRIMARY',
        data: { found: false, resolved_ico: null, company: null, candidates },
      }
    resolved = pick.ico
  }
  const answer = await deps.ares.lookup(resolved, { signal })
  return {
    ...registry(answer),
    data: {
      found: answer.data !== null,
      resolved_ico: resolved,
      company: answer.data,
      ...(candidates ? { candidates } : {}),
    },
  }
}

/** An answer of a registry client: ok, with where it came from (a stale one says why). */
function registry(answer: RegistryAnswer<unknown>) {
  return {
    status: 'ok' as const,
    reason: answer.source === 'FALLBACK' ? `stale: ${answer.error}; answer from ${answer.fetched_at}` : null,
    origin: answer.source,
  }
}

/**
 * ISIR's answer: in_insolvency null, as insolvency_check says it, when none runs but a proceeding
 * with no end date is in a state neither running nor finished (`not_recognised`, a flag).
 */
function insolvencyData(result: InsolvencyResult): Record<string, unknown> {
  const unknown = result.active ? [] : result.proceedings.filter(openInUnknownState)
  return {
    in_insolvency: result.active ? true : unknown.length > 0 ? null : false,
    not_recognised: unknown.map((p) => p.reference),
    proceedings: result.proceedings,
    synchronized_at: result.synchronized_at,
  }
}

function matchesOf(module: AmlModule | undefined) {
  return (module?.data?.matches ?? []).map((m) => ({
    list: m.list ?? null,
    list_id: m.list_id ?? null,
    matched_name: m.matched_name ?? null,
    score: m.score ?? null,
  }))
}

/** The sanctions module of a company screening: ok only when it completed. */
function amlOutcome(screening: AmlScreening, module: 'sanctions') {
  const m = screening.modules?.[module]
  if (m?.status !== 'COMPLETED')
    return {
      status: 'failed' as const,
      reason: `the AML service's ${module} module is ${m?.status ?? 'missing'}${m?.data?.reason ? `: ${m.data.reason}` : ''}`,
      origin: null,
      data: null,
    }
  return {
    status: 'ok' as const,
    reason: null,
    origin: (m.source as 'PRIMARY' | 'CACHE' | 'FALLBACK' | undefined) ?? null,
    data: {
      screening_id: screening.screening_id ?? null,
      level: screening.overall_risk?.level ?? null,
      matches: matchesOf(m),
    },
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Each person on the statutory bodies against the PEP and sanctions lists. */
async function screenMembers(people: StatutoryMember[], deps: DossierDeps) {
  const screened = people.slice(0, MAX_SCREENED_MEMBERS)
  const problems: string[] = []
  const results = await mapLimit(screened, MEMBER_CONCURRENCY, async (member) => {
    try {
      const screening = await deps.screen({
        name: member.name,
        ...(member.birth_date && ISO_DATE.test(member.birth_date) ? { birth_date: member.birth_date } : {}),
      })
      const pep = screening.modules?.pep
      const sanctions = screening.modules?.sanctions
      for (const [label, m] of [
        ['pep', pep],
        ['sanctions', sanctions],
      ] as const)
        if (m?.status !== 'COMPLETED')
          problems.push(
            `${member.name}: ${label} module ${m?.status ?? 'missing'}${m?.data?.reason ? ` (${m.data.reason})` : ''}`,
          )
      return {
        name: member.name,
        role: member.role,
        level: screening.overall_risk?.level ?? null,
        pep_matches: matchesOf(pep),
        sanctions_matches: matchesOf(sanctions),
      }
    } catch (error) {
      problems.push(`${member.name}: ${describe(error)}`)
      return { name: member.name, role: member.role, level: null, pep_matches: [], sanctions_matches: [] }
    }
  })
  const data = {
    members: results,
    screened: screened.length,
    of: people.length,
  }
  if (problems.length > 0)
    return { status: 'failed' as const, reason: problems.slice(0, 5).join('; '), origin: null, data }
  return {
    status: 'ok' as const,
    reason:
      people.length > screened.length
        ? `the first ${screened.length} of ${people.length} members were screened`
        : null,
    origin: null,
    data,
  }
}

function websiteData(final: URL, facts: PageFacts, ico: string | null): Record<string, unknown> {
  const valid = facts.icos.filter((i) => i.valid).map((i) => i.ico)
  return {
    url: final.toString(),
    ...facts,
    // Whether the page names the company's own IČO (a page naming only other IČOs is someone else's).
    publishes_ico: ico === null || valid.length === 0 ? null : valid.includes(ico),
  }
}

function flagsOf(done: Done): Flag[] {
  const flags: Flag[] = []
  const ok = (s: DossierSource) => (done[s]?.status === 'ok' ? done[s]!.data : null)
  const company = ok('ares')?.company as AresCompany | null | undefined
  if (company?.status === 'dissolved')
    flags.push({ source: 'ares', code: 'dissolved', detail: `dissolved on ${company.dissolved}` })
  if (ok('ares')?.found === false && ok('ares')?.resolved_ico)
    flags.push({ source: 'ares', code: 'not_found', detail: 'ARES does not know this IČO' })
  if (ok('insolvency')?.in_insolvency === true)
    flags.push({ source: 'insolvency', code: 'insolvency', detail: 'an insolvency proceeding is running' })
  const insolvency = ok('insolvency')
  for (const reference of (insolvency?.not_recognised as string[] | undefined) ?? []) {
    const p = ((insolvency?.proceedings ?? []) as InsolvencyResult['proceedings']).find(
      (x) => x.reference === reference,
    )
    flags.push({
      source: 'insolvency',
      code: 'insolvency_state_not_recognised',
      detail: `${reference}: state "${p?.state ?? 'not given'}" is neither a running nor a finished state, and the proceeding has no end date — read its state in ISIR (${p?.url ?? 'https://isir.justice.cz'})`,
    })
  }
  const vat = ok('vat')
  if (vat?.unreliable === true)
    flags.push({
      source: 'vat',
      code: 'unreliable_vat_payer',
      detail: `unreliable VAT payer since ${vat.unreliable_since ?? '?'}`,
    })
  const hits = (ok('sanctions')?.matches as unknown[] | undefined)?.length ?? 0
  if (hits > 0) flags.push({ source: 'sanctions', code: 'sanctions_match', detail: `${hits} list match(es)` })
  const pep = done.pep?.data?.members as
    | { name: string; pep_matches: unknown[]; sanctions_matches: unknown[] }[]
    | undefined
  for (const m of pep ?? []) {
    if (m.pep_matches.length > 0)
      flags.push({ source: 'pep', code: 'pep', detail: `${m.name} matches a PEP list entry` })
    if (m.sanctions_matches.length > 0)
      flags.push({
        source: 'pep',
        code: 'member_sanctions_match',
        detail: `${m.name} matches a sanctions list`,
      })
  }
  if (ok('website')?.publishes_ico === false)
    flags.push({
      source: 'website',
      code: 'website_ico_mismatch',
      detail: 'the page publishes other IČOs but not this one',
    })
  return flags
}

/** A failure as one line: the register's or service's own message, never a stack. */
function describe(error: unknown): string {
  if (error instanceof UpstreamError || error instanceof AppError) return error.message
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time'
  return error instanceof Error ? error.message : String(error)
}
