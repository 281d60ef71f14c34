/**
 * Term processing for Czech and English text: one function turns a token (from the index or from
 * a query) into the terms that are indexed or looked up, so both sides always agree.
 *
 * A token becomes up to four terms, all lower-case and without diacritics:
 * - the token itself, folded ("Právní" → "pravni"), so text typed without diacritics matches;
 * - its Czech Snowball stem, taken before and after folding ("platbách" → "platb"; the folded
 *   "platbach" stems to itself, which is why both are kept);
 * - its English Snowball (Porter 2) stem ("valuations" → "valuat").
 * Records are Czech or English; every token gets both stemmers because a language tag per query
 * is not available and a wrong-language stem only adds a term that rarely matches anything.
 */

import snowball from 'snowball-stemmers'
import { fold } from '../czech/text.ts'

const czech = snowball.newStemmer('czech')
const english = snowball.newStemmer('english')

/** "Řízení" → "rizeni": the platform's one Czech folding. */
export { fold }

/**
 * Function words of both languages. They occur in nearly every record, so with OR-combined query
 * terms they would match everything and only add noise to BM25 (their IDF is close to zero).
 * Stored folded, because they are compared after folding.
 */
const STOPWORDS: ReadonlySet<string> = new Set(
  [
    // Czech (folded)
    'a',
    'aby',
    'ale',
    'ani',
    'az',
    'bez',
    'by',
    'byl',
    'byla',
    'bylo',
    'byt',
    'co',
    'do',
    'i',
    'jak',
    'jako',
    'je',
    'jeho',
    'jeji',
    'jejich',
    'jen',
    'jsem',
    'jsme',
    'jsou',
    'k',
    'kde',
    'kdyz',
    'ke',
    'ktera',
    'ktere',
    'ktery',
    'mezi',
    'na',
    'nad',
    'nebo',
    'neni',
    'o',
    'od',
    'po',
    'pod',
    'podle',
    'pro',
    'pred',
    'pres',
    'pri',
    's',
    'se',
    'si',
    'ta',
    'tak',
    'take',
    'tato',
    'ten',
    'tento',
    'to',
    'tom',
    'toto',
    'tu',
    'ty',
    'u',
    'uz',
    'v',
    've',
    'z',
    'za',
    'ze',
    'zda',
    // English
    'an',
    'and',
    'are',
    'as',
    'at',
    'be',
    'been',
    'but',
    'by',
    'can',
    'for',
    'from',
    'has',
    'have',
    'how',
    'if',
    'in',
    'into',
    'is',
    'it',
    'its',
    'of',
    'on',
    'or',
    'our',
    'than',
    'that',
    'the',
    'their',
    'then',
    'there',
    'these',
    'this',
    'those',
    'to',
    'was',
    'we',
    'were',
    'what',
    'when',
    'which',
    'who',
    'will',
    'with',
    'you',
    'your',
  ].map(fold),
)

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
    for (const stem of [fold(czech.stem(lower)), czech.stem(folded), fold(english.stem(lower))]) {
      if (stem.length >= 2) terms.add(stem)
    }
  }
  return [...terms]
}
