/**
 * Name normalisation: any script to Latin, diacritics folded, and a phonetic key that makes the
 * usual romanisations of one name meet (English BGN, Czech, German for Cyrillic; the vowel spread
 * of Arabic names in Latin letters). Legal forms are cut off company names and kept as a class.
 *
 * Each token carries three forms:
 * - `folded`: ASCII, lower case ("Děripaska" → "deripaska", "Олег" → "oleg");
 * - `phoneticKey`: Czech letters expanded first (č→ch, š→sh, ž→zh), then romanisation variants
 *   collapsed (kh/ch→h, j/y, ts→c, w→v, doubled letters, vowels to classes), so "Chodorkovskij",
 *   "Khodorkovsky" and "Хoдорковский" share one key;
 * - `consonantSkeleton`, set only for tokens written in an abjad (Arabic, Hebrew), which omit
 *   short vowels: "محمد" → "mhmd" meets "Muhammad" only on consonants.
 */
import { readFileSync } from 'node:fs'
import anyAscii from 'any-ascii'

export interface Token {
  /** Folded ASCII form. */
  folded: string
  /** Phonetic key. */
  phoneticKey: string
  /** Consonant skeleton, only for tokens from abjad scripts. */
  consonantSkeleton?: string
  /**
   * Phonetic keys of the masculine forms of a Czech feminine surname ("Šojguová" → the key of
   * "Šojgu", which is the key of "Shoigu"), taken from the Czech-expanded spelling.
   */
  masculineKeys?: string[]
}

export interface NormalizedName {
  tokens: Token[]
  /** Legal-form class when the name ends in (or spells out) a legal form: 'limited_liability' … */
  legalForm?: string
  /** The legal form as found, folded ("s r o"). */
  legalFormText?: string
  /**
   * The name is nothing but legal forms ("Joint Stock Company", "Obshchestvo s ogranichennoy
   * otvetstvennostyu"): kept whole, as there is nothing else, but none of its words names a company.
   */
  legalFormOnly?: true
}

const ABJAD = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
const APOSTROPHES = /['’ʼ`´ʻ‘]/g
/** Combining diacritical marks (U+0300–U+036F) left over after NFKC. */
const UNCOMPOSED_ACCENTS = /[\u0300-\u036f]/g
const SEPARATORS = /[^\p{L}\p{N}]+/u

/** Titles and honorifics that are not part of anyone's name. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'ing',
  'mgr',
  'bc',
  'judr',
  'mudr',
  'phdr',
  'rndr',
  'paeddr',
  'prof',
  'doc',
  'phd',
  'csc',
  'drsc',
  'mba',
  'dipl',
  'gen',
  'col',
  'general',
  'colonel',
])

/** Czech (and Slovak) letters whose romanisation of Cyrillic differs from English: expand first. */
const CZECH_EXPAND: Record<string, string> = {
  č: 'ch',
  š: 'sh',
  ž: 'zh',
  ř: 'rz',
  ě: 'e',
  ď: 'd',
  ť: 't',
  ň: 'n',
}
const CZECH_LETTERS = /[čšžřěďťň]/g
const HAS_CZECH = /[čšžřěďťň]/

export function fold(text: string): string {
  return anyAscii(text.normalize('NFC')).toLowerCase()
}

/**
 * The rewrites of the phonetic key, in order; each line is one left-to-right pass that replaces,
 * at each position, the first spelling that matches there:
 * shch, sch → sh; tsch, tch → ch; dzh, dj → j; kh, ch → h; zh → z; ts, tz → c; ph → f; ck → k;
 * q → k; w → v; x → ks; j → y.
 */
const KEY_PASSES: [string, string][][] = [
  [
    ['shch', 'sh'],
    ['sch', 'sh'],
  ],
  [
    ['tsch', 'ch'],
    ['tch', 'ch'],
  ],
  [
    ['dzh', 'j'],
    ['dj', 'j'],
  ],
  [
    ['kh', 'h'],
    ['ch', 'h'],
  ],
  [['zh', 'z']],
  [
    ['ts', 'c'],
    ['tz', 'c'],
  ],
  [['ph', 'f']],
  [['ck', 'k']],
  [['q', 'k']],
  [['w', 'v']],
  [['x', 'ks']],
  [['j', 'y']],
]
const VOWEL_PASSES: [string, string][][] = [
  [
    ['ou', 'u'],
    ['oo', 'u'],
  ],
  [['ee', 'i']],
]

/** A pass as character codes, with the letters its spellings start with and write, as bits (a = 1). */
interface KeyPass {
  from: number[][]
  to: number[][]
  starts: number
  writes: number
}

const codes = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0))
/** The bit of a letter a–z (0 for anything else). */
const letterBit = (c: number) => (c >= 97 && c <= 122 ? 1 << (c - 97) : 0)
const letterBits = (text: string) => codes(text).reduce((bits, c) => bits | letterBit(c), 0)
const compile = (passes: [string, string][][]): KeyPass[] =>
  passes.map((rules) => ({
    from: rules.map(([f]) => codes(f)),
    to: rules.map(([, t]) => codes(t)),
    starts: letterBits(rules.map(([f]) => f[0]!).join('')),
    writes: letterBits(rules.map(([, t]) => t).join('')),
  }))
const KEY = compile(KEY_PASSES)
const VOWELS = compile(VOWEL_PASSES)
const CH = (ch: string) => ch.charCodeAt(0)
/** One-letter strings of the ASCII codes, to build keys without allocating them. */
const LETTERS = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c))
const [A, E, I, O, U, Y] = [CH('a'), CH('e'), CH('i'), CH('o'), CH('u'), CH('y')]

// Two buffers the passes write back and forth (a pass at most doubles the length: x → ks).
let keyFrom = new Uint16Array(64)
let keyTo = new Uint16Array(64)

/** Letters (bits) of the word being keyed: a pass none of whose spellings starts with one of them is skipped. */
let present = 0

/** One pass over keyFrom[0, length) into keyTo; returns the new length. */
function rewrite(pass: KeyPass, length: number): number {
  if ((pass.starts & present) === 0) return length
  const src = keyFrom
  const dst = keyTo
  let out = 0
  let i = 0
  while (i < length) {
    const c = src[i]!
    let matched = -1
    if ((pass.starts & letterBit(c)) !== 0) {
      for (let r = 0; r < pass.from.length && matched < 0; r++) {
        const f = pass.from[r]!
        if (i + f.length > length) continue
        let k = 1
        while (k < f.length && src[i + k] === f[k]) k++
        if (k === f.length) matched = r
      }
    }
    if (matched < 0) {
      dst[out++] = c
      i++
      continue
    }
    for (const t of pass.to[matched]!) dst[out++] = t
    i += pass.from[matched]!.length
    present |= pass.writes
  }
  keyFrom = dst
  keyTo = src
  return out
}

/**
 * Phonetic key of one folded (or Czech-expanded) ASCII token: romanisation variants collapsed
 * (KEY_PASSES), iotated vowels at the start and -iy/-yi/-ii/-y endings evened out, vowels to two
 * classes, doubled letters single. Written as passes over a reused buffer rather than regular
 * expressions: it runs for every word of every list name and for every typo a query is read with.
 */
export function phoneticKey(ascii: string): string {
  let length = ascii.length
  if (keyFrom.length < 2 * length + 2) {
    keyFrom = new Uint16Array(4 * length + 4)
    keyTo = new Uint16Array(4 * length + 4)
  }
  present = 0
  for (let i = 0; i < length; i++) {
    const c = ascii.charCodeAt(i)
    keyFrom[i] = c
    present |= letterBit(c)
  }
  for (const pass of KEY) length = rewrite(pass, length)
  let b = keyFrom
  // Iotated vowels at the start: Yelena/Jelena/Elena, Yevgeny/Evgeny.
  let first = 0
  if (length >= 2 && b[0] === Y && (b[1] === E || b[1] === O)) first = 1
  // A final -iy, -yi, -ii or -y is an i (Dmitriy, Dmitrii, Dmitry).
  if (length - first >= 2) {
    const x = b[length - 2]!
    const z = b[length - 1]!
    if ((x === I && z === Y) || (x === Y && z === I) || (x === I && z === I)) b[--length - 1] = I
    else if (z === Y) b[length - 1] = I
  } else if (length - first === 1 && b[length - 1] === Y) b[length - 1] = I
  if (first > 0) {
    b.copyWithin(0, 1, length)
    length--
  }
  for (const pass of VOWELS) length = rewrite(pass, length)
  // Vowels to two classes: front (e, i, y) and back (a, o, u): "Muhammad"/"Mohamed", "Petr"/"Piotr";
  // then every run of one letter (or vowel class) is one letter.
  b = keyFrom
  let out = 0
  for (let i = 0; i < length; i++) {
    let c = b[i]!
    if (c === E || c === I || c === Y) c = I
    else if (c === A || c === O || c === U) c = A
    if (out > 0 && b[out - 1] === c) continue
    b[out++] = c
  }
  let key = ''
  for (let i = 0; i < out; i++) key += LETTERS[b[i]!] ?? String.fromCharCode(b[i]!)
  return key
}

/**
 * The consonant skeleton of a folded word: vowels go, and so do w and y: Arabic writes long u and
 * i with و and ي ("الحوثي" → "hwthy" against "Houthi"). A final h is the tā' marbūṭa ("أسامة" →
 * "smh") or its Latin trace ("Usamah"), which most spellings leave out ("Usama", "Osama"): it does
 * not count either. Doubled letters are single.
 */
export function consonantKey(ascii: string): string {
  let out = ''
  let last = -1
  for (let i = 0; i < ascii.length; i++) {
    const c = ascii.charCodeAt(i)
    if (SKELETON_DROPS.has(c) || c === last) continue
    out += ascii[i]
    last = c
  }
  return out.length >= 3 && out.endsWith('h') ? out.slice(0, -1) : out
}

const SKELETON_DROPS = new Set(codes("aeiouwy'`"))

// Names repeat their words heavily (≈40k distinct words in ≈500k word uses over all lists), and
// the phonetic key is the costliest step of indexing: memoise by the raw word (bounded).
const memo = new Map<string, Token[]>()

function makeToken(raw: string): Token[] {
  let tokens = memo.get(raw)
  if (!tokens) {
    tokens = computeToken(raw)
    if (memo.size > 300_000) memo.clear()
    memo.set(raw, tokens)
  }
  return tokens
}

function computeToken(raw: string): Token[] {
  const abjad = ABJAD.test(raw)
  // The Arabic article is written joined to its noun ("الأسد"); Latin spellings write it apart
  // ("al-Assad"), so it becomes a token of its own.
  if (abjad && raw.startsWith('ال') && raw.length > 3) return [...makeToken('al'), ...makeToken(raw.slice(2))]
  const folded = fold(raw).replace(APOSTROPHES, '').split(SEPARATORS).filter(Boolean)
  if (folded.length === 0) return []
  if (folded.length === 1) {
    const f = folded[0]!
    const expanded = HAS_CZECH.test(raw) ? fold(raw.replace(CZECH_LETTERS, (ch) => CZECH_EXPAND[ch]!)) : f
    const ascii = expanded.replace(APOSTROPHES, '').replace(SEPARATORS, '')
    const token: Token = { folded: f, phoneticKey: phoneticKey(ascii) }
    if (abjad) token.consonantSkeleton = consonantKey(f)
    const masculine = masculineForms(ascii)
    if (masculine.length > 0) token.masculineKeys = masculine.map(phoneticKey)
    return [token]
  }
  // A script without word spaces (CJK) transliterates into several syllables.
  return folded.map((f) => ({ folded: f, phoneticKey: phoneticKey(f) }))
}

/** Runs of single letters are one abbreviation: "S.A.L." → "sal", "a. s." → "as", "s.r.o." → "sro". */
function joinLetters(tokens: Token[]): Token[] {
  const out: Token[] = []
  let run: Token[] = []
  const flush = () => {
    if (run.length === 1) out.push(run[0]!)
    else if (run.length > 1) {
      const folded = run.map((t) => t.folded).join('')
      out.push({ folded, phoneticKey: phoneticKey(folded) })
    }
    run = []
  }
  for (const t of tokens) {
    if (t.folded.length === 1 && /[a-z]/.test(t.folded)) run.push(t)
    else {
      flush()
      out.push(t)
    }
  }
  flush()
  return out
}

/** Splits a name into tokens (all three forms), dropping titles. Case-insensitive. */
export function tokenize(name: string, opts: { joinLetters?: boolean } = {}): Token[] {
  const lower = name
    .normalize('NFKC')
    .toLowerCase()
    // Accents NFKC cannot compose into a letter (the stress marks of Russian and Ukrainian names
    // on the EU list, "ГУЦЕРИ́ЕВ") would otherwise split the word.
    .replace(UNCOMPOSED_ACCENTS, '')
    .replace(APOSTROPHES, '')
    // Dotted titles that split into letters ("Ph.D.", "Th.D.", "DiS.").
    .replace(/\b(ph|th)\.\s*d\.?|\bdis\./g, ' ')
  const out: Token[] = []
  for (const part of lower.split(SEPARATORS)) {
    if (!part) continue
    for (const t of makeToken(part)) if (!TITLES.has(t.folded)) out.push(t)
  }
  return opts.joinLetters === false ? out : joinLetters(out)
}

interface LegalFormTable {
  version: string
  classes: Record<string, string[][]>
  end_only: string[][]
}

const LEGAL_FORMS_FILE = new URL('../../../data/aml/legal-forms.json', import.meta.url)

interface LegalPattern {
  tokens: string[]
  cls: string
  endOnly: boolean
}

let patterns: Map<string, LegalPattern[]> | undefined

/** Legal-form patterns by their first token, longest first ("spol sro" before "sro"). */
function legalPatterns(): Map<string, LegalPattern[]> {
  if (patterns) return patterns
  const table = JSON.parse(readFileSync(LEGAL_FORMS_FILE, 'utf8')) as LegalFormTable
  const endOnly = new Set(table.end_only.map((t) => t.join(' ')))
  const all = Object.entries(table.classes)
    .flatMap(([cls, forms]) =>
      forms.map((tokens) => ({ tokens, cls, endOnly: endOnly.has(tokens.join(' ')) })),
    )
    .sort((a, b) => b.tokens.length - a.tokens.length)
  patterns = new Map()
  for (const pat of all) {
    const first = pat.tokens[0]!
    const list = patterns.get(first) ?? []
    list.push(pat)
    patterns.set(first, list)
  }
  return patterns
}

/**
 * Finds legal forms in a token list: any unambiguous form anywhere, end-only forms ("a s", "sa",
 * "ag") only as the last tokens. Returns the tokens without the forms and the class of the last
 * form found.
 */
function stripLegalForm(tokens: Token[]): NormalizedName {
  const table = legalPatterns()
  const keep: Token[] = []
  let legalForm: string | undefined
  let legalFormText: string | undefined
  let i = 0
  while (i < tokens.length) {
    let matched: LegalPattern | undefined
    for (const pat of table.get(tokens[i]!.folded) ?? []) {
      const n = pat.tokens.length
      if (i + n > tokens.length) continue
      let ok = true
      for (let k = 0; k < n; k++)
        if (tokens[i + k]!.folded !== pat.tokens[k]) {
          ok = false
          break
        }
      if (!ok) continue
      // End-only forms must close the name (possibly followed by further legal forms).
      if (pat.endOnly && !restIsLegal(tokens, i + n, table)) continue
      // Never strip the whole name ("AG" alone, "Limited" alone).
      if (keep.length === 0 && i + n === tokens.length) continue
      matched = pat
      break
    }
    if (matched) {
      legalForm = matched.cls
      legalFormText = matched.tokens.join(' ')
      i += matched.tokens.length
    } else {
      keep.push(tokens[i]!)
      i++
    }
  }
  return {
    tokens: keep,
    ...(legalForm ? { legalForm, legalFormText } : {}),
    ...(tokens.length > 0 && restIsLegal(tokens, 0, table) ? { legalFormOnly: true as const } : {}),
  }
}

function restIsLegal(tokens: Token[], from: number, table: Map<string, LegalPattern[]>): boolean {
  let i = from
  while (i < tokens.length) {
    const next = (table.get(tokens[i]!.folded) ?? []).find(
      (pat) =>
        i + pat.tokens.length <= tokens.length && pat.tokens.every((t, k) => tokens[i + k]!.folded === t),
    )
    if (!next) return false
    i += next.tokens.length
  }
  return true
}

const GENERIC_WORDS_FILE = new URL('../../../data/aml/generic-words.json', import.meta.url)

interface GenericWords {
  words: Set<string>
  /** Abbreviation → the word it stands for ("co" → "company"), as tokens. */
  abbreviations: Map<string, Token[]>
}

let genericWords: GenericWords | undefined

function generic(): GenericWords {
  if (genericWords) return genericWords
  const file = JSON.parse(readFileSync(GENERIC_WORDS_FILE, 'utf8')) as {
    words: string[]
    abbreviations: Record<string, string>
  }
  genericWords = {
    words: new Set(file.words),
    abbreviations: new Map(
      Object.entries(file.abbreviations).map(([short, word]) => [short, makeToken(word)]),
    ),
  }
  return genericWords
}

/**
 * Whether a folded word is a generic word of company names (holding, group, trading, invest …:
 * data/aml/generic-words.json): it says what a company does or is, not which one it is.
 */
export function isGenericWord(folded: string): boolean {
  return generic().words.has(folded)
}

/** A company name's abbreviations of generic words read as the words ("Co." is company). */
function expandAbbreviations(name: NormalizedName): NormalizedName {
  const { abbreviations } = generic()
  if (!name.tokens.some((t) => abbreviations.has(t.folded))) return name
  return { ...name, tokens: name.tokens.flatMap((t) => abbreviations.get(t.folded) ?? [t]) }
}

/** Tokenises a name and, for companies (or unknown types), cuts its legal form off. */
export function normalizeName(name: string, opts: { company?: boolean } = {}): NormalizedName {
  // Persons keep their initials apart ("O. V. Deripaska"); companies join them ("S.A.L.").
  if (opts.company === false) return { tokens: tokenize(name, { joinLetters: false }) }
  return expandAbbreviations(stripLegalForm(tokenize(name)))
}

/**
 * Czech feminine surnames: "Nováková" ← "Novák", "Svobodová" ← "Svoboda", "Timčenková" ←
 * "Timčenko". Returns the folded masculine candidates of a folded token ending in -ova.
 */
export function masculineForms(folded: string): string[] {
  if (folded.length < 6 || !folded.endsWith('ova')) return []
  const stem = folded.slice(0, -3)
  return [stem, `${stem}a`, `${stem}o`]
}
