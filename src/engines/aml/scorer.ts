/**
 * Stage 2 of screening: the explainable name scorer.
 *
 * Query and list tokens are aligned one to one (order free, best pairs first), each pair scored by
 * token-similarity.ts, and the pairs weighed by rarity; unmatched query tokens cost 0.8 of their
 * weight, unmatched list tokens 0.2 (a list name often carries a patronymic or a second alias part
 * the client does not write), less for the parts people leave out in everyday use.
 */
import type { CandidateIndex, NameTokens, QueryToken } from './candidate-index.ts'
import { emptyFeatures, type MatchFeatures, round } from './explanation.ts'
import { isPatronymic, ROLE_NAMES, Role } from './name-roles.ts'
import { isGenericWord, type Token } from './normalize.ts'
import { type TokenComparison, tokenPair } from './token-similarity.ts'
import { WEIGHTS } from './weights.ts'

/** How a query is matched: as a company name (generic words weigh little), with initials or not. */
export interface QueryMode {
  /** The query's legal-form class, when it has one. */
  legalForm?: string | undefined
  /**
   * A company (or any-type) query: generic words weigh `WEIGHTS.genericWord`, and a match resting
   * on them alone is capped unless the names are the same generic words.
   */
  company: boolean
  /** Whether a one-letter word may stand for a word it starts (persons: "O. V. Deripaska"). */
  initials: boolean
  /** The company name is nothing but legal forms: each of its words counts as a generic word. */
  legalFormOnly?: boolean
}

/** A name score and, when asked for, the features that produced it. */
export interface NameScore {
  score: number
  features?: MatchFeatures
}

/** Letters a company word needs to identify a company on its own (see `score`). */
const IDENTIFYING_LENGTH = 5

/** Query tokens covered by the comparison memo (longer queries compare the rest directly). */
const MEMO_TOKENS = 8

/** Tokens of a name (query or list) the alignment looks at. */
const MAX_TOKENS = 256

/** Candidate pairs the alignment considers per name. */
const MAX_PAIRS = 1024

/** The memo's mark of a comparison that makes no pair (never aligned). */
const NO_PAIR: TokenComparison = { similarity: -1, feature: 'fuzzy' }

/**
 * Scores list names against queries. One scorer serves one index (its names' tokens, spellings
 * and rarities) and one query at a time; `forQuery` starts a query.
 */
export class NameScorer {
  private readonly nameTokens: NameTokens
  private readonly legalForms: (string | undefined)[]
  /** 1 for each list token that is a generic word of company names. */
  private readonly genericList: Uint8Array

  // Per-query memo of token comparisons: candidates share tokens heavily ("mohammed" in hundreds
  // of names), so each query token is compared once per list spelling. Slots stamped by query,
  // for the first MEMO_TOKENS query tokens, laid out by spelling so that the comparisons of one
  // list token with every query token share a cache line.
  private readonly memo: TokenComparison[]
  private readonly memoStamp: Int32Array
  private queryStamp = 0

  // Scratch space of the alignment: candidate pairs in descending order of similarity, and the
  // one-to-one alignment chosen from them (the list token of each query token, -1 for none).
  private readonly pairSimilarity = new Float64Array(MAX_PAIRS)
  private readonly pairQuery = new Uint16Array(MAX_PAIRS)
  private readonly pairList = new Uint16Array(MAX_PAIRS)
  private readonly pairComparison: TokenComparison[] = Array.from({ length: MAX_PAIRS }, () => NO_PAIR)
  private readonly listTokenOfQuery = new Int16Array(MAX_TOKENS)
  private readonly comparisonOfQuery: TokenComparison[] = Array.from({ length: MAX_TOKENS }, () => NO_PAIR)
  private readonly listTokenUsed = new Uint8Array(MAX_TOKENS)

  constructor(index: CandidateIndex) {
    this.nameTokens = index.nameTokens
    this.legalForms = index.names.map((n) => n.legalForm)
    this.genericList = Uint8Array.from(index.nameTokens.tokens, (t) => (isGenericWord(t.folded) ? 1 : 0))
    // Filled, not `new Array(n)`: a large sparse array would be kept as a dictionary.
    this.memo = Array.from({ length: MEMO_TOKENS * index.spellingCount }, () => NO_PAIR)
    this.memoStamp = new Int32Array(MEMO_TOKENS * index.spellingCount)
  }

  /** Starts scoring `query` in `mode`: token comparisons are kept for it. */
  forQuery(query: QueryToken[], mode: QueryMode): QueryScoring {
    return new QueryScoring(this, query, mode, ++this.queryStamp)
  }

  /** The comparison of query token `qi` and list token `t` when they make a pair, else NO_PAIR. */
  private compare(stamp: number, qi: number, query: QueryToken, t: number): TokenComparison {
    if (qi >= MEMO_TOKENS) return pairOrNone(query, this.nameTokens.tokens[t]!)
    const slot = this.nameTokens.spellingIds[t]! * MEMO_TOKENS + qi
    if (this.memoStamp[slot] !== stamp) {
      this.memo[slot] = pairOrNone(query, this.nameTokens.tokens[t]!)
      this.memoStamp[slot] = stamp
    }
    return this.memo[slot]!
  }

  /**
   * Aligns the query and list name `nameId` one to one, best pairs first, order free: fills
   * `listTokenOfQuery` (relative to the name's first token), `comparisonOfQuery` and
   * `listTokenUsed`.
   */
  private align(scoring: QueryScoring, nameId: number): void {
    const query = scoring.query
    const first = this.nameTokens.start[nameId]!
    const roles = this.nameTokens.roles
    const qn = Math.min(query.length, MAX_TOKENS)
    const cn = Math.min(this.nameTokens.start[nameId + 1]! - first, MAX_TOKENS)
    const { pairSimilarity, pairQuery, pairList, pairComparison } = this
    let count = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const qPatronymic = scoring.patronymic[qi] === 1
      for (let ci = 0; ci < cn && count < MAX_PAIRS; ci++) {
        // A patronymic pairs only with a patronymic: "Ramzan" is not "Ramzanovna".
        if (roles[first + ci] === Role.patronymic && !qPatronymic) continue
        const comparison = this.compare(scoring.stamp, qi, q, first + ci)
        if (comparison === NO_PAIR) continue
        // In a company name a lone letter is a word of its own ("OJSC N Holding"), not an initial.
        if (comparison.feature === 'initial' && !scoring.mode.initials) continue
        const sim = comparison.similarity
        // Insertion into the list kept in descending order of similarity.
        let k = count++
        while (k > 0 && pairSimilarity[k - 1]! < sim) {
          pairSimilarity[k] = pairSimilarity[k - 1]!
          pairQuery[k] = pairQuery[k - 1]!
          pairList[k] = pairList[k - 1]!
          pairComparison[k] = pairComparison[k - 1]!
          k--
        }
        pairSimilarity[k] = sim
        pairQuery[k] = qi
        pairList[k] = ci
        pairComparison[k] = comparison
      }
    }
    this.listTokenOfQuery.fill(-1, 0, qn)
    this.listTokenUsed.fill(0, 0, cn)
    for (let k = 0; k < count; k++) {
      const qi = pairQuery[k]!
      const ci = pairList[k]!
      if (this.listTokenOfQuery[qi]! >= 0 || this.listTokenUsed[ci]) continue
      this.listTokenOfQuery[qi] = ci
      this.listTokenUsed[ci] = 1
      this.comparisonOfQuery[qi] = pairComparison[k]!
    }
  }

  /**
   * The name score of list name `nameId` against the query: matched pairs weigh by the rarity
   * (IDF) of the list token, family names more; what either side leaves unmatched costs a share of
   * its weight, by its role. With `explain`, the features that produced it come with it.
   */
  score(scoring: QueryScoring, nameId: number, explain: boolean): NameScore {
    this.align(scoring, nameId)
    const features = explain ? emptyFeatures() : undefined
    const { listTokenOfQuery, comparisonOfQuery, listTokenUsed } = this
    const { tokens, roles, weights } = this.nameTokens
    const query = scoring.query
    const first = this.nameTokens.start[nameId]!
    const qn = Math.min(query.length, MAX_TOKENS)
    const cn = Math.min(this.nameTokens.start[nameId + 1]! - first, MAX_TOKENS)
    // A family name the client wrote makes the list's other family names optional parts: a
    // second surname (Spanish and Portuguese names), a second family word ("MADURO MOROS").
    let familyMatched = false
    let queryExplained = true
    for (let qi = 0; qi < qn; qi++) {
      const ci = listTokenOfQuery[qi]!
      if (ci >= 0 && roles[first + ci] === Role.family) familyMatched = true
      if (ci < 0 && query[qi]!.role !== Role.particle) queryExplained = false
    }
    const optional = familyMatched && queryExplained && qn >= 2
    // Only the later parts are left out in everyday use (the second given name, the mother's
    // surname): a list word before a matched word of its role is not optional ("GIL GARCIA"
    // written as "Garcia" drops the surname that counts).
    const lastMatchedAt = [-1, -1, -1, -1, -1]
    for (let ci = 0; ci < cn; ci++) if (listTokenUsed[ci]) lastMatchedAt[roles[first + ci]!] = ci
    const company = scoring.mode.company
    const genericQuery = scoring.generic
    const genericList = this.genericList
    // Company matching: whether a word other than a generic one matched (and one of five letters
    // or more, at least phonetically: a word that identifies), whether the names are the same
    // words, and the weight of the generic words the client added to the name.
    let distinct = false
    let identifying = false
    let addedGeneric = 0
    let pairs = 0
    let same = true
    let num = 0
    let den = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const ci = listTokenOfQuery[qi]!
      if (ci >= 0) {
        const comparison = comparisonOfQuery[qi]!
        const boost = q.role === Role.family || roles[first + ci] === Role.family ? WEIGHTS.familyName : 1
        const generic = company && (genericQuery[qi] === 1 || genericList[first + ci] === 1)
        // An initial carries the weight of an initial, not of the full name it stands for.
        const w =
          (q.folded.length === 1 ? 1 : weights[first + ci]!) * boost * (generic ? WEIGHTS.genericWord : 1)
        num += w * comparison.similarity
        den += w
        pairs++
        if (!generic) distinct = true
        if (comparison.similarity < WEIGHTS.phonetic) same = false
        else if (!generic && q.folded.length >= IDENTIFYING_LENGTH) identifying = true
        features?.tokens.push({
          query: q.folded,
          list: tokens[first + ci]!.folded,
          score: round(comparison.similarity),
          how: comparison.feature,
        })
      } else {
        const share = q.role === Role.particle ? WEIGHTS.extraParticle : WEIGHTS.extraQuery
        const w =
          share * (q.folded.length === 1 ? 1 : q.weight) * (q.role === Role.family ? WEIGHTS.familyName : 1)
        if (company && genericQuery[qi] === 1) addedGeneric += w
        else den += w
        same = false
        features?.unmatched_query.push(q.folded)
      }
    }
    for (let ci = 0; ci < cn; ci++) {
      if (listTokenUsed[ci]) continue
      const role = roles[first + ci]!
      const share =
        role === Role.patronymic
          ? WEIGHTS.extraPatronymic
          : role === Role.particle
            ? WEIGHTS.extraParticle
            : optional && ci > lastMatchedAt[role]!
              ? WEIGHTS.extraOptional
              : role === Role.family
                ? familyMatched
                  ? WEIGHTS.extraSecondFamily
                  : WEIGHTS.extraListFamily
                : WEIGHTS.extraList
      den +=
        share * weights[first + ci]! * (company && genericList[first + ci] === 1 ? WEIGHTS.genericWord : 1)
      same = false
      if (features) {
        const folded = tokens[first + ci]!.folded
        features.unmatched_list.push(folded)
        features.omitted.push({ token: folded, role: ROLE_NAMES[role]!, share })
        if (share === WEIGHTS.extraOptional || share === WEIGHTS.extraSecondFamily) {
          features.partial ??= { omitted: [], confirmed_by_birth_date: false }
          features.partial.omitted.push(folded)
        }
      }
    }
    // Generic words added to a listed name ("Sovcomflot Group") weigh little next to a word that
    // identifies; next to a short or loose match ("Kovo Trading" ~ KAWA, "AB Holding" ~ AB) they count.
    den += addedGeneric * (identifying ? WEIGHTS.genericWord : 1)
    let score = den > 0 ? num / den : 0
    if (company && pairs > 0 && !distinct) {
      // Only generic words matched: the same generic name is a possible match, anything else none.
      if (same) {
        if (features) features.generic_only = true
      } else score = Math.min(score, WEIGHTS.genericOnlyCap)
    }
    const queryLegal = scoring.mode.legalForm
    const listLegal = this.legalForms[nameId]
    if (queryLegal !== undefined || listLegal !== undefined) {
      const adjustment =
        queryLegal !== undefined && listLegal !== undefined && queryLegal !== listLegal
          ? WEIGHTS.legalFormMismatch
          : 0
      score += adjustment
      if (features) features.legal_form = { query: queryLegal ?? null, list: listLegal ?? null, adjustment }
    }
    score = Math.max(0, score)
    if (features) features.name = round(score)
    return features ? { score, features } : { score }
  }
}

/** The comparison of two tokens when it makes them a pair, else NO_PAIR. */
function pairOrNone(query: Token, list: Token): TokenComparison {
  return tokenPair(query, list) ?? NO_PAIR
}

/** The scoring of one query (one reading of it): names scored alone, or with their explanation. */
export class QueryScoring {
  readonly query: QueryToken[]
  readonly mode: QueryMode
  /** The memo generation of this query. */
  readonly stamp: number
  /** 1 for each query token that is a patronymic. */
  readonly patronymic: Uint8Array
  /** 1 for each query token that is a generic word of company names. */
  readonly generic: Uint8Array
  private readonly scorer: NameScorer

  constructor(scorer: NameScorer, query: QueryToken[], mode: QueryMode, stamp: number) {
    this.scorer = scorer
    this.query = query
    this.mode = mode
    this.stamp = stamp
    this.patronymic = Uint8Array.from(query, (q) => (isPatronymic(q.folded) ? 1 : 0))
    this.generic = Uint8Array.from(query, (q) => (mode.legalFormOnly || isGenericWord(q.folded) ? 1 : 0))
  }

  /** The name score alone (stage 2 over all candidates). */
  score(nameId: number): number {
    return this.scorer.score(this, nameId, false).score
  }

  /** The name score and the features that produced it (for the names that become hits). */
  explain(nameId: number): Required<NameScore> {
    return this.scorer.score(this, nameId, true) as Required<NameScore>
  }
}
