import { join } from 'node:path'
import { Type } from 'typebox'
import { fold, loadGazetteer, type Place } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { trimEndOf, WHITESPACE } from '../../kit/text.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule } from './shared.ts'

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

const PlaceSchema = Type.Object({
  municipality: Type.String(),
  municipality_code: Type.String(),
  part: Type.String(),
  district: Type.String(),
  region: Type.String(),
})

export const addressNormalizer = defineAgent({
  service: 'data',
  name: 'address_normalizer',
  description:
    'Splits a Czech postal address into street, house number (č.p.), orientation number (č.o.), PSČ and municipality, and checks it against the RÚIAN gazetteer: does the PSČ exist, does it serve the municipality given, which part of the municipality, district (okres) and region (kraj) it is in. Offline; coordinates come from data/geocoder.',
  input: Type.Object(
    { address: Type.String({ minLength: 3, maxLength: 300, description: 'one-line Czech address' }) },
    { additionalProperties: false },
  ),
  output: Type.Object({
    street: Type.Union([Type.Null(), Type.String()]),
    house_number: Type.Union([Type.Null(), Type.String()], { description: 'číslo popisné (or evidenční)' }),
    orientation_number: Type.Union([Type.Null(), Type.String()], { description: 'číslo orientační' }),
    psc: Type.Union([Type.Null(), Type.String({ pattern: '^\\d{3} \\d{2}$' })]),
    municipality: Type.Union([Type.Null(), Type.String()]),
    part: Type.Union([Type.Null(), Type.String()], { description: 'část obce' }),
    city_district: Type.Union([Type.Null(), Type.String()]),
    district: Type.Union([Type.Null(), Type.String()], { description: 'okres' }),
    region: Type.Union([Type.Null(), Type.String()], { description: 'kraj' }),
    psc_known: Type.Boolean(),
    psc_matches_municipality: Type.Union([Type.Null(), Type.Boolean()]),
    formatted: Type.Union([Type.Null(), Type.String()]),
    places_for_psc: Type.Array(PlaceSchema, {
      description: 'the parts of municipalities the PSČ serves (up to 20)',
    }),
    issues: Type.Array(Type.String()),
  }),
  verdict: {
    explain:
      '`informational` for an address whose PSČ the gazetteer knows and that serves the municipality given; `review` when the PSČ is unknown, does not serve the municipality, or no municipality could be matched',
    of: (r) =>
      r.psc_known && r.psc_matches_municipality !== false && r.municipality !== null
        ? 'informational'
        : 'review',
  },
  law: ['cz-111-2009-ruian', 'cp-psc'],
  examples: [
    {
      title: 'A Prague address with the part of the city',
      input: { address: 'Jankovcova 1522/53, 170 00 Praha 7 - Holešovice' },
    },
    { title: 'A PSČ that does not serve the town given', input: { address: 'Husova 12, 602 00 Ostrava' } },
    {
      title: 'A village address with only a house number',
      input: { address: 'č.p. 45, 747 66 Dolní Lhota' },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const gazetteer = loadGazetteer(join(ctx.deps.registryDir, 'psc-list.csv'))
    const text = input.address.replace(/\s+/g, ' ').trim()
    const pscMatch = [...text.matchAll(/(?<!\d)(\d{3}) ?(\d{2})(?!\d)/g)].at(-1)
    const issues: string[] = []
    const rules = [
      lawRule(
        say({ cs: 'PSČ má 5 číslic a píše se NNN NN', en: 'PSČ is 5 digits, written NNN NN' }),
        cite(at, 'cp-psc'),
        pscMatch
          ? say({ cs: `nalezeno ${pscMatch[1]} ${pscMatch[2]}`, en: `found ${pscMatch[1]} ${pscMatch[2]}` })
          : say({ cs: 'adresa neobsahuje PSČ', en: 'no PSČ in the address' }),
      ),
    ]
    const segments = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const pscSegment = pscMatch ? segments.findIndex((s) => s.includes(pscMatch[0])) : -1
    const streetSegment =
      segments.find((s, i) => i !== pscSegment && /\d/.test(s)) ??
      (pscSegment === 0 ? undefined : segments[0])
    if (segments.length === 0) throw errors.invalid('address', 'must contain text')
    const { street, house, orientation } = streetSegment
      ? parseStreet(streetSegment)
      : { street: null, house: null, orientation: null }
    if (!house) issues.push(say({ cs: 'číslo domu nenalezeno', en: 'no house number found' }))

    const psc = pscMatch ? `${pscMatch[1]}${pscMatch[2]}` : null
    const places = psc ? (gazetteer.byPsc.get(psc) ?? []) : []
    if (psc && places.length === 0)
      issues.push(
        say({
          cs: `PSČ ${psc.slice(0, 3)} ${psc.slice(3)} neexistuje`,
          en: `PSČ ${psc.slice(0, 3)} ${psc.slice(3)} does not exist`,
        }),
      )
    // The municipality text: whatever is around the PSČ and in the segments after the street.
    const rest = segments
      .filter((s) => s !== streetSegment)
      .map((s) => (pscMatch ? s.replace(pscMatch[0], ' ') : s))
      .join(' ')
    const restFolded = ` ${fold(rest)} `
    const named = (p: Place, key: 'municipality' | 'part') => restFolded.includes(` ${fold(p[key])} `)
    let best =
      places.find((p) => named(p, 'part') && named(p, 'municipality')) ??
      places.find((p) => named(p, 'municipality')) ??
      places.find((p) => named(p, 'part'))
    let partKnown = true
    if (!psc) {
      // No PSČ: find the municipality by name (the longest name the address contains).
      const key = [...gazetteer.byName.keys()]
        .filter((k) => restFolded.includes(` ${k} `))
        .sort((a, b) => b.length - a.length)[0]
      const named = key ? gazetteer.byName.get(key)! : []
      const municipalities = new Set(named.map((p) => p.municipality_code))
      if (municipalities.size === 1) {
        const byPart = named.find((p) => fold(p.part) === key)
        partKnown = byPart !== undefined
        best = byPart ?? named[0]!
        const codes = [...new Set(named.map((p) => p.psc))].sort()
        issues.push(
          say({
            cs: `PSČ neuvedeno; ${best.municipality} má PSČ ${codes.slice(0, 8).join(', ')}${codes.length > 8 ? ' …' : ''}`,
            en: `no PSČ given; ${best.municipality} has PSČ ${codes.slice(0, 8).join(', ')}${codes.length > 8 ? ' …' : ''}`,
          }),
        )
      } else if (municipalities.size > 1) {
        const districts = [...new Set(named.map((p) => `${p.municipality} (${p.district})`))]
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
    const nameFound = rest.trim() !== ''
    let matches: boolean | null = null
    if (places.length > 0 && nameFound) {
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
            cs: `PSČ ${psc!.slice(0, 3)} ${psc!.slice(3)} patří obcím ${served}, ne uvedenému místu${other ? `; ${other.name} má PSČ ${other.codes}` : ''}`,
            en: `PSČ ${psc!.slice(0, 3)} ${psc!.slice(3)} serves ${served}, not the place named${other ? `; ${other.name} has PSČ ${other.codes}` : ''}`,
          }),
        )
      }
    }
    rules.push(
      lawRule(
        say({ cs: 'PSČ musí patřit uvedené obci', en: 'the PSČ must serve the municipality named' }),
        cite(at, 'cz-111-2009-ruian', 'cp-psc'),
        matches === null
          ? say({ cs: 'neověřeno', en: 'not checked' })
          : matches
            ? say({ cs: 'souhlasí', en: 'consistent' })
            : say({ cs: 'nesouhlasí', en: 'inconsistent' }),
      ),
    )
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
    const cityDistrict =
      districts.find((d) => restFolded.includes(` ${fold(d)} `)) ??
      (districts.length === 1 ? districts[0]! : null)
    const pscText = psc ? `${psc.slice(0, 3)} ${psc.slice(3)}` : null
    const numbers = house ? `${house}${orientation ? `/${orientation}` : ''}` : null
    const line1 = street ? `${street}${numbers ? ` ${numbers}` : ''}` : numbers ? `č.p. ${numbers}` : null
    const town = best
      ? best.municipality === 'Praha' && cityDistrict
        ? cityDistrict
        : best.municipality
      : null
    const partText = best && partKnown && best.part !== best.municipality ? best.part : null
    return {
      street,
      house_number: house,
      orientation_number: orientation,
      psc: pscText,
      municipality: best?.municipality ?? null,
      part: partKnown ? (best?.part ?? null) : null,
      city_district: cityDistrict,
      district: best?.district ?? null,
      region: best?.region ?? null,
      psc_known: places.length > 0,
      psc_matches_municipality: matches,
      formatted: best
        ? [line1, partText, pscText ? `${pscText} ${town}` : town].filter(Boolean).join(', ')
        : null,
      places_for_psc: [...new Map(places.map((p) => [p.part_code, p])).values()].slice(0, 20).map((p) => ({
        municipality: p.municipality,
        municipality_code: p.municipality_code,
        part: p.part,
        district: p.district,
        region: p.region,
      })),
      issues,
      rules_applied: rules,
    }
  },
})
