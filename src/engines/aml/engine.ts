/**
 * The screening engine: a candidate index over every matchable list name (stage 1) and an
 * explainable scorer (stage 2), the two-stage design of Watchman and yente.
 *
 * Stage 1 looks each query token up in an inverted index keyed by phonetic key, widened through
 * character trigrams (a misspelt token still finds its neighbours), feminine -ová stems and, for
 * tokens written in Arabic script, consonant skeletons. Names collect the rarity (IDF) of the query
 * tokens they share; the best `maxCandidates` go on.
 *
 * Stage 2 aligns query and list tokens one to one (order free), scores each pair, and weighs the
 * pairs by rarity; unmatched query tokens cost 0.8 of their weight, unmatched list tokens 0.2
 * (a list name often carries a patronymic or a second alias part the client does not write).
 * Birth date and country qualify a name score, never create a hit; an identifier equal to the
 * list's (IČO, registration number) is certain.
 */
import { countryName, toCountryCode } from './countries.ts'
import {
  consonantKey,
  masculineForms,
  type NormalizedName,
  normalizeName,
  phoneticKey,
  type Token,
} from './normalize.ts'
import { jaroWinkler, trigrams } from './similarity.ts'
import type { EntityName, EntityType, ListEntity } from './types.ts'

/** Default decision threshold on the 0..1 match score (calibrated on test/aml/cases.json). */
export const DEFAULT_THRESHOLD = 0.86

/** Scoring constants; every one is visible in explanations through the features it produces. */
export const WEIGHTS = {
  /** Unmatched query tokens count at this share of their weight (yente logic-v2: 0.8). */
  extraQuery: 0.8,
  /** Unmatched list tokens count at this share (yente: 0.2). */
  extraList: 0.2,
  /** Family-name tokens of a person query weigh this much more (yente: 1.3). */
  familyName: 1.3,
  /** A token pair below this similarity is not a match. */
  minPair: 0.85,
  /** Phonetic-key agreement is worth this (exact folded spelling is worth 1). */
  phonetic: 0.97,
  /**
   * Fuzzy (Jaro-Winkler) agreement counts `1 - fuzzySlope·(1 - jw)`: JW is lenient (two different
   * six-letter names often score 0.8), so its scale is stretched; 0.95 counts 0.9, 0.85 counts 0.7.
   */
  fuzzySlope: 2,
  /** Tokens whose lengths differ (ratio below 0.9) lose this share of the difference (Watchman). */
  lengthPenalty: 0.3,
  /** Unmatched list family names (the client did not write the family name) cost this share. */
  extraListFamily: 0.5,
  /** A given name against its other-gender form: a match of the name, a mismatch of the person ("Alexandr"/"Alexandra", "Jan"/"Jana"). */
  gender: 0.5,
  /** Fuzzy agreement of short tokens (4 letters or fewer) is worth this much less: JW is unreliable there. */
  shortToken: 0.1,
  /** Unmatched patronymics (-ovich, -ovna …) cost this share of their weight. */
  extraPatronymic: 0.05,
  /** An initial against a name that starts with it. */
  initial: 0.85,
  /** A Czech feminine surname against its masculine stem. */
  feminine: 0.95,
  /** Arabic-script consonant skeleton agreement. */
  consonants: 0.9,
  /** Company legal forms of different classes (s.r.o. vs a.s.). */
  legalFormMismatch: -0.05,
  birthDate: {
    exact: 0.05,
    sameYear: 0.02,
    nearYear: -0.03,
    monthDiffers: -0.08,
    dayDiffers: -0.05,
    far: -0.2,
  },
  country: { nationality: 0.03, residence: 0.01, mismatch: -0.08 },
} as const

export interface PersonQuery {
  firstName?: string
  lastName: string
  birthDate?: string
  /** Nationalities or countries of residence, as codes or names. */
  countries?: string[]
}

export interface CompanyQuery {
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

export interface TokenMatch {
  query: string
  list: string
  score: number
  how: 'exact' | 'fuzzy' | 'phonetic' | 'initial' | 'feminine' | 'consonants' | 'gender'
}

export interface Explanation {
  entry: {
    list: string
    list_id: string
    type: EntityType
    list_date: string
    programmes: string[]
    birth_dates: string[]
    nationalities: string[]
  }
  matched_name: { name: string; kind: string }
  query: string
  features: {
    name: number
    tokens: TokenMatch[]
    unmatched_query: string[]
    unmatched_list: string[]
    legal_form?: { query: string | null; list: string | null; adjustment: number }
    birth_date?: { query: string; list: string[]; result: string; adjustment: number }
    country?: { query: string[]; list: string[]; result: string; adjustment: number }
    identifier?: { type: string; value: string; country: string | null; score: number }
  }
  threshold: number
  score: number
}

export interface Hit {
  list: string
  list_id: string
  entity_type: EntityType
  matched_name: string
  score: number
  explanation: Explanation
}

export interface EngineStats {
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

// Token roles inside a name.
const OTHER = 0
const GIVEN = 1
const FAMILY = 2
const PATRONYMIC_ROLE = 3

/** Query tokens covered by the comparison memo (longer queries compare the rest directly). */
const MEMO_TOKENS = 8

const HOWS: TokenMatch['how'][] = [
  'exact',
  'fuzzy',
  'phonetic',
  'initial',
  'feminine',
  'consonants',
  'gender',
]
const HOW_CODE = Object.fromEntries(HOWS.map((h, i) => [h, i])) as Record<TokenMatch['how'], number>
const MIN_SCORE_BY_CODE = HOWS.map((h) => minScore(h))

/** The least similarity a pair needs, on the stretched scale of each feature. */
function minScore(how: TokenMatch['how']): number {
  if (how === 'exact' || how === 'initial' || how === 'gender') return 0
  return 1 - WEIGHTS.fuzzySlope * (1 - WEIGHTS.minPair)
}

interface IndexedName {
  entity: number
  name: EntityName
  tokens: Token[]
  /** Phonetic-key ids (the candidate index). */
  ids: Int32Array
  /** Spelling ids (folded form; abjad tokens apart): the unit of the per-query comparison memo. */
  fids: Int32Array
  roles: Uint8Array
  legalForm: string | undefined
}

interface QueryToken extends Token {
  role: number
  weight: number
  id: number
}

/** Builds the engine in one go (blocks the thread for the build: seconds for all lists). */
export function createScreeningEngine(opts: EngineOptions): ScreeningEngine {
  const steps = buildEngine(opts)
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/**
 * Builds the engine in slices of a few milliseconds, letting the event loop run between them, so
 * a service that builds its index at start-up keeps answering (503 "loading") meanwhile.
 */
export async function createScreeningEngineAsync(opts: EngineOptions): Promise<ScreeningEngine> {
  const steps = buildEngine(opts)
  let step = steps.next()
  while (!step.done) {
    await new Promise((resolve) => setImmediate(resolve))
    step = steps.next()
  }
  return step.value
}

/** Entities (or tokens) handled between two yields of the build: about 10 ms of work. */
const SLICE = 1000

function* buildEngine(opts: EngineOptions): Generator<void, ScreeningEngine> {
  const started = performance.now()
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD
  const maxCandidates = opts.maxCandidates ?? 250
  const entities = opts.entities
  const names: IndexedName[] = []
  const vocab = new Map<string, number>()
  const vocabKeys: string[] = []
  const df: number[] = []
  const postingsBuild: number[][] = []
  const abjadTokens = new Set<number>()
  const identifiers = new Map<string, { entity: number; type: string; value: string; country?: string }[]>()
  const byListId = new Map<string, number>()

  const spellings = new Map<string, number>()
  const spellingId = (t: Token): number => {
    const key = t.c === undefined ? t.f : `${t.f}#`
    let id = spellings.get(key)
    if (id === undefined) {
      id = spellings.size
      spellings.set(key, id)
    }
    return id
  }

  const intern = (key: string): number => {
    let id = vocab.get(key)
    if (id === undefined) {
      id = vocabKeys.length
      vocab.set(key, id)
      vocabKeys.push(key)
      df.push(0)
      postingsBuild.push([])
    }
    return id
  }

  for (let e = 0; e < entities.length; e++) {
    if (e % SLICE === SLICE - 1) yield
    const entity = entities[e]!
    byListId.set(`${entity.list}\u0000${entity.listId}`, e)
    for (const ident of entity.identifiers) {
      const k = identifierKey(ident.value)
      if (k.length < 5) continue
      let arr = identifiers.get(k)
      if (!arr) {
        arr = []
        identifiers.set(k, arr)
      }
      arr.push({
        entity: e,
        type: ident.type,
        value: ident.value,
        ...(ident.country ? { country: ident.country } : {}),
      })
    }
    const isPerson = entity.type === 'person'
    const seen = new Set<string>()
    for (const name of entity.names) {
      if (name.kind === 'weak') continue
      const norm = normalizeName(name.full, { company: !isPerson })
      if (norm.tokens.length === 0) continue
      const signature = norm.tokens.map((t) => t.f).join(' ')
      if (seen.has(signature)) continue
      seen.add(signature)
      const roles = nameRoles(name, norm.tokens)
      const ids = new Int32Array(norm.tokens.length)
      const nameId = names.length
      const local = new Set<number>()
      norm.tokens.forEach((t, i) => {
        const id = intern(t.p)
        ids[i] = id
        if (t.c !== undefined) abjadTokens.add(id)
        if (!local.has(id)) {
          local.add(id)
          df[id]!++
          postingsBuild[id]!.push(nameId)
        }
      })
      const fids = Int32Array.from(norm.tokens, (t) => spellingId(t))
      names.push({ entity: e, name, tokens: norm.tokens, ids, fids, roles, legalForm: norm.legalForm })
    }
  }

  const postings = postingsBuild.map((p) => Int32Array.from(p))
  const N = names.length
  const idf = new Float64Array(vocabKeys.length)
  for (let i = 0; i < idf.length; i++) idf[i] = Math.log(1 + N / df[i]!)
  const unseenWeight = Math.log(1 + N)

  // Trigram → vocabulary ids, for fuzzy token lookup; consonant skeleton → ids, for abjad tokens.
  const trigramIndex = new Map<string, number[]>()
  const trigramCount = new Uint16Array(vocabKeys.length)
  const consonantIndex = new Map<string, number[]>()
  const abjadConsonants = new Map<string, number[]>()
  for (let id = 0; id < vocabKeys.length; id++) {
    if (id % (SLICE * 5) === 0) yield
    const key = vocabKeys[id]!
    const grams = new Set(trigrams(key))
    trigramCount[id] = grams.size
    for (const g of grams) {
      let arr = trigramIndex.get(g)
      if (!arr) {
        arr = []
        trigramIndex.set(g, arr)
      }
      arr.push(id)
    }
  }
  for (let k = 0; k < names.length; k++) {
    if (k % (SLICE * 5) === 0) yield
    const n = names[k]!
    n.tokens.forEach((t, i) => {
      const ck = t.c ?? consonantKey(t.f)
      const id = n.ids[i]!
      const target = t.c !== undefined ? abjadConsonants : consonantIndex
      let arr = target.get(ck)
      if (!arr) {
        arr = []
        target.set(ck, arr)
      }
      if (arr[arr.length - 1] !== id && !arr.includes(id)) arr.push(id)
    })
  }

  const acc = new Float64Array(N)
  const stamp = new Int32Array(N).fill(-1)
  const touched: number[] = []
  const gramHits = new Uint16Array(vocabKeys.length)
  let stampCounter = 0

  // Per-query memo of token comparisons: candidates share tokens heavily ("mohammed" in hundreds
  // of names), so each query token is compared once per list spelling. Typed arrays stamped by
  // query, for the first MEMO_TOKENS query tokens.
  const F = spellings.size
  const memoSim = new Float32Array(MEMO_TOKENS * F)
  const memoHow = new Uint8Array(MEMO_TOKENS * F)
  const memoStamp = new Int32Array(MEMO_TOKENS * F)
  let queryStamp = 0

  function pairSimilarity(qi: number, q: Token, c: Token, fid: number): number {
    if (qi >= MEMO_TOKENS) {
      const [sim, how] = tokenSimilarity(q, c)
      lastHow = HOW_CODE[how]
      return sim
    }
    const slot = qi * F + fid
    if (memoStamp[slot] !== queryStamp) {
      const [sim, how] = tokenSimilarity(q, c)
      memoSim[slot] = sim
      memoHow[slot] = HOW_CODE[how]
      memoStamp[slot] = queryStamp
    }
    lastHow = memoHow[slot]!
    return memoSim[slot]!
  }
  let lastHow = 0

  // Scratch space of the light scorer: pair similarities and their tokens.
  const pairSim = new Float64Array(1024)
  const pairQ = new Uint16Array(1024)
  const pairC = new Uint16Array(1024)
  const usedQScratch = new Uint8Array(256)
  const usedCScratch = new Uint8Array(256)

  /** The name score alone, without the explanation (stage 2 over all candidates). */
  function nameScore(query: QueryToken[], queryLegal: string | undefined, n: IndexedName): number {
    const qn = Math.min(query.length, 256)
    const cn = Math.min(n.tokens.length, 256)
    let count = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const qPatronymic = isPatronymic(q.f)
      for (let ci = 0; ci < cn && count < 1024; ci++) {
        if (n.roles[ci] === PATRONYMIC_ROLE && !qPatronymic) continue
        const sim = pairSimilarity(qi, q, n.tokens[ci]!, n.fids[ci]!)
        if (sim < MIN_SCORE_BY_CODE[lastHow]!) continue
        // Insertion into the list kept in descending order of similarity.
        let k = count++
        while (k > 0 && pairSim[k - 1]! < sim) {
          pairSim[k] = pairSim[k - 1]!
          pairQ[k] = pairQ[k - 1]!
          pairC[k] = pairC[k - 1]!
          k--
        }
        pairSim[k] = sim
        pairQ[k] = qi
        pairC[k] = ci
      }
    }
    usedQScratch.fill(0, 0, qn)
    usedCScratch.fill(0, 0, cn)
    let num = 0
    let den = 0
    for (let k = 0; k < count; k++) {
      const qi = pairQ[k]!
      const ci = pairC[k]!
      if (usedQScratch[qi] || usedCScratch[ci]) continue
      usedQScratch[qi] = 1
      usedCScratch[ci] = 1
      const q = query[qi]!
      const boost = q.role === FAMILY || n.roles[ci] === FAMILY ? WEIGHTS.familyName : 1
      const w = (q.f.length === 1 || n.tokens[ci]!.f.length === 1 ? 1 : idf[n.ids[ci]!]!) * boost
      num += w * pairSim[k]!
      den += w
    }
    for (let qi = 0; qi < qn; qi++) {
      if (usedQScratch[qi]) continue
      const q = query[qi]!
      den +=
        WEIGHTS.extraQuery * (q.f.length === 1 ? 1 : q.weight) * (q.role === FAMILY ? WEIGHTS.familyName : 1)
    }
    for (let ci = 0; ci < cn; ci++) {
      if (usedCScratch[ci]) continue
      const role = n.roles[ci]
      const share =
        role === PATRONYMIC_ROLE
          ? WEIGHTS.extraPatronymic
          : role === FAMILY
            ? WEIGHTS.extraListFamily
            : WEIGHTS.extraList
      den += share * (n.tokens[ci]!.f.length === 1 ? 1 : idf[n.ids[ci]!]!)
    }
    let score = den > 0 ? num / den : 0
    if (queryLegal !== undefined && n.legalForm !== undefined && queryLegal !== n.legalForm) {
      score += WEIGHTS.legalFormMismatch
    }
    return Math.max(0, score)
  }

  const stats: EngineStats = {
    entities: entities.length,
    names: N,
    tokens: vocabKeys.length,
    buildMs: Math.round(performance.now() - started),
  }

  /** Vocabulary ids near a query token, with an estimate of their similarity. */
  function expand(q: Token): Map<number, number> {
    const out = new Map<number, number>()
    const exact = vocab.get(q.p)
    if (exact !== undefined) out.set(exact, 1)
    if (q.p.length >= 3) {
      const grams = new Set(trigrams(q.p))
      const hitIds: number[] = []
      for (const g of grams) {
        const arr = trigramIndex.get(g)
        if (!arr) continue
        for (const id of arr) {
          if (gramHits[id] === 0) hitIds.push(id)
          gramHits[id]!++
        }
      }
      for (const id of hitIds) {
        const dice = (2 * gramHits[id]!) / (grams.size + trigramCount[id]!)
        gramHits[id] = 0
        if (dice >= 0.5 && !out.has(id)) out.set(id, dice)
      }
    }
    for (const key of q.m ?? []) {
      const id = vocab.get(key)
      if (id !== undefined && !out.has(id)) out.set(id, WEIGHTS.feminine)
    }
    const ck = q.c ?? consonantKey(q.f)
    const byConsonants = q.c !== undefined ? consonantIndex.get(ck) : abjadConsonants.get(ck)
    for (const id of byConsonants ?? []) if (!out.has(id)) out.set(id, WEIGHTS.consonants)
    if (q.c !== undefined) for (const id of abjadConsonants.get(ck) ?? []) if (!out.has(id)) out.set(id, 1)
    return out
  }

  function candidates(query: QueryToken[], allow: (e: ListEntity) => boolean): number[] {
    touched.length = 0
    let total = 0
    for (const q of query) {
      total += q.weight
      if (q.f.length < 2) continue // initials cannot retrieve; they are scored in stage 2
      const stampId = ++stampCounter
      const near = [...expand(q)].sort((a, b) => b[1] - a[1]).slice(0, 40)
      for (const [id, est] of near) {
        const w = idf[id]! * est * (q.role === FAMILY ? WEIGHTS.familyName : 1)
        for (const n of postings[id]!) {
          if (stamp[n] === stampId) continue
          if (stamp[n]! < 0) {
            touched.push(n)
            acc[n] = 0
          }
          stamp[n] = stampId
          acc[n]! += w
        }
      }
    }
    // A name must share a good part of the query's weight to be worth scoring.
    const floor = 0.3 * total
    const kept: number[] = []
    for (const n of touched) {
      if (acc[n]! >= floor && allow(entities[names[n]!.entity]!)) kept.push(n)
      stamp[n] = -1
    }
    kept.sort((a, b) => acc[b]! - acc[a]!)
    if (kept.length > maxCandidates) kept.length = maxCandidates
    return kept
  }

  function queryTokens(norm: NormalizedName, familyCount: number): QueryToken[] {
    return norm.tokens.map((t, i) => {
      const id = vocab.get(t.p) ?? -1
      const role = i >= norm.tokens.length - familyCount ? FAMILY : OTHER
      return { ...t, role, id, weight: id >= 0 ? idf[id]! : unseenWeight }
    })
  }

  /**
   * The query with neighbouring tokens joined where the joined word is a list word: Arabic
   * writes "Abd al-Malik", "Nasr Allah" apart where lists write "Abdul", "Nasrallah"; clients
   * write "Abdul Rahman" where a list has "Abdulrahman". Joins of the given spans (longest
   * first), every non-overlapping join applied.
   */
  function joinedVariant(query: QueryToken[], spans: number[]): QueryToken[] | undefined {
    const out: QueryToken[] = []
    let joined = false
    let i = 0
    while (i < query.length) {
      let taken = 0
      for (const span of spans) {
        if (i + span > query.length) continue
        const parts = query.slice(i, i + span)
        if (parts.some((t) => t.f.length === 1)) continue
        const f = parts.map((t) => t.f).join('')
        const abjad = parts.some((t) => t.c !== undefined)
        const p = phoneticKey(f)
        const id = vocab.get(p)
        const c = consonantKey(f)
        const known = id !== undefined || (abjad && consonantIndex.has(c))
        if (!known) continue
        const role = parts.some((t) => t.role === FAMILY) ? FAMILY : OTHER
        out.push({
          f,
          p,
          ...(abjad ? { c } : {}),
          role,
          id: id ?? -1,
          weight: id !== undefined ? idf[id]! : unseenWeight,
        })
        taken = span
        joined = true
        break
      }
      if (taken === 0) {
        out.push(query[i]!)
        taken = 1
      }
      i += taken
    }
    return joined ? out : undefined
  }

  function scoreName(
    query: QueryToken[],
    queryLegal: string | undefined,
    n: IndexedName,
  ): { score: number; features: Explanation['features'] } {
    const qn = query.length
    const cn = n.tokens.length
    const pairs: { qi: number; ci: number; sim: number; how: TokenMatch['how'] }[] = []
    for (let qi = 0; qi < qn; qi++) {
      for (let ci = 0; ci < cn; ci++) {
        const q = query[qi]!
        const c = n.tokens[ci]!
        // A patronymic pairs only with a patronymic: "Ramzan" is not "Ramzanovna".
        if (n.roles[ci] === PATRONYMIC_ROLE && !isPatronymic(q.f)) continue
        const sim = pairSimilarity(qi, q, c, n.fids[ci]!)
        const how = HOWS[lastHow]!
        if (sim >= minScore(how)) pairs.push({ qi, ci, sim, how })
      }
    }
    pairs.sort((a, b) => b.sim - a.sim)
    const usedQ = new Uint8Array(qn)
    const usedC = new Uint8Array(cn)
    const tokens: TokenMatch[] = []
    let num = 0
    let den = 0
    for (const p of pairs) {
      if (usedQ[p.qi] || usedC[p.ci]) continue
      usedQ[p.qi] = 1
      usedC[p.ci] = 1
      const q = query[p.qi]!
      const boost = q.role === FAMILY || n.roles[p.ci] === FAMILY ? WEIGHTS.familyName : 1
      // An initial carries the weight of an initial, not of the full name it stands for.
      const w = (q.f.length === 1 || n.tokens[p.ci]!.f.length === 1 ? 1 : idf[n.ids[p.ci]!]!) * boost
      num += w * p.sim
      den += w
      tokens.push({ query: q.f, list: n.tokens[p.ci]!.f, score: round(p.sim), how: p.how })
    }
    const unmatchedQuery: string[] = []
    const unmatchedList: string[] = []
    for (let qi = 0; qi < qn; qi++) {
      if (usedQ[qi]) continue
      const q = query[qi]!
      const w = (q.f.length === 1 ? 1 : q.weight) * (q.role === FAMILY ? WEIGHTS.familyName : 1)
      den += WEIGHTS.extraQuery * w
      unmatchedQuery.push(q.f)
    }
    for (let ci = 0; ci < cn; ci++) {
      if (usedC[ci]) continue
      const t = n.tokens[ci]!
      const share =
        n.roles[ci] === PATRONYMIC_ROLE
          ? WEIGHTS.extraPatronymic
          : n.roles[ci] === FAMILY
            ? WEIGHTS.extraListFamily
            : WEIGHTS.extraList
      den += share * (t.f.length === 1 ? 1 : idf[n.ids[ci]!]!)
      unmatchedList.push(t.f)
    }
    let score = den > 0 ? num / den : 0
    const features: Explanation['features'] = {
      name: 0,
      tokens,
      unmatched_query: unmatchedQuery,
      unmatched_list: unmatchedList,
    }
    if (queryLegal !== undefined || n.legalForm !== undefined) {
      const adjustment =
        queryLegal !== undefined && n.legalForm !== undefined && queryLegal !== n.legalForm
          ? WEIGHTS.legalFormMismatch
          : 0
      score += adjustment
      features.legal_form = { query: queryLegal ?? null, list: n.legalForm ?? null, adjustment }
    }
    features.name = round(Math.max(0, score))
    return { score: Math.max(0, score), features }
  }

  function run(
    text: string,
    norm: NormalizedName,
    familyCount: number,
    allow: (e: ListEntity) => boolean,
    qualify: (e: ListEntity, f: Explanation['features'], name: number, threshold: number) => number,
    opts: ScreenOptions,
  ): Hit[] {
    const th = opts.threshold ?? threshold
    const limit = opts.limit ?? 10
    const lists = opts.lists ? new Set(opts.lists) : undefined
    const allowList = lists ? (e: ListEntity) => lists.has(e.list) && allow(e) : allow
    const query = queryTokens(norm, familyCount)
    if (query.length === 0) return []
    // "Abd al-Malik" may be one list word ("Abdulmalik") or two ("Abdul Malik"): both joins are tried.
    const variants = [query]
    for (const spans of [[3, 2], [2]]) {
      const v = joinedVariant(query, spans)
      if (v && !variants.some((x) => x.map((t) => t.f).join(' ') === v.map((t) => t.f).join(' ')))
        variants.push(v)
    }
    const best = new Map<number, { score: number; n: IndexedName; q: QueryToken[] }>()
    for (const q of variants) {
      queryStamp++
      for (const nameId of candidates(q, allowList)) {
        const n = names[nameId]!
        const score = nameScore(q, norm.legalForm, n)
        const prev = best.get(n.entity)
        if (!prev || score > prev.score) best.set(n.entity, { score, n, q })
      }
    }
    const hits: Hit[] = []
    for (const [e, b] of best) {
      // Qualifiers lower any score but raise only one at the threshold: a name under it can
      // never become a hit, so only names at the threshold are explained.
      if (b.score < th) continue
      const entity = entities[e]!
      queryStamp++
      const { score, features } = scoreName(b.q, norm.legalForm, b.n)
      const final = clamp(qualify(entity, features, score, th))
      if (final < th) continue
      hits.push(makeHit(entity, b.n.name, text, features, final, th))
    }
    hits.sort((a, b) => b.score - a.score)
    return hits.slice(0, limit)
  }

  function personQualifier(query: PersonQuery) {
    const countries = (query.countries ?? []).map(toCountryCode).filter((c): c is string => !!c)
    return (entity: ListEntity, f: Explanation['features'], name: number, th: number): number => {
      let score = name
      let raise = 0
      if (query.birthDate) {
        const bd = compareBirthDates(query.birthDate, entity.birthDates)
        if (bd) {
          f.birth_date = { query: query.birthDate, list: entity.birthDates, ...bd }
          if (bd.adjustment < 0) score += bd.adjustment
          else raise += bd.adjustment
        }
      }
      if (countries.length > 0 && (entity.nationalities.length > 0 || entity.countries.length > 0)) {
        const c = compareCountries(countries, entity)
        f.country = { query: countries, list: [...entity.nationalities, ...entity.countries], ...c }
        if (c.adjustment < 0) score += c.adjustment
        else raise += c.adjustment
      }
      // Qualifiers confirm a name match; they never lift a name below the threshold into a hit.
      if (name >= th) score += raise
      return score
    }
  }

  function makeHit(
    entity: ListEntity,
    name: EntityName,
    query: string,
    features: Explanation['features'],
    score: number,
    th: number,
  ): Hit {
    const s = round(score)
    return {
      list: entity.list,
      list_id: entity.listId,
      entity_type: entity.type,
      matched_name: name.full,
      score: s,
      explanation: {
        entry: {
          list: entity.list,
          list_id: entity.listId,
          type: entity.type,
          list_date: entity.listDate,
          programmes: entity.programmes,
          birth_dates: entity.birthDates,
          nationalities: entity.nationalities,
        },
        matched_name: { name: name.full, kind: name.kind },
        query,
        features,
        threshold: th,
        score: s,
      },
    }
  }

  const isPersonLike = (e: ListEntity) => e.type === 'person' || e.type === 'unknown'
  const isCompanyLike = (e: ListEntity) =>
    e.type === 'company' || e.type === 'organization' || e.type === 'unknown'

  return {
    threshold,
    stats,
    screenPerson(query, opts = {}) {
      const first = query.firstName?.trim() ?? ''
      const last = query.lastName.trim()
      const text = `${first} ${last}`.trim()
      const lastTokens = normalizeName(last, { company: false }).tokens
      const norm: NormalizedName = {
        tokens: [...normalizeName(first, { company: false }).tokens, ...lastTokens],
      }
      return run(text, norm, lastTokens.length, isPersonLike, personQualifier(query), opts)
    },
    screenCompany(query, opts = {}) {
      const th = opts.threshold ?? threshold
      const out = new Map<string, Hit>()
      if (query.ico) {
        const k = identifierKey(query.ico)
        for (const m of identifiers.get(k) ?? []) {
          const entity = entities[m.entity]!
          if (opts.lists && !opts.lists.includes(entity.list)) continue
          if (m.country && m.country !== 'CZ') continue
          const score = m.country === 'CZ' || m.type === 'ico' ? 1 : 0.9
          const features: Explanation['features'] = {
            name: 0,
            tokens: [],
            unmatched_query: [],
            unmatched_list: [],
            identifier: { type: m.type, value: m.value, country: m.country ?? null, score },
          }
          const primary = entity.names.find((n) => n.kind === 'primary') ?? entity.names[0]!
          out.set(
            `${entity.list}\u0000${entity.listId}`,
            makeHit(entity, primary, query.ico, features, score, th),
          )
        }
      }
      if (query.name?.trim()) {
        const country = toCountryCode(query.country)
        const qualify = (e: ListEntity, f: Explanation['features'], name: number, t: number) => {
          if (!country || e.countries.length + e.nationalities.length === 0) return name
          const c = compareCountries([country], e)
          f.country = { query: [country], list: [...e.nationalities, ...e.countries], ...c }
          return c.adjustment < 0 ? name + c.adjustment : name >= t ? name + c.adjustment : name
        }
        const norm = normalizeName(query.name, { company: true })
        for (const hit of run(query.name, norm, 0, isCompanyLike, qualify, { ...opts, limit: 50 })) {
          const k = `${hit.list}\u0000${hit.list_id}`
          const prev = out.get(k)
          if (!prev || prev.score < hit.score) out.set(k, hit)
        }
      }
      return [...out.values()].sort((a, b) => b.score - a.score).slice(0, opts.limit ?? 10)
    },
    screenName(name, opts = {}) {
      const type = opts.type ?? 'any'
      const allow = type === 'person' ? isPersonLike : type === 'company' ? isCompanyLike : () => true
      const norm = normalizeName(name, { company: type !== 'person' })
      return run(name, norm, 0, allow, (_e, _f, s) => s, opts)
    },
    entity(list, listId) {
      const i = byListId.get(`${list}\u0000${listId}`)
      return i === undefined ? undefined : entities[i]
    },
  }
}

/** Stretches a Jaro-Winkler value onto the score scale and takes off the length difference. */
function fuzzy(jw: number, a: string, b: string): number {
  const ratio = Math.min(a.length, b.length) / Math.max(a.length, b.length)
  const len = ratio < 0.9 ? WEIGHTS.lengthPenalty * (1 - ratio) : 0
  const short = Math.min(a.length, b.length) <= 4 ? WEIGHTS.shortToken : 0
  return 1 - WEIGHTS.fuzzySlope * (1 - jw) - len - short
}

/** Similarity of one query token and one list token, and which feature produced it. */
function tokenSimilarity(q: Token, c: Token): [number, TokenMatch['how']] {
  if (q.f === c.f) return [1, 'exact']
  if (q.f.length === 1 || c.f.length === 1) {
    return q.f[0] === c.f[0] ? [WEIGHTS.initial, 'initial'] : [0, 'fuzzy']
  }
  if (q.p === c.p) return [WEIGHTS.phonetic, 'phonetic']
  if (q.f.length >= 3 && (`${q.p}a` === c.p || `${c.p}a` === q.p || `${q.f}a` === c.f || `${c.f}a` === q.f))
    return [WEIGHTS.gender, 'gender']
  let best = fuzzy(jaroWinkler(q.f, c.f), q.f, c.f)
  let how: TokenMatch['how'] = 'fuzzy'
  const ph = fuzzy(jaroWinkler(q.p, c.p), q.p, c.p) * WEIGHTS.phonetic
  if (ph > best) {
    best = ph
    how = 'phonetic'
  }
  if (best < WEIGHTS.feminine && q.m?.includes(c.p)) {
    best = WEIGHTS.feminine
    how = 'feminine'
  }
  if (best < WEIGHTS.feminine) {
    for (const m of masculineForms(q.f)) {
      const s = m === c.f ? WEIGHTS.feminine : fuzzy(jaroWinkler(m, c.f), m, c.f) * WEIGHTS.feminine
      if (s > best) {
        best = s
        how = 'feminine'
      }
    }
  }
  if ((q.c !== undefined || c.c !== undefined) && best < WEIGHTS.consonants) {
    const qc = q.c ?? consonantKey(q.f)
    const cc = c.c ?? consonantKey(c.f)
    const s = qc === cc ? WEIGHTS.consonants : fuzzy(jaroWinkler(qc, cc), qc, cc) * WEIGHTS.consonants
    if (s > best) {
      best = s
      how = 'consonants'
    }
  }
  return [best, how]
}

const PATRONYMIC = /(ovich|evich|ovitch|evitch|ovic|evic|ovych|evych|ovna|evna|ichna|ivna|ovics)$/

export function isPatronymic(folded: string): boolean {
  return folded.length > 6 && PATRONYMIC.test(folded)
}

/**
 * Roles of a list name's tokens: family and given names where the list gives the parts, or where
 * it writes the family name in capitals ("Oleg Vladimirovich DERIPASKA", the EU and UK habit);
 * patronymics by their endings.
 */
function nameRoles(name: EntityName, tokens: Token[]): Uint8Array {
  const roles = new Uint8Array(tokens.length)
  let family: Set<string> | undefined
  if (name.last) family = new Set(normalizeName(name.last, { company: false }).tokens.map((t) => t.f))
  else {
    const words = name.full.split(/\s+/).filter((w) => /\p{L}/u.test(w))
    const upper = words.filter((w) => w.length > 1 && w === w.toUpperCase() && w !== w.toLowerCase())
    if (upper.length > 0 && upper.length < words.length) {
      family = new Set(upper.flatMap((w) => normalizeName(w, { company: false }).tokens.map((t) => t.f)))
    }
  }
  const given = name.first
    ? new Set(normalizeName(name.first, { company: false }).tokens.map((t) => t.f))
    : undefined
  tokens.forEach((t, i) => {
    if (isPatronymic(t.f)) roles[i] = PATRONYMIC_ROLE
    else if (family?.has(t.f)) roles[i] = FAMILY
    else if (given?.has(t.f)) roles[i] = GIVEN
    else roles[i] = OTHER
  })
  return roles
}

/** Digits only, without a country prefix: "CZ05556121" → "05556121", "C 121509" → "121509". */
export function identifierKey(value: string): string {
  return value.replace(/[^0-9]/g, '')
}

function parseDate(s: string): { y: number; m?: number; d?: number; y2?: number } | undefined {
  const full = /^(\d{4})-(\d{2})-(\d{2})/.exec(s)
  if (full) return { y: Number(full[1]), m: Number(full[2]), d: Number(full[3]) }
  const ym = /^(\d{4})-(\d{2})$/.exec(s)
  if (ym) return { y: Number(ym[1]), m: Number(ym[2]) }
  const range = /^(\d{4})\s*(?:-|to|–)\s*(\d{4})$/.exec(s)
  if (range) return { y: Number(range[1]), y2: Number(range[2]) }
  const y = /^(\d{4})$/.exec(s.trim())
  if (y) return { y: Number(y[1]) }
  return undefined
}

function compareBirthDates(
  query: string,
  list: string[],
): { result: string; adjustment: number } | undefined {
  const q = parseDate(query)
  if (!q || list.length === 0) return undefined
  const B = WEIGHTS.birthDate
  let best: { result: string; adjustment: number } | undefined
  for (const raw of list) {
    const l = parseDate(raw)
    if (!l) continue
    let r: { result: string; adjustment: number }
    const inRange = l.y2 !== undefined && q.y >= l.y && q.y <= l.y2
    const yearGap =
      l.y2 !== undefined
        ? inRange
          ? 0
          : Math.min(Math.abs(q.y - l.y), Math.abs(q.y - l.y2))
        : Math.abs(q.y - l.y)
    if (yearGap === 0) {
      if (l.m === undefined || q.m === undefined) r = { result: 'same_year', adjustment: B.sameYear }
      else if (l.m !== q.m) r = { result: 'month_differs', adjustment: B.monthDiffers }
      else if (l.d === undefined || q.d === undefined) r = { result: 'same_month', adjustment: B.sameYear }
      else if (l.d !== q.d) r = { result: 'day_differs', adjustment: B.dayDiffers }
      else r = { result: 'exact', adjustment: B.exact }
    } else if (yearGap === 1) r = { result: 'year_off_by_one', adjustment: B.nearYear }
    else r = { result: 'different', adjustment: B.far }
    if (!best || r.adjustment > best.adjustment) best = r
  }
  return best
}

function compareCountries(query: string[], entity: ListEntity): { result: string; adjustment: number } {
  const C = WEIGHTS.country
  if (entity.nationalities.some((c) => query.includes(c)))
    return { result: 'nationality', adjustment: C.nationality }
  if (entity.countries.some((c) => query.includes(c))) return { result: 'residence', adjustment: C.residence }
  if (entity.nationalities.length > 0)
    return {
      result: `differs (${query.map(countryName).join(', ')} vs ${entity.nationalities.map(countryName).join(', ')})`,
      adjustment: C.mismatch,
    }
  return { result: 'unknown', adjustment: 0 }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}

function clamp(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1)
}
