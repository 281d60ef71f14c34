/**
 * Czech personal names: academic and professional titles before and after the name (zákon
 * 111/1998 Sb. § 45–47, § 70–73; zákon 561/2004 Sb. § 101), given name(s) and surname, and the
 * grammatical gender that Czech surnames and given names carry (-ová/-á surnames are female).
 * Tables in data/reference/contact-names-cz.json.
 */
import data from '../../../data/reference/contact-names-cz.json' with { type: 'json' }
import { trimEndOf, WHITESPACE } from '../../kit/text.ts'
import { fold, squish } from './text.ts'

export interface ParsedName {
  titles_before: string[]
  titles_after: string[]
  given_names: string[]
  surname: string
  gender: 'female' | 'male' | 'unknown'
  /** Which cue decided the gender. */
  gender_basis: string
}

// Longest titles first so "Ing. arch." wins over "Ing.".
const BEFORE = [...data.titles_before].sort((a, b) => b.length - a.length)
const AFTER = [...data.titles_after].sort((a, b) => b.length - a.length)

function takeTitle(text: string, titles: string[]): [string, string] | undefined {
  const lower = text.toLowerCase()
  for (const t of titles) {
    const compactT = t.toLowerCase().replace(/\s+/g, '')
    const compactText = lower.replace(/\s+/g, '')
    if (!compactText.startsWith(compactT)) continue
    // Walk the original text to consume the title with whatever spacing it had.
    let i = 0
    let j = 0
    while (j < compactT.length && i < text.length) {
      if (/\s/.test(text[i]!)) i++
      else {
        i++
        j++
      }
    }
    const next = text[i]
    if (next !== undefined && !/[\s,]/.test(next)) continue
    return [t, text.slice(i)]
  }
  return undefined
}

export function parseName(input: string): ParsedName {
  let rest = squish(input)
  const before: string[] = []
  const after: string[] = []
  for (;;) {
    const hit = takeTitle(rest, BEFORE)
    if (!hit) break
    before.push(hit[0])
    rest = hit[1].replace(/^[\s,]+/, '')
  }
  // Titles after the name follow a comma or a space at the end: "Jan Novák, Ph.D., MBA".
  for (;;) {
    const trimmed = trimEndOf(rest, `${WHITESPACE},`)
    const found = AFTER.find((t) => trimmed.toLowerCase().endsWith(t.toLowerCase()))
    if (!found) {
      rest = trimmed
      break
    }
    const head = trimmed.slice(0, trimmed.length - found.length)
    if (head.length > 0 && !/[\s,]$/.test(head)) {
      rest = trimmed
      break
    }
    after.unshift(found)
    rest = head
  }
  let words: string[]
  // "Novák, Jan" (surname first, comma) is the one order we can tell apart.
  const comma = rest.split(',').map((s) => s.trim())
  if (comma.length === 2 && comma[0] && comma[1]) words = [...comma[1].split(' '), comma[0]]
  else words = rest.replace(/,/g, ' ').split(' ').filter(Boolean)
  const surname = words.length > 1 ? words.at(-1)! : (words[0] ?? '')
  const given = words.length > 1 ? words.slice(0, -1) : []
  const { gender, basis } = genderOf(given[0], surname)
  return {
    titles_before: before,
    titles_after: after,
    given_names: given,
    surname,
    gender,
    gender_basis: basis,
  }
}

function genderOf(
  given: string | undefined,
  surname: string,
): { gender: ParsedName['gender']; basis: string } {
  const s = fold(surname)
  if (s.endsWith('ova')) return { gender: 'female', basis: 'surname ends in -ová' }
  if (/[^aeiouy]a$/.test(s) && surname.endsWith('á'))
    return { gender: 'female', basis: 'adjectival surname ends in -á' }
  if (surname.endsWith('ý') || surname.endsWith('ský') || surname.endsWith('cký'))
    return { gender: 'male', basis: 'adjectival surname ends in -ý' }
  if (given) {
    if (data.female_given_names_not_ending_a.some((n) => fold(n) === fold(given)))
      return { gender: 'female', basis: 'given name is a listed female name' }
    if (data.male_given_name_exceptions_ending_a.some((n) => fold(n) === fold(given)))
      return { gender: 'unknown', basis: 'given name ends in -a but is not only female' }
    if (data.female_given_name_suffixes.some((x) => fold(given).endsWith(x)))
      return { gender: 'female', basis: 'given name ends in -a/-e (female declension)' }
    if (/[bcdfghjklmnpqrstvwxzř]$/.test(fold(given)) || /[iíé]$/.test(given))
      return { gender: 'male', basis: 'given name ends in a consonant, -í or -é (male declension)' }
  }
  return { gender: 'unknown', basis: 'no gender cue in the name' }
}
