/**
 * Text analysis for lexical search: diacritic folding, tokenising, stopwords and word-form
 * handling for Czech and English.
 *
 * Czech is highly inflected ("povinná osoba", "povinné osoby", "povinnou osobu") and people type it
 * with or without diacritics, so every token is folded first (NFD, combining marks dropped,
 * lower-cased) and then stemmed on the folded form: "skutečného" and "skutecneho" reach the same
 * stem. Czech stems come from the light stemmer, English ones from Snowball, and stopwords from the
 * platform's one list, all in src/engines/czech/text.ts (the light stemmer was measured against
 * Snowball Czech on this corpus: docs/knowledge.md, "Stemmer and stop words").
 *
 * A document is analysed in its own language (detected below, or given in its metadata). A query is
 * short and often carries no signal of its language, so it is analysed in both and the two sets of
 * terms are united.
 */
import { createHash } from 'node:crypto'
import {
  CZECH_FUNCTION_WORDS,
  ENGLISH_FUNCTION_WORDS,
  fold,
  STOPWORDS,
  stemCzechLight,
  stemEnglish,
} from '../czech/text.ts'

export type Language = 'cs' | 'en'

const TOKEN = /[\p{L}\p{N}]+/gu

/** Folded word tokens (letters and digits), in order. */
export function tokenize(text: string): string[] {
  return fold(text).match(TOKEN) ?? []
}

/** A folded token's stem in one language; numbers and words of up to two letters stay as they are. */
export function stem(token: string, language: Language): string {
  if (/^\d+$/.test(token) || token.length <= 2) return token
  return language === 'cs' ? stemCzechLight(token) : stemEnglish(token)
}

const CZECH_LETTERS = /[ěščřžůťďň]/giu
const CZECH_MARKERS = new Set([
  'je',
  'se',
  'na',
  'ze',
  'pro',
  'jsou',
  'nebo',
  'ktery',
  'ktera',
  'ktere',
  'podle',
])
const ENGLISH_MARKERS = new Set(['the', 'and', 'is', 'are', 'of', 'to', 'for', 'with', 'which', 'that'])

/**
 * Czech or English, from letters only Czech uses and from frequent function words; `undefined`
 * when the text gives no signal (short queries).
 */
export function detectLanguage(text: string): Language | undefined {
  const czechLetters = text.match(CZECH_LETTERS)?.length ?? 0
  let cs = czechLetters * 2
  let en = 0
  for (const token of tokenize(text)) {
    if (CZECH_MARKERS.has(token)) cs += 1
    else if (ENGLISH_MARKERS.has(token)) en += 1
  }
  if (cs === 0 && en === 0) return undefined
  return cs >= en ? 'cs' : 'en'
}

/**
 * The language a question is asked in, for answering in it: letters only Czech uses and each
 * language's function words, plus `hints` (how many of its words only one language's term-list
 * wordings matched: terms.ts). Czech when nothing tells: the platform's first language.
 */
export function questionLanguage(text: string, hints?: { cs: number; en: number }): Language {
  let cs = (text.match(CZECH_LETTERS)?.length ?? 0) * 2 + (hints?.cs ?? 0)
  let en = hints?.en ?? 0
  for (const token of tokenize(text)) {
    const czech = CZECH_FUNCTION_WORDS.has(token)
    const english = ENGLISH_FUNCTION_WORDS.has(token)
    if (czech && !english) cs += 1
    else if (english && !czech) en += 1
  }
  return en > cs ? 'en' : 'cs'
}

/** Index terms of a document text in its language: folded, stopwords dropped, stemmed. */
export function analyze(text: string, language: Language): string[] {
  const out: string[] = []
  for (const token of tokenize(text)) {
    if (STOPWORDS.has(token)) continue
    out.push(stem(token, language))
  }
  return out
}

/** A query's folded content words, in order (stop words dropped, repeats kept). */
export function queryWords(text: string): string[] {
  return tokenize(text).filter((token) => !STOPWORDS.has(token))
}

/** A query's analysed terms: one group of alternatives per distinct content word. */
export interface QueryTerms {
  groups: string[][]
  /** Per group, how many of its leading alternatives are the word's own stems (the rest were added). */
  own: number[]
}

/**
 * Query terms: each content word stemmed in both languages, deduplicated, one group per distinct
 * word so callers can tell how many of the query's words a passage covers. `extra` may add
 * alternatives to each word's group (given the words in order, it returns one list per word): the
 * term list's translations and synonyms (terms.ts); they follow the word's own stems.
 */
export function analyzeQueryTerms(
  text: string,
  extra?: (words: readonly string[]) => string[][],
): QueryTerms {
  const words = queryWords(text)
  const extras = extra?.(words)
  const groups = new Map<string, { own: number; terms: Set<string> }>()
  words.forEach((word, i) => {
    let group = groups.get(word)
    if (!group) {
      const terms = new Set([stem(word, 'cs'), stem(word, 'en')])
      group = { own: terms.size, terms }
      groups.set(word, group)
    }
    for (const s of extras?.[i] ?? []) group.terms.add(s)
  })
  const values = [...groups.values()]
  return { groups: values.map((g) => [...g.terms]), own: values.map((g) => g.own) }
}

/** The groups of `analyzeQueryTerms`. */
export function analyzeQuery(text: string, extra?: (words: readonly string[]) => string[][]): string[][] {
  return analyzeQueryTerms(text, extra).groups
}

// Word forms whose analysis changes when a stemmer or the stop-word list does.
const FINGERPRINT_SAMPLE = `Povinná osoba povinné osoby povinnou osobu skutečného majitele platbách bance banka
  nemovitostech smlouvy zákona dlužníků insolvenčního řízení společností účtů daňových
  valuations identified owners screening companies transactions reported the of a je pro ktery`

/**
 * What `analyze` produces, as 16 hex digits: the stop-word list and the analysis of a fixed sample
 * of word forms in both languages. Stored passages keep their analysed terms; a store whose
 * fingerprint differs is re-analysed when it opens (index-sync.ts), so changing the shared stemmers
 * or stop words (src/engines/czech/text.ts, discovery search uses them too) never leaves stored
 * terms stale.
 */
export const ANALYZER_FINGERPRINT = createHash('sha256')
  .update([...STOPWORDS].sort().join(' '))
  .update(`\n${analyze(FINGERPRINT_SAMPLE, 'cs').join(' ')}`)
  .update(`\n${analyze(FINGERPRINT_SAMPLE, 'en').join(' ')}`)
  .digest('hex')
  .slice(0, 16)
