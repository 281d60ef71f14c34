import { describe, expect, it } from 'vitest'
import { fold, foldWords, STOPWORDS, stemCzechLight, stemCzechSnowball, stemEnglish } from './text.ts'

describe('Czech folding', () => {
  it.each([
    ['Příliš Žluťoučký kůň', 'prilis zlutoucky kun'],
    ['ŘÍZENÍ', 'rizeni'],
    ['Ústí nad Labem', 'usti nad labem'],
    // precomposed and decomposed input fold alike
    ['Nova\u0301kova\u0301', 'novakova'],
    ['Łódź Ørsted', 'łodz ørsted'],
  ])('folds %j to %j', (input, folded) => {
    expect(fold(input)).toBe(folded)
  })

  it('keeps only words, single-spaced, when asked', () => {
    expect(foldWords('  Brno - Královo Pole, 612 00 ')).toBe('brno kralovo pole 612 00')
  })
})

describe('Czech stemming', () => {
  it('gives the light stem of a case form the same with or without diacritics', () => {
    for (const word of ['skutečného', 'skutecneho', 'skutečný'])
      expect(stemCzechLight(fold(word))).toBe('skutecn')
    expect(stemCzechLight(fold('platbách'))).toBe(stemCzechLight(fold('platba')))
  })

  it('gives palatalised forms one light stem (banka, bance)', () => {
    expect(stemCzechLight('bance')).toBe(stemCzechLight('banka'))
  })

  it('leaves words too short to carry an ending alone', () => {
    expect(stemCzechLight('dph')).toBe('dph')
    expect(stemCzechLight('les')).toBe('les')
  })

  it('strips Czech suffixes with Snowball, keeping diacritics', () => {
    expect(stemCzechSnowball('platbách')).toBe('platb')
    expect(stemCzechSnowball('nemovitostech')).toBe('nemovitost')
    expect(stemCzechSnowball('skutečného')).toBe('skutečn')
  })

  it('stems English with Snowball (Porter 2)', () => {
    expect(stemEnglish('valuations')).toBe('valuat')
    expect(stemEnglish('owners')).toBe(stemEnglish('owner'))
  })
})

describe('stopwords', () => {
  it('holds Czech and English function words, folded', () => {
    for (const word of ['a', 'je', 'pro', 'ktery', 'protoze', 'the', 'of', 'which'])
      expect(STOPWORDS.has(word)).toBe(true)
  })

  it('keeps topic words searchable', () => {
    for (const word of ['zakon', 'law', 'smlouva', 'dane']) expect(STOPWORDS.has(word)).toBe(false)
  })
})
