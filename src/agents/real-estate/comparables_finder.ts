import { Type } from 'typebox'
import { findComparables, ppm2Stats, roomsOf, snapshotDate } from '../../engines/realestate/comparables.ts'
import { VALUATION_BASIS, valuerFor } from '../../engines/realestate/valuation.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
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
    const tolerance = (input.area_tolerance_pct ?? 20) / 100
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
        rules_applied: [
          {
            rule: say({
              cs: 'K nalezení srovnatelných nabídek je třeba poloha',
              en: 'A location is needed to find comparables',
            }),
            ...cite(at, 'method-listings-snapshot'),
            outcome: say({ cs: 'adresu nebylo možné geokódovat', en: 'the address could not be geocoded' }),
          },
        ],
      }
    }
    const rooms = input.disposition ? roomsOf(input.disposition) : undefined
    const search = findComparables(
      sales,
      { lat: where.point.lat, lon: where.point.lon, area: input.area_m2, rooms },
      input.radius_km
        ? { radiiKm: [input.radius_km], minCount: 0, areaTolerance: tolerance }
        : { areaTolerance: tolerance },
    )
    const stats = ppm2Stats(search.comps)
    const valuer = valuerFor(sales)
    const own = (c: (typeof search.comps)[number]) =>
      valuer.pricePerM2({
        lat: c.lat,
        lon: c.lon,
        area: c.area,
        disposition: c.disposition,
        exclude: [c.code],
      })
    return {
      comparables: search.comps.slice(0, input.limit ?? 10).map((c) => {
        const estimate = own(c)
        return {
          code: c.code,
          distance_km: Math.round(c.distanceKm * 100) / 100,
          disposition: c.disposition,
          area_m2: c.area,
          price: c.price,
          price_per_m2: Math.round(c.ppm2),
          estimate_per_m2: Math.round(estimate),
          vs_estimate: Math.round((c.ppm2 / estimate) * 1000) / 1000,
          locality: c.locality,
        }
      }),
      estimate_per_m2: Math.round(
        valuer.pricePerM2({
          lat: where.point.lat,
          lon: where.point.lon,
          area: input.area_m2,
          disposition: input.disposition,
        }),
      ),
      found: search.comps.length,
      radius_km: search.radiusKm,
      median_price_per_m2: stats ? Math.round(stats.median) : null,
      data_as_of: asOf,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [
        {
          rule: say({
            cs: `Stejný počet pokojů${rooms === undefined ? ' (libovolný: dispozice nezadána)' : ''}, podlahová plocha ±${Math.round(tolerance * 100)} %, nejbližší první`,
            en: `Same room count${rooms === undefined ? ' (any: no disposition given)' : ''}, floor area ±${Math.round(tolerance * 100)} %, nearest first`,
          }),
          ...cite(at, 'method-listings-snapshot'),
          outcome: say({
            cs: `${search.comps.length} do ${search.radiusKm} km (snímek ${asOf})`,
            en: `${search.comps.length} within ${search.radiusKm} km (snapshot ${asOf})`,
          }),
        },
        {
          rule: say({
            cs: `Každá nabídka proti odhadu natrénovaného modelu (gradientně boostované stromy nad polohou, plochou, dispozicí a okolními nabídkovými cenami), bez sebe sama`,
            en: `Each set against the fitted model's estimate (gradient-boosted trees over position, area, disposition and nearby asking prices), itself left out`,
          }),
          ...cite(at, VALUATION_BASIS.method),
          outcome: say({
            cs: `natrénováno na ${valuer.info.fitted_on} inzerátech, ověřeno na ${valuer.info.held_out} odložených`,
            en: `fitted on ${valuer.info.fitted_on} sale listings, checked on ${valuer.info.held_out} held out`,
          }),
        },
        {
          rule: say({
            cs: 'Nabídkové ceny nejsou obvyklá cena podle zákona 151/1997 Sb. § 2, která se určuje porovnáním sjednaných cen',
            en: 'Asking prices are not the obvyklá cena of zákon 151/1997 Sb. § 2, which is found by comparing agreed prices',
          }),
          ...cite(at, VALUATION_BASIS.statute),
          outcome: say({
            cs: 'srovnání nabídek, nikoli ocenění podle zákona',
            en: 'a comparison of offers, not a valuation under the act',
          }),
        },
      ],
    }
  },
})
