/**
 * Is every number of a text one of the figures it was given, or a rounding of one? The check
 * behind an answer's `grounded` flag: figures are the numeric values of results (each with the
 * unit its field holds), never their labels, dates or identifiers, nor anything the asker wrote.
 *
 * A number of the text matches a figure when
 * - its unit fits: a number written with a unit ("1 Kč", "115 000 Kč/m²", "60 m²", "78 %") matches
 *   only a figure of that unit ("78 %" also a ratio 0.78); a bare number matches any figure;
 * - its sign fits: "-136 411" is not 136 411 (a percentage written without a sign may give the
 *   size of a signed one: "5 % pod odhadem" for -5 %);
 * - it is the figure, or the figure rounded to the precision written (trailing zeros of a number of
 *   four digits or more, or the decimals written: "98 000" for 98 234) and then no further than
 *   MAX_ROUNDING from it — what a person still calls the same figure ("140 000" for 136 411 is, at
 *   2.6 %; "100 000" is not, at 27 %; nor is "0,001 mil. Kč" for 1 400 Kč).
 *
 * Labels of the results that hold digits ("2+kk", "Praha 5 - Smíchov", a listing's code, the date
 * "2024-04-12") are taken out of the text where it quotes them whole, unless a unit or scale word
 * follows ("1001 Kč" is a price, whatever listing code 1001 is).
 */
import { type NumberUnit, numbersIn, quantityFollows } from './numbers.ts'

/** A figure may also be a ratio, quoted as a percentage (0.78 → "78 %"). */
export type FigureUnit = NumberUnit | 'ratio'

export interface Figure {
  value: number
  /** What it is of; null for a plain count or any other number without a unit. */
  unit: FigureUnit | null
}

/** How far (relative) a rounding may be from its figure: 5 %, two significant digits' worth. */
export const MAX_ROUNDING = 0.05

/**
 * The figures of a JSON value: its numbers, each with the unit `unitOf` gives its field (the
 * nearest key above it), and the numbers written with a unit inside its strings ("asks 75000
 * CZK/m²"); a string's numbers without a unit (dates, places, codes) are labels, not figures.
 */
export function figuresIn(
  value: unknown,
  unitOf: (key: string) => FigureUnit | null,
  into: Figure[] = [],
  key = '',
): Figure[] {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) into.push({ value, unit: unitOf(key) })
  } else if (typeof value === 'string') {
    for (const m of numbersIn(value))
      if (m.unit !== null) for (const v of m.values) into.push({ value: v, unit: m.unit })
  } else if (Array.isArray(value)) {
    for (const v of value) figuresIn(v, unitOf, into, key)
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) figuresIn(v, unitOf, into, k)
  }
  return into
}

/** The strings of a JSON value that hold a digit, with the Czech spellings of ISO dates among them. */
export function labelsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (numbersIn(value).length > 0) {
      into.add(value)
      for (const spelling of czechDates(value)) into.add(spelling)
    }
  } else if (Array.isArray(value)) {
    for (const v of value) labelsIn(v, into)
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) labelsIn(v, into)
  }
  return into
}

/** "2024-04-12" → "12. 4. 2024", "12.4.2024"; nothing for a string that is no ISO date. */
function czechDates(text: string): string[] {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return []
  const [y, m, d] = [text.slice(0, 4), text.slice(5, 7), text.slice(8, 10)]
  if (![y, m, d].every((p) => [...p].every((c) => c >= '0' && c <= '9'))) return []
  const [day, month] = [String(Number(d)), String(Number(m))]
  return [`${day}. ${month}. ${y}`, `${day}.${month}.${y}`, `${d}.${m}.${y}`]
}

/**
 * The numbers of a text that are none of the figures, nor a rounding of one, as written; empty
 * when every number is known. `labels` are quoted text, not numbers (see the module comment).
 */
export function unknownNumbers(
  text: string,
  figures: readonly Figure[],
  labels: Iterable<string> = [],
): string[] {
  const out: string[] = []
  for (const m of numbersIn(withoutLabels(text, labels))) {
    const known = m.values.some((v, k) => figures.some((f) => fits(m.unit, m.signed, v, m.tolerances[k]!, f)))
    if (!known) out.push(m.text)
  }
  return out
}

function fits(
  unit: NumberUnit | null,
  signed: boolean,
  value: number,
  tolerance: number,
  f: Figure,
): boolean {
  if (unit === 'percent') {
    const of = f.unit === 'ratio' ? 100 : f.unit === 'percent' ? 1 : 0
    if (of === 0) return false
    const figure = f.value * of
    return close(value, tolerance, figure) || (!signed && close(value, tolerance, Math.abs(figure)))
  }
  if (unit !== null && f.unit !== unit) return false
  return close(value, tolerance, f.value)
}

function close(value: number, tolerance: number, figure: number): boolean {
  const d = Math.abs(value - figure)
  if (d <= 1e-9 * Math.max(1, Math.abs(figure))) return true
  return d <= tolerance && d <= MAX_ROUNDING * Math.abs(figure)
}

/** The text with each whole quotation of a label blanked, unless a unit or scale word follows it. */
function withoutLabels(text: string, labels: Iterable<string>): string {
  // Case is ignored where lower-casing keeps every position (it does for Czech and English).
  const folded = text.toLowerCase()
  const haystack = folded.length === text.length ? folded : text
  let out = text
  for (const label of labels) {
    const needle = haystack === folded ? label.toLowerCase() : label
    if (needle.length === 0 || needle.length !== label.length) continue
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length
      if (isWordChar(text[at - 1]) || isWordChar(text[end]) || quantityFollows(text, end)) continue
      out = `${out.slice(0, at)}${' '.repeat(needle.length)}${out.slice(end)}`
    }
  }
  return out
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)
