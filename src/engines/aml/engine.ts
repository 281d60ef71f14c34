/**
 * The screening engine: a candidate index over every matchable list name (stage 1) and an
 * explainable scorer (stage 2), the two-stage design of Watchman and yente.
 *
 * Stage 1 looks each query token up in an inverted index keyed by phonetic key, widened through
 * character trigrams (a misspelt token still finds its neighbours), feminine -ová stems and, for
 * tokens written in Arabic script, consonant skeletons. Names collect the rarity (IDF) of the query
 * tokens they share; the best `maxCandidates` (ranked by an estimate of the stage-2 score) go on.
 *
 * Stage 2 aligns query and list tokens one to one (order free), scores each pair, and weighs the
 * pairs by rarity; unmatched query tokens cost 0.8 of their weight, unmatched list tokens 0.2
 * (a list name often carries a patronymic or a second alias part the client does not write).
 * Birth date and country qualify a name score, never create a hit; an identifier equal to the
 * list's (IČO, registration number) is certain.
 */
import { runInSlices, runNow } from '../../kit/slices.ts'
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
const WEIGHTS = {
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
  /**
   * An unmatched list family name when the client wrote another family name of the same list
   * name: the second surname of Spanish and Portuguese names ("MADURO MOROS"), left out in
   * everyday use, costs what any other extra list word costs.
   */
  extraSecondFamily: 0.2,
  /**
   * When every word of the query is matched and a family name is among them, the list name's
   * other words are the parts people leave out in everyday use — middle names, second
   * surnames ("Luis CIFUENTES" for "Luis Eduardo CIFUENTES GALINDO") — and cost this share.
   */
  extraOptional: 0.1,
  /** Particles (al, bin, de, van …) left out on either side cost this share: "Bashar Assad" is "Bashar al-Assad". */
  extraParticle: 0.05,
  /**
   * One letter inserted, dropped or two neighbours swapped ("Adb"/"Abd", "Arefullaha"/"Arefullah"):
   * worth `editLong` for words of seven letters or more, `edit` for five or six, `editShort`
   * for three or four, and `editParticle` for a particle with a stray letter ("xal"/"al").
   */
  editLong: 0.95,
  edit: 0.92,
  editShort: 0.85,
  editParticle: 0.8,
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

interface TokenMatch {
  query: string
  list: string
  score: number
  how: 'exact' | 'fuzzy' | 'phonetic' | 'initial' | 'feminine' | 'consonants' | 'gender' | 'edit'
}

/** A list token the query did not match, its role in the list name and the share of its weight it cost. */
interface OmittedToken {
  token: string
  role: 'family' | 'given' | 'patronymic' | 'particle' | 'other'
  share: number
}

interface Explanation {
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
    /** The list tokens the query left out: what each is and what it cost. */
    omitted: OmittedToken[]
    /**
     * Set when the query left out parts of the list name that people leave out in everyday use
     * (middle names, a second surname): a partial-name match, which a birth date that agrees
     * confirms. Unconfirmed, it is a reason to review, not a finding (see screening).
     */
    partial?: { omitted: string[]; confirmed_by_birth_date: boolean }
    /** The query as read when it differs from what was sent: words split or joined ("rami makhlouf"). */
    reading?: string
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

// Token roles inside a name.
const OTHER = 0
const GIVEN = 1
const FAMILY = 2
const PATRONYMIC_ROLE = 3
const PARTICLE_ROLE = 4
const ROLE_NAMES: OmittedToken['role'][] = ['other', 'given', 'family', 'patronymic', 'particle']

/**
 * Name particles: articles and connectives that lists and clients write or leave out at will
 * ("Bashar al-Assad" / "ASSAD, Bashar", "Osama bin Laden", "van der Berg", "José de la Cruz").
 */
export const PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ibn',
  'bint',
  'binti',
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'van',
  'von',
  'ter',
  'y',
])

/** Kinds of entry as bits, so stage 1 filters names by a typed array. */
const KIND_BITS: Record<EntityType, number> = {
  person: 1,
  company: 2,
  organization: 2,
  unknown: 3,
  vessel: 4,
  aircraft: 4,
}
const PERSON_LIKE = 1
const COMPANY_LIKE = 2
const ANY_KIND = 7

/** Which names stage 1 may pass on: kinds of entry (KIND_BITS) and, when given, lists. */
interface Allow {
  kinds: number
  lists?: ReadonlySet<string>
}

/** Posting lists longer than this (names holding the word) are a common word's (stage 1). */
const COMMON_POSTINGS = 2000

/** The k-th largest value (1-based) of `values`, rearranging them: Hoare's quickselect, linear on average. */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0
  let hi = values.length - 1
  const target = k - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! > pivot) i++
      while (values[j]! < pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    if (target <= j) hi = j
    else if (target >= i) lo = i
    else return values[target]!
  }
  return values[target]!
}

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
  'edit',
]
const HOW_CODE = Object.fromEntries(HOWS.map((h, i) => [h, i])) as Record<TokenMatch['how'], number>
const MIN_SCORE_BY_CODE = HOWS.map((h) => minScore(h))

/** The least similarity a pair needs, on the stretched scale of each feature. */
function minScore(how: TokenMatch['how']): number {
  if (how === 'exact' || how === 'initial' || how === 'gender' || how === 'edit') return 0
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
  return runNow(buildEngine(opts))
}

/**
 * Builds the engine in slices of a few milliseconds, letting the event loop run between them, so
 * a service that builds its index at start-up keeps answering (503 "loading") meanwhile.
 */
export function createScreeningEngineAsync(opts: EngineOptions): Promise<ScreeningEngine> {
  return runInSlices(buildEngine(opts))
}

/** Entities (or tokens) handled between two yields of the build: about 10 ms of work. */
const SLICE = 1000

function* buildEngine(opts: EngineOptions): Generator<void, ScreeningEngine> {
  const started = performance.now()
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD
  const maxCandidates = opts.maxCandidates ?? Number(process.env.MAXC ?? 100)
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
  const nameKind = Uint8Array.from(names, (n) => KIND_BITS[entities[n.entity]!.type])
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
  const rank = new Float64Array(N)
  // Each name's own weight: the rarity of its words (family names weigh more).
  const nameWeight = new Float64Array(N)
  for (let k = 0; k < N; k++) {
    const n = names[k]!
    for (let i = 0; i < n.ids.length; i++)
      nameWeight[k]! += idf[n.ids[i]!]! * (n.roles[i] === FAMILY ? WEIGHTS.familyName : 1)
  }
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

  // Scratch space of the scorer: candidate pairs (similarity, query token, list token, feature)
  // in descending order of similarity, and the one-to-one alignment chosen from them.
  const pairSim = new Float64Array(1024)
  const pairQ = new Uint16Array(1024)
  const pairC = new Uint16Array(1024)
  const pairHow = new Uint8Array(1024)
  const matchOfQ = new Int16Array(256)
  const simOfQ = new Float64Array(256)
  const howOfQ = new Uint8Array(256)
  const usedC = new Uint8Array(256)

  /**
   * Aligns query and list tokens one to one, best pairs first, order free: fills `matchOfQ`
   * (the list token of each query token, -1 for none), `simOfQ`, `howOfQ` and `usedC`.
   */
  function align(query: QueryToken[], n: IndexedName): void {
    const qn = Math.min(query.length, 256)
    const cn = Math.min(n.tokens.length, 256)
    let count = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const qPatronymic = isPatronymic(q.f)
      for (let ci = 0; ci < cn && count < 1024; ci++) {
        // A patronymic pairs only with a patronymic: "Ramzan" is not "Ramzanovna".
        if (n.roles[ci] === PATRONYMIC_ROLE && !qPatronymic) continue
        const sim = pairSimilarity(qi, q, n.tokens[ci]!, n.fids[ci]!)
        if (sim < MIN_SCORE_BY_CODE[lastHow]!) continue
        // Insertion into the list kept in descending order of similarity.
        let k = count++
        while (k > 0 && pairSim[k - 1]! < sim) {
          pairSim[k] = pairSim[k - 1]!
          pairQ[k] = pairQ[k - 1]!
          pairC[k] = pairC[k - 1]!
          pairHow[k] = pairHow[k - 1]!
          k--
        }
        pairSim[k] = sim
        pairQ[k] = qi
        pairC[k] = ci
        pairHow[k] = lastHow
      }
    }
    matchOfQ.fill(-1, 0, qn)
    usedC.fill(0, 0, cn)
    for (let k = 0; k < count; k++) {
      const qi = pairQ[k]!
      const ci = pairC[k]!
      if (matchOfQ[qi]! >= 0 || usedC[ci]) continue
      matchOfQ[qi] = ci
      usedC[ci] = 1
      simOfQ[qi] = pairSim[k]!
      howOfQ[qi] = pairHow[k]!
    }
  }

  /**
   * The name score of the alignment `align` left: matched pairs weigh by the rarity (IDF) of the
   * list token, family names more; what either side leaves unmatched costs a share of its weight,
   * by its role. With `features`, each step is written down there.
   */
  function tally(
    query: QueryToken[],
    queryLegal: string | undefined,
    n: IndexedName,
    features?: Explanation['features'],
  ): number {
    const qn = Math.min(query.length, 256)
    const cn = Math.min(n.tokens.length, 256)
    // A family name the client wrote makes the list's other family names optional parts: a
    // second surname (Spanish and Portuguese names), a second family word ("MADURO MOROS").
    let familyMatched = false
    let queryExplained = true
    for (let qi = 0; qi < qn; qi++) {
      const ci = matchOfQ[qi]!
      if (ci >= 0 && n.roles[ci] === FAMILY) familyMatched = true
      if (ci < 0 && query[qi]!.role !== PARTICLE_ROLE) queryExplained = false
    }
    const optional = familyMatched && queryExplained && qn >= 2
    // Only the later parts are left out in everyday use (the second given name, the mother's
    // surname): a list word before a matched word of its role is not optional ("GIL GARCIA"
    // written as "Garcia" drops the surname that counts).
    const lastMatchedAt = [-1, -1, -1, -1, -1]
    for (let ci = 0; ci < cn; ci++) if (usedC[ci]) lastMatchedAt[n.roles[ci]!] = ci
    let num = 0
    let den = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const ci = matchOfQ[qi]!
      if (ci >= 0) {
        const c = n.tokens[ci]!
        const boost = q.role === FAMILY || n.roles[ci] === FAMILY ? WEIGHTS.familyName : 1
        // An initial carries the weight of an initial, not of the full name it stands for.
        const w = (q.f.length === 1 || c.f.length === 1 ? 1 : idf[n.ids[ci]!]!) * boost
        num += w * simOfQ[qi]!
        den += w
        features?.tokens.push({ query: q.f, list: c.f, score: round(simOfQ[qi]!), how: HOWS[howOfQ[qi]!]! })
      } else {
        const share = q.role === PARTICLE_ROLE ? WEIGHTS.extraParticle : WEIGHTS.extraQuery
        den += share * (q.f.length === 1 ? 1 : q.weight) * (q.role === FAMILY ? WEIGHTS.familyName : 1)
        features?.unmatched_query.push(q.f)
      }
    }
    for (let ci = 0; ci < cn; ci++) {
      if (usedC[ci]) continue
      const role = n.roles[ci]!
      const share =
        role === PATRONYMIC_ROLE
          ? WEIGHTS.extraPatronymic
          : role === PARTICLE_ROLE
            ? WEIGHTS.extraParticle
            : optional && ci > lastMatchedAt[role]!
              ? WEIGHTS.extraOptional
              : role === FAMILY
                ? familyMatched
                  ? WEIGHTS.extraSecondFamily
                  : WEIGHTS.extraListFamily
                : WEIGHTS.extraList
      const t = n.tokens[ci]!
      const cost = share * (t.f.length === 1 ? 1 : idf[n.ids[ci]!]!)
      den += cost
      if (features) {
        features.unmatched_list.push(t.f)
        features.omitted.push({ token: t.f, role: ROLE_NAMES[role]!, share })
        if (share === WEIGHTS.extraOptional || share === WEIGHTS.extraSecondFamily) {
          features.partial ??= { omitted: [], confirmed_by_birth_date: false }
          features.partial.omitted.push(t.f)
        }
      }
    }
    let score = den > 0 ? num / den : 0
    if (queryLegal !== undefined || n.legalForm !== undefined) {
      const adjustment =
        queryLegal !== undefined && n.legalForm !== undefined && queryLegal !== n.legalForm
          ? WEIGHTS.legalFormMismatch
          : 0
      score += adjustment
      if (features) features.legal_form = { query: queryLegal ?? null, list: n.legalForm ?? null, adjustment }
    }
    score = Math.max(0, score)
    if (features) features.name = round(score)
    return score
  }

  /** The name score alone (stage 2 over all candidates). */
  function nameScore(query: QueryToken[], queryLegal: string | undefined, n: IndexedName): number {
    align(query, n)
    return tally(query, queryLegal, n)
  }

  /** The name score and the features that produced it (for the names that become hits). */
  function scoreName(
    query: QueryToken[],
    queryLegal: string | undefined,
    n: IndexedName,
  ): { score: number; features: Explanation['features'] } {
    const features: Explanation['features'] = {
      name: 0,
      tokens: [],
      unmatched_query: [],
      unmatched_list: [],
      omitted: [],
    }
    align(query, n)
    const score = tally(query, queryLegal, n, features)
    return { score, features }
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
    // A letter too many, too few or two swapped ("xal", "Adb", "Driks"): the list words one such
    // edit away, looked up by their keys (a typo may well be another list word).
    if (q.c === undefined && q.f.length >= (exact === undefined ? 3 : 4) && q.f.length <= 24) {
      for (const v of oneEditVariants(q.f)) {
        const id = vocab.get(phoneticKey(v))
        if (id !== undefined && !out.has(id)) out.set(id, WEIGHTS.editShort)
      }
    }
    for (const key of q.m ?? []) {
      const id = vocab.get(key)
      if (id !== undefined && !out.has(id)) out.set(id, WEIGHTS.feminine)
    }
    // A skeleton of one consonant says too little ("Ali", "Wali", "ولی" are all "l").
    const ck = q.c ?? consonantKey(q.f)
    const byConsonants =
      ck.length < 2 ? undefined : q.c !== undefined ? consonantIndex.get(ck) : abjadConsonants.get(ck)
    for (const id of byConsonants ?? []) if (!out.has(id)) out.set(id, WEIGHTS.consonants)
    if (q.c !== undefined) for (const id of abjadConsonants.get(ck) ?? []) if (!out.has(id)) out.set(id, 1)
    return out
  }

  // The vocabulary near a query word, best 40 first: the same words recur across queries (Jan,
  // Novák, Mohammed), so the lookup is kept per word (bounded).
  const nearMemo = new Map<string, [number, number][]>()
  function nearIds(q: Token): [number, number][] {
    const key = `${q.f}\u0000${q.c ?? ''}`
    let near = nearMemo.get(key)
    if (!near) {
      near = [...expand(q)].sort((a, b) => b[1] - a[1]).slice(0, 40)
      if (nearMemo.size >= 50_000) nearMemo.clear()
      nearMemo.set(key, near)
    }
    return near
  }

  /**
   * Stage 1: names that share enough of the query's weight, best first. Query words go rarest
   * first; once the words left could not lift a name not yet seen to the floor, only names
   * already seen collect (MaxScore pruning: the candidates are the same, the long posting
   * lists of common words are not walked).
   */
  function candidates(query: QueryToken[], allow: Allow): number[] {
    touched.length = 0
    let total = 0
    const plan: { near: [number, number][]; boost: number; max: number }[] = []
    for (const q of query) {
      total += q.weight
      if (q.f.length < 2) continue // initials cannot retrieve; they are scored in stage 2
      const near = nearIds(q)
      const boost = q.role === FAMILY ? WEIGHTS.familyName : 1
      let max = 0
      for (const [id, est] of near) max = Math.max(max, idf[id]! * est * boost)
      plan.push({ near, boost, max })
    }
    // A name must share a good part of the query's weight to be worth scoring.
    const floor = 0.3 * total
    plan.sort((a, b) => b.max - a.max)
    let rest = 0
    for (const p of plan) rest += p.max
    for (const p of plan) {
      const canReach = rest >= floor
      rest -= p.max
      const stampId = ++stampCounter
      for (let k = 0; k < p.near.length; k++) {
        const [id, est] = p.near[k]!
        const w = idf[id]! * est * p.boost
        const list = postings[id]!
        // A word in thousands of names ("mohammed") brings no new names once rarer words have
        // brought more than stage 2 takes: those names only add to what is already seen.
        const open = canReach && !(list.length > COMMON_POSTINGS && touched.length >= maxCandidates)
        if (!open && list.length > touched.length * 4) {
          for (const n of touched) {
            if (stamp[n] === stampId || !names[n]!.ids.includes(id)) continue
            stamp[n] = stampId
            acc[n]! += w
          }
          continue
        }
        for (let i = 0; i < list.length; i++) {
          const n = list[i]!
          if (stamp[n] === stampId) continue
          if (stamp[n]! < 0) {
            if (!open) continue
            touched.push(n)
            acc[n] = 0
          }
          stamp[n] = stampId
          acc[n]! += w
        }
      }
    }
    // Ranked by an estimate of the stage-2 score: the shared weight over the query's weight and
    // a fifth of what the name has beyond it (a long name sharing one word ranks below a short one).
    const kept: number[] = []
    for (const n of touched) {
      // The kind of entry from a typed array: no entity object is touched for the names dropped.
      if (
        acc[n]! >= floor &&
        (nameKind[n]! & allow.kinds) !== 0 &&
        (allow.lists === undefined || allow.lists.has(entities[names[n]!.entity]!.list))
      ) {
        kept.push(n)
        rank[n] = acc[n]! / (total + WEIGHTS.extraList * Math.max(0, nameWeight[n]! - acc[n]!))
      }
      stamp[n] = -1
    }
    if (kept.length > maxCandidates) {
      // Only the best maxCandidates are needed: the rank they must reach, found in linear time.
      const ranks = new Float64Array(kept.length)
      for (let i = 0; i < kept.length; i++) ranks[i] = rank[kept[i]!]!
      const cut = kthLargest(ranks, maxCandidates)
      const best = kept.filter((n) => rank[n]! > cut)
      for (const n of kept) if (best.length < maxCandidates && rank[n] === cut) best.push(n)
      return best.sort((a, b) => rank[b]! - rank[a]! || a - b)
    }
    return kept.sort((a, b) => rank[b]! - rank[a]! || a - b)
  }

  function queryTokens(norm: NormalizedName, familyCount: number): QueryToken[] {
    return norm.tokens.map((t, i) => {
      const id = vocab.get(t.p) ?? -1
      const role = PARTICLES.has(t.f) ? PARTICLE_ROLE : i >= norm.tokens.length - familyCount ? FAMILY : OTHER
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

  /** A query token made of a folded word, with the rarity the lists give it. */
  function wordToken(f: string, role: number): QueryToken {
    const p = phoneticKey(f)
    const id = vocab.get(p)
    return { f, p, role, id: id ?? -1, weight: id !== undefined ? idf[id]! : unseenWeight }
  }

  /**
   * The query with words the lists do not know cut where both parts are list words: a fused
   * name ("Ramimakhlouf" → rami makhlouf) or a word boundary in the wrong place ("Arefullaha
   * Ref" → arefullah aref). Of several cuts, the one with the longer shorter part wins.
   */
  function splitVariants(query: QueryToken[]): QueryToken[][] {
    // A lone fused word may cut in several places into list words ("Mingjinhao": mingjin hao,
    // ming jinhao): each of the three cuts with the longest shorter parts is read.
    if (query.length === 1) {
      const q = query[0]!
      if (q.id >= 0 || q.c !== undefined || q.f.length < 6) return []
      return cuts(q.f, -1)
        .slice(0, 3)
        .map(([a, b]) => [wordToken(a, q.role), wordToken(b, q.role)])
    }
    const v = splitVariant(query)
    return v ? [v] : []
  }

  function splitVariant(query: QueryToken[]): QueryToken[] | undefined {
    const out: QueryToken[] = []
    let changed = false
    for (let i = 0; i < query.length; i++) {
      const q = query[i]!
      const next = query[i + 1]
      const latin = (t: QueryToken) => t.c === undefined && t.f.length > 1 && t.role !== PARTICLE_ROLE
      if (next && (q.id < 0 || next.id < 0) && latin(q) && latin(next)) {
        const cut = bestCut(q.f + next.f, q.f.length)
        if (cut) {
          out.push(wordToken(cut[0], q.role), wordToken(cut[1], next.role))
          changed = true
          i++
          continue
        }
      }
      if (q.id < 0 && latin(q) && q.f.length >= 6) {
        const cut = bestCut(q.f, -1)
        if (cut) {
          out.push(wordToken(cut[0], q.role), wordToken(cut[1], q.role))
          changed = true
          continue
        }
      }
      out.push(q)
    }
    return changed ? out : undefined
  }

  /** The cuts of a word into two list words of three letters or more, longest shorter part first. */
  function cuts(word: string, except: number): [string, string][] {
    const found: [string, string][] = []
    for (let k = 3; k <= word.length - 3; k++) {
      if (k === except) continue
      const a = word.slice(0, k)
      const b = word.slice(k)
      if (vocab.has(phoneticKey(a)) && vocab.has(phoneticKey(b))) found.push([a, b])
    }
    const shorter = (c: [string, string]) => Math.min(c[0].length, c[1].length)
    return found.sort((x, y) => shorter(y) - shorter(x))
  }

  function bestCut(word: string, except: number): [string, string] | undefined {
    return cuts(word, except)[0]
  }

  function run(
    text: string,
    norm: NormalizedName,
    familyCount: number,
    allow: number,
    qualify: (e: ListEntity, f: Explanation['features'], name: number, threshold: number) => number,
    opts: ScreenOptions,
  ): Hit[] {
    const th = opts.threshold ?? threshold
    const limit = opts.limit ?? 10
    const lists = opts.lists ? new Set(opts.lists) : undefined
    const allowList: Allow = { kinds: allow, ...(lists ? { lists } : {}) }
    const query = queryTokens(norm, familyCount)
    if (query.length === 0) return []
    // "Abd al-Malik" may be one list word ("Abdulmalik") or two ("Abdul Malik"): both joins are tried.
    // A fused or wrongly cut word may be two list words: the query is also read cut.
    const variants = [query]
    const reading = (v: QueryToken[]) => v.map((t) => t.f).join(' ')
    const splits = splitVariants(query)
    for (const v of [
      joinedVariant(query, [3, 2]),
      joinedVariant(query, [2]),
      ...splits,
      ...splits.map((s) => joinedVariant(s, [3, 2])),
    ]) {
      if (v && !variants.some((x) => reading(x) === reading(v))) variants.push(v)
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
      if (b.q !== query) features.reading = reading(b.q)
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
          if (f.partial && bd.adjustment > 0) f.partial.confirmed_by_birth_date = true
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

  const isPersonLike = PERSON_LIKE
  const isCompanyLike = COMPANY_LIKE

  return {
    threshold,
    stats,
    screenPerson(query, opts = {}) {
      const whole = query.name?.trim()
      if (whole) {
        const norm = normalizeName(whole, { company: false })
        return run(whole, norm, 0, isPersonLike, personQualifier(query), opts)
      }
      const first = query.firstName?.trim() ?? ''
      const last = query.lastName?.trim() ?? ''
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
            omitted: [],
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
      const allow = type === 'person' ? isPersonLike : type === 'company' ? isCompanyLike : ANY_KIND
      const norm = normalizeName(name, { company: type !== 'person' })
      return run(name, norm, 0, allow, (_e, _f, s) => s, opts)
    },
    entity(list, listId) {
      const i = byListId.get(`${list}\u0000${listId}`)
      return i === undefined ? undefined : entities[i]
    },
  }
}

/** Below this length ratio no fuzzy pair reaches the least score a pair needs (see tokenSimilarity). */
const FUZZY_MIN_RATIO = (1 - WEIGHTS.fuzzySlope * (1 - WEIGHTS.minPair) - 0.3) / 0.7

function lengthRatio(a: string, b: string): number {
  return a.length < b.length ? a.length / b.length : b.length / a.length
}

/** Whether `longer` is `shorter` with an a at the end ("jan", "jana"), without building strings. */
function plusA(shorter: string, longer: string): boolean {
  return longer.length === shorter.length + 1 && longer.endsWith('a') && longer.startsWith(shorter)
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
  // The other gender's form has one letter more, a final a (spelt or as the key hears it):
  // "Jan"/"Jana", "Aleksandr"/"Alexandra"; "Vlasoav"/"Vlasova" is a swap, not a gender.
  if (
    q.f.length >= 3 &&
    (plusA(q.f, c.f) ||
      plusA(c.f, q.f) ||
      (plusA(q.p, c.p) && c.f.length > q.f.length && c.f.endsWith('a')) ||
      (plusA(c.p, q.p) && q.f.length > c.f.length && q.f.endsWith('a')))
  )
    return [WEIGHTS.gender, 'gender']
  // Words of too different lengths cannot reach a fuzzy match: Jaro-Winkler is at most
  // 0.8 + 0.2·r for a length ratio r, so the stretched score is at most 0.3 + 0.7·r, under
  // the 0.7 a pair needs when r < 4/7. Only the feminine and abjad features could still match.
  if (
    q.c === undefined &&
    c.c === undefined &&
    q.m === undefined &&
    lengthRatio(q.f, c.f) < FUZZY_MIN_RATIO &&
    lengthRatio(q.p, c.p) < FUZZY_MIN_RATIO &&
    !(q.f.length >= 6 && q.f.endsWith('ova'))
  )
    return [0, 'fuzzy']
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
  if (best < WEIGHTS.editLong && q.c === undefined && c.c === undefined) {
    const shorter = Math.min(q.f.length, c.f.length)
    const worth =
      shorter >= 7
        ? WEIGHTS.editLong
        : shorter >= 5
          ? WEIGHTS.edit
          : shorter >= 3
            ? WEIGHTS.editShort
            : shorter === 2 && (PARTICLES.has(c.f) || PARTICLES.has(q.f))
              ? WEIGHTS.editParticle
              : 0
    if (worth > best && oneEditApart(q.f, c.f)) {
      best = worth
      how = 'edit'
    }
  }
  if ((q.c !== undefined || c.c !== undefined) && best < WEIGHTS.consonants) {
    const qc = q.c ?? consonantKey(q.f)
    const cc = c.c ?? consonantKey(c.f)
    const s =
      qc.length < 2 || cc.length < 2
        ? 0
        : qc === cc
          ? WEIGHTS.consonants
          : fuzzy(jaroWinkler(qc, cc), qc, cc) * WEIGHTS.consonants
    if (s > best) {
      best = s
      how = 'consonants'
    }
  }
  return [best, how]
}

/**
 * Whether two words are one letter inserted, dropped, or two neighbours swapped apart (not a
 * letter replaced: Jaro-Winkler and the phonetic key judge those). Linear in the word length.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (la === lb) {
    // Two neighbours swapped, the rest equal.
    return (
      i + 1 < la &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      a.slice(i + 2) === b.slice(i + 2)
    )
  }
  // One letter more on the longer side at the first difference.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** The words one letter dropped or two neighbours swapped away (candidate lookups of unknown words). */
function oneEditVariants(word: string): string[] {
  const out = new Set<string>()
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1))
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2))
  }
  return [...out]
}

const PATRONYMIC = /(ovich|evich|ovitch|evitch|ovic|evic|ovych|evych|ovna|evna|ichna|ivna|ovics)$/

function isPatronymic(folded: string): boolean {
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
    // A family name the list gives as such stays one even with a patronymic's ending: Serbian
    // and Croatian surnames end in -ević, -ović ("RADISAVLJEVIC").
    if (PARTICLES.has(t.f)) roles[i] = PARTICLE_ROLE
    else if (family?.has(t.f)) roles[i] = FAMILY
    else if (isPatronymic(t.f)) roles[i] = PATRONYMIC_ROLE
    else if (given?.has(t.f)) roles[i] = GIVEN
    else roles[i] = OTHER
  })
  return roles
}

/** Digits only, without a country prefix: "CZ05556121" → "05556121", "C 121509" → "121509". */
function identifierKey(value: string): string {
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
