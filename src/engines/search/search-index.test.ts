import { describe, expect, it } from 'vitest'
import { fold } from '../czech/text.ts'
import { SearchIndex, toScore } from './search-index.ts'
import { processTerm, tokenize } from './text.ts'

const docs = [
  {
    id: 'pravni-analyza',
    title: 'Právní analýza smluv',
    description: 'Rozbor kupních a nájemních smluv',
    excerpt: 'Právní posouzení rizik v nemovitostech a smluvních vztazích.',
  },
  {
    id: 'aml-screening',
    title: 'AML screening',
    description: 'Screening of persons and companies against sanctions lists',
    excerpt: 'Each screening checks the EU, UN, OFAC and UK lists and politically exposed persons.',
  },
  {
    id: 'oceneni-nemovitosti',
    title: 'Ocenění nemovitostí',
    description: 'Odhad tržní ceny bytu porovnávací metodou',
    excerpt: 'Ocenění vychází z inzerátů v okolí a ceny za metr čtvereční.',
  },
  {
    id: 'property-valuation',
    title: 'Property valuation',
    description: 'Market value of an apartment from comparable listings',
    excerpt: 'Valuations use the price per square metre of comparable apartments.',
  },
  // Two documents with identical text: their scores tie exactly.
  { id: 'twin-b', title: 'Platební QR kód', description: 'QR platba', excerpt: 'Formát SPAYD.' },
  { id: 'twin-a', title: 'Platební QR kód', description: 'QR platba', excerpt: 'Formát SPAYD.' },
]

const index = new SearchIndex(docs, { title: 3, description: 2, excerpt: 1 })
const ids = (q: string, limit = 10) => index.search(q, { limit }).hits.map((h) => h.id)

describe('term processing', () => {
  it('folds case and diacritics', () => {
    expect(fold('Právní ŘÍZENÍ')).toBe('pravni rizeni')
  })

  it('drops stopwords and single letters but keeps digits', () => {
    expect(processTerm('a')).toBeNull()
    expect(processTerm('the')).toBeNull()
    expect(processTerm('pro')).toBeNull()
    expect(processTerm('7')).toEqual(['7'])
  })

  it('emits the folded form and the Czech and English stems', () => {
    expect(processTerm('nemovitostech')).toEqual(expect.arrayContaining(['nemovitostech', 'nemovitost']))
    expect(processTerm('platbách')).toEqual(expect.arrayContaining(['platbach', 'platb']))
    expect(processTerm('valuations')).toEqual(expect.arrayContaining(['valuations', 'valuat']))
  })

  it('splits on punctuation inside words and numbers', () => {
    expect(tokenize('e-mail, zákon 253/2008 Sb.')).toEqual(['e', 'mail', 'zákon', '253', '2008', 'Sb'])
  })
})

describe('SearchIndex', () => {
  it('finds "právní" when typed without diacritics', () => {
    expect(ids('pravni')[0]).toBe('pravni-analyza')
  })

  it('matches Czech word forms through the stemmer', () => {
    // "nemovitostech" (locative plural) shares the stem with "nemovitostí" and "nemovitostech".
    expect(ids('nemovitostech')).toEqual(expect.arrayContaining(['oceneni-nemovitosti', 'pravni-analyza']))
    expect(ids('smlouvy')).toContain('pravni-analyza')
  })

  it('matches English word forms through the stemmer', () => {
    expect(ids('valuing')[0]).toBe('property-valuation')
    expect(ids('screenings')[0]).toBe('aml-screening')
  })

  it('tolerates a typo in a word of five or more letters', () => {
    expect(ids('nemovitosy')).toContain('oceneni-nemovitosti')
    expect(ids('sanktions')).toContain('aml-screening')
  })

  it('does not apply typo tolerance to short words', () => {
    // "amk" is one edit from "aml" but has only three letters.
    expect(ids('amk')).toEqual([])
  })

  it('matches prefixes of four or more letters', () => {
    expect(ids('ocen')).toContain('oceneni-nemovitosti')
  })

  it('ranks a title match above an excerpt-only match', () => {
    const hits = index.search('screening', { limit: 10 }).hits
    expect(hits[0]!.id).toBe('aml-screening')
  })

  it('returns integer scores of at least 1, in descending order', () => {
    const { hits } = index.search('ocenění nemovitostí valuation', { limit: 10 })
    expect(hits.length).toBeGreaterThan(1)
    for (const h of hits) {
      expect(Number.isInteger(h.score)).toBe(true)
      expect(h.score).toBeGreaterThanOrEqual(1)
    }
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
  })

  it('breaks score ties by id, not by insertion order', () => {
    const { hits } = index.search('SPAYD', { limit: 10 })
    expect(hits.map((h) => h.id)).toEqual(['twin-a', 'twin-b'])
    expect(hits[0]!.score).toBe(hits[1]!.score)
  })

  it('counts every match but returns at most limit hits', () => {
    const page = index.search('ocenění valuation platba screening právní', { limit: 2 })
    expect(page.total).toBeGreaterThan(2)
    expect(page.hits).toHaveLength(2)
  })

  it('applies the filter before counting', () => {
    const page = index.search('ocenění valuation', { limit: 10, filter: (id) => id === 'property-valuation' })
    expect(page).toEqual({ total: 1, hits: [{ id: 'property-valuation', score: expect.any(Number) }] })
  })

  it('returns nothing for a query of stopwords only', () => {
    expect(index.search('a the pro', { limit: 10 })).toEqual({ total: 0, hits: [] })
  })

  it('maps tiny raw scores to 1', () => {
    expect(toScore(0.0001)).toBe(1)
    expect(toScore(2.345)).toBe(235)
  })
})
