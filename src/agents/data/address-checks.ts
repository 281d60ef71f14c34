/**
 * The checks of address_normalizer (RÚIAN, Act 111/2009 Coll.; the Czech Post's PSČ list), each a
 * named function that returns what it read, the issues it raised and the rule it applied (with its
 * register source). The agent runs them in order and formats the address from what they found.
 */
import { fold, type Gazetteer, type Place } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { trimEndOf, WHITESPACE } from '../../kit/text.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { lawRule } from './shared.ts'

/** "Jankovcova 1522/53" → street, č.p. and č.o.; "č.p. 45" or a bare number → no street. */
function parseStreet(segment: string): {
  street: string | null
  house: string | null
  orientation: string | null
} {
  const m = /^(.*?)\s*(?:č\.\s?p\.\s*|č\.\s?ev\.\s*)?(\d{1,5})(?:\s*\/\s*(\d{1,4}[a-zA-Z]?))?$/.exec(
    segment.trim(),
  )
  if (!m) return { street: segment.trim() || null, house: null, orientation: null }
  return {
    street: trimEndOf(m[1]!, `${WHITESPACE},`).trim() || null,
    house: m[2]!,
    orientation: m[3] ?? null,
  }
}

/** "602 00" for "60200". */
export const spaced = (psc: string) => `${psc.slice(0, 3)} ${psc.slice(3)}`

/** The PSČ: the last five digits, written NNN NN or NNNNN, that are not part of a longer number. */
export function pscCheck(text: string, at: string, say: Say) {
  const match = [...text.matchAll(/(?<!\d)(\d{3}) ?(\d{2})(?!\d)/g)].at(-1)
  const rule = lawRule(
    say({ cs: 'PSČ má 5 číslic a píše se NNN NN', en: 'PSČ is 5 digits, written NNN NN' }),
    cite(at, 'cp-psc'),
    match
      ? say({ cs: `nalezeno ${match[1]} ${match[2]}`, en: `found ${match[1]} ${match[2]}` })
      : say({ cs: 'adresa neobsahuje PSČ', en: 'no PSČ in the address' }),
  )
  return { match, psc: match ? `${match[1]}${match[2]}` : null, rule }
}

/**
 * The address split at its commas: the street segment (the first other than the PSČ's with a
 * digit) and its numbers, and the text naming the place — whatever is around the PSČ and in the
 * segments after the street.
 */
export function streetCheck(text: string, pscMatch: RegExpMatchArray | undefined, say: Say) {
  const issues: string[] = []
  const segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const pscSegment = pscMatch ? segments.findIndex((s) => s.includes(pscMatch[0])) : -1
  const streetSegment =
    segments.find((s, i) => i !== pscSegment && /\d/.test(s)) ?? (pscSegment === 0 ? undefined : segments[0])
  if (segments.length === 0) throw errors.invalid('address', 'must contain text')
  const { street, house, orientation } = streetSegment
    ? parseStreet(streetSegment)
    : { street: null, house: null, orientation: null }
  if (!house) issues.push(say({ cs: 'číslo domu nenalezeno', en: 'no house number found' }))
  const rest = segments
    .filter((s) => s !== streetSegment)
    .map((s) => (pscMatch ? s.replace(pscMatch[0], ' ') : s))
    .join(' ')
  return { street, house, orientation, rest, issues }
}

/** The parts of municipalities the PSČ serves in the gazetteer; a PSČ it does not know is an issue. */
export function pscPlaces(psc: string | null, gazetteer: Gazetteer, say: Say) {
  const places = psc ? (gazetteer.byPsc.get(psc) ?? []) : []
  const issues =
    psc && places.length === 0
      ? [say({ cs: `PSČ ${spaced(psc)} neexistuje`, en: `PSČ ${spaced(psc)} does not exist` })]
      : []
  return { places, issues }
}

/** Whether the place text names a place's municipality or part, as whole words. */
const naming = (restFolded: string) => (p: Place, key: 'municipality' | 'part') =>
  restFolded.includes(` ${fold(p[key])} `)

/**
 * The place the address names: among those its PSČ serves, the one whose part and municipality
 * it names (else its municipality, else its part). Without a PSČ, the municipality by the longest
 * name the address contains — one municipality is found, several or none is an issue.
 */
export function placeCheck(
  restFolded: string,
  places: Place[],
  psc: string | null,
  gazetteer: Gazetteer,
  say: Say,
) {
  const issues: string[] = []
  const named = naming(restFolded)
  let best =
    places.find((p) => named(p, 'part') && named(p, 'municipality')) ??
    places.find((p) => named(p, 'municipality')) ??
    places.find((p) => named(p, 'part'))
  let partKnown = true
  if (!psc) {
    const key = [...gazetteer.byName.keys()]
      .filter((k) => restFolded.includes(` ${k} `))
      .sort((a, b) => b.length - a.length)[0]
    const candidates = key ? gazetteer.byName.get(key)! : []
    const municipalities = new Set(candidates.map((p) => p.municipality_code))
    if (municipalities.size === 1) {
      const byPart = candidates.find((p) => fold(p.part) === key)
      partKnown = byPart !== undefined
      best = byPart ?? candidates[0]!
      const codes = [...new Set(candidates.map((p) => p.psc))].sort()
      const listed = `${codes.slice(0, 8).join(', ')}${codes.length > 8 ? ' …' : ''}`
      issues.push(
        say({
          cs: `PSČ neuvedeno; ${best.municipality} má PSČ ${listed}`,
          en: `no PSČ given; ${best.municipality} has PSČ ${listed}`,
        }),
      )
    } else if (municipalities.size > 1) {
      const districts = [...new Set(candidates.map((p) => `${p.municipality} (${p.district})`))]
      issues.push(
        say({
          cs: `PSČ neuvedeno a odpovídá více obcí (${municipalities.size}): ${districts.slice(0, 6).join(', ')}`,
          en: `no PSČ given and ${municipalities.size} municipalities match: ${districts.slice(0, 6).join(', ')}`,
        }),
      )
    } else
      issues.push(
        say({
          cs: 'PSČ neuvedeno a není uvedena žádná známá obec',
          en: 'no PSČ given and no known municipality named',
        }),
      )
  }
  return { best, partKnown, issues }
}

/**
 * Does the PSČ serve the place named (RÚIAN gives each part of a municipality its PSČ)? Checked
 * when the PSČ is known and a place is named; when it does not, the issue names the
 * municipalities it serves and the PSČ of the place named, if the gazetteer knows it.
 */
export function pscServesCheck(
  found: { psc: string | null; places: Place[]; best: Place | undefined; rest: string; restFolded: string },
  gazetteer: Gazetteer,
  at: string,
  say: Say,
): { matches: boolean | null; issues: string[]; rule: AppliedRule } {
  const { psc, places, best, restFolded } = found
  const issues: string[] = []
  let matches: boolean | null = null
  if (places.length > 0 && found.rest.trim() !== '') {
    matches = best !== undefined
    if (!best) {
      const elsewhere = [...gazetteer.byName.entries()].find(([k]) => restFolded.includes(` ${k} `))
      const served = [...new Set(places.map((p) => p.municipality))].slice(0, 5).join(', ')
      const other = elsewhere
        ? {
            name: elsewhere[1][0]!.municipality,
            codes: [...new Set(elsewhere[1].map((p) => p.psc))].slice(0, 5).join(', '),
          }
        : undefined
      issues.push(
        say({
          cs: `PSČ ${spaced(psc!)} patří obcím ${served}, ne uvedenému místu${other ? `; ${other.name} má PSČ ${other.codes}` : ''}`,
          en: `PSČ ${spaced(psc!)} serves ${served}, not the place named${other ? `; ${other.name} has PSČ ${other.codes}` : ''}`,
        }),
      )
    }
  }
  const rule = lawRule(
    say({ cs: 'PSČ musí patřit uvedené obci', en: 'the PSČ must serve the municipality named' }),
    cite(at, 'cz-111-2009-ruian', 'cp-psc'),
    matches === null
      ? say({ cs: 'neověřeno', en: 'not checked' })
      : matches
        ? say({ cs: 'souhlasí', en: 'consistent' })
        : say({ cs: 'nesouhlasí', en: 'inconsistent' }),
  )
  return { matches, issues, rule }
}

/** The city district of the part found: the one the address names, else the only one it has. */
export function cityDistrictOf(best: Place | undefined, places: Place[], restFolded: string): string | null {
  const districts = best
    ? [
        ...new Set(
          places
            .filter((p) => p.part_code === best.part_code)
            .map((p) => p.city_district)
            .filter((d): d is string => !!d),
        ),
      ]
    : []
  return (
    districts.find((d) => restFolded.includes(` ${fold(d)} `)) ??
    (districts.length === 1 ? districts[0]! : null)
  )
}

/**
 * The address as the Czech Post writes it: street and numbers (or "č.p." and the number), the part
 * of the municipality when it differs, then PSČ and town (a Prague address by its city district).
 */
export function formatAddress(
  parts: { street: string | null; house: string | null; orientation: string | null },
  pscText: string | null,
  best: Place | undefined,
  partKnown: boolean,
  cityDistrict: string | null,
): string | null {
  if (!best) return null
  const { street, house, orientation } = parts
  const numbers = house ? `${house}${orientation ? `/${orientation}` : ''}` : null
  const line1 = street ? `${street}${numbers ? ` ${numbers}` : ''}` : numbers ? `č.p. ${numbers}` : null
  const town = best.municipality === 'Praha' && cityDistrict ? cityDistrict : best.municipality
  const partText = partKnown && best.part !== best.municipality ? best.part : null
  return [line1, partText, pscText ? `${pscText} ${town}` : town].filter(Boolean).join(', ')
}

/** Each part of a municipality the PSČ serves, once, up to 20. */
export const placeList = (places: Place[]) =>
  [...new Map(places.map((p) => [p.part_code, p])).values()].slice(0, 20).map((p) => ({
    municipality: p.municipality,
    municipality_code: p.municipality_code,
    part: p.part,
    district: p.district,
    region: p.region,
  }))
