import { join } from 'node:path'
import { Type } from 'typebox'
import { fold, loadGazetteer } from '../../engines/sources/index.ts'
import { defineAgent } from '../types.ts'
import {
  cityDistrictOf,
  formatAddress,
  placeCheck,
  placeList,
  pscCheck,
  pscPlaces,
  pscServesCheck,
  spaced,
  streetCheck,
} from './address-checks.ts'
import { isoDate } from './shared.ts'

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
    const { match, psc, rule: pscRule } = pscCheck(text, at, say)
    const { rest, issues: streetIssues, ...parts } = streetCheck(text, match, say)
    const { places, issues: pscIssues } = pscPlaces(psc, gazetteer, say)
    const restFolded = ` ${fold(rest)} `
    const { best, partKnown, issues: placeIssues } = placeCheck(restFolded, places, psc, gazetteer, say)
    const serves = pscServesCheck({ psc, places, best, rest, restFolded }, gazetteer, at, say)
    const cityDistrict = cityDistrictOf(best, places, restFolded)
    const pscText = psc ? spaced(psc) : null
    return {
      street: parts.street,
      house_number: parts.house,
      orientation_number: parts.orientation,
      psc: pscText,
      municipality: best?.municipality ?? null,
      part: partKnown ? (best?.part ?? null) : null,
      city_district: cityDistrict,
      district: best?.district ?? null,
      region: best?.region ?? null,
      psc_known: places.length > 0,
      psc_matches_municipality: serves.matches,
      formatted: formatAddress(parts, pscText, best, partKnown, cityDistrict),
      places_for_psc: placeList(places),
      issues: [...streetIssues, ...pscIssues, ...placeIssues, ...serves.issues],
      rules_applied: [pscRule, serves.rule],
    }
  },
})
