import { Type } from 'typebox'
import { findComparables, ppm2Stats, roomsOf, snapshotDate } from '../../engines/realestate/comparables.ts'
import {
  NullableNumber,
  NullableObject,
  PartialSchema,
  RulesAppliedSchema,
  type SourceStatus,
  SourcesSchema,
} from '../../engines/reference/schema.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { LocationFields, listings, locate } from './location.ts'

const round1000 = (x: number) => Math.round(x / 1000) * 1000

export const propertyValuation = defineAgent({
  service: 'real-estate',
  name: 'property_valuation',
  description:
    'Values a flat by the comparative method on real sale listings: the nearest flats with the same room count and ±20 % floor area (radius widened 1 → 2 → 3 → 5 km until 5 are found); estimate = median CZK/m² × area, range = interquartile range, with the confidence and the comparables used. Compares an offered price when given.',
  input: Type.Object(
    {
      ...LocationFields,
      area_m2: Type.Number({ minimum: 10, maximum: 1000 }),
      disposition: Type.Optional(
        Type.String({ pattern: '^(\\d\\+(kk|\\d)|atypické)$', description: 'e.g. 2+kk, 3+1' }),
      ),
      property_value: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'offered or agreed price, CZK' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    estimate: NullableNumber({ description: 'CZK, rounded to thousands' }),
    range: NullableObject(Type.Object({ low: Type.Number(), high: Type.Number() })),
    price_per_m2: NullableObject(
      Type.Object({ median: Type.Number(), q1: Type.Number(), q3: Type.Number() }),
    ),
    comparables: Type.Integer(),
    radius_km: Type.Number(),
    confidence: Type.Union([
      Type.Literal('high'),
      Type.Literal('medium'),
      Type.Literal('low'),
      Type.Literal('none'),
    ]),
    offered_vs_estimate: NullableNumber({ description: 'property_value / estimate' }),
    sample: Type.Array(
      Type.Object({
        code: Type.String(),
        distance_km: Type.Number(),
        disposition: Type.String(),
        area_m2: Type.Number(),
        price: Type.Number(),
      }),
    ),
    data_as_of: Type.String({ description: 'date of the listing snapshot' }),
    partial: PartialSchema,
    sources: SourcesSchema,
    rules_applied: RulesAppliedSchema,
  }),
  examples: [
    {
      title: '2+kk of 55 m² in Prague-Smíchov offered at 8.9 M CZK',
      input: {
        latitude: 50.0713,
        longitude: 14.4035,
        area_m2: 55,
        disposition: '2+kk',
        property_value: 8_900_000,
      },
    },
    {
      title: '3+1 of 75 m² in Ostrava-Poruba',
      input: { latitude: 49.8257, longitude: 18.1697, area_m2: 75, disposition: '3+1' },
    },
  ],
  async run(input, ctx) {
    const sources: SourceStatus[] = [{ name: 'listings', status: 'ok' }]
    const where = await locate(input, ctx)
    if (where.source) sources.push(where.source)
    const sales = listings(ctx.deps.listingsFile)
    const asOf = snapshotDate(sales)
    const rules: AppliedRule[] = []
    const empty = {
      estimate: null,
      range: null,
      price_per_m2: null,
      comparables: 0,
      radius_km: 0,
      confidence: 'none' as const,
      offered_vs_estimate: null,
      sample: [],
      data_as_of: asOf,
    }
    if (!where.point) {
      rules.push({
        rule: 'A location is needed to find comparables',
        outcome: 'the address could not be geocoded',
      })
      return { ...empty, partial: true, sources, rules_applied: rules }
    }
    const rooms = input.disposition ? roomsOf(input.disposition) : undefined
    const search = findComparables(sales, {
      lat: where.point.lat,
      lon: where.point.lon,
      area: input.area_m2,
      rooms,
    })
    const stats = ppm2Stats(search.comps)
    rules.push({
      rule: 'Comparables: same room count, floor area ±20 %, nearest first within 1, 2, 3 or 5 km until at least 5',
      source: 'porovnávací metoda (zákon 151/1997 Sb., o oceňování majetku, § 2)',
      outcome: `${search.comps.length} within ${search.radiusKm} km`,
    })
    if (!stats) return { ...empty, radius_km: search.radiusKm, partial: false, sources, rules_applied: rules }
    const spread = (stats.q3 - stats.q1) / stats.median
    const confidence: 'high' | 'medium' | 'low' =
      stats.count >= 10 && spread <= 0.3 ? 'high' : stats.count >= 5 ? 'medium' : 'low'
    const estimate = round1000(stats.median * input.area_m2)
    rules.push({
      rule: 'Estimate = median asking price per m² × area; range = interquartile range × area',
      source: `Sreality sale listings, snapshot ${asOf} (asking prices)`,
      outcome: `${Math.round(stats.median)} CZK/m² × ${input.area_m2} m² = ${estimate} CZK`,
    })
    rules.push({
      rule: 'Confidence: high with ≥ 10 comparables and IQR/median ≤ 0.3, medium with ≥ 5, else low',
      outcome: `${confidence} (IQR/median ${spread.toFixed(2)})`,
    })
    const ratio = input.property_value ? Math.round((input.property_value / estimate) * 1000) / 1000 : null
    if (ratio !== null)
      rules.push({ rule: 'Offered price against the estimate', outcome: `${ratio} × estimate` })
    return {
      estimate,
      range: { low: round1000(stats.q1 * input.area_m2), high: round1000(stats.q3 * input.area_m2) },
      price_per_m2: { median: Math.round(stats.median), q1: Math.round(stats.q1), q3: Math.round(stats.q3) },
      comparables: stats.count,
      radius_km: search.radiusKm,
      confidence,
      offered_vs_estimate: ratio,
      sample: search.comps.slice(0, 5).map((c) => ({
        code: c.code,
        distance_km: Math.round(c.distanceKm * 100) / 100,
        disposition: c.disposition,
        area_m2: c.area,
        price: c.price,
      })),
      data_as_of: asOf,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
