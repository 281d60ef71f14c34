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
}

const ABJAD = /[\u0590-\u05FF\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
const APOSTROPHES = /['’ʼ`´ʻ‘]/g
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

/** Phonetic key of one folded (or Czech-expanded) ASCII token. */
export function phoneticKey(ascii: string): string {
  let s = ascii
  s = s.replace(/shch|sch/g, 'sh').replace(/tsch|tch/g, 'ch')
  s = s.replace(/dzh|dj/g, 'j')
  s = s.replace(/kh|ch/g, 'h')
  s = s.replace(/zh/g, 'z')
  s = s.replace(/ts|tz/g, 'c')
  s = s.replace(/ph/g, 'f').replace(/ck/g, 'k').replace(/q/g, 'k').replace(/w/g, 'v').replace(/x/g, 'ks')
  s = s.replace(/j/g, 'y')
  // Iotated vowels at the start: Yelena/Jelena/Elena, Yevgeny/Evgeny.
  s = s.replace(/^y([eo])/, '$1')
  s = s.replace(/iy$|yi$|ii$|y$/, 'i')
  s = s.replace(/ou|oo/g, 'u').replace(/ee/g, 'i')
  // Vowels to two classes: front (e, i, y) and back (a, o, u): "Muhammad"/"Mohamed", "Petr"/"Piotr".
  s = s.replace(/[eiy]+/g, 'i').replace(/[aou]+/g, 'a')
  s = s.replace(/(.)\1+/g, '$1')
  return s
}

export function consonantKey(ascii: string): string {
  // Vowels go, and so do w and y: Arabic writes long u and i with و and ي ("الحوثي" → "hwthy"
  // against "Houthi"). A final h is the tā' marbūṭa ("أسامة" → "smh") or its Latin trace
  // ("Usamah"), which most spellings leave out ("Usama", "Osama"): it does not count either.
  return ascii
    .replace(/[aeiouwy'`]/g, '')
    .replace(/(.)\1+/g, '$1')
    .replace(/(..)h$/, '$1')
}

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
  return { tokens: keep, ...(legalForm ? { legalForm, legalFormText } : {}) }
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

/** Tokenises a name and, for companies (or unknown types), cuts its legal form off. */
export function normalizeName(name: string, opts: { company?: boolean } = {}): NormalizedName {
  // Persons keep their initials apart ("O. V. Deripaska"); companies join them ("S.A.L.").
  if (opts.company === false) return { tokens: tokenize(name, { joinLetters: false }) }
  const tokens = tokenize(name)
  return stripLegalForm(tokens)
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
