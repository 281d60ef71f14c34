/**
 * Text analysis for lexical search: diacritic folding, tokenising, stopwords and word-form
 * handling for Czech and English.
 *
 * Czech is highly inflected ("povinná osoba", "povinné osoby", "povinnou osobu") and people type it
 * with or without diacritics, so every token is folded first (NFD, combining marks dropped,
 * lower-cased) and then stemmed on the folded form: "skutečného" and "skutecneho" reach the same
 * stem. Czech stems come from a light case-ending stripper (after Dolamic & Savoy's light Czech
 * stemmer, its endings folded); English stems from the Snowball (Porter 2) stemmer.
 *
 * A document is analysed in its own language (detected below, or given in its metadata). A query is
 * short and often carries no signal of its language, so it is analysed in both and the two sets of
 * terms are united.
 */
import snowball from 'snowball-stemmers'
import { fold } from '../czech/text.ts'

export type Language = 'cs' | 'en'

/** Lower-cased without diacritics ("Skutečný majitel" → "skutecny majitel"): the platform's folding. */
export { fold }

const TOKEN = /[\p{L}\p{N}]+/gu

/** Folded word tokens (letters and digits), in order. */
export function tokenize(text: string): string[] {
  return fold(text).match(TOKEN) ?? []
}

// Folded stopwords: function words that carry no topic. Kept short on purpose: words such as
// "zakon" or "law" stay searchable.
const CZECH_STOPWORDS = `a aby aj ale ani aniz ano asi az bez bude budem budes budou by byl byla byli bylo byt
  ci co coz da dal do ho i jak jake jaky jakou jako jakoz je jeho jej jeji jejich jemu jen jenz jeste
  ji jim jimi jiz jsem jsi jsme jsou jste k kam kde kdo kdy kdyz ke ktera ktere kteri kterou ktery
  kteremu kterych kterym ma mate me mezi mi mit mu muze my na nad nam nas nasi ne nebo nejsou neni
  nez nic o od ode on ona oni ono pak po pod podle pokud pouze prave pred pres pri pro proc proto
  protoze prvni s se si sve svou svuj svych ta tak take takze tam te tedy tehdy ten tento teto tim
  timto to tohle toho tom tomto tomu tu tuto ty tyto u uz v ve vice vsak vsechny vsechno vy z za ze
  zda zde`
const ENGLISH_STOPWORDS = `a about above after again against all am an and any are as at be because been before
  being below between both but by can could did do does doing down during each few for from further
  had has have having he her here hers herself him himself his how i if in into is it its itself
  just me more most my myself no nor not now of off on once only or other our ours ourselves out
  over own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up very was we were what when where which while who
  whom why will with would you your yours yourself yourselves`

export const STOPWORDS: ReadonlySet<string> = new Set(
  `${CZECH_STOPWORDS} ${ENGLISH_STOPWORDS}`.split(/\s+/).filter(Boolean),
)

const englishStemmer = snowball.newStemmer('english')

// Folded Czech case endings, longest first within each minimum-length band (the band is the
// shortest word the ending may be stripped from, so short words keep their shape).
const CZECH_ENDINGS: Array<[minLength: number, endings: string[]]> = [
  [8, ['atech']],
  [7, ['etem', 'atum']],
  [
    6,
    [
      'ech',
      'ich',
      'eho',
      'emi',
      'emu',
      'ete',
      'eti',
      'iho',
      'imi',
      'imu',
      'ach',
      'ata',
      'aty',
      'ych',
      'ama',
      'ami',
      'ove',
      'ovi',
      'ymi',
    ],
  ],
  [5, ['em', 'es', 'im', 'um', 'at', 'am', 'os', 'us', 'ym', 'mi', 'ou']],
  [4, ['a', 'e', 'i', 'o', 'u', 'y']],
]
const CZECH_POSSESSIVES = ['ov', 'in', 'uv']

/** Light Czech stemmer over a folded token: strips one case ending, then a possessive suffix. */
export function stemCzech(token: string): string {
  let word = token
  for (const [minLength, endings] of CZECH_ENDINGS) {
    if (word.length < minLength) continue
    const ending = endings.find((e) => word.endsWith(e))
    if (ending) {
      word = word.slice(0, -ending.length)
      break
    }
  }
  if (word.length >= 6) {
    const possessive = CZECH_POSSESSIVES.find((e) => word.endsWith(e))
    if (possessive) word = word.slice(0, -possessive.length)
  }
  // Palatalised stems alternate k/c ("banka", "bance"): one form for both.
  if (word.length >= 4 && word.endsWith('c')) word = `${word.slice(0, -1)}k`
  return word
}

function stemEnglish(token: string): string {
  return englishStemmer.stem(token)
}

function stem(token: string, language: Language): string {
  if (/^\d+$/.test(token) || token.length <= 2) return token
  return language === 'cs' ? stemCzech(token) : stemEnglish(token)
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

/** Index terms of a document text in its language: folded, stopwords dropped, stemmed. */
export function analyze(text: string, language: Language): string[] {
  const out: string[] = []
  for (const token of tokenize(text)) {
    if (STOPWORDS.has(token)) continue
    out.push(stem(token, language))
  }
  return out
}

/**
 * Query terms: each content word stemmed in both languages (or only in the query's detected
 * language when it is clear), deduplicated. Returns one group per query word so callers can tell
 * how many of the query's words a passage covers.
 */
export function analyzeQuery(text: string): string[][] {
  const groups: string[][] = []
  const seen = new Set<string>()
  for (const token of tokenize(text)) {
    if (STOPWORDS.has(token) || seen.has(token)) continue
    seen.add(token)
    const forms = new Set([stem(token, 'cs'), stem(token, 'en')])
    groups.push([...forms])
  }
  return groups
}
