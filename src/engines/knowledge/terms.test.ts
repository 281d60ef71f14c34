import { describe, expect, it } from 'vitest'
import termData from '../../../data/reference/bilingual-terms.json' with { type: 'json' }
import { passageAnalyzer, shippedTermList, type TermEntry, TermList } from './terms.ts'
import { ANALYZER_FINGERPRINT, analyze, analyzeQueryTerms, queryWords } from './text.ts'

const entry = (cs: string[], en: string[]): TermEntry => ({ cs, en, field: 'aml', source: 'amld' })

describe('term list', () => {
  const list = new TermList([
    entry(['skutečný majitel'], ['beneficial owner']),
    entry(['vlastník', 'majitel'], ['owner']),
    entry(['jistota', 'kauce'], ['security deposit']),
    entry(['a.s.'], ['plc']),
  ])

  it('finds a phrase in any inflection and gives each of its words the other language’s stems', () => {
    const words = queryWords('Kdo je skutečným majitelem firmy?')
    const { extras, into } = list.expandQuery(words)
    const english = analyze('beneficial owner', 'en')
    expect(extras[words.indexOf('skutecnym')]).toEqual(expect.arrayContaining(english))
    expect(extras[words.indexOf('majitelem')]).toEqual(expect.arrayContaining(english))
    expect(extras[words.indexOf('firmy')]).toEqual([])
    // What English passages are compared with; Czech ones get the question as asked.
    expect(into).toEqual({ en: ['beneficial owner'], cs: [] })
  })

  it('takes the longest phrase, so a word inside it does not bring its own translations', () => {
    const words = queryWords('beneficial owner register')
    const { extras } = list.expandQuery(words)
    expect(extras[1]).toContain('skutecn')
    expect(extras[1]).not.toContain('vlastnik')
  })

  it('adds the entry’s other wordings in the question’s own language as synonyms', () => {
    const { extras } = list.expandQuery(queryWords('vrácení kauce'))
    expect(extras[1]).toEqual(expect.arrayContaining(['jistot', 'secur', 'deposit']))
  })

  it('finds a Czech word negated with ne- under its plain form', () => {
    const { extras } = list.expandQuery(queryWords('nevlastník'))
    expect(extras[0]).toContain('owner')
  })

  it('ignores wordings that are only stop words or single letters', () => {
    expect(list.expandQuery(queryWords('a.s.')).extras.flat()).toEqual([])
    expect(list.expandQuery(queryWords('plc')).extras.flat()).toEqual(['plc'])
  })

  it('expands a passage with the other language’s stems of every entry in it', () => {
    const terms = analyze('Vlastník může požadovat jistotu.', 'cs')
    expect(list.expandPassage(terms, 'cs')).toEqual(['owner', 'secur', 'deposit'])
    expect(list.expandPassage(analyze('The owner paid.', 'en'), 'en')).toEqual(['vlastnik', 'majitel'])
  })

  it('changes its fingerprint, and the passage analysis’s, when a wording changes', () => {
    const other = new TermList([entry(['skutečný majitel'], ['ultimate beneficial owner'])])
    expect(other.fingerprint).not.toBe(list.fingerprint)
    expect(passageAnalyzer(list).fingerprint).not.toBe(passageAnalyzer(other).fingerprint)
    expect(passageAnalyzer().fingerprint).toBe(ANALYZER_FINGERPRINT)
  })

  it('puts a query word’s added alternatives after its own stems', () => {
    const terms = analyzeQueryTerms('kauce', (words) => list.expandQuery(words).extras)
    expect(terms.groups[0]!.slice(0, terms.own[0])).toEqual(['kauk', 'kauc'])
    expect(terms.groups[0]!.slice(terms.own[0])).toEqual(expect.arrayContaining(['jistot', 'deposit']))
  })
})

describe('the shipped term list', () => {
  it('gives every entry Czech and English wordings, a field and a source it describes', () => {
    const sources = Object.keys(termData.sources)
    for (const e of termData.terms as TermEntry[]) {
      expect(e.cs.length, JSON.stringify(e)).toBeGreaterThan(0)
      expect(e.en.length, JSON.stringify(e)).toBeGreaterThan(0)
      expect(sources, JSON.stringify(e)).toContain(e.source)
      expect(e.field).toMatch(/^[a-z-]+$/)
    }
  })

  it('translates the platform’s core terms in both directions', () => {
    const list = shippedTermList()
    expect(list.size).toBe(termData.terms.length)
    const toEnglish = list.expandQuery(queryWords('politicky exponovaná osoba')).extras.flat()
    expect(toEnglish).toEqual(expect.arrayContaining(analyze('politically exposed person', 'en')))
    const toCzech = list.expandQuery(queryWords('security deposit landlord')).extras.flat()
    expect(toCzech).toEqual(expect.arrayContaining(['jistot', 'pronajimatel']))
  })
})
