import { basename } from 'node:path'
import { Type } from 'typebox'
import { fold, loadListings } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule } from './shared.ts'

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

const ListingSchema = Type.Object({
  code: Type.String(),
  title: Type.String(),
  disposition: Type.String(),
  area_m2: Type.Number(),
  price_czk: Type.Number(),
  price_per_m2: Type.Integer(),
  locality: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
})

export const listingStore = defineAgent({
  service: 'data',
  name: 'listing_store',
  description:
    'Queries the apartment-for-sale listings dataset (Sreality, 12 April 2024): filter by locality, disposition, area and price; returns the matching count, median price and median CZK/m² (over listings with a stated price and area) and the listings themselves.',
  input: Type.Object(
    {
      locality: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 100,
          description: 'municipality or part, e.g. "Brno" or "Praha Stodůlky"',
        }),
      ),
      disposition: Type.Optional(
        Type.String({ pattern: '^(\\d\\+(kk|1)|6 a více|atypický)$', description: 'e.g. 2+kk, 3+1' }),
      ),
      min_area: Type.Optional(Type.Number({ minimum: 0 })),
      max_area: Type.Optional(Type.Number({ minimum: 0 })),
      min_price: Type.Optional(Type.Number({ minimum: 0 })),
      max_price: Type.Optional(Type.Number({ minimum: 0 })),
      sort: Type.Optional(
        Type.Union([Type.Literal('price_per_m2'), Type.Literal('price'), Type.Literal('area')], {
          default: 'price_per_m2',
        }),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    count: Type.Integer({ description: 'listings matching the filters' }),
    median_price_czk: Type.Union([Type.Null(), Type.Number()]),
    median_price_per_m2: Type.Union([Type.Null(), Type.Integer()]),
    listings: Type.Array(ListingSchema),
    dataset: Type.Object({ file: Type.String(), scraped_on: Type.String(), rows: Type.Integer() }),
  }),
  verdict: 'informational',
  law: ['method-listings-snapshot'],
  examples: [
    {
      title: '2+kk flats in Brno up to 60 m², cheapest per m² first',
      input: { locality: 'Brno', disposition: '2+kk', max_area: 60, limit: 3 },
    },
    {
      title: 'Flats in Praha-Stodůlky under 8 million CZK',
      input: { locality: 'Praha Stodůlky', max_price: 8000000, sort: 'price', limit: 5 },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    if (input.min_area !== undefined && input.max_area !== undefined && input.min_area > input.max_area)
      throw errors.invalid('min_area', 'must not exceed max_area')
    if (input.min_price !== undefined && input.max_price !== undefined && input.min_price > input.max_price)
      throw errors.invalid('min_price', 'must not exceed max_price')
    const all = loadListings(ctx.deps.listingsFile)
    const slug = input.locality ? fold(input.locality).replace(/ /g, '-') : undefined
    const matches = all.filter(
      (l): l is typeof l & { area_m2: number; price_czk: number } =>
        l.category_type === 1 &&
        l.area_m2 !== null &&
        l.price_czk !== null &&
        (slug === undefined || l.locality === slug || l.locality.startsWith(`${slug}-`)) &&
        (input.disposition === undefined || l.disposition === input.disposition) &&
        (input.min_area === undefined || l.area_m2 >= input.min_area) &&
        (input.max_area === undefined || l.area_m2 <= input.max_area) &&
        (input.min_price === undefined || l.price_czk >= input.min_price) &&
        (input.max_price === undefined || l.price_czk <= input.max_price),
    )
    const perM2 = (l: { area_m2: number; price_czk: number }) => l.price_czk / l.area_m2
    const key = input.sort ?? 'price_per_m2'
    const sorted = [...matches].sort((a, b) =>
      key === 'price'
        ? a.price_czk - b.price_czk
        : key === 'area'
          ? a.area_m2 - b.area_m2
          : perM2(a) - perM2(b) || a.code.localeCompare(b.code),
    )
    const medPerM2 = median(matches.map(perM2))
    return {
      count: matches.length,
      median_price_czk: median(matches.map((l) => l.price_czk)),
      median_price_per_m2: medPerM2 === null ? null : Math.round(medPerM2),
      listings: sorted.slice(0, input.limit ?? 10).map((l) => ({
        code: l.code,
        title: l.title,
        disposition: l.disposition,
        area_m2: l.area_m2,
        price_czk: l.price_czk,
        price_per_m2: Math.round(perM2(l)),
        locality: l.locality,
        lat: l.lat,
        lon: l.lon,
      })),
      dataset: { file: basename(ctx.deps.listingsFile), scraped_on: '2024-04-12', rows: all.length },
      rules_applied: [
        lawRule(
          say({
            cs: 'počítají se jen inzeráty prodeje s uvedenou cenou (více než 1 Kč) a užitnou plochou',
            en: 'only sale listings with a stated price (more than 1 CZK) and usable area count',
          }),
          cite(at, 'method-listings-snapshot'),
          say({ cs: `shod: ${matches.length}`, en: `${matches.length} match` }),
        ),
        lawRule(
          say({
            cs: 'lokalita odpovídá od začátku slugu lokality inzerátu (obec-část-ulice)',
            en: 'locality matches the listing’s locality slug (municipality-part-street) from its start',
          }),
          cite(at, 'method-listings-snapshot'),
        ),
      ],
    }
  },
})
