/**
 * Numbers as people write them in Czech and English text — "125 000", "125 000,5", "125,5",
 * "1.250.000", "125,000.50", "-5", "9,3 mil. Kč", "98 tis.", "78 %", "115 000 Kč/m²" — read into
 * the values they may mean, with their sign, scale and unit. Digits of every script count
 * (Unicode Nd: "١٢٣", "１２３" and "123" are the same number), so a number cannot hide from a check
 * by its digits.
 *
 * Reading is a single left-to-right scan (no regular expression over the outside text). Where a
 * spelling is ambiguous ("125,000" is 125 in Czech and 125000 in English) both readings are kept,
 * and a number counts as known when any reading matches (grounding.ts).
 */

/** What a number is of, read from the words after it. */
export type NumberUnit = 'czk' | 'czk_per_m2' | 'm2' | 'km' | 'percent'

export interface NumberMention {
  /** The number as written, sign and scale word included, e.g. "-125 000,5" or "9,3 mil.". */
  text: string
  /** Signed values it may mean, scaled ("9,3 mil." is 9 300 000). */
  values: number[]
  /** How far a rounding of a figure may be from each value and still be that figure, same order. */
  tolerances: number[]
  /** Whether a sign was written ("-5", "+3,2 %"). */
  signed: boolean
  unit: NumberUnit | null
}

const GROUP_SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009', '\u2007'])
/** Decimal and grouping marks of other scripts, read as their ASCII counterparts. */
const MARKS: Record<string, string> = { '\u066b': '.', '\u066c': ',', '\uff0c': ',', '\uff0e': '.' }
/** A minus written as a hyphen, the minus sign or (Czech typography) an en dash. */
const SIGNS = new Set(['-', '\u2212', '\u2013', '+'])
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c)

/** Words after a number that scale it; matched case-insensitively at the start of what follows. */
const MULTIPLIERS: [string, number][] = [
  ['tisíc', 1e3],
  ['tis.', 1e3],
  ['tis ', 1e3],
  ['thousand', 1e3],
  ['milion', 1e6],
  ['million', 1e6],
  ['mil.', 1e6],
  ['mil ', 1e6],
  ['mio', 1e6],
  ['miliard', 1e9],
  ['billion', 1e9],
  ['mld', 1e9],
]

/**
 * Units after a number (and its scale word), longest first; `word` units must end at a word's end
 * ("km" is not the start of "kmen"), the others are prefixes ("korun", "koruny").
 */
const UNITS: { text: string; unit: NumberUnit; word: boolean }[] = [
  ...['kč/m²', 'kč/m2', 'czk/m²', 'czk/m2', 'kč za m', 'czk per m', 'kč za metr'].map((text) => ({
    text,
    unit: 'czk_per_m2' as const,
    word: false,
  })),
  { text: 'kč', unit: 'czk', word: true },
  { text: 'czk', unit: 'czk', word: true },
  { text: 'korun', unit: 'czk', word: false },
  { text: 'crowns', unit: 'czk', word: true },
  { text: 'm²', unit: 'm2', word: false },
  { text: 'm2', unit: 'm2', word: true },
  { text: 'metrů čtverečních', unit: 'm2', word: false },
  { text: 'square met', unit: 'm2', word: false },
  { text: 'km', unit: 'km', word: true },
  { text: '%', unit: 'percent', word: false },
  { text: 'procent', unit: 'percent', word: false },
  { text: 'percent', unit: 'percent', word: false },
]

interface Reading {
  value: number
  /** Half a unit of the last digit written: 98 000 → 500, 125,5 → 0.05, 42 → 0.5. */
  tolerance: number
}

/**
 * The text with every decimal digit of any script written as an ASCII digit and other scripts'
 * number marks as ASCII ones, and for each of its UTF-16 units where it came from in `text`.
 */
function normalise(text: string): { norm: string; from: number[]; to: number[] } {
  let norm = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const c of text) {
    const end = i + c.length
    const mapped = c.length === 1 && isDigit(c) ? c : (digitOf(c) ?? MARKS[c] ?? c)
    for (let k = 0; k < mapped.length; k++) {
      norm += mapped[k]
      from.push(i)
      to.push(end)
    }
    i = end
  }
  return { norm, from, to }
}

const ND = /^\p{Nd}$/u
const digitCache = new Map<number, string | undefined>()

/**
 * The ASCII digit of a decimal digit of any script, or undefined. Unicode assigns every script's
 * digits 0–9 as one contiguous run starting at zero (adjacent runs, as in the mathematical digits,
 * are whole runs of ten too), so a digit's value is its distance from the start of its run, mod 10.
 */
function digitOf(c: string): string | undefined {
  const cp = c.codePointAt(0)!
  if (cp < 0x80) return undefined
  if (digitCache.has(cp)) return digitCache.get(cp)
  let digit: string | undefined
  if (ND.test(c)) {
    let first = cp
    while (ND.test(String.fromCodePoint(first - 1))) first--
    digit = String((cp - first) % 10)
  }
  digitCache.set(cp, digit)
  return digit
}

/** Every number in a text with what it may mean. */
export function numbersIn(text: string): NumberMention[] {
  const { norm, from, to } = normalise(text)
  const out: NumberMention[] = []
  let i = 0
  while (i < norm.length) {
    if (!isDigit(norm[i])) {
      i++
      continue
    }
    const start = i
    // Digits, and single separators (space, dot, comma) between digits.
    let end = i
    while (end < norm.length) {
      const c = norm[end]
      if (isDigit(c)) end++
      else if ((GROUP_SPACES.has(c!) || c === '.' || c === ',') && isDigit(norm[end + 1])) end++
      else break
    }
    i = end
    if (isListMarker(norm, start, end) || isUnitExponent(norm, start, end)) continue
    const sign = signBefore(norm, start)
    const scale = scaleAt(norm, end)
    const { unit, end: unitEnd } = unitAfter(norm, scale.end)
    // The unit's own digits ("m2") are no number.
    if (unit !== null) i = unitEnd
    const pieces = splitGroups(norm.slice(start, end)).flatMap(splitDates)
    pieces.forEach((piece, k) => {
      const first = k === 0
      const last = k === pieces.length - 1
      const factor = (first && sign === '-' ? -1 : 1) * (last ? scale.factor : 1)
      const readings = readPiece(piece)
      const whole = pieces.length === 1 ? text.slice(from[start], to[end - 1]) : piece
      const signText = first && sign ? text.slice(from[start - 1], from[start]) : ''
      out.push({
        text: `${signText}${whole}${last && scale.word ? ` ${scale.word}` : ''}`,
        values: readings.map((r) => r.value * factor),
        tolerances: readings.map((r) => r.tolerance * Math.abs(factor)),
        signed: first && sign !== undefined,
        unit: last ? unit : null,
      })
    })
  }
  return out
}

/** "-5" or "+5" where the mark is no hyphen inside a word or between numbers ("2024-04", "2+1"). */
function signBefore(text: string, start: number): '-' | '+' | undefined {
  const c = text[start - 1]
  if (c === undefined || !SIGNS.has(c) || isWordChar(text[start - 2])) return undefined
  return c === '+' ? '+' : '-'
}

/** The scale word after a number ("tis.", "mil.", "miliard"), if any, and where what follows starts. */
function scaleAt(text: string, end: number): { factor: number; word: string; end: number } {
  let at = skipSpaces(text, end)
  const rest = text.slice(at, at + 12).toLowerCase()
  const found = MULTIPLIERS.find(([word]) => rest.startsWith(word))
  if (!found) return { factor: 1, word: '', end }
  const wordStart = at
  at += found[0].trimEnd().length
  while (isLetter(text[at])) at++ // "tisíce", "milionů"
  if (text[at] === '.' && !found[0].endsWith('.')) at++
  return { factor: found[1], word: text.slice(wordStart, at), end: at }
}

/** The unit written at `at` (after spaces), if any, and where it ends. */
function unitAfter(text: string, at: number): { unit: NumberUnit | null; end: number } {
  const from = skipSpaces(text, at)
  const rest = text.slice(from, from + 24).toLowerCase()
  for (const u of UNITS) {
    if (!rest.startsWith(u.text)) continue
    if (u.word && isLetter(rest[u.text.length])) continue
    return { unit: u.unit, end: from + u.text.length }
  }
  return { unit: null, end: at }
}

/** Whether a scale word or a unit follows `at` ("1001 Kč", "25 tis."): the number there is a figure. */
export function quantityFollows(text: string, at: number): boolean {
  return scaleAt(text, at).factor !== 1 || unitAfter(text, at).unit !== null
}

/** The "2" of "m2" or "Kč/m2" where no number precedes it: an exponent, not a figure. */
function isUnitExponent(text: string, start: number, end: number): boolean {
  return (
    end === start + 1 &&
    (text[start] === '2' || text[start] === '3') &&
    text[start - 1] === 'm' &&
    !isLetter(text[start - 2]) &&
    !isWordChar(text[end])
  )
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && (GROUP_SPACES.has(text[at]!) || text[at] === '\t')) at++
  return at
}

/** "1. " or "2) " at the start of a line is a list item's number, not a figure. */
function isListMarker(text: string, start: number, end: number): boolean {
  const next = text[end]
  if ((next !== '.' && next !== ')') || (text[end + 1] !== ' ' && text[end + 1] !== undefined)) return false
  let j = start - 1
  while (j >= 0 && (text[j] === ' ' || text[j] === '\t')) j--
  return j < 0 || text[j] === '\n'
}

/**
 * A run split at its spaces, unless the spaces group thousands ("125 000", "1 250 000,5"): the
 * first group of 1–3 digits, every other of exactly 3 (the last may carry decimals).
 */
function splitGroups(raw: string): string[] {
  const parts: string[] = []
  let current = ''
  for (const c of raw) {
    if (GROUP_SPACES.has(c)) {
      parts.push(current)
      current = ''
    } else current += c
  }
  parts.push(current)
  if (parts.length === 1) return parts
  const plain = (p: string) => [...p].every(isDigit)
  const grouped =
    plain(parts[0]!) &&
    parts[0]!.length <= 3 &&
    parts.slice(1, -1).every((p) => p.length === 3 && plain(p)) &&
    groupWithDecimals(parts.at(-1)!)
  return grouped ? [parts.join('')] : parts
}

/** "000", "000,5" or "000.25": a last thousands group, with decimals or without. */
function groupWithDecimals(p: string): boolean {
  if (p.length < 3 || ![...p.slice(0, 3)].every(isDigit)) return false
  if (p.length === 3) return true
  return (p[3] === ',' || p[3] === '.') && p.length > 4 && [...p.slice(4)].every(isDigit)
}

/**
 * "12.4.2024" (a date) is three numbers: one mark three times or more that does not group
 * thousands ("1.250.000" does) separates numbers.
 */
function splitDates(piece: string): string[] {
  for (const mark of ['.', ',']) {
    const groups = piece.split(mark)
    if (groups.length < 3 || piece.includes(mark === '.' ? ',' : '.')) continue
    const thousands = groups[0]!.length <= 3 && groups.slice(1).every((g) => g.length === 3)
    if (!thousands) return groups.filter((g) => g.length > 0)
  }
  return [piece]
}

/** The readings of one number without spaces, e.g. "125,000" → 125000 and 125. */
function readPiece(piece: string): Reading[] {
  const commas = [...piece].filter((c) => c === ',').length
  const dots = [...piece].filter((c) => c === '.').length
  if (commas === 0 && dots === 0) return [integer(piece)]
  if (commas > 0 && dots > 0) {
    // Both: the last one is the decimal mark, the other groups thousands.
    const mark = piece.lastIndexOf(',') > piece.lastIndexOf('.') ? ',' : '.'
    const other = mark === ',' ? '.' : ','
    const [whole, fraction] = splitOnce(piece.split(other).join(''), mark)
    return [decimal(whole, fraction)]
  }
  const mark = commas > 0 ? ',' : '.'
  const groups = piece.split(mark)
  // "1.250.000": thousands groups (splitDates has taken dates apart).
  if (groups.length > 2) return [integer(groups.join(''))]
  const [whole, fraction] = [groups[0]!, groups[1]!]
  const asDecimal = decimal(whole, fraction)
  // "125,000" / "1.500": a thousands group or a decimal fraction — keep both readings ("0,001" is
  // only a fraction: no number's first thousands group is 0).
  const grouped = fraction.length === 3 && whole.length <= 3 && whole[0] !== '0'
  return grouped ? [integer(whole + fraction), asDecimal] : [asDecimal]
}

function splitOnce(s: string, mark: string): [string, string] {
  const at = s.indexOf(mark)
  return [s.slice(0, at), s.slice(at + 1)]
}

function integer(digits: string): Reading {
  const value = Number(digits)
  // Trailing zeros of a number of 4 digits or more say it was rounded: "98 000" ≈ 97 500–98 499.
  let zeros = 0
  if (digits.length >= 4) for (let k = digits.length - 1; k > 0 && digits[k] === '0'; k--) zeros++
  return { value, tolerance: 0.5 * 10 ** zeros }
}

function decimal(whole: string, fraction: string): Reading {
  return { value: Number(`${whole || '0'}.${fraction}`), tolerance: 0.5 * 10 ** -fraction.length }
}
