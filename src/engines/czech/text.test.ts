import { describe, expect, it } from 'vitest'
import { fold, foldWords } from './text.ts'

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
