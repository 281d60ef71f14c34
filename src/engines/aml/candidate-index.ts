/**
 * Stage 1 of screening: the candidate index over every matchable list name.
 *
 * Each query token is looked up in an inverted index keyed by phonetic key, widened through
 * character trigrams (a misspelt token still finds its neighbours), one-letter edits, feminine
 * -ová stems and, for tokens written in Arabic script, consonant skeletons. Names collect the
 * rarity (IDF) of the query tokens they share; the best `maxCandidates` (ranked by an estimate of
 * the stage-2 score) go on to the scorer.
 */
import { nameRoles, Role } from './name-roles.ts'
import { consonantKey, normalizeName, phoneticKey, type Token } from './normalize.ts'
import { trigrams } from './similarity.ts'
import type { EntityName, EntityType, ListEntity } from './types.ts'
import { WEIGHTS } from './weights.ts'

/** One matchable list name: its entity and, for companies, its legal form; its tokens are in NameTokens. */
export interface IndexedName {
  /** Position of the entity in the engine's entity array. */
  entityIndex: number
  name: EntityName
  legalForm: string | undefined
}

/**
 * The tokens of every indexed name in flat arrays, name k's at positions start[k] to start[k+1]:
 * scoring a name reads a few short contiguous runs instead of an object per token.
 */
export interface NameTokens {
  start: Int32Array
  tokens: Token[]
  /** Vocabulary id (phonetic key) of each token: the candidate index's unit. */
  vocabularyIds: Int32Array
  /**
   * Spelling id of each token (folded form and phonetic key; abjad tokens apart): everything a
   * token comparison reads of a list token, so the unit of the scorer's comparison memo.
   */
  spellingIds: Int32Array
  /** Role of each token (name-roles.ts). */
  roles: Uint8Array
  /** What each token weighs: the rarity (IDF) of its word, 1 for an initial. */
  weights: Float64Array
}

/** A query word as the index reads it: its token, its role, and the rarity the lists give it. */
export interface QueryToken extends Token {
  role: number
  /** Inverse document frequency of the word (of an unseen word: as if in no name). */
  weight: number
  /** Vocabulary id, -1 for a word no list name has. */
  vocabularyId: number
}

/** Kinds of entry as bits, so stage 1 filters names by a typed array. */
const KIND_BITS: Record<EntityType, number> = {
  person: 1,
  company: 2,
  organization: 2,
  unknown: 3,
  vessel: 4,
  aircraft: 4,
}

/** Kind filters of stage 1: persons (and unknown), companies (and unknown), anything. */
export const Kinds = { personLike: 1, companyLike: 2, any: 7 } as const

/** Which names stage 1 may pass on: kinds of entry (Kinds bits) and, when given, lists. */
export interface CandidateFilter {
  kinds: number
  lists?: ReadonlySet<string>
}

/** Posting lists longer than this (names holding the word) are a common word's (stage 1). */
const COMMON_POSTINGS = 2000

/** A name must share this part of the query's weight to be worth scoring. */
const CANDIDATE_FLOOR = 0.3

/** Vocabulary words kept per query word, best estimate first. */
const NEIGHBOURS_PER_WORD = 40

/** Query words whose neighbourhoods are kept before the memo starts over. */
const NEIGHBOUR_MEMO_WORDS = 50_000

/** Entities (or tokens) handled between two yields of the build: about 10 ms of work. */
export const BUILD_SLICE = 1000

/** The vocabulary near one query word: ids and an estimate of their similarity, best first. */
interface Neighbourhood {
  ids: number[]
  estimates: number[]
}

/**
 * Builds the index, yielding every few milliseconds of work (see kit/slices.ts: the caller runs
 * it in one go or in slices that let the event loop run).
 */
export function* buildCandidateIndex(entities: ListEntity[]): Generator<void, CandidateIndex> {
  const names: IndexedName[] = []
  const start: number[] = [0]
  const tokens: Token[] = []
  const vocabularyIds: number[] = []
  const spellingIds: number[] = []
  const roles: number[] = []
  const vocabulary = new Map<string, number>()
  const vocabularyKeys: string[] = []
  const documentFrequency: number[] = []
  const postingsBuild: number[][] = []

  const spellings = new Map<string, number>()
  const spellingId = (t: Token): number => {
    const key = `${t.folded}\u0000${t.phoneticKey}${t.consonantSkeleton === undefined ? '' : '#'}`
    let id = spellings.get(key)
    if (id === undefined) {
      id = spellings.size
      spellings.set(key, id)
    }
    return id
  }

  const intern = (key: string): number => {
    let id = vocabulary.get(key)
    if (id === undefined) {
      id = vocabularyKeys.length
      vocabulary.set(key, id)
      vocabularyKeys.push(key)
      documentFrequency.push(0)
      postingsBuild.push([])
    }
    return id
  }

  for (let e = 0; e < entities.length; e++) {
    if (e % BUILD_SLICE === BUILD_SLICE - 1) yield
    const entity = entities[e]!
    const isPerson = entity.type === 'person'
    const seen = new Set<string>()
    for (const name of entity.names) {
      if (name.kind === 'weak') continue
      const norm = normalizeName(name.full, { company: !isPerson })
      if (norm.tokens.length === 0) continue
      const signature = norm.tokens.map((t) => t.folded).join(' ')
      if (seen.has(signature)) continue
      seen.add(signature)
      const nameId = names.length
      const local = new Set<number>()
      for (const t of norm.tokens) {
        const id = intern(t.phoneticKey)
        tokens.push(t)
        vocabularyIds.push(id)
        spellingIds.push(spellingId(t))
        if (!local.has(id)) {
          local.add(id)
          documentFrequency[id]!++
          postingsBuild[id]!.push(nameId)
        }
      }
      for (const role of nameRoles(name, norm.tokens)) roles.push(role)
      start.push(tokens.length)
      names.push({ entityIndex: e, name, legalForm: norm.legalForm })
    }
  }

  // Trigram → vocabulary ids, for fuzzy token lookup; consonant skeleton → ids, for abjad tokens.
  const trigramIndex = new Map<string, number[]>()
  const trigramCount = new Uint16Array(vocabularyKeys.length)
  const latinByConsonants = new Map<string, number[]>()
  const abjadByConsonants = new Map<string, number[]>()
  for (let id = 0; id < vocabularyKeys.length; id++) {
    if (id % (BUILD_SLICE * 5) === 0) yield
    const grams = new Set(trigrams(vocabularyKeys[id]!))
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
  for (let i = 0; i < tokens.length; i++) {
    if (i % (BUILD_SLICE * 10) === 0) yield
    const t = tokens[i]!
    const skeleton = t.consonantSkeleton ?? consonantKey(t.folded)
    const id = vocabularyIds[i]!
    const target = t.consonantSkeleton !== undefined ? abjadByConsonants : latinByConsonants
    let arr = target.get(skeleton)
    if (!arr) {
      arr = []
      target.set(skeleton, arr)
    }
    if (arr[arr.length - 1] !== id && !arr.includes(id)) arr.push(id)
  }

  const idf = new Float64Array(vocabularyKeys.length)
  for (let i = 0; i < idf.length; i++) idf[i] = Math.log(1 + names.length / documentFrequency[i]!)
  return new CandidateIndex({
    entities,
    names,
    nameTokens: {
      start: Int32Array.from(start),
      tokens,
      vocabularyIds: Int32Array.from(vocabularyIds),
      spellingIds: Int32Array.from(spellingIds),
      roles: Uint8Array.from(roles),
      weights: Float64Array.from(tokens, (t, i) => (t.folded.length === 1 ? 1 : idf[vocabularyIds[i]!]!)),
    },
    vocabulary,
    idf,
    postings: flatten(postingsBuild),
    spellingCount: spellings.size,
    trigramIndex,
    trigramCount,
    latinByConsonants,
    abjadByConsonants,
  })
}

interface IndexParts {
  entities: ListEntity[]
  names: IndexedName[]
  nameTokens: NameTokens
  vocabulary: Map<string, number>
  idf: Float64Array
  postings: FlatLists
  spellingCount: number
  trigramIndex: Map<string, number[]>
  trigramCount: Uint16Array
  latinByConsonants: Map<string, number[]>
  abjadByConsonants: Map<string, number[]>
}

export class CandidateIndex {
  readonly names: IndexedName[]
  readonly nameTokens: NameTokens
  /** The entity (position in the entity array) of each name. */
  readonly entityOfName: Int32Array
  /** Distinct spellings of list words (the scorer's memo has a slot per query word and spelling). */
  readonly spellingCount: number
  /** Inverse document frequency of each vocabulary id: log(1 + names / names holding it). */
  readonly idf: Float64Array
  /** The weight of a word no list name has: as rare as can be. */
  readonly unseenWeight: number

  private readonly entities: ListEntity[]
  private readonly vocabulary: Map<string, number>
  /** The names holding each vocabulary id. */
  private readonly postings: FlatLists
  private readonly trigramIndex: Map<string, number[]>
  private readonly trigramCount: Uint16Array
  /** Consonant skeletons of Latin-script words → ids, for abjad query words. */
  private readonly latinByConsonants: Map<string, number[]>
  /** Consonant skeletons of abjad-script words → ids, for Latin query words and abjad ones. */
  private readonly abjadByConsonants: Map<string, number[]>
  /** Kind bits of each name, so names of other kinds are dropped without touching their entity. */
  private readonly nameKind: Uint8Array
  /** Each name's own weight: the rarity of its words (family names weigh more). */
  private readonly nameWeight: Float64Array

  // Scratch space of one candidate search: per name, the query word that last touched it (stamp;
  // -1 untouched) and the weight it accumulated, side by side in one array (one cache line per
  // name walked); the rank of the names kept, the names touched, trigram hits per vocabulary id.
  private readonly tally: Float64Array
  private readonly rank: Float64Array
  private readonly touched: number[] = []
  private readonly gramHits: Uint16Array
  private stampCounter = 0

  // The vocabulary near a query word, best 40 first: the same words recur across queries (Jan,
  // Novák, Mohammed), so the lookup is kept per word (bounded).
  private readonly neighbourMemo = new Map<string, Neighbourhood>()

  constructor(parts: IndexParts) {
    this.entities = parts.entities
    this.names = parts.names
    this.nameTokens = parts.nameTokens
    this.vocabulary = parts.vocabulary
    this.idf = parts.idf
    this.postings = parts.postings
    this.spellingCount = parts.spellingCount
    this.trigramIndex = parts.trigramIndex
    this.trigramCount = parts.trigramCount
    this.latinByConsonants = parts.latinByConsonants
    this.abjadByConsonants = parts.abjadByConsonants
    const count = this.names.length
    this.nameKind = Uint8Array.from(this.names, (n) => KIND_BITS[this.entities[n.entityIndex]!.type])
    this.unseenWeight = Math.log(1 + count)
    this.nameWeight = new Float64Array(count)
    const { start, vocabularyIds, roles } = this.nameTokens
    for (let k = 0; k < count; k++) {
      for (let i = start[k]!; i < start[k + 1]!; i++)
        this.nameWeight[k]! +=
          this.idf[vocabularyIds[i]!]! * (roles[i] === Role.family ? WEIGHTS.familyName : 1)
    }
    this.tally = new Float64Array(2 * count)
    for (let k = 0; k < count; k++) this.tally[2 * k] = -1
    this.entityOfName = Int32Array.from(this.names, (n) => n.entityIndex)
    this.rank = new Float64Array(count)
    this.gramHits = new Uint16Array(this.vocabulary.size)
  }

  get vocabularySize(): number {
    return this.vocabulary.size
  }

  /** The vocabulary id of a phonetic key, undefined for a key no list name has. */
  vocabularyId(phonetic: string): number | undefined {
    return this.vocabulary.get(phonetic)
  }

  /** Whether some Latin-script list word has this consonant skeleton. */
  hasLatinSkeleton(skeleton: string): boolean {
    return this.latinByConsonants.has(skeleton)
  }

  /** A query token of `token` in `role`, with the rarity the lists give it. */
  queryToken(token: Token, role: number): QueryToken {
    const id = this.vocabulary.get(token.phoneticKey)
    return {
      ...token,
      role,
      vocabularyId: id ?? -1,
      weight: id !== undefined ? this.idf[id]! : this.unseenWeight,
    }
  }

  /**
   * Names that share enough of the query's weight, best first. Query words go rarest first; once
   * the words left could not lift a name not yet seen to the floor, only names already seen
   * collect (MaxScore pruning: the candidates are the same, the long posting lists of common
   * words are not walked).
   */
  candidates(query: QueryToken[], filter: CandidateFilter, maxCandidates: number): number[] {
    const { idf, tally, rank, touched } = this
    const { start: postingStart, items: postingNames } = this.postings
    touched.length = 0
    let total = 0
    const plan: { neighbours: Neighbourhood; boost: number; maxContribution: number }[] = []
    for (const q of query) {
      total += q.weight
      if (q.folded.length < 2) continue // initials cannot retrieve; they are scored in stage 2
      const neighbours = this.neighbours(q)
      const boost = q.role === Role.family ? WEIGHTS.familyName : 1
      let maxContribution = 0
      for (let k = 0; k < neighbours.ids.length; k++)
        maxContribution = Math.max(
          maxContribution,
          idf[neighbours.ids[k]!]! * neighbours.estimates[k]! * boost,
        )
      plan.push({ neighbours, boost, maxContribution })
    }
    const floor = CANDIDATE_FLOOR * total
    plan.sort((a, b) => b.maxContribution - a.maxContribution)
    let rest = 0
    for (const p of plan) rest += p.maxContribution
    for (const p of plan) {
      const canReach = rest >= floor
      rest -= p.maxContribution
      const stampId = ++this.stampCounter
      const { ids, estimates } = p.neighbours
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!
        const w = idf[id]! * estimates[k]! * p.boost
        const from = postingStart[id]!
        const to = postingStart[id + 1]!
        const length = to - from
        // A word in thousands of names ("mohammed") brings no new names once rarer words have
        // brought more than stage 2 takes: those names only add to what is already seen.
        const open = canReach && !(length > COMMON_POSTINGS && touched.length >= maxCandidates)
        if (!open && length > touched.length * 4) {
          for (const n of touched) {
            if (tally[2 * n] === stampId || !this.nameHas(n, id)) continue
            tally[2 * n] = stampId
            tally[2 * n + 1]! += w
          }
          continue
        }
        for (let i = from; i < to; i++) {
          const n = postingNames[i]!
          const seen = tally[2 * n]!
          if (seen === stampId) continue
          if (seen < 0) {
            if (!open) continue
            touched.push(n)
            tally[2 * n + 1] = 0
          }
          tally[2 * n] = stampId
          tally[2 * n + 1]! += w
        }
      }
    }
    // Ranked by an estimate of the stage-2 score: the shared weight over the query's weight and
    // a fifth of what the name has beyond it (a long name sharing one word ranks below a short one).
    const kept: number[] = []
    for (const n of touched) {
      const acc = tally[2 * n + 1]!
      // The kind of entry from a typed array: no entity object is touched for the names dropped.
      if (
        acc >= floor &&
        (this.nameKind[n]! & filter.kinds) !== 0 &&
        (filter.lists === undefined || filter.lists.has(this.entities[this.entityOfName[n]!]!.list))
      ) {
        kept.push(n)
        rank[n] = acc / (total + WEIGHTS.extraList * Math.max(0, this.nameWeight[n]! - acc))
      }
      tally[2 * n] = -1
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

  /** Whether name `n` has a token of vocabulary id `id`. */
  private nameHas(n: number, id: number): boolean {
    const { start, vocabularyIds } = this.nameTokens
    for (let i = start[n]!; i < start[n + 1]!; i++) if (vocabularyIds[i] === id) return true
    return false
  }

  /** The vocabulary near a query word, best first (kept per word, bounded). */
  private neighbours(q: Token): Neighbourhood {
    const key = `${q.folded}\u0000${q.consonantSkeleton ?? ''}`
    let near = this.neighbourMemo.get(key)
    if (!near) {
      near = best(this.expand(q), NEIGHBOURS_PER_WORD)
      if (this.neighbourMemo.size >= NEIGHBOUR_MEMO_WORDS) this.neighbourMemo.clear()
      this.neighbourMemo.set(key, near)
    }
    return near
  }

  /** Vocabulary ids near a query token, with an estimate of their similarity. */
  private expand(q: Token): Map<number, number> {
    const out = new Map<number, number>()
    const phonetic = q.phoneticKey
    const exact = this.vocabulary.get(phonetic)
    if (exact !== undefined) out.set(exact, 1)
    if (phonetic.length >= 3) {
      const grams = new Set(trigrams(phonetic))
      const hitIds: number[] = []
      const gramHits = this.gramHits
      for (const g of grams) {
        const arr = this.trigramIndex.get(g)
        if (!arr) continue
        for (const id of arr) {
          if (gramHits[id] === 0) hitIds.push(id)
          gramHits[id]!++
        }
      }
      for (const id of hitIds) {
        const dice = (2 * gramHits[id]!) / (grams.size + this.trigramCount[id]!)
        gramHits[id] = 0
        if (dice >= 0.5 && !out.has(id)) out.set(id, dice)
      }
    }
    // A letter too many, too few or two swapped ("xal", "Adb", "Driks"): the list words one such
    // edit away, looked up by their keys (a typo may well be another list word).
    const skeleton = q.consonantSkeleton
    if (skeleton === undefined && q.folded.length >= (exact === undefined ? 3 : 4) && q.folded.length <= 24) {
      for (const v of oneEditVariants(q.folded)) {
        const id = this.vocabulary.get(phoneticKey(v))
        if (id !== undefined && !out.has(id)) out.set(id, WEIGHTS.editShort)
      }
    }
    for (const key of q.masculineKeys ?? []) {
      const id = this.vocabulary.get(key)
      if (id !== undefined && !out.has(id)) out.set(id, WEIGHTS.feminine)
    }
    // A skeleton of one consonant says too little ("Ali", "Wali", "ولی" are all "l").
    const ck = skeleton ?? consonantKey(q.folded)
    const byConsonants =
      ck.length < 2
        ? undefined
        : skeleton !== undefined
          ? this.latinByConsonants.get(ck)
          : this.abjadByConsonants.get(ck)
    for (const id of byConsonants ?? []) if (!out.has(id)) out.set(id, WEIGHTS.consonants)
    if (skeleton !== undefined)
      for (const id of this.abjadByConsonants.get(ck) ?? []) if (!out.has(id)) out.set(id, 1)
    return out
  }
}

/** Lists of numbers end to end: list i is items[start[i]] to items[start[i + 1]]. */
interface FlatLists {
  start: Int32Array
  items: Int32Array
}

function flatten(lists: number[][]): FlatLists {
  const start = new Int32Array(lists.length + 1)
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i]! + lists[i]!.length
  const items = new Int32Array(start[lists.length]!)
  for (let i = 0; i < lists.length; i++) items.set(lists[i]!, start[i]!)
  return { start, items }
}

/**
 * The `k` entries of highest estimate, best first, equal estimates in the map's order (what a
 * stable sort and a cut would give, without sorting the hundreds a short word can have).
 */
function best(estimates: Map<number, number>, k: number): Neighbourhood {
  const ids: number[] = []
  const values: number[] = []
  for (const [id, value] of estimates) {
    if (ids.length === k && values[k - 1]! >= value) continue
    let at = ids.length < k ? ids.length : k - 1
    while (at > 0 && values[at - 1]! < value) at--
    ids.splice(at, 0, id)
    values.splice(at, 0, value)
    if (ids.length > k) {
      ids.pop()
      values.pop()
    }
  }
  return { ids, estimates: values }
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
