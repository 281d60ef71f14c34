/**
 * Czech text folding, the one way the platform compares words regardless of diacritics and case:
 * canonical decomposition (NFD), every combining mark removed, recomposed (NFC) and lower-cased:
 * "Příliš Žluťoučký" → "prilis zlutoucky", "ŘÍZENÍ" → "rizeni". Letters without a decomposition
 * (ł, ø, ß) stay as they are; transliterating other scripts is the AML engine's own business
 * (src/engines/aml/normalize.ts folds with any-ascii for that).
 */

const COMBINING_MARKS = /\p{M}+/gu

export function fold(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC').toLowerCase()
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu

/** Folded words only, joined by single spaces: "Brno - Královo Pole" → "brno kralovo pole". */
export function foldWords(text: string): string {
  return fold(text).replace(NOT_LETTER_OR_DIGIT, ' ').trim()
}
