import { Type } from 'typebox'
import { snapshotDate } from '../../engines/realestate/comparables.ts'
import { haversineKm } from '../../engines/realestate/nearest.ts'
import { assessListing, LEVEL_CS, opportunityThresholds } from '../../engines/realestate/opportunities.ts'
import { VALUATION_BASIS, valuerFor } from '../../engines/realestate/valuation.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { listings } from './location.ts'

const Flag = Type.Union([Type.Literal('HIGH'), Type.Literal('MEDIUM'), Type.Literal('NONE')])

export const undervaluedDetector = defineAgent({
  service: 'real-estate',
  name: 'undervalued_detector',
  description:
    "Flags flats priced below their market: each ad's price per m² against its estimate by the fitted model the domain service uses (gradient-boosted trees over position, area, disposition and nearby asking prices; a listing of the data is left out of its own estimate) — HIGH below 0.8 ×, MEDIUM below 0.9 × — with the comparables' median beside it and the reason in words. Checks the ads given, or scans the listing data around a point: the same judgement as the domain service's /api/reality/opportunities.",
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
        estimate: Type.Number({ description: "the model's estimate, CZK" }),
        estimate_per_m2: Type.Integer({ description: "the model's CZK/m²" }),
        confidence: Type.String({ description: 'high, medium or low: how far the estimate can be trusted' }),
        ratio: Type.Number({ description: 'asking CZK/m² / estimated CZK/m²' }),
        local_median_per_m2: NullableNumber({ description: "the comparables' median CZK/m²" }),
        comparables: Type.Integer(),
        flag: Flag,
        reason: Type.String(),
      }),
    ),
    data_as_of: Type.String(),
  }),
  verdict: 'informational',
  law: [
    'policy-realestate-opportunity',
    VALUATION_BASIS.method,
    'method-listings-snapshot',
    VALUATION_BASIS.statute,
  ],
  examples: [
    {
      title: 'Two ads in Prague-Vinohrady: one far below its estimate',
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
    const say = ctx.say
    if (!input.listings === !input.scan)
      throw errors.invalid('listings', 'give either listings or scan, not both or neither')
    const at = asOfDate(undefined, ctx.now)
    const t = covered(() => opportunityThresholds(at))
    const sales = listings(ctx.deps.listingsFile)
    const asOf = snapshotDate(sales)
    const valuer = valuerFor(sales)
    const scan = input.scan
    const items = input.listings
      ? input.listings.map((l) => ({
          id: l.id,
          price: l.price,
          area: l.area_m2,
          lat: l.latitude,
          lon: l.longitude,
          disposition: l.disposition,
          exclude: [] as string[],
        }))
      : sales
          .filter((x) => haversineKm(scan!.latitude, scan!.longitude, x.lat, x.lon) <= scan!.radius_km)
          .sort((a, b) => a.code.localeCompare(b.code))
          .map((x) => ({
            id: x.code,
            price: x.price,
            area: x.area,
            lat: x.lat,
            lon: x.lon,
            disposition: x.disposition,
            exclude: [x.code],
          }))
    const results = items.map((it) => {
      const a = assessListing(valuer, it, t, ctx.lang)
      return {
        id: it.id,
        price: it.price,
        price_per_m2: Math.round(it.price / it.area),
        estimate: a.estimate,
        estimate_per_m2: a.estimate_per_m2,
        confidence: a.confidence,
        ratio: a.ratio,
        local_median_per_m2: a.local_median_per_m2,
        comparables: a.comparables,
        flag: a.level,
        reason: a.reason,
      }
    })
    const high = results.filter((r) => r.flag === 'HIGH').length
    const medium = results.filter((r) => r.flag === 'MEDIUM').length
    const onlyFlagged = input.only_flagged ?? Boolean(scan)
    const shown = (onlyFlagged ? results.filter((r) => r.flag !== 'NONE') : results)
      .sort((a, b) => (scan ? a.ratio - b.ratio || a.id.localeCompare(b.id) : 0))
      .slice(0, input.limit ?? 50)
    const info = valuer.info
    return {
      checked: results.length,
      flagged: { high, medium },
      results: shown,
      data_as_of: asOf,
      rules_applied: [
        {
          rule: say({
            cs: `${LEVEL_CS.HIGH} pod ${t.high_below} ×, ${LEVEL_CS.MEDIUM} pod ${t.medium_below} × odhadnuté ceny Kč/m²`,
            en: `HIGH below ${t.high_below} × and MEDIUM below ${t.medium_below} × the estimated CZK/m²`,
          }),
          ...cite(at, 'policy-realestate-opportunity'),
          outcome: say({
            cs: `vysoká míra ${high}, střední míra ${medium} z ${results.length}`,
            en: `${high} HIGH, ${medium} MEDIUM of ${results.length}`,
          }),
        },
        {
          rule: say({
            cs: `Odhad: gradientně boostované stromy (${info.trees}) nad polohou, plochou, dispozicí a nabídkovými cenami za m² nejbližších inzerátů; inzerát z dat se do vlastního odhadu nepočítá`,
            en: `Estimate: gradient-boosted trees (${info.trees}) over position, area, disposition and the asking prices per m² of the nearest listings; a listing of the data is left out of its own estimate`,
          }),
          ...cite(at, VALUATION_BASIS.method, 'method-listings-snapshot'),
          outcome: say({
            cs: `snímek ${asOf}: natrénováno na ${info.fitted_on}, ověřeno na ${info.held_out} odložených`,
            en: `snapshot ${asOf}: fitted on ${info.fitted_on}, checked on ${info.held_out} held out`,
          }),
        },
        {
          rule: say({
            cs: 'Srovnatelné nabídky vedle: stejný počet pokojů, plocha ±20 %, nejbližší do 1, 2, 3 nebo 5 km',
            en: 'Comparables quoted beside it: same room count, floor area ±20 %, nearest within 1, 2, 3 or 5 km',
          }),
          ...cite(at, 'method-listings-snapshot'),
        },
        {
          rule: say({
            cs: 'Podhodnocení se měří proti nabídkovým cenám, ne proti obvyklé ceně podle zákona 151/1997 Sb. § 2',
            en: 'Undervaluation is measured against asking prices, not against the obvyklá cena of zákon 151/1997 Sb. § 2',
          }),
          ...cite(at, VALUATION_BASIS.statute),
          outcome: say({
            cs: 'příznak k prověření, nikoli ocenění podle zákona',
            en: 'a flag to look into, not a valuation under the act',
          }),
        },
      ],
    }
  },
})
