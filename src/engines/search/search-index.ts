/**
 * Deterministic local full-text search over a fixed set of documents (MiniSearch), with Czech and
 * English term processing (text.ts).
 *
 * Relevance is MiniSearch's BM25+ (k1 = 1.2, b = 0.7, δ = 0.5), summed over the query's terms
 * (OR) and the indexed fields, each field weighted by its boost. A query term also matches:
 * - as a prefix when it has 4 or more characters ("nemovit" finds "nemovitost"), at 0.375 of the
 *   weight of an exact match;
 * - with typos when it has 5 or more characters: up to round(0.2 × length) edits, so one edit for
 *   5–7 characters and two for 8–12 ("nemovitosy" finds "nemovitosti"), at 0.45 of the weight.
 * The raw score is a positive real number; it is published as the integer
 * `max(1, round(raw × 100))` and results are ordered by that integer, descending, then by id
 * (code-unit order), so equal scores always come out in the same order whatever the insertion
 * order of the documents.
 */
import MiniSearch, { type Query } from 'minisearch'
import { processTerm, tokenize } from './text.ts'

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

export interface SearchHit {
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

export class SearchIndex {
  private readonly index: MiniSearch<Document>
  readonly size: number

  /**
   * @param documents every document, each with a unique `id` and the text fields
   * @param boosts weight of each text field (the fields indexed are exactly these keys)
   */
  constructor(documents: readonly Document[], boosts: Readonly<Record<string, number>>) {
    this.index = new MiniSearch<Document>({
      idField: 'id',
      fields: Object.keys(boosts),
      storeFields: [],
      tokenize,
      processTerm,
      searchOptions: {
        boost: { ...boosts },
        combineWith: 'OR',
        prefix: (term) => term.length >= RELEVANCE.prefixMinLength,
        fuzzy: (term) => (term.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.fuzzyFraction : false),
        weights: { ...RELEVANCE.weights },
        bm25: { ...RELEVANCE.bm25 },
      },
    })
    this.index.addAll(documents)
    this.size = documents.length
  }

  search(query: string, options: SearchOptions): SearchPage {
    const filter = options.filter
    const raw = this.index.search(
      { combineWith: 'OR', queries: queryTree(query) },
      filter ? { filter: (r) => filter(String(r.id)) } : {},
    )
    const scored = raw.map((r) => ({ id: String(r.id), score: toScore(r.score) }))
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    return { total: scored.length, hits: scored.slice(0, options.limit) }
  }
}

const asIs = (term: string) => term

/**
 * Two OR-branches per query word: the word as typed (folded) may match as a prefix and with
 * round(0.2 × length) edits; its stems as a prefix and with at most one edit. Fuzzy lookups are the
 * expensive part of a search (the cost grows steeply with the edit distance), and a stem already
 * stands for many forms, so stems get one edit: enough for Czech vowel alternations such as
 * smlouva / smluv, at a fraction of the cost of two.
 */
function queryTree(query: string): Query[] {
  const branches: Query[] = []
  for (const token of tokenize(query)) {
    const terms = processTerm(token)
    if (!terms) continue
    const [word, ...stems] = terms as [string, ...string[]]
    branches.push({
      queries: [word],
      processTerm: asIs,
      prefix: word.length >= RELEVANCE.prefixMinLength,
      fuzzy: word.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.fuzzyFraction : false,
    })
    const distinct = stems.filter((stem) => stem !== word)
    if (distinct.length > 0) {
      branches.push({
        queries: distinct,
        processTerm: asIs,
        prefix: (term) => term.length >= RELEVANCE.prefixMinLength,
        // One edit bridges Czech stem alternations Snowball leaves apart (smlouv- / smluv-).
        fuzzy: (term) => (term.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.stemEdits : false),
      })
    }
  }
  return branches
}

/** Raw BM25+ (a positive real) → the published integer score, never below 1. */
export function toScore(raw: number): number {
  return Math.max(1, Math.round(raw * RELEVANCE.scoreScale))
}
