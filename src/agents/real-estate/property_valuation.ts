import { Type } from 'typebox'
import { snapshotDate } from '../../engines/realestate/comparables.ts'
import { describeIndexation } from '../../engines/realestate/indexation.ts'
import { VALUATION_BASIS, valuerFor } from '../../engines/realestate/valuation.ts'
import { NullableNumber, NullableObject } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { Assumption, SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { LocationFields, listings, locate } from './location.ts'
import { ValuationDateField, valuationRules } from './valuation-law.ts'

export const propertyValuation = defineAgent({
  service: 'real-estate',
  name: 'property_valuation',
  description:
    'Estimates the market price of a flat from the asking prices of real sale listings with the same engine as the domain service’s /api/estimate (gradient-boosted trees over position, area, disposition and the asking prices of the nearest listings; MdAPE ≈ 10 % on held-out listings), with the comparables behind it (same room count, ±20 % floor area, nearest within 1–5 km), a calibrated range and confidence, moved to the valuation date with the ČSÚ flat-price index. A market estimate from asking prices, not the obvyklá cena of zákon 151/1997 Sb. Compares an offered price when given.',
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
      ...ValuationDateField,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    estimate: NullableNumber({ description: 'CZK, rounded to thousands' }),
    range: NullableObject(
      Type.Object(
        { low: Type.Number(), high: Type.Number() },
        { description: '10th–90th percentile of held-out errors at this confidence' },
      ),
    ),
    model_price_per_m2: NullableNumber({ description: "the model's CZK/m²" }),
    method: Type.String(),
    price_per_m2: NullableObject(
      Type.Object(
        { median: Type.Number(), q1: Type.Number(), q3: Type.Number() },
        { description: "the comparables' CZK/m²" },
      ),
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
    valuation_date: Type.String({ description: 'the date the estimate is moved to' }),
    index_factor: NullableNumber({
      description:
        'what the listings-date estimate was multiplied by (ČSÚ flat-price index); 1 when the index reaches neither date',
    }),
  }),
  verdict: 'informational',
  law: [VALUATION_BASIS.method, VALUATION_BASIS.index, VALUATION_BASIS.statute],
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
    const say = ctx.say
    const today = ctx.now.toISOString().slice(0, 10)
    const date = input.valuation_date ?? today
    if (date > today) throw errors.invalid('valuation_date', 'not in the future')
    const sources: SourceStatus[] = [{ name: 'listings', status: 'ok' }]
    const where = await locate(input, ctx)
    if (where.source) sources.push(where.source)
    const sales = listings(ctx.deps.listingsFile)
    const asOf = snapshotDate(sales)
    const rules: AppliedRule[] = []
    const empty = {
      estimate: null,
      range: null,
      model_price_per_m2: null,
      method: 'none',
      price_per_m2: null,
      comparables: 0,
      radius_km: 0,
      confidence: 'none' as const,
      offered_vs_estimate: null,
      sample: [],
      data_as_of: asOf,
      valuation_date: date,
      index_factor: null,
    }
    if (!where.point) {
      rules.push({
        rule: say({ cs: 'K ocenění bytu je třeba poloha', en: 'A location is needed to value a flat' }),
        ...cite(date, VALUATION_BASIS.method),
        outcome: say({ cs: 'adresu nebylo možné geokódovat', en: 'the address could not be geocoded' }),
      })
      return { ...empty, partial: true, sources, rules_applied: rules }
    }
    // The same call /api/estimate makes: one engine, one indexing.
    const v = valuerFor(sales).valueAt(
      { lat: where.point.lat, lon: where.point.lon, area: input.area_m2, disposition: input.disposition },
      date,
      ctx.lang,
    )
    rules.push(...valuationRules(v.rules_applied, date))
    const assumptions: Assumption[] = [
      {
        field: 'valuation_date',
        value: date,
        basis: `${input.valuation_date === undefined ? say({ cs: 'den dotazu (datum ocenění nezadáno); ', en: 'the day of the call (no valuation date given); ' }) : ''}${describeIndexation(v.indexation, ctx.lang)}`,
      },
    ]
    const ratio = input.property_value ? Math.round((input.property_value / v.estimate) * 1000) / 1000 : null
    if (ratio !== null)
      rules.push({
        rule: say({ cs: 'Nabízená cena proti odhadu', en: 'Offered price against the estimate' }),
        ...cite(date, VALUATION_BASIS.method),
        outcome: say({ cs: `${ratio} × odhad`, en: `${ratio} × estimate` }),
      })
    const stats = v.comparables_stats
    return {
      estimate: v.estimate,
      range: v.range,
      model_price_per_m2: v.price_per_m2,
      method: v.method,
      price_per_m2: stats
        ? { median: Math.round(stats.median), q1: Math.round(stats.q1), q3: Math.round(stats.q3) }
        : null,
      comparables: stats?.count ?? 0,
      radius_km: v.radius_km,
      confidence: v.confidence,
      offered_vs_estimate: ratio,
      sample: v.comparables.slice(0, 5).map((c) => ({
        code: c.code,
        distance_km: Math.round(c.distanceKm * 100) / 100,
        disposition: c.disposition,
        area_m2: c.area,
        price: c.price,
      })),
      data_as_of: asOf,
      valuation_date: date,
      index_factor: v.indexation.factor,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
      assumptions,
    }
  },
})
