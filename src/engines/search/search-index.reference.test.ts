/**
 * The index answers every query exactly as MiniSearch configured the same way does (same tokens,
 * BM25+, prefix and typo weights): same count, same documents in the same order, same integer
 * scores. Checked over the shipped snapshot with queries made from its own words, their typos
 * (deleted, inserted, replaced and swapped letters), prefixes, stems, words it does not contain,
 * several words at once and a type-like filter.
 */
import MiniSearch, { type Query } from 'minisearch'
import { describe, expect, it } from 'vitest'
import { SHIPPED_DATASET } from '../../services/discovery/config.ts'
import { FIELD_BOOSTS } from '../../services/discovery/store.ts'
import { DEFAULT_ORIGIN, loadDataset } from '../discovery/dataset.ts'
import { RELEVANCE, SearchIndex, type SearchPage, toScore } from './search-index.ts'
import { processTerm, tokenize } from './text.ts'

type Document = { id: string } & Record<string, string>

/** The search as MiniSearch runs it: two OR-branches per word (the word, then its stems). */
function reference(documents: readonly Document[], boosts: Record<string, number>) {
  const mini = new MiniSearch<Document>({
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
  mini.addAll(documents)
  const asIs = (term: string) => term
  return (query: string, limit: number, filter?: (id: string) => boolean): SearchPage => {
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
          fuzzy: (term) => (term.length >= RELEVANCE.fuzzyMinLength ? RELEVANCE.stemEdits : false),
        })
      }
    }
    const raw = mini.search(
      { combineWith: 'OR', queries: branches },
      filter ? { filter: (r) => filter(String(r.id)) } : {},
    )
    const scored = raw.map((r) => ({ id: String(r.id), score: toScore(r.score) }))
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    return { total: scored.length, hits: scored.slice(0, limit) }
  }
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible query. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const loaded = await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN)
if (!loaded.ok) throw new Error('the shipped dataset is invalid')
const documents = loaded.snapshot.records.map((r) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  excerpt: r.excerpt,
}))
const index = new SearchIndex(documents, FIELD_BOOSTS)
const expected = reference(documents, FIELD_BOOSTS)
const words = [
  ...new Set(documents.flatMap((d) => tokenize(`${d.title} ${d.description} ${d.excerpt}`))),
].sort()

const next = random(20261126)
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
const letters = 'abcdeinorstuvyzáéíýčřšž'
function typo(word: string): string {
  const i = Math.floor(next() * word.length)
  const c = pick([...letters])
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1)
    case 1:
      return word.slice(0, i) + c + word.slice(i)
    case 2:
      return word.slice(0, i) + c + word.slice(i + 1)
    default:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word
  }
}

const same = (query: string, limit = 72, filter?: (id: string) => boolean) =>
  expect(index.search(query, { limit, ...(filter ? { filter } : {}) }), query).toEqual(
    expected(query, limit, filter),
  )

describe('SearchIndex against MiniSearch on the shipped snapshot', () => {
  it('ranks every word of the snapshot identically, as written and lower-cased', () => {
    for (const word of words) {
      same(word)
      same(word.toLowerCase())
    }
  })

  it('ranks one and two typos in long words identically', () => {
    const long = words.filter((w) => w.length >= 5)
    for (let i = 0; i < 1500; i++) {
      const word = pick(long)
      same(typo(word))
      same(typo(typo(word)))
    }
  })

  it('ranks prefixes and words of 13+ letters (three edits or more) identically', () => {
    for (const word of words.filter((w) => w.length >= 6))
      same(word.slice(0, 4 + Math.floor(next() * (word.length - 4))))
    for (const word of words.filter((w) => w.length >= 13)) {
      same(typo(typo(typo(word))))
      same(`${word}${word.slice(0, 4)}`)
    }
  })

  it('ranks multi-word queries identically, whole and cut to a limit and a filter', () => {
    const odd = (id: string) => id.length % 2 === 1
    for (let i = 0; i < 600; i++) {
      const count = 2 + Math.floor(next() * 5)
      const query = Array.from({ length: count }, () =>
        next() < 0.3 ? typo(pick(words)) : pick(words),
      ).join(' ')
      same(query)
      same(query, 3)
      same(query, 10, odd)
    }
  })

  it('ranks repeated words, stopwords, numbers and words the snapshot lacks identically', () => {
    for (const query of [
      'kontrola insolvence',
      'insolvence insolvence insolvenci',
      'a the pro',
      '253 2008 ičo',
      'xylofon',
      'kontrla insolvnce dluzniku',
      'ﬁnance Ⅻ ǅemal',
      'e-mail, zákon 253/2008 Sb.',
      'nemovitosy',
    ])
      same(query)
  })
})
