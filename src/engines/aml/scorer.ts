/**
 * Stage 2 of screening: the explainable name scorer.
 *
 * Query and list tokens are aligned one to one (order free, best pairs first), each pair scored by
 * token-similarity.ts, and the pairs weighed by rarity; unmatched query tokens cost 0.8 of their
 * weight, unmatched list tokens 0.2 (a list name often carries a patronymic or a second alias part
 * the client does not write), less for the parts people leave out in everyday use.
 */
import type { IndexedName, QueryToken } from './candidate-index.ts'
import { emptyFeatures, type MatchFeatures, round } from './explanation.ts'
import { isPatronymic, ROLE_NAMES, Role } from './name-roles.ts'
import { isPair, type TokenComparison, tokenSimilarity } from './token-similarity.ts'
import { WEIGHTS } from './weights.ts'

/** A name score and, when asked for, the features that produced it. */
export interface NameScore {
  score: number
  features?: MatchFeatures
}

/** Query tokens covered by the comparison memo (longer queries compare the rest directly). */
const MEMO_TOKENS = 8

/** Tokens of a name (query or list) the alignment looks at. */
const MAX_TOKENS = 256

/** Candidate pairs the alignment considers per name. */
const MAX_PAIRS = 1024

/**
 * Scores list names against queries. One scorer serves one index (its spellings and rarities) and
 * one query at a time; `forQuery` starts a query.
 */
export class NameScorer {
  // Per-query memo of token comparisons: candidates share tokens heavily ("mohammed" in hundreds
  // of names), so each query token is compared once per list spelling. Slots stamped by query,
  // for the first MEMO_TOKENS query tokens.
  private readonly memo: (TokenComparison | undefined)[]
  private readonly memoStamp: Int32Array
  private queryStamp = 0

  // Scratch space of the alignment: candidate pairs in descending order of similarity, and the
  // one-to-one alignment chosen from them (the list token of each query token, -1 for none).
  private readonly pairSimilarity = new Float64Array(MAX_PAIRS)
  private readonly pairQuery = new Uint16Array(MAX_PAIRS)
  private readonly pairList = new Uint16Array(MAX_PAIRS)
  private readonly pairComparison: TokenComparison[] = new Array(MAX_PAIRS)
  private readonly listTokenOfQuery = new Int16Array(MAX_TOKENS)
  private readonly comparisonOfQuery: TokenComparison[] = new Array(MAX_TOKENS)
  private readonly listTokenUsed = new Uint8Array(MAX_TOKENS)

  /** Inverse document frequency per vocabulary id. */
  private readonly idf: Float64Array
  /** Distinct list spellings (memo slots per query token). */
  private readonly spellingCount: number

  constructor(idf: Float64Array, spellingCount: number) {
    this.idf = idf
    this.spellingCount = spellingCount
    // Filled, not `new Array(n)`: a large sparse array would be kept as a dictionary.
    this.memo = Array.from({ length: MEMO_TOKENS * spellingCount }, () => undefined)
    this.memoStamp = new Int32Array(MEMO_TOKENS * spellingCount)
  }

  /** Starts scoring `query` (a company's with its legal form): token comparisons are kept for it. */
  forQuery(query: QueryToken[], legalForm: string | undefined): QueryScoring {
    return new QueryScoring(this, query, legalForm, ++this.queryStamp)
  }

  /** The comparison of query token `qi` and a list token, through the memo of query `stamp`. */
  private compare(
    stamp: number,
    qi: number,
    query: QueryToken,
    name: IndexedName,
    ci: number,
  ): TokenComparison {
    if (qi >= MEMO_TOKENS) return tokenSimilarity(query, name.tokens[ci]!)
    const slot = qi * this.spellingCount + name.spellingIds[ci]!
    if (this.memoStamp[slot] !== stamp) {
      this.memo[slot] = tokenSimilarity(query, name.tokens[ci]!)
      this.memoStamp[slot] = stamp
    }
    return this.memo[slot]!
  }

  /**
   * Aligns query and list tokens one to one, best pairs first, order free: fills
   * `listTokenOfQuery`, `comparisonOfQuery` and `listTokenUsed`.
   */
  private align(stamp: number, query: QueryToken[], n: IndexedName): void {
    const qn = Math.min(query.length, MAX_TOKENS)
    const cn = Math.min(n.tokens.length, MAX_TOKENS)
    const { pairSimilarity, pairQuery, pairList, pairComparison } = this
    let count = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const qPatronymic = isPatronymic(q.folded)
      for (let ci = 0; ci < cn && count < MAX_PAIRS; ci++) {
        // A patronymic pairs only with a patronymic: "Ramzan" is not "Ramzanovna".
        if (n.roles[ci] === Role.patronymic && !qPatronymic) continue
        const comparison = this.compare(stamp, qi, q, n, ci)
        if (!isPair(comparison)) continue
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
   * The name score of `n` against `query`: matched pairs weigh by the rarity (IDF) of the list
   * token, family names more; what either side leaves unmatched costs a share of its weight, by
   * its role. With `explain`, the features that produced it come with it.
   */
  score(
    stamp: number,
    query: QueryToken[],
    queryLegal: string | undefined,
    n: IndexedName,
    explain: boolean,
  ): NameScore {
    this.align(stamp, query, n)
    const features = explain ? emptyFeatures() : undefined
    const { idf, listTokenOfQuery, comparisonOfQuery, listTokenUsed } = this
    const qn = Math.min(query.length, MAX_TOKENS)
    const cn = Math.min(n.tokens.length, MAX_TOKENS)
    // A family name the client wrote makes the list's other family names optional parts: a
    // second surname (Spanish and Portuguese names), a second family word ("MADURO MOROS").
    let familyMatched = false
    let queryExplained = true
    for (let qi = 0; qi < qn; qi++) {
      const ci = listTokenOfQuery[qi]!
      if (ci >= 0 && n.roles[ci] === Role.family) familyMatched = true
      if (ci < 0 && query[qi]!.role !== Role.particle) queryExplained = false
    }
    const optional = familyMatched && queryExplained && qn >= 2
    // Only the later parts are left out in everyday use (the second given name, the mother's
    // surname): a list word before a matched word of its role is not optional ("GIL GARCIA"
    // written as "Garcia" drops the surname that counts).
    const lastMatchedAt = [-1, -1, -1, -1, -1]
    for (let ci = 0; ci < cn; ci++) if (listTokenUsed[ci]) lastMatchedAt[n.roles[ci]!] = ci
    let num = 0
    let den = 0
    for (let qi = 0; qi < qn; qi++) {
      const q = query[qi]!
      const ci = listTokenOfQuery[qi]!
      if (ci >= 0) {
        const c = n.tokens[ci]!
        const comparison = comparisonOfQuery[qi]!
        const boost = q.role === Role.family || n.roles[ci] === Role.family ? WEIGHTS.familyName : 1
        // An initial carries the weight of an initial, not of the full name it stands for.
        const w = (q.folded.length === 1 || c.folded.length === 1 ? 1 : idf[n.vocabularyIds[ci]!]!) * boost
        num += w * comparison.similarity
        den += w
        features?.tokens.push({
          query: q.folded,
          list: c.folded,
          score: round(comparison.similarity),
          how: comparison.feature,
        })
      } else {
        const share = q.role === Role.particle ? WEIGHTS.extraParticle : WEIGHTS.extraQuery
        den +=
          share * (q.folded.length === 1 ? 1 : q.weight) * (q.role === Role.family ? WEIGHTS.familyName : 1)
        features?.unmatched_query.push(q.folded)
      }
    }
    for (let ci = 0; ci < cn; ci++) {
      if (listTokenUsed[ci]) continue
      const role = n.roles[ci]!
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
      const t = n.tokens[ci]!
      den += share * (t.folded.length === 1 ? 1 : idf[n.vocabularyIds[ci]!]!)
      if (features) {
        features.unmatched_list.push(t.folded)
        features.omitted.push({ token: t.folded, role: ROLE_NAMES[role]!, share })
        if (share === WEIGHTS.extraOptional || share === WEIGHTS.extraSecondFamily) {
          features.partial ??= { omitted: [], confirmed_by_birth_date: false }
          features.partial.omitted.push(t.folded)
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
    return features ? { score, features } : { score }
  }
}

/** The scoring of one query (one reading of it): names scored alone, or with their explanation. */
export class QueryScoring {
  readonly query: QueryToken[]
  private readonly scorer: NameScorer
  private readonly legalForm: string | undefined
  /** The memo generation of this query. */
  private readonly stamp: number

  constructor(scorer: NameScorer, query: QueryToken[], legalForm: string | undefined, stamp: number) {
    this.scorer = scorer
    this.query = query
    this.legalForm = legalForm
    this.stamp = stamp
  }

  /** The name score alone (stage 2 over all candidates). */
  score(name: IndexedName): number {
    return this.scorer.score(this.stamp, this.query, this.legalForm, name, false).score
  }

  /** The name score and the features that produced it (for the names that become hits). */
  explain(name: IndexedName): Required<NameScore> {
    return this.scorer.score(this.stamp, this.query, this.legalForm, name, true) as Required<NameScore>
  }
}
