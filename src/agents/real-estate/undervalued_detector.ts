import { Type } from 'typebox'
import {
  findComparables,
  haversineKm,
  ppm2Stats,
  roomsOf,
  snapshotDate,
} from '../../engines/realestate/comparables.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber, RulesAppliedSchema } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import { listings } from './location.ts'

interface Thresholds extends ReferenceVersion {
  high_below: number
  medium_below: number
  min_comparables: number
}

const Flag = Type.Union([
  Type.Literal('HIGH'),
  Type.Literal('MEDIUM'),
  Type.Literal('NONE'),
  Type.Literal('INSUFFICIENT_DATA'),
])

export const undervaluedDetector = defineAgent({
  service: 'real-estate',
  name: 'undervalued_detector',
  description:
    "Flags flats priced below their local market: each ad's price per m² against the median of its comparables (same rooms, ±20 % area, nearest within 1–5 km) — HIGH below 0.8 ×, MEDIUM below 0.9 ×. Checks the ads given, or scans the listing data around a point.",
  input: Type.Object(
    {
      listings: Type.Optional(
        Type.Array(
          Type.Object(
            {
              id: Type.String({ minLength: 1, maxLength: 100 }),
              price: Type.Number({ exclusiveMinimum: 0 }),
              area_m2: Type.Number({ minimum: 10, maximum: 1000 }),
              latitude: Type.Number({ minimum: 48.5, maximum: 51.1 }),
              longitude: Type.Number({ minimum: 12, maximum: 18.9 }),
              disposition: Type.Optional(Type.String({ pattern: '^(\\d\\+(kk|\\d)|atypické)$' })),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 500 },
        ),
      ),
      scan: Type.Optional(
        Type.Object(
          {
            latitude: Type.Number({ minimum: 48.5, maximum: 51.1 }),
            longitude: Type.Number({ minimum: 12, maximum: 18.9 }),
            radius_km: Type.Number({ exclusiveMinimum: 0, maximum: 5 }),
          },
          { additionalProperties: false },
        ),
      ),
      only_flagged: Type.Optional(
        Type.Boolean({ description: 'return only HIGH and MEDIUM (default: true for a scan)' }),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'default 50' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    checked: Type.Integer(),
    flagged: Type.Object({ high: Type.Integer(), medium: Type.Integer() }),
    results: Type.Array(
      Type.Object({
        id: Type.String(),
        price: Type.Number(),
        price_per_m2: Type.Integer(),
        local_median_per_m2: NullableNumber(),
        ratio: NullableNumber(),
        comparables: Type.Integer(),
        flag: Flag,
      }),
    ),
    data_as_of: Type.String(),
    rules_applied: RulesAppliedSchema,
  }),
  examples: [
    {
      title: 'Two ads in Prague-Vinohrady: one far below the local median',
      input: {
        listings: [
          {
            id: 'ad-1',
            price: 6_200_000,
            area_m2: 58,
            latitude: 50.0755,
            longitude: 14.4378,
            disposition: '2+kk',
          },
          {
            id: 'ad-2',
            price: 11_900_000,
            area_m2: 60,
            latitude: 50.0761,
            longitude: 14.4421,
            disposition: '2+kk',
          },
        ],
      },
    },
    {
      title: 'Scan 1 km around Brno náměstí Svobody for flagged listings',
      input: { scan: { latitude: 49.1951, longitude: 16.6081, radius_km: 1 }, limit: 5 },
    },
  ],
  async run(input, ctx) {
    if (!input.listings === !input.scan)
      throw errors.invalid('listings', 'give either listings or scan, not both or neither')
    const t = covered(() => referenceAt<Thresholds>('realestate-opportunity', asOfDate(undefined, ctx.now)))
    const sales = listings(ctx.deps.listingsFile)
    const asOf = snapshotDate(sales)
    type Item = {
      id: string
      price: number
      area: number
      lat: number
      lon: number
      rooms: number | null | undefined
      exclude?: string[]
    }
    let items: Item[]
    if (input.listings) {
      items = input.listings.map((l) => ({
        id: l.id,
        price: l.price,
        area: l.area_m2,
        lat: l.latitude,
        lon: l.longitude,
        rooms: l.disposition ? roomsOf(l.disposition) : undefined,
      }))
    } else {
      const s = input.scan!
      items = sales
        .filter((x) => haversineKm(s.latitude, s.longitude, x.lat, x.lon) <= s.radius_km)
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((x) => ({
          id: x.code,
          price: x.price,
          area: x.area,
          lat: x.lat,
          lon: x.lon,
          rooms: x.rooms,
          exclude: [x.code],
        }))
    }
    const results = items.map((it) => {
      const search = findComparables(sales, {
        lat: it.lat,
        lon: it.lon,
        area: it.area,
        rooms: it.rooms,
        exclude: it.exclude ?? [],
      })
      const stats = ppm2Stats(search.comps)
      const ppm2 = it.price / it.area
      if (!stats || stats.count < t.min_comparables) {
        return {
          id: it.id,
          price: it.price,
          price_per_m2: Math.round(ppm2),
          local_median_per_m2: stats ? Math.round(stats.median) : null,
          ratio: null,
          comparables: stats?.count ?? 0,
          flag: 'INSUFFICIENT_DATA' as const,
        }
      }
      const ratio = ppm2 / stats.median
      const flag =
        ratio < t.high_below
          ? ('HIGH' as const)
          : ratio < t.medium_below
            ? ('MEDIUM' as const)
            : ('NONE' as const)
      return {
        id: it.id,
        price: it.price,
        price_per_m2: Math.round(ppm2),
        local_median_per_m2: Math.round(stats.median),
        ratio: Math.round(ratio * 1000) / 1000,
        comparables: stats.count,
        flag,
      }
    })
    const high = results.filter((r) => r.flag === 'HIGH').length
    const medium = results.filter((r) => r.flag === 'MEDIUM').length
    const onlyFlagged = input.only_flagged ?? Boolean(input.scan)
    const shown = (onlyFlagged ? results.filter((r) => r.flag === 'HIGH' || r.flag === 'MEDIUM') : results)
      .sort((a, b) => (input.scan ? (a.ratio ?? 9) - (b.ratio ?? 9) || a.id.localeCompare(b.id) : 0))
      .slice(0, input.limit ?? 50)
    return {
      checked: results.length,
      flagged: { high, medium },
      results: shown,
      data_as_of: asOf,
      rules_applied: [
        {
          rule: `HIGH below ${t.high_below} × and MEDIUM below ${t.medium_below} × the comparables' median CZK/m² (at least ${t.min_comparables} comparables)`,
          source: t.source ?? 'opportunity thresholds',
          since: t.effective_from,
          outcome: `${high} HIGH, ${medium} MEDIUM of ${results.length}`,
        },
        {
          rule: 'Comparables: same room count, floor area ±20 %, nearest within 1, 2, 3 or 5 km',
          source: `Sreality sale listings, snapshot ${asOf}`,
        },
      ],
    }
  },
})
