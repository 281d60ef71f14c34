/**
 * Term processing for Czech and English text: one function turns a token (from the index or from
 * a query) into the terms that are indexed or looked up, so both sides always agree.
 *
 * A token becomes up to four terms, all lower-case and without diacritics:
 * - the token itself, folded ("Právní" → "pravni"), so text typed without diacritics matches;
 * - its Czech Snowball stem (src/engines/czech/text.ts), taken before and after folding ("platbách" → "platb"; the folded
 *   "platbach" stems to itself, which is why both are kept);
 * - its English Snowball (Porter 2) stem ("valuations" → "valuat").
 * Records are Czech or English; every token gets both stemmers because a language tag per query
 * is not available and a wrong-language stem only adds a term that rarely matches anything.
 * Stopwords are the platform's one list (src/engines/czech/text.ts).
 */

import { fold, STOPWORDS, stemCzechSnowball, stemEnglish } from '../czech/text.ts'

/**
 * Splits text into word tokens on anything that is not a letter or a digit (so "e-mail" gives
 * "e" and "mail", "253/2008" gives "253" and "2008").
 */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
}

/**
 * The terms one token contributes. Null for stopwords and one-character tokens other than digits
 * (Czech one-letter words are all prepositions or conjunctions).
 */
export function processTerm(token: string): string[] | null {
  const lower = token.normalize('NFC').toLowerCase()
  const folded = fold(lower)
  if (folded.length === 0 || STOPWORDS.has(folded)) return null
  if (folded.length === 1 && !/\d/.test(folded)) return null
  const terms = new Set<string>([folded])
  // Stemmers expect words; numbers and codes (IČO, paragraph numbers) stay as they are.
  if (/\p{L}/u.test(lower)) {
    // A stem shorter than two characters would match far too much as a prefix.
    for (const stem of [
      fold(stemCzechSnowball(lower)),
      stemCzechSnowball(folded),
      fold(stemEnglish(lower)),
    ]) {
      if (stem.length >= 2) terms.add(stem)
    }
  }
  return [...terms]
}
