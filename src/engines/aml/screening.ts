/**
 * A complete AML screening of one subject: the modules, each with its own time budget and
 * status, and the risk they add up to. No HTTP server here: the aml service, the CLI and the
 * agents call `screen()` and add what is theirs (screening id, audit record).
 *
 * Modules and weights (weights add up to 1 over the modules a subject has; the weighted total is
 * taken over the modules that COMPLETED):
 *
 * | module            | weight | subjects  | module score (0..100)                                   |
 * |-------------------|--------|-----------|---------------------------------------------------------|
 * | sanctions         | 0.40   | all       | best hit × 100; 0 when clear                            |
 * | pep               | 0.20   | persons   | best PEP hit × 100                                      |
 * | high_risk_country | 0.15   | all       | 100 when a country is on the EU high-risk list          |
 * | registry (ARES)   | 0.10   | companies | 0 active, 50 dissolved, 70 unknown to ARES              |
 * | insolvency (ISIR) | 0.15   | companies | 100 running proceeding, 30 past proceedings only        |
 *
 * The overall score is the weighted total, raised to a floor by findings that decide on their own:
 * a certain sanctions hit (identifier, or name score ≥ 0.95) 90; any other sanctions hit 70; a PEP
 * hit 50; a running insolvency 50; a high-risk country 40 (enhanced due diligence is mandatory);
 * a proceeding not ended in a state neither running nor finished 25 (a person reads it: review);
 * a company ARES does not know or has dissolved 30. Levels: LOW < 25 ≤ MEDIUM < 50 ≤ HIGH < 75 ≤
 * CRITICAL.
 */
import type { AresClient, AresCompany } from '../registries/ares.ts'
import type { Source } from '../registries/cache.ts'
import { type InsolvencyResult, type IsirClient, openInUnknownState } from '../registries/isir.ts'
import type { Hit, ScreeningEngine } from './engine.ts'
import { type EntityHit, groupHits } from './entities.ts'
import { isReviewOnly } from './explanation.ts'
import { checkCountries, type HighRiskTable } from './high-risk.ts'
import { screenedVersions } from './merge.ts'
import type { RiskLevel } from './risk-levels.ts'
import { type CompanySubject, isPerson, type PersonSubject, type Subject, screenSubject } from './subject.ts'
import type { ListVersionInfo } from './types.ts'

export const MODULE_WEIGHTS = {
  sanctions: 0.4,
  pep: 0.2,
  high_risk_country: 0.15,
  registry: 0.1,
  insolvency: 0.15,
} as const

export type ModuleName = keyof typeof MODULE_WEIGHTS

/**
 * - COMPLETED: the module ran and answered (possibly from cache or fallback: see source);
 * - FAILED: its source failed (error in data.error);
 * - TIMEOUT: no answer within the module's time budget;
 * - NOT_CONFIGURED: no source is configured for it (e.g. no PEP list; a registry switched off);
 * - SKIPPED: the subject lacks what the module needs (no country given; no IČO for ARES/ISIR).
 * Only COMPLETED modules count towards completeness and the weighted total.
 */
type ModuleStatus = 'COMPLETED' | 'FAILED' | 'TIMEOUT' | 'NOT_CONFIGURED' | 'SKIPPED'

/** PRIMARY: answered from the source itself; CACHE / FALLBACK: see registries; NONE: no answer. */
type ModuleSource = Source | 'NONE'

/** A piece of evidence a screening lacks: which module, its status, and why. */
interface MissingEvidence {
  module: ModuleName
  status: ModuleStatus
  reason: string
}

/** Why a person must look at a screening before anyone relies on it. */
interface ReviewReason {
  module: ModuleName
  reason: string
}

export const LEVEL_BANDS: { level: Exclude<RiskLevel, 'INCOMPLETE'>; from: number }[] = [
  { level: 'CRITICAL', from: 75 },
  { level: 'HIGH', from: 50 },
  { level: 'MEDIUM', from: 25 },
  { level: 'LOW', from: 0 },
]

export interface ModuleResult {
  status: ModuleStatus
  source: ModuleSource
  data: Record<string, unknown>
  execution_time_ms: number
}

export interface ScreeningOutcome {
  processing_time_ms: number
  completeness: number
  overall_risk: {
    score: number
    level: RiskLevel
    weighted_total: number
    /**
     * True when a person must look before anyone relies on the level: a possible match (any
     * sanctions or PEP hit at the threshold, partial names included) or missing evidence.
     */
    review_required: boolean
    /** Every reason for the review: each module with a possible match, each piece of missing evidence. */
    review_reasons: ReviewReason[]
    /**
     * Why the level is what it is, in one sentence: the finding that set it (a hit and what makes
     * it certain or partial, a country, a proceeding), or for INCOMPLETE what was not screened.
     */
    level_reason: string
    missing: MissingEvidence[]
  }
  modules: Partial<Record<ModuleName, ModuleResult>>
}

/** A pluggable PEP source: anything that screens a person and says what it is. */
export interface PepSource {
  description: string
  screenPerson(subject: PersonSubject): Hit[]
}

export interface ScreenerOptions {
  engine: ScreeningEngine
  /** Versions the engine was built from (reported in the sanctions module). */
  versions: ListVersionInfo[]
  highRisk: HighRiskTable
  pep?: PepSource
  ares?: AresClient
  isir?: IsirClient
  /** Per-module time budgets, ms. */
  budgets?: { registry?: number; insolvency?: number }
  now?: () => Date
}

export interface Screener {
  screen(subject: Subject): Promise<ScreeningOutcome>
}

export function levelOf(score: number): Exclude<RiskLevel, 'INCOMPLETE'> {
  return LEVEL_BANDS.find((b) => score >= b.from)!.level
}

class Timeout extends Error {}

/** Runs one module within its budget; its failures become statuses, never exceptions. */
async function runModule(
  budgetMs: number | undefined,
  work: (signal: AbortSignal | undefined) => Promise<Omit<ModuleResult, 'execution_time_ms'>>,
): Promise<ModuleResult> {
  const started = performance.now()
  const controller = budgetMs ? new AbortController() : undefined
  let timer: NodeJS.Timeout | undefined
  try {
    const race: Promise<Omit<ModuleResult, 'execution_time_ms'>>[] = [work(controller?.signal)]
    if (budgetMs) {
      race.push(
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            controller!.abort()
            reject(new Timeout(`no answer within the module's budget of ${budgetMs} ms`))
          }, budgetMs)
        }),
      )
    }
    const result = await Promise.race(race)
    return { ...result, execution_time_ms: Math.round(performance.now() - started) }
  } catch (error) {
    const timeout = error instanceof Timeout || (error as { kind?: string }).kind === 'timeout'
    return {
      status: timeout ? 'TIMEOUT' : 'FAILED',
      source: 'NONE',
      data: { error: (error as Error).message },
      execution_time_ms: Math.round(performance.now() - started),
    }
  } finally {
    if (timer) clearTimeout(timer)
  }
}

const instant = (result: Omit<ModuleResult, 'execution_time_ms'>): ModuleResult => ({
  ...result,
  execution_time_ms: 0,
})

export function createScreener(opts: ScreenerOptions): Screener {
  const now = opts.now ?? (() => new Date())
  const budgets = { registry: opts.budgets?.registry ?? 5000, insolvency: opts.budgets?.insolvency ?? 8000 }
  // One per list: the active version screened, with the superseded ones it took details from.
  const lists = screenedVersions(opts.versions)

  function sanctions(subject: Subject): ModuleResult {
    const started = performance.now()
    const matches = screenSubject(opts.engine, subject)
    return {
      status: 'COMPLETED',
      source: 'PRIMARY',
      data: {
        matches,
        threshold: opts.engine.threshold,
        lists,
        entities: entitiesOf(matches, 'sanctions', (list, id) => opts.engine.entity(list, id)),
      },
      execution_time_ms: Math.round(performance.now() - started),
    }
  }

  function pep(subject: PersonSubject): ModuleResult {
    if (!opts.pep)
      return instant({
        status: 'NOT_CONFIGURED',
        source: 'NONE',
        data: { reason: 'no PEP source is configured (AML_PEP_LISTS); there is no official Czech PEP list' },
      })
    const started = performance.now()
    const matches = opts.pep.screenPerson(subject)
    return {
      status: 'COMPLETED',
      source: 'PRIMARY',
      data: { matches, source: opts.pep.description, entities: entitiesOf(matches, 'pep', () => undefined) },
      execution_time_ms: Math.round(performance.now() - started),
    }
  }

  function highRisk(countries: { value: string; role: string }[]): ModuleResult {
    if (countries.length === 0)
      return instant({
        status: 'SKIPPED',
        source: 'NONE',
        data: { reason: 'no nationality, country or registered seat to check' },
      })
    const result = checkCountries(opts.highRisk, countries, now().toISOString().slice(0, 10))
    return instant({ status: 'COMPLETED', source: 'PRIMARY', data: { ...result } })
  }

  async function registry(ico: string | undefined): Promise<ModuleResult & { company?: AresCompany | null }> {
    if (!ico) return instant({ status: 'SKIPPED', source: 'NONE', data: { reason: 'no IČO given' } })
    const ares = opts.ares
    if (!ares)
      return instant({
        status: 'NOT_CONFIGURED',
        source: 'NONE',
        data: { reason: 'ARES client is switched off' },
      })
    let company: AresCompany | null | undefined
    const result = await runModule(budgets.registry, async (signal) => {
      const answer = await ares.lookup(ico, signal ? { signal } : {})
      company = answer.data
      return {
        status: 'COMPLETED',
        source: answer.source,
        data: {
          found: answer.data !== null,
          company: answer.data,
          fetched_at: answer.fetched_at,
          ...(answer.error ? { error: answer.error } : {}),
        },
      }
    })
    return { ...result, company }
  }

  async function insolvency(ico: string | undefined): Promise<ModuleResult> {
    if (!ico) return instant({ status: 'SKIPPED', source: 'NONE', data: { reason: 'no IČO given' } })
    const isir = opts.isir
    if (!isir)
      return instant({
        status: 'NOT_CONFIGURED',
        source: 'NONE',
        data: { reason: 'ISIR client is switched off' },
      })
    return runModule(budgets.insolvency, async (signal) => {
      const answer = await isir.byIco(ico, signal ? { signal } : {})
      return {
        status: 'COMPLETED',
        source: answer.source,
        data: {
          ...answer.data,
          fetched_at: answer.fetched_at,
          ...(answer.error ? { error: answer.error } : {}),
        },
      }
    })
  }

  return {
    async screen(subject) {
      const started = performance.now()
      const modules: Partial<Record<ModuleName, ModuleResult>> = {}
      if (isPerson(subject)) {
        modules.sanctions = sanctions(subject)
        modules.pep = pep(subject)
        const countries = [
          ...(subject.nationality ? [{ value: subject.nationality, role: 'nationality' }] : []),
          ...(subject.country ? [{ value: subject.country, role: 'country' }] : []),
        ]
        modules.high_risk_country = highRisk(countries)
      } else {
        const company = subject as CompanySubject
        // ISIR runs while ARES answers; sanctions wait for ARES only to learn the name of a
        // company given by IČO alone.
        const insolvencyRun = insolvency(company.ico)
        const reg = await registry(company.ico)
        const { company: found, ...registryResult } = reg
        const name = company.company_name ?? found?.name
        modules.sanctions = sanctions({ ...company, ...(name ? { company_name: name } : {}) })
        if (!company.company_name && found?.name) modules.sanctions.data.name_from_registry = found.name
        if (!name) {
          // Only the IČO was matched (against the identifiers lists give); names are what lists
          // mostly give, so the check is incomplete without one.
          modules.sanctions.data.name_checked = false
          modules.sanctions.data.reason =
            reg.status === 'COMPLETED'
              ? 'no company name: none was given and the registry (ARES) does not know this IČO'
              : `no company name: none was given and the registry (ARES) did not answer (${reg.status})`
        }
        const countries = [
          ...(company.country ? [{ value: company.country, role: 'country' }] : []),
          ...(found?.country ? [{ value: found.country, role: 'registered_seat' }] : []),
        ]
        modules.high_risk_country = highRisk(countries)
        modules.registry = registryResult
        modules.insolvency = await insolvencyRun
      }
      return {
        ...assess(modules, opts.engine.threshold),
        processing_time_ms: Math.round(performance.now() - started),
      }
    },
  }
}

/** The hits grouped by listed entity, as the response gives them (without the hits again). */
function entitiesOf(
  matches: Hit[],
  module: 'sanctions' | 'pep',
  entityOf: Parameters<typeof groupHits>[2],
): Omit<EntityHit, 'hits'>[] {
  return groupHits(matches, module, entityOf).map(({ hits: _hits, ...rest }) => rest)
}

/**
 * The floor of a proceeding not ended whose state is neither running nor finished (see
 * `openInUnknownState`): MEDIUM, for a person to read its state, as a running one is HIGH.
 */
const UNRECOGNISED_PROCEEDING_FLOOR = 25

/**
 * The proceedings of a completed insolvency module, none running, with no end date and a state
 * neither running nor finished: each as what to read, for the review.
 */
function notRecognised(m: ModuleResult): string[] {
  const r = m.data as unknown as InsolvencyResult
  if (r.active) return []
  return (r.proceedings ?? [])
    .filter(openInUnknownState)
    .map(
      (p) =>
        `${p.reference}: state "${p.state ?? 'not given'}" is neither a running nor a finished state, and the proceeding has no end date — read its state in ISIR (${p.url ?? 'https://isir.justice.cz'})`,
    )
}

/** The module score (and floor) of review-only hits (see `isReviewOnly`): the middle of MEDIUM. */
const PARTIAL_MATCH_SCORE = 40

/** What the review-only hits lack, in one sentence per kind. */
function reviewOnlyReason(matches: Hit[]): string {
  const omitted = new Set(
    matches.flatMap((h) =>
      h.explanation.features.partial?.confirmed_by_birth_date === false
        ? h.explanation.features.partial.omitted
        : [],
    ),
  )
  const generic = matches.filter((h) => h.explanation.features.generic_only).map((h) => h.matched_name)
  const reasons: string[] = []
  if (omitted.size > 0)
    reasons.push(
      `partial-name match only: the name given leaves out ${[...omitted].join(', ')} of the listed name; a birth date that agrees confirms it, one that differs clears it`,
    )
  if (generic.length > 0)
    reasons.push(
      `the name is made of generic words and a legal form only, as is the listed ${[...new Set(generic)].join(', ')}: such a name does not identify a company; an identifier (IČO, registration number) or the country decides`,
    )
  return reasons.join('; ')
}

/** Module scores, the weighted total, the floors, the level and the completeness. */
export function assess(
  modules: Partial<Record<ModuleName, ModuleResult>>,
  threshold: number,
): Omit<ScreeningOutcome, 'processing_time_ms'> {
  let weighted = 0
  let weights = 0
  let floor = 0
  let floorWhy = ''
  let completed = 0
  const entries = Object.entries(modules) as [ModuleName, ModuleResult][]
  for (const [name, m] of entries) {
    if (m.status !== 'COMPLETED') continue
    completed++
    const { score, floor: f, why } = moduleScore(name, m, threshold)
    m.data.risk_score = score
    weighted += MODULE_WEIGHTS[name] * score
    weights += MODULE_WEIGHTS[name]
    if (f > floor) {
      floor = f
      floorWhy = why ?? ''
    }
  }
  const weightedTotal = weights > 0 ? round1(weighted / weights) : 0
  const score = round1(Math.max(weightedTotal, floor))
  const missing: MissingEvidence[] = []
  for (const [name, m] of entries) {
    if (m.status === 'FAILED' || m.status === 'TIMEOUT')
      missing.push({ module: name, status: m.status, reason: String(m.data.error ?? m.status) })
    else if (m.data.name_checked === false)
      missing.push({ module: name, status: m.status, reason: String(m.data.reason) })
  }
  const review: ReviewReason[] = []
  for (const [name, m] of entries) {
    if (m.status !== 'COMPLETED' || (name !== 'sanctions' && name !== 'pep')) continue
    const matches = hitsAtThreshold(m, threshold)
    if (matches.length > 0) review.push({ module: name, reason: possibleMatchReason(name, matches, m) })
  }
  const insolvencyModule = modules.insolvency
  if (insolvencyModule?.status === 'COMPLETED')
    for (const reason of notRecognised(insolvencyModule)) review.push({ module: 'insolvency', reason })
  review.push(...missing.map(({ module, reason }) => ({ module, reason })))
  const scored = levelOf(score)
  const level = missing.length > 0 && scored === 'LOW' ? 'INCOMPLETE' : scored
  return {
    completeness: entries.length > 0 ? Math.round((completed / entries.length) * 1000) / 1000 : 0,
    overall_risk: {
      score,
      level,
      weighted_total: weightedTotal,
      review_required: review.length > 0,
      review_reasons: review,
      level_reason: levelReason(level, score, floor, floorWhy, entries, missing),
      missing,
    },
    modules,
  }
}

/** What an entity hit of a module says about the level (the first, the highest, of its entities). */
function topEntityReason(m: ModuleResult): string | undefined {
  return (m.data.entities as { level_reason: string }[] | undefined)?.[0]?.level_reason
}

function moduleScore(
  name: ModuleName,
  m: ModuleResult,
  threshold: number,
): { score: number; floor: number; why?: string } {
  switch (name) {
    case 'sanctions':
    case 'pep': {
      const matches = hitsAtThreshold(m, threshold)
      // Review-only hits alone make MEDIUM, with the reason.
      const firm = matches.filter((h) => !isReviewOnly(h))
      if (matches.length > 0 && firm.length === 0) {
        m.data.review = reviewOnlyReason(matches)
        return {
          score: PARTIAL_MATCH_SCORE,
          floor: PARTIAL_MATCH_SCORE,
          why: `${name}: ${m.data.review}`,
        }
      }
      const best = firm.reduce((s, h) => Math.max(s, h.score), 0)
      if (best === 0) return { score: 0, floor: 0 }
      const why = `${name}: ${topEntityReason(m) ?? `best hit score ${best}`}`
      if (name === 'pep') return { score: best * 100, floor: 50, why }
      const certain = best >= 0.95 || firm.some((h) => h.explanation.features.identifier)
      return { score: best * 100, floor: certain ? 90 : 70, why }
    }
    case 'high_risk_country': {
      const high = (m.data.high_risk as string[] | undefined) ?? []
      return high.length > 0
        ? {
            score: 100,
            floor: 40,
            why: `high_risk_country: ${high.join(', ')} on the EU list of high-risk third countries (enhanced due diligence)`,
          }
        : { score: 0, floor: 0 }
    }
    case 'registry': {
      const company = m.data.company as AresCompany | null | undefined
      if (!company) return { score: 70, floor: 30, why: 'registry: ARES does not know this IČO' }
      if (company.status === 'dissolved')
        return { score: 50, floor: 30, why: 'registry: the company is dissolved (ARES)' }
      return { score: 0, floor: 0 }
    }
    case 'insolvency': {
      const r = m.data as unknown as InsolvencyResult
      if (r.active)
        return { score: 100, floor: 50, why: 'insolvency: a running insolvency proceeding (ISIR)' }
      const unknown = notRecognised(m)
      if (unknown.length > 0)
        return { score: 30, floor: UNRECOGNISED_PROCEEDING_FLOOR, why: `insolvency: ${unknown.join('; ')}` }
      if ((r.proceedings ?? []).length > 0) return { score: 30, floor: 0 }
      return { score: 0, floor: 0 }
    }
  }
}

/**
 * The level in one sentence: INCOMPLETE names what was not screened and why (an IČO-only company
 * whose name the registry could not give was not screened by name against the sanctions lists);
 * a level a finding set names the finding; any other the weighted total over the modules.
 */
function levelReason(
  level: RiskLevel,
  score: number,
  floor: number,
  floorWhy: string,
  entries: [ModuleName, ModuleResult][],
  missing: MissingEvidence[],
): string {
  const gaps = missing.map((m) => `${m.module} (${m.reason})`).join('; ')
  if (level === 'INCOMPLETE') {
    const completed = entries.filter(([, m]) => m.status === 'COMPLETED' && m.data.name_checked !== false)
    const done = completed.length > 0 ? completed.map(([n]) => n).join(', ') : 'nothing'
    return `INCOMPLETE: not screened: ${gaps}. Screened: ${done}, which found nothing; this is not a clear result.`
  }
  const tail = gaps ? ` Not screened: ${gaps}.` : ''
  if (floor > 0 && floorWhy) return `${level} (score ${score}): ${floorWhy}.${tail}`
  if (level === 'LOW') {
    const done = entries.filter(([, m]) => m.status === 'COMPLETED').map(([n]) => n)
    return `LOW (score ${score}): nothing found by ${done.join(', ') || 'any module'}.${tail}`
  }
  return `${level} (score ${score}): the weighted total of the modules' scores.${tail}`
}

function hitsAtThreshold(m: ModuleResult, threshold: number): Hit[] {
  return ((m.data.matches as Hit[] | undefined) ?? []).filter((h) => h.score >= threshold)
}

/**
 * A possible match is for a person to decide (is the subject the listed one?), whatever its
 * score: a name shared with a listed person, firm or partial, is never a finding on its own.
 */
function possibleMatchReason(name: 'sanctions' | 'pep', matches: Hit[], m: ModuleResult): string {
  const best = matches.reduce((a, h) => (h.score > a.score ? h : a))
  const what = name === 'sanctions' ? 'on the sanctions lists' : 'on the PEP lists'
  const count = matches.length === 1 ? '1 possible match' : `${matches.length} possible matches`
  const partial = typeof m.data.review === 'string' ? `; ${m.data.review}` : ''
  return `${count} ${what} (best: ${best.list} ${best.list_id} "${best.matched_name}", score ${best.score}): a person must decide whether the subject is the listed one${partial}`
}

function round1(x: number): number {
  return Math.round(x * 10) / 10
}
