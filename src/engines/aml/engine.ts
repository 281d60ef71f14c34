/**
 * The screening engine: a candidate index over every matchable list name (stage 1,
 * candidate-index.ts) and an explainable scorer (stage 2, scorer.ts), the two-stage design of
 * Watchman and yente. This module composes them: it reads the query (query-reading.ts), passes
 * each reading's candidates to the scorer, explains the names that reach the threshold, and
 * qualifies them by birth date and country (qualifiers.ts). Weights are in weights.ts.
 */
import { runInSlices, runNow } from '../../kit/slices.ts'
import { buildCandidateIndex, type CandidateFilter, Kinds } from './candidate-index.ts'
import { buildEntityLookup, identifierKey, listIdKey } from './entity-lookup.ts'
import { emptyFeatures, type Hit, type MatchFeatures, makeHit } from './explanation.ts'
import { type NormalizedName, normalizeName } from './normalize.ts'
import { companyQualifier, nameOnly, personQualifier, type Qualifier } from './qualifiers.ts'
import { queryReadings, readingText } from './query-reading.ts'
import { NameScorer, type QueryMode, type QueryScoring } from './scorer.ts'
import type { ListEntity } from './types.ts'
import { DEFAULT_MAX_CANDIDATES, DEFAULT_THRESHOLD } from './weights.ts'

export type { Hit } from './explanation.ts'
export { DEFAULT_THRESHOLD } from './weights.ts'

/**
 * A person by name parts (`lastName` alone for a mononym) or by one `name` string in any order
 * ("MADURO MOROS Nicolas", "Nicolas Maduro"); family names weigh more only when told apart.
 */
interface PersonQuery {
  firstName?: string
  lastName?: string
  name?: string
  birthDate?: string
  /** Nationalities or countries of residence, as codes or names. */
  countries?: string[]
}

interface CompanyQuery {
  name?: string
  ico?: string
  country?: string
}

export interface ScreenOptions {
  threshold?: number
  /** Most hits returned (best first). */
  limit?: number
  /** Only these lists. */
  lists?: string[]
}

interface EngineStats {
  entities: number
  names: number
  tokens: number
  buildMs: number
}

export interface ScreeningEngine {
  readonly threshold: number
  readonly stats: EngineStats
  screenPerson(query: PersonQuery, opts?: ScreenOptions): Hit[]
  screenCompany(query: CompanyQuery, opts?: ScreenOptions): Hit[]
  screenName(name: string, opts?: ScreenOptions & { type?: 'person' | 'company' | 'any' }): Hit[]
  entity(list: string, listId: string): ListEntity | undefined
}

export interface EngineOptions {
  entities: ListEntity[]
  threshold?: number
  /** Names passed from stage 1 to stage 2 per query. */
  maxCandidates?: number
}

/** Builds the engine in one go (blocks the thread for the build: seconds for all lists). */
export function createScreeningEngine(opts: EngineOptions): ScreeningEngine {
  return runNow(buildEngine(opts))
}

/**
 * Builds the engine in slices of a few milliseconds, letting the event loop run between them, so
 * a service that builds its index at start-up keeps answering (503 "loading") meanwhile.
 */
export function createScreeningEngineAsync(opts: EngineOptions): Promise<ScreeningEngine> {
  return runInSlices(buildEngine(opts))
}

/** Hits of a company name considered before the identifier hits are merged in. */
const COMPANY_NAME_HITS = 50

function* buildEngine(opts: EngineOptions): Generator<void, ScreeningEngine> {
  const started = performance.now()
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD
  const maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES
  const entities = opts.entities
  const index = yield* buildCandidateIndex(entities)
  const lookup = yield* buildEntityLookup(entities)
  const scorer = new NameScorer(index)
  const stats: EngineStats = {
    entities: entities.length,
    names: index.names.length,
    tokens: index.vocabularySize,
    buildMs: Math.round(performance.now() - started),
  }

  /** Screens one normalised name: candidates of each reading, scored, the best name per entity explained. */
  function run(
    text: string,
    norm: NormalizedName,
    familyCount: number,
    kinds: number,
    qualify: Qualifier,
    opts: ScreenOptions,
  ): Hit[] {
    const th = opts.threshold ?? threshold
    const limit = opts.limit ?? 10
    const lists = opts.lists ? new Set(opts.lists) : undefined
    const filter: CandidateFilter = { kinds, ...(lists ? { lists } : {}) }
    const readings = queryReadings(index, norm, familyCount)
    if (readings.length === 0) return []
    // Persons are matched as persons; company and any-type names weigh generic words little, and
    // a company name (or one with a legal form) has no initials.
    const mode: QueryMode = {
      legalForm: norm.legalForm,
      company: kinds !== Kinds.personLike,
      legalFormOnly: norm.legalFormOnly === true,
      initials: kinds === Kinds.personLike || (kinds === Kinds.any && norm.legalForm === undefined),
    }
    const best = new Map<number, { score: number; nameId: number; scoring: QueryScoring }>()
    for (const reading of readings) {
      const scoring = scorer.forQuery(reading, mode)
      for (const nameId of index.candidates(reading, filter, maxCandidates)) {
        const entityIndex = index.entityOfName[nameId]!
        const score = scoring.score(nameId)
        const prev = best.get(entityIndex)
        if (!prev || score > prev.score) best.set(entityIndex, { score, nameId, scoring })
      }
    }
    const hits: Hit[] = []
    for (const [e, b] of best) {
      // Qualifiers lower any score but raise only one at the threshold: a name under it can
      // never become a hit, so only names at the threshold are explained.
      if (b.score < th) continue
      const entity = entities[e]!
      const { score, features } = scorer.forQuery(b.scoring.query, mode).explain(b.nameId)
      if (b.scoring.query !== readings[0]) features.reading = readingText(b.scoring.query)
      const final = clamp(qualify(entity, features, score, th))
      if (final < th) continue
      hits.push(makeHit(entity, index.names[b.nameId]!.name, text, features, final, th))
    }
    hits.sort((a, b) => b.score - a.score)
    return hits.slice(0, limit)
  }

  return {
    threshold,
    stats,
    screenPerson(query, opts = {}) {
      const qualify = personQualifier(query.birthDate, query.countries)
      const whole = query.name?.trim()
      if (whole)
        return run(whole, normalizeName(whole, { company: false }), 0, Kinds.personLike, qualify, opts)
      const first = query.firstName?.trim() ?? ''
      const last = query.lastName?.trim() ?? ''
      const text = `${first} ${last}`.trim()
      const lastTokens = normalizeName(last, { company: false }).tokens
      const norm: NormalizedName = {
        tokens: [...normalizeName(first, { company: false }).tokens, ...lastTokens],
      }
      return run(text, norm, lastTokens.length, Kinds.personLike, qualify, opts)
    },
    screenCompany(query, opts = {}) {
      const th = opts.threshold ?? threshold
      const out = new Map<string, Hit>()
      if (query.ico) {
        for (const m of lookup.byIdentifier.get(identifierKey(query.ico)) ?? []) {
          const entity = entities[m.entityIndex]!
          if (opts.lists && !opts.lists.includes(entity.list)) continue
          if (m.country && m.country !== 'CZ') continue
          const score = m.country === 'CZ' || m.type === 'ico' ? 1 : 0.9
          const features: MatchFeatures = {
            ...emptyFeatures(),
            identifier: { type: m.type, value: m.value, country: m.country ?? null, score },
          }
          const primary = entity.names.find((n) => n.kind === 'primary') ?? entity.names[0]!
          out.set(
            listIdKey(entity.list, entity.listId),
            makeHit(entity, primary, query.ico, features, score, th),
          )
        }
      }
      if (query.name?.trim()) {
        const norm = normalizeName(query.name, { company: true })
        const qualify = companyQualifier(query.country)
        const hits = run(query.name, norm, 0, Kinds.companyLike, qualify, {
          ...opts,
          limit: COMPANY_NAME_HITS,
        })
        for (const hit of hits) {
          const k = listIdKey(hit.list, hit.list_id)
          const prev = out.get(k)
          if (!prev || prev.score < hit.score) out.set(k, hit)
        }
      }
      return [...out.values()].sort((a, b) => b.score - a.score).slice(0, opts.limit ?? 10)
    },
    screenName(name, opts = {}) {
      const type = opts.type ?? 'any'
      const kinds = type === 'person' ? Kinds.personLike : type === 'company' ? Kinds.companyLike : Kinds.any
      return run(name, normalizeName(name, { company: type !== 'person' }), 0, kinds, nameOnly, opts)
    },
    entity(list, listId) {
      const i = lookup.byListId.get(listIdKey(list, listId))
      return i === undefined ? undefined : entities[i]
    },
  }
}

function clamp(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1)
}
