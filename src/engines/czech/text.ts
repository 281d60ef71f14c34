/**
 * Czech (and English) text: the one folding, the one stop-word list and the stemmers every search
 * on the platform uses.
 *
 * Folding is how words are compared regardless of diacritics and case: canonical decomposition
 * (NFD), every combining mark removed, recomposed (NFC) and lower-cased: "Příliš Žluťoučký" →
 * "prilis zlutoucky", "ŘÍZENÍ" → "rizeni". Letters without a decomposition (ł, ø, ß) stay as they
 * are; transliterating other scripts is the AML engine's own business (src/engines/aml/normalize.ts
 * folds with any-ascii for that).
 *
 * Two strengths of Czech stemming, one implementation each (docs/knowledge.md, "Stemmer and stop
 * words", has the measurements that chose which search uses which):
 * - `stemCzechLight`, a case-ending stripper over folded words (after Dolamic & Savoy's light
 *   stemmer, its endings folded): "skutečného" and "skutecneho" both reach "skutecn". The knowledge
 *   base stems with it: its passages are long and its questions come with or without diacritics.
 * - `stemCzechSnowball`, the Snowball Czech stemmer (Dolamic & Savoy's aggressive one: case,
 *   possessive, comparative, diminutive, augmentative and derivational suffixes) over words with
 *   their diacritics; on folded words it misses endings spelled with diacritics ("platbach" stays).
 *   Discovery search stems with it, both before and after folding.
 * English words get the Snowball (Porter 2) stemmer.
 */
import snowball from 'snowball-stemmers'

const COMBINING_MARKS = /\p{M}+/gu

export function fold(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC').toLowerCase()
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu

/** Folded words only, joined by single spaces: "Brno - Královo Pole" → "brno kralovo pole". */
export function foldWords(text: string): string {
  return fold(text).replace(NOT_LETTER_OR_DIGIT, ' ').trim()
}

// Function words that carry no topic, folded (they are compared after folding). Kept short on
// purpose: words such as "zakon" or "law" stay searchable.
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

/** The Czech and the English function words apart, for telling which language a short text is in. */
export const CZECH_FUNCTION_WORDS: ReadonlySet<string> = new Set(CZECH_STOPWORDS.split(/\s+/).filter(Boolean))
export const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  ENGLISH_STOPWORDS.split(/\s+/).filter(Boolean),
)

/**
 * Czech and English function words, folded. They occur in nearly every text, so as search terms
 * they would match everything and only add noise to BM25 (their IDF is close to zero).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `${CZECH_STOPWORDS} ${ENGLISH_STOPWORDS}`.split(/\s+/).filter(Boolean),
)

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

/** Light Czech stemmer over a folded word: strips one case ending, then a possessive suffix. */
export function stemCzechLight(folded: string): string {
  let word = folded
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

const czechSnowball = snowball.newStemmer('czech')
const englishSnowball = snowball.newStemmer('english')

/** The Snowball Czech stem of a lower-case word (about 3 µs a call); keeps its diacritics. */
export function stemCzechSnowball(word: string): string {
  return czechSnowball.stem(word)
}

/** The Snowball English (Porter 2) stem of a lower-case word: "valuations" → "valuat". */
export function stemEnglish(word: string): string {
  return englishSnowball.stem(word)
}
