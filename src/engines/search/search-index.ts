/**
 * Deterministic local full-text search over a fixed set of documents, with Czech and English term
 * processing (text.ts).
 *
 * Relevance is BM25+ (k1 = 1.2, b = 0.7, δ = 0.5), summed over the query's terms (OR) and the
 * indexed fields, each field weighted by its boost. A query term also matches:
 * - as a prefix when it has 4 or more characters ("nemovit" finds "nemovitost"), at 0.375 of the
 *   weight of an exact match;
 * - with typos when it has 5 or more characters: up to round(0.2 × length) edits, so one edit for
 *   5–7 characters and two for 8–12 ("nemovitosy" finds "nemovitosti"), at 0.45 of the weight.
 * The raw score is a positive real number; it is published as the integer
 * `max(1, round(raw × 100))` and results are ordered by that integer, descending, then by id
 * (code-unit order), so equal scores always come out in the same order whatever the insertion
 * order of the documents.
 *
 * The ranking is MiniSearch's (its tokenizer, BM25+ and prefix and fuzzy weights, and its order of
 * floating-point additions, so every raw score is bit for bit the one MiniSearch computes; the
 * tests compare the two). MiniSearch builds the term statistics once; queries run against tables
 * derived from them at load, because MiniSearch's fuzzy lookup walks its whole radix tree with an
 * edit-distance matrix on every query (about 300 µs of CPU for a two-word query over 72 records):
 * - every BM25+ term of every (term, field, document) posting precomputed (it depends only on the
 *   documents);
 * - typo candidates from a deletion neighbourhood: the hash of each term with up to two characters
 *   deleted points back at the term, so the hashes of a query term's own deletions find every term
 *   within two edits (and a few hash collisions), and only those candidates get an exact edit
 *   distance (a wider edit budget, for words of 13+ characters, checks the few terms of a similar
 *   length directly);
 * - prefix matches by binary search in the terms sorted by code unit;
 * - the terms of every token seen in the documents (as written and without diacritics) kept, so
 *   the Snowball stemmers (about 3 µs a call) run at query time only for words the documents do
 *   not contain.
 */
import MiniSearch from 'minisearch'
import { fold } from '../czech/text.ts'
import { processTerm, tokenize } from './text.ts'
import { MAX_EDITS, TypoIndex } from './typo-index.ts'

export const RELEVANCE = {
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  /** Processed query terms at least this long also match as prefixes. */
  prefixMinLength: 4,
  /** Processed query terms at least this long also match with edits. */
  fuzzyMinLength: 5,
  /** Edit distance as a fraction of the term's length (rounded). */
  fuzzyFraction: 0.2,
  /** Edits allowed on a stem of fuzzyMinLength+ characters. */
  stemEdits: 1,
  weights: { prefix: 0.375, fuzzy: 0.45 },
  /** The integer score is round(raw × scale), at least 1. */
  scoreScale: 100,
} as const

interface SearchHit {
  id: string
  /** Integer relevance, >= 1; higher is more relevant. */
  score: number
}

export interface SearchPage {
  /** Every document that matched (before `limit`). */
  total: number
  /** The best `limit` of them, by score descending, then id ascending. */
  hits: SearchHit[]
}

export interface SearchOptions {
  limit: number
  /** Keeps only documents for which it returns true (applied before counting and ranking). */
  filter?: (id: string) => boolean
}

type Document = { id: string } & Record<string, string>

/** One lookup of a query term: the term, whether it matches as a prefix, its edit budget. */
interface TermQuery {
  term: string
  prefix: boolean
  edits: number
}

/**
 * Per-document score accumulator: MiniSearch keeps a map per query term and folds the maps
 * together with `a + b` per document, so the additions are grouped the same way here. The
 * documents touched are listed, so clearing and folding cost what a lookup matched, not the size
 * of the collection.
 */
class Scores {
  readonly score: Float64Array
  readonly seen: Uint8Array
  readonly touched: Int32Array
  count = 0
  constructor(n: number) {
    this.score = new Float64Array(n)
    this.seen = new Uint8Array(n)
    this.touched = new Int32Array(n)
  }
  clear(): void {
    for (let i = 0; i < this.count; i++) this.seen[this.touched[i]!] = 0
    this.count = 0
  }
  add(d: number, s: number): void {
    if (this.seen[d]) this.score[d] = this.score[d]! + s
    else {
      this.score[d] = s
      this.seen[d] = 1
      this.touched[this.count++] = d
    }
  }
  /** this = this OR other, as MiniSearch's OR combinator adds: existing + incoming. */
  fold(other: Scores): void {
    for (let i = 0; i < other.count; i++) {
      const d = other.touched[i]!
      this.add(d, other.score[d]!)
    }
  }
}

/**
 * What a query term expands to (see SearchIndex.expand); typo distances kept so that one list
 * built for the larger edit budget also serves the smaller one.
 */
interface Expansion {
  prefixIds: Int32Array
  prefixWeights: Float64Array
  typoIds: Int32Array
  typoDistances: Uint8Array
  typoWeights: Float64Array
}

export class SearchIndex {
  readonly size: number
  private readonly ids: readonly string[]
  private readonly boosts: Float64Array
  private readonly fieldCount: number
  /** Terms in the order MiniSearch's fuzzy lookup visits them (its radix tree, depth first). */
  private readonly terms: readonly string[]
  private readonly termId = new Map<string, number>()
  /** Term ids sorted by the term's code units, for prefix ranges. */
  private readonly sorted: Int32Array
  /** Postings of term t in field f: postDoc/postScore[postStart[t·F+f] .. postStart[t·F+f+1]). */
  private readonly postStart: Int32Array
  private readonly postDoc: Int32Array
  /** BM25+ of the posting, before the term's weight and the field's boost. */
  private readonly postScore: Float64Array
  /**
   * processTerm of every token the documents contain and of its folded form, by NFC lower-case
   * form (processTerm depends on nothing else).
   */
  private readonly tokenTerms = new Map<string, string[] | null>()
  /**
   * The lookups (tokenBranches) of every token in tokenTerms, by the same key, built once the
   * index is: a query word the documents contain costs a map lookup, not its processing.
   */
  private readonly plans = new Map<string, readonly TermQuery[][][]>()

  // Scratch space for one query (search is synchronous, so one set serves every call).
  private readonly lookup: Scores
  private readonly subquery: Scores
  private readonly branch: Scores
  private readonly total: Scores
  private readonly quality: Int32Array
  private readonly keys: Float64Array
  /** Each document's position among the ids in code-unit order, and the ids in that order. */
  private readonly idRank: Int32Array
  private readonly byIdRank: readonly string[]
  /**
   * Each term's whole lookup result (document, score) as a query term, built at load, so a query
   * word the documents contain, and its stems, cost a copy. Two per term, for the edit budgets
   * queryBranches gives a term of that length as a stem (slot 2t) and as a word (slot 2t + 1), with
   * the prefix matching it gives that length; any other lookup is computed when asked. Slot s is
   * resultDoc/resultScore[resultStart[s] .. resultStart[s + 1]), for budget resultEdits[s].
   */
  private readonly resultStart: Int32Array
  private readonly resultDoc: Int32Array
  private readonly resultScore: Float64Array
  private readonly resultEdits: Int8Array
  private marks = new Uint8Array(0)
  /** Terms within a few edits of a query term (the deletion-neighbourhood index). */
  private readonly typos: TypoIndex

  /**
   * @param documents every document, each with a unique `id` and the text fields
   * @param boosts weight of each text field (the fields indexed are exactly these keys)
   */
  constructor(documents: readonly Document[], boosts: Readonly<Record<string, number>>) {
    const fields = Object.keys(boosts)
    const mini = new MiniSearch<Document>({
      idField: 'id',
      fields,
      storeFields: [],
      tokenize,
      processTerm: (token) => this.process(token),
    })
    mini.addAll(documents)
    // Words are often typed without their diacritics: the folded form of every token the
    // documents contain is processed now too (its stems differ from the accented word's).
    for (const key of [...this.tokenTerms.keys()]) this.process(fold(key))
    const data = mini.toJSON()
    const n = documents.length
    this.size = n
    const ids: string[] = []
    for (let d = 0; d < n; d++) ids.push(String(data.documentIds[d]))
    this.ids = ids
    const F = fields.length
    this.fieldCount = F
    this.boosts = new Float64Array(fields.map((f) => boosts[f] || 1))
    const fieldIds = fields.map((f) => data.fieldIds[f]!)

    // toJSON lists terms as MiniSearch iterates them, the reverse of its fuzzy lookup's order.
    const entries = data.index.slice().reverse()
    this.terms = entries.map(([term]) => term)
    const { k, b, d: delta } = RELEVANCE.bm25
    const starts: number[] = []
    const docs: number[] = []
    const scores: number[] = []
    for (let t = 0; t < entries.length; t++) {
      const [term, byField] = entries[t]!
      this.termId.set(term, t)
      for (let f = 0; f < F; f++) {
        starts.push(docs.length)
        const freqs = byField[fieldIds[f]!]
        if (!freqs) continue
        const postings = Object.keys(freqs)
        const matching = postings.length
        const avgFieldLength = data.averageFieldLength[fieldIds[f]!]!
        for (const key of postings) {
          const doc = Number(key)
          const termFreq = freqs[key]!
          const fieldLength = data.fieldLength[doc]![fieldIds[f]!]!
          // MiniSearch's calcBM25Score, operation for operation.
          const invDocFreq = Math.log(1 + (n - matching + 0.5) / (matching + 0.5))
          docs.push(doc)
          scores.push(
            invDocFreq *
              (delta + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength))),
          )
        }
      }
    }
    starts.push(docs.length)
    this.postStart = Int32Array.from(starts)
    this.postDoc = Int32Array.from(docs)
    this.postScore = Float64Array.from(scores)
    const terms = this.terms
    this.sorted = Int32Array.from(terms.keys()).sort((x, y) =>
      terms[x]! < terms[y]! ? -1 : terms[x]! > terms[y]! ? 1 : 0,
    )
    this.typos = new TypoIndex(terms, RELEVANCE.fuzzyMinLength)
    this.lookup = new Scores(n)
    const resultStart = [0]
    const resultDoc: number[] = []
    const resultScore: number[] = []
    this.resultEdits = new Int8Array(2 * terms.length).fill(-1)
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!
      const length = term.length
      const prefix = length >= RELEVANCE.prefixMinLength
      const fuzzy = length >= RELEVANCE.fuzzyMinLength
      const asStem = fuzzy ? RELEVANCE.stemEdits : 0
      const asWord = fuzzy ? Math.min(MAX_EDITS, Math.round(length * RELEVANCE.fuzzyFraction)) : 0
      const expansion = this.expand(term, prefix, Math.max(asWord, asStem))
      for (const edits of [asStem, asWord]) {
        const lookup = this.lookup
        lookup.clear()
        this.lookUpLive(t, { term, prefix, edits }, expansion, lookup)
        for (let i = 0; i < lookup.count; i++) {
          resultDoc.push(lookup.touched[i]!)
          resultScore.push(lookup.score[lookup.touched[i]!]!)
        }
        resultStart.push(resultDoc.length)
      }
      this.resultEdits[2 * t] = asStem
      this.resultEdits[2 * t + 1] = asWord
    }
    this.resultStart = Int32Array.from(resultStart)
    this.resultDoc = Int32Array.from(resultDoc)
    this.resultScore = Float64Array.from(resultScore)
    this.subquery = new Scores(n)
    this.branch = new Scores(n)
    this.total = new Scores(n)
    this.quality = new Int32Array(n)
    this.keys = new Float64Array(n)
    this.byIdRank = [...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    const rank = new Map(this.byIdRank.map((id, r) => [id, r]))
    this.idRank = Int32Array.from(ids, (id) => rank.get(id)!)
    for (const [key, terms] of this.tokenTerms) this.plans.set(key, terms ? tokenBranches(terms) : [])
    this.tokenTerms.clear()
  }

  search(query: string, options: SearchOptions): SearchPage {
    const n = this.size
    const { lookup, subquery, branch, total, quality } = this
    total.clear()
    // Distinct looked-up terms: a document's score is multiplied by how many of them it matched.
    const sources = new Map<string, number>()
    let marks = this.marks
    // Each query word's branches in turn, in the order of the words.
    for (const token of tokenize(query)) {
      for (const lookups of this.branchesOf(token)) {
        branch.clear()
        for (const group of lookups) {
          subquery.clear()
          for (const q of group) {
            lookup.clear()
            this.lookUp(q, lookup)
            let source = sources.get(q.term)
            if (source === undefined) {
              source = sources.size
              sources.set(q.term, source)
              if (marks.length < (source + 1) * n) {
                const grown = new Uint8Array(Math.max(marks.length * 2, (source + 1) * n))
                grown.set(marks)
                marks = this.marks = grown
              }
              marks.fill(0, source * n, (source + 1) * n)
            }
            const base = source * n
            for (let i = 0; i < lookup.count; i++) {
              const d = lookup.touched[i]!
              if (!marks[base + d]) {
                marks[base + d] = 1
                quality[d]!++
              }
            }
            // Folding into an empty accumulator copies, so a single lookup or subquery is used as is.
            if (group.length > 1) subquery.fold(lookup)
          }
          if (lookups.length > 1) branch.fold(group.length > 1 ? subquery : lookup)
        }
        total.fold(lookups.length > 1 ? branch : lookups[0]!.length > 1 ? subquery : lookup)
      }
    }

    // Order by integer score descending, then id ascending, as one number per document,
    // score × n + (n − 1 − the id's rank among the ids): exact while score × n < 2^53, and a
    // score is round(100 × BM25+ × matched terms), some thousands at most for 160 characters.
    // Only the best `limit` are ordered: each key is inserted into a short descending list
    // (keys are distinct, the id rank is part of them), matched × limit steps at most.
    const filter = options.filter
    const limit = Math.max(0, Math.min(options.limit, n))
    const top = this.keys
    let kept = 0
    let matched = 0
    for (let i = 0; i < total.count; i++) {
      const d = total.touched[i]!
      const terms = quality[d]!
      quality[d] = 0
      if (filter && !filter(this.ids[d]!)) continue
      matched++
      const key = toScore(total.score[d]! * (terms || 1)) * n + n - 1 - this.idRank[d]!
      if (kept === limit && (kept === 0 || key < top[kept - 1]!)) continue
      let at = kept < limit ? kept++ : kept - 1
      while (at > 0 && top[at - 1]! < key) {
        top[at] = top[at - 1]!
        at--
      }
      top[at] = key
    }
    const hits: SearchHit[] = []
    for (let i = 0; i < kept; i++) {
      const key = top[i]!
      const score = Math.floor(key / n)
      hits.push({ id: this.byIdRank[n - 1 - (key - score * n)]!, score })
    }
    return { total: matched, hits }
  }

  /** The terms of a token, while the index is built (each token processed once). */
  private process(token: string): string[] | null {
    const key = token.normalize('NFC').toLowerCase()
    let terms = this.tokenTerms.get(key)
    if (terms === undefined) {
      terms = processTerm(token)
      this.tokenTerms.set(key, terms)
    }
    return terms
  }

  /**
   * The OR-branches a query token adds: the documents' own tokens from the table built at load;
   * any other word processed now (a query's unknown words must not grow the table).
   */
  private branchesOf(token: string): readonly TermQuery[][][] {
    const known = this.plans.get(token.normalize('NFC').toLowerCase())
    if (known) return known
    const terms = processTerm(token)
    return terms ? tokenBranches(terms) : []
  }

  /** MiniSearch's executeQuerySpec: the exact term, then its prefix matches, then its typos. */
  private lookUp(q: TermQuery, into: Scores): void {
    const exact = this.termId.get(q.term)
    if (exact !== undefined && q.prefix === q.term.length >= RELEVANCE.prefixMinLength) {
      for (let slot = 2 * exact; slot < 2 * exact + 2; slot++) {
        if (this.resultEdits[slot] !== q.edits) continue
        const { resultDoc, resultScore } = this
        for (let i = this.resultStart[slot]!, end = this.resultStart[slot + 1]!; i < end; i++) {
          into.add(resultDoc[i]!, resultScore[i]!)
        }
        return
      }
    }
    this.lookUpLive(exact, q, this.expand(q.term, q.prefix, q.edits), into)
  }

  /** The lookup computed from the term's expansion (built for q.edits or more). */
  private lookUpLive(exact: number | undefined, q: TermQuery, e: Expansion, into: Scores): void {
    if (exact !== undefined) this.addTerm(exact, 1, into)
    for (let i = 0; i < e.prefixIds.length; i++) this.addTerm(e.prefixIds[i]!, e.prefixWeights[i]!, into)
    if (q.edits === 0) return
    for (let i = 0; i < e.typoIds.length; i++) {
      if (e.typoDistances[i]! <= q.edits) this.addTerm(e.typoIds[i]!, e.typoWeights[i]!, into)
    }
  }

  /**
   * The other terms a query term stands for, in MiniSearch's order and with its weights: prefix
   * matches (longer terms starting with it), then terms within `edits` edits that are not prefix
   * matches.
   */
  private expand(term: string, prefix: boolean, edits: number): Expansion {
    const length = term.length
    const typos = new Map<number, number>()
    if (edits > 0) {
      const c = this.typos.within(term, edits)
      for (let i = 0; i < c.ids.length; i++) if (c.distances[i]! > 0) typos.set(c.ids[i]!, c.distances[i]!)
    }
    const prefixIds: number[] = []
    const prefixWeights: number[] = []
    if (prefix) {
      // MiniSearch iterates a prefix's terms in the reverse of its fuzzy lookup's order.
      const range = this.prefixRange(term)
      if (range.length > 1) range.sort((x, y) => y - x)
      const weight = RELEVANCE.weights.prefix
      for (const t of range) {
        const derived = this.terms[t]!
        const distance = derived.length - length
        if (!distance) continue
        // A term that is both a prefix match and a typo counts once, as a prefix match.
        typos.delete(t)
        prefixIds.push(t)
        prefixWeights.push((weight * derived.length) / (derived.length + 0.3 * distance))
      }
    }
    const typoIds = [...typos.keys()].sort((x, y) => x - y)
    const weight = RELEVANCE.weights.fuzzy
    return {
      prefixIds: Int32Array.from(prefixIds),
      prefixWeights: Float64Array.from(prefixWeights),
      typoIds: Int32Array.from(typoIds),
      typoDistances: Uint8Array.from(typoIds, (t) => typos.get(t)!),
      typoWeights: Float64Array.from(typoIds, (t) => {
        const derivedLength = this.terms[t]!.length
        return (weight * derivedLength) / (derivedLength + typos.get(t)!)
      }),
    }
  }

  /** MiniSearch's termResults: every posting of the term, field by field. */
  private addTerm(t: number, weight: number, into: Scores): void {
    const { postStart, postDoc, postScore, boosts, fieldCount } = this
    for (let f = 0; f < fieldCount; f++) {
      const fieldWeight = weight * boosts[f]!
      for (let p = postStart[t * fieldCount + f]!, end = postStart[t * fieldCount + f + 1]!; p < end; p++) {
        into.add(postDoc[p]!, fieldWeight * postScore[p]!)
      }
    }
  }

  /** Ids of the terms that start with `prefix` (the prefix itself included). */
  private prefixRange(prefix: string): number[] {
    const { sorted, terms } = this
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (terms[sorted[mid]!]! < prefix) lo = mid + 1
      else hi = mid
    }
    const range: number[] = []
    for (let i = lo; i < sorted.length && terms[sorted[i]!]!.startsWith(prefix); i++) range.push(sorted[i]!)
    return range
  }

  /** Every term within `max` edits (Levenshtein: insert, delete, substitute) of `term`. */
}

const PLAIN = /^[a-z0-9]+$/

/**
 * Two OR-branches per query word (the word's terms from processTerm): the word as typed (folded)
 * may match as a prefix and with round(0.2 × length) edits; its stems as a prefix and with at most
 * one edit. Fuzzy lookups are the expensive part of a search (the cost grows steeply with the edit
 * distance), and a stem already stands for many forms, so stems get one edit: enough for Czech
 * vowel alternations such as smlouva / smluv, at a fraction of the cost of two.
 *
 * Shape: branches → subqueries (one per word or stem) → lookups. MiniSearch tokenizes each
 * subquery string again, which leaves a folded word or stem whole unless folding produced a
 * character that is neither a letter nor a digit.
 */
function tokenBranches(terms: readonly string[]): TermQuery[][][] {
  const split = (s: string) => (PLAIN.test(s) ? [s] : tokenize(s).filter((t) => t.length > 0))
  const [word, ...stems] = terms as [string, ...string[]]
  const prefix = word.length >= RELEVANCE.prefixMinLength
  const fraction = word.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.fuzzyFraction : 0
  const branches: TermQuery[][][] = [
    [
      split(word).map((term) => ({
        term,
        prefix,
        edits: fraction ? Math.min(MAX_EDITS, Math.round(term.length * fraction)) : 0,
      })),
    ],
  ]
  const distinct = stems.filter((stem) => stem !== word)
  if (distinct.length > 0) {
    branches.push(
      distinct.map((stem) =>
        split(stem).map((term) => ({
          term,
          prefix: term.length >= RELEVANCE.prefixMinLength,
          // One edit bridges Czech stem alternations Snowball leaves apart (smlouv- / smluv-).
          edits: term.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.stemEdits : 0,
        })),
      ),
    )
  }
  return branches
}

/** Raw BM25+ (a positive real) → the published integer score, never below 1. */
export function toScore(raw: number): number {
  return Math.max(1, Math.round(raw * RELEVANCE.scoreScale))
}
