import { describe, expect, it } from 'vitest'
import { analyze, analyzeQuery, detectLanguage, questionLanguage, tokenize } from './text.ts'

describe('text analysis', () => {
  it('tokenises on letters and digits only', () => {
    expect(tokenize('§ 9 odst. 2, zákon č. 253/2008 Sb.')).toEqual([
      '9',
      'odst',
      '2',
      'zakon',
      'c',
      '253',
      '2008',
      'sb',
    ])
  })

  it('gives Czech case forms one stem, with or without diacritics', () => {
    const forms = ['povinná osoba', 'povinné osoby', 'povinnou osobu', 'povinne osobe']
    const stems = forms.map((f) => analyze(f, 'cs').join(' '))
    expect(new Set(stems).size).toBe(1)
    expect(analyze('skutečného majitele', 'cs')).toEqual(analyze('skutecneho majitel', 'cs'))
  })

  it('keeps short words and numbers as they are', () => {
    expect(analyze('dph', 'cs')).toEqual(['dph'])
    expect(analyze('lhůta 20 dnů', 'cs')).toContain('20')
  })

  it('stems English with Snowball', () => {
    expect(analyze('identified owners', 'en')).toEqual(analyze('identify owner', 'en'))
  })

  it('drops Czech and English stopwords', () => {
    expect(analyze('a je to pro the of', 'cs')).toEqual([])
  })

  it('detects Czech from its letters and function words, English from its own', () => {
    expect(detectLanguage('Povinná osoba oznámí podezřelý obchod')).toBe('cs')
    expect(detectLanguage('The obliged entity reports the transaction')).toBe('en')
    expect(detectLanguage('IČO 27074358')).toBe('cs')
    expect(detectLanguage('12345')).toBeUndefined()
  })

  it('analyses a query in both languages, one group per distinct content word', () => {
    const groups = analyzeQuery('Kdo je skutečný majitel majitel?')
    expect(groups).toHaveLength(2)
    expect(groups[0]).toContain('skutecn')
  })

  it('tells a question’s language from its function words, letters and term-list hints', () => {
    expect(questionLanguage('What is the cash limit?')).toBe('en')
    expect(questionLanguage('Kolik činí limit?')).toBe('cs')
    expect(questionLanguage('maximum cash payment per day', { cs: 0, en: 3 })).toBe('en')
    expect(questionLanguage('hotovost limit', { cs: 1, en: 0 })).toBe('cs')
  })
})
