/**
 * Numbers as people write them in Czech and English text — "125 000", "125 000,5", "125,5",
 * "1.250.000", "125,000.50", "9,3 mil.", "98 tis.", "78 %" — read into the values they may mean,
 * and the check of a text's numbers against a set of known figures (is every number in an answer
 * one of the figures it was given, or a rounding of one?).
 *
 * Reading is a single left-to-right scan (no regular expression over the outside text). Where a
 * spelling is ambiguous ("125,000" is 125 in Czech and 125000 in English) both readings are kept,
 * and a number counts as known when any reading matches.
 */

export interface NumberMention {
  /** The number as written, e.g. "125 000,5" or "9,3 mil.". */
  text: string
  /** Absolute values it may mean (signs are not compared). */
  values: number[]
  /** How far a rounding of a figure may be from each value and still be that figure, same order. */
  tolerances: number[]
}

const GROUP_SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009'])
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'

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

interface Reading {
  value: number
  /** Half a unit of the last digit written: 98 000 → 500, 125,5 → 0.05, 42 → 0.5. */
  tolerance: number
}

/** Every number in a text with what it may mean. */
export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = []
  let i = 0
  while (i < text.length) {
    if (!isDigit(text[i])) {
      i++
      continue
    }
    const start = i
    // Digits, and single separators (space, dot, comma) between digits.
    let end = i
    while (end < text.length) {
      const c = text[end]
      if (isDigit(c)) end++
      else if ((GROUP_SPACES.has(c!) || c === '.' || c === ',') && isDigit(text[end + 1])) end++
      else break
    }
    i = end
    const raw = text.slice(start, end)
    if (isListMarker(text, start, end)) continue
    const after = text.slice(end, end + 12).toLowerCase()
    const rest = after.trimStart()
    const multiplier = MULTIPLIERS.find(([word]) => rest.startsWith(word))?.[1] ?? 1
    const percent = rest.startsWith('%')
    const pieces = splitGroups(raw).flatMap(splitDates)
    for (const piece of pieces) {
      const readings = readPiece(piece)
      const values: number[] = []
      const tolerances: number[] = []
      for (const r of readings) {
        values.push(r.value)
        tolerances.push(r.tolerance)
        if (multiplier !== 1) {
          values.push(r.value * multiplier)
          tolerances.push(r.tolerance * multiplier)
        }
        if (percent) {
          // "78 %" of a ratio 0.78, or the percentage itself (both are figures tools give).
          values.push(r.value / 100)
          tolerances.push(r.tolerance / 100)
        }
      }
      // As written: a grouped run keeps its spaces ("98 000"), a scaled one its word ("9,3 mil.").
      const whole = pieces.length === 1 ? raw : piece
      const written = pieces.length === 1 && multiplier !== 1 ? `${whole} ${rest.split(/\s/, 1)[0]}` : whole
      out.push({ text: written, values, tolerances })
    }
  }
  return out
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
  // "125,000" / "1.500": a thousands group or a decimal fraction — keep both readings.
  return fraction.length === 3 && whole.length <= 3 ? [integer(whole + fraction), asDecimal] : [asDecimal]
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

/**
 * Every number in a JSON value: numbers as they are, and the numbers written inside its strings
 * ("asks 75000 CZK/m²", "2024-04-12", "praha-5"), read as `numbersIn` reads them.
 */
export function figuresIn(value: unknown, into: Set<number> = new Set()): Set<number> {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) into.add(Math.abs(value))
  } else if (typeof value === 'string') {
    for (const m of numbersIn(value)) for (const v of m.values) into.add(v)
  } else if (Array.isArray(value)) {
    for (const v of value) figuresIn(v, into)
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) figuresIn(v, into)
  }
  return into
}

/**
 * The numbers of a text that are none of the figures, nor a rounding of one ("98 000" for 98 234,
 * "9,3 mil." for 9 312 000, "78 %" for 0.78), as written; empty when every number is known.
 */
export function unknownNumbers(text: string, figures: ReadonlySet<number>): string[] {
  const known = [...figures]
  const out: string[] = []
  for (const m of numbersIn(text)) {
    const matched = m.values.some((v, k) => {
      const tol = m.tolerances[k]!
      return known.some((f) => Math.abs(v - f) <= tol + 1e-9 * Math.max(1, f))
    })
    if (!matched) out.push(m.text)
  }
  return out
}
