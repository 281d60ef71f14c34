import { Type } from 'typebox'
import { ppm2Stats, snapshotDate } from '../../engines/realestate/comparables.ts'
import { VALUATION_BASIS } from '../../engines/realestate/valuation.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { againstModel, askingPriceRule, nearestComparables, noLocationRule } from './comparables-checks.ts'
import { LocationFields, listings, locate } from './location.ts'

export const comparablesFinder = defineAgent({
  service: 'real-estate',
  name: 'comparables_finder',
  description:
    "Finds the flats for sale most like a given one — nearest first, same room count, floor area within a tolerance — from the listing data, with distance, price and price per m² of each and their median; each is set against its own estimate by the fitted model the domain service uses (itself left out), so an ad priced off its market stands out, and the flat asked about gets the model's CZK/m².",
  input: Type.Object(
    {
      ...LocationFields,
      area_m2: Type.Number({ minimum: 10, maximum: 1000 }),
      disposition: Type.Optional(Type.String({ pattern: '^(\\d\\+(kk|\\d)|atypické)$' })),
      radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 20 })),
      area_tolerance_pct: Type.Optional(Type.Number({ minimum: 1, maximum: 100, description: 'default 20' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 10' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    comparables: Type.Array(
      Type.Object({
        code: Type.String(),
        distance_km: Type.Number(),
        disposition: Type.String(),
        area_m2: Type.Number(),
        price: Type.Number(),
        price_per_m2: Type.Integer(),
        estimate_per_m2: Type.Integer({ description: "the model's CZK/m² for this flat, itself left out" }),
        vs_estimate: Type.Number({ description: 'asking CZK/m² / estimated CZK/m²' }),
        locality: Type.String(),
      }),
    ),
    estimate_per_m2: NullableNumber({ description: "the model's CZK/m² for the flat asked about" }),
    found: Type.Integer({ description: 'all matches within the radius, before the limit' }),
    radius_km: Type.Number(),
    median_price_per_m2: NullableNumber(),
    data_as_of: Type.String(),
  }),
  verdict: 'informational',
  law: [VALUATION_BASIS.method, 'method-listings-snapshot', VALUATION_BASIS.statute],
  examples: [
    {
      title: 'Five 2+kk flats near Brno centre',
      input: { latitude: 49.1951, longitude: 16.6068, area_m2: 60, disposition: '2+kk', limit: 5 },
    },
    {
      title: 'Any flat of 40 m² ±10 % within 2 km of Plzeň náměstí Republiky',
      input: {
        latitude: 49.7477,
        longitude: 13.3776,
        area_m2: 40,
        radius_km: 2,
        area_tolerance_pct: 10,
        limit: 3,
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = ctx.now.toISOString().slice(0, 10)
    const sources: SourceStatus[] = [{ name: 'listings', status: 'ok' }]
    const where = await locate(input, ctx)
    if (where.source) sources.push(where.source)
    const sales = listings(ctx.deps.listingsFile)
    const asOf = snapshotDate(sales)
    if (!where.point) {
      return {
        comparables: [],
        found: 0,
        radius_km: input.radius_km ?? 0,
        median_price_per_m2: null,
        estimate_per_m2: null,
        data_as_of: asOf,
        partial: true,
        sources,
        rules_applied: [noLocationRule(at, say)],
      }
    }
    const nearest = nearestComparables(sales, where.point, input, asOf, at, say)
    const { search } = nearest
    const stats = ppm2Stats(search.comps)
    const subject = { ...where.point, area_m2: input.area_m2, disposition: input.disposition }
    const model = againstModel(sales, search.comps, subject, input.limit ?? 10, at, say)
    return {
      comparables: model.comparables,
      estimate_per_m2: model.estimatePerM2,
      found: search.comps.length,
      radius_km: search.radiusKm,
      median_price_per_m2: stats ? Math.round(stats.median) : null,
      data_as_of: asOf,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [nearest.rule, model.rule, askingPriceRule(at, say)],
    }
  },
})
