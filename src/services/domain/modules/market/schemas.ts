/** Request and response schemas of the market routes: opportunities, comparison, area analysis and trends. */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import {
  Bbox,
  Disposition,
  Latitude,
  LocalityParam,
  Longitude,
  PriceCzk,
  PriceStats,
  RegionParam,
  Rule,
} from '../../schemas.ts'
import { EstimateFields, Location } from '../valuation/schemas.ts'

export const OpportunitiesQuery = Type.Object(
  {
    level: Type.Optional(Type.Enum(['HIGH', 'MEDIUM'], { description: 'default: both' })),
    region: Type.Optional(RegionParam),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
  },
  { additionalProperties: false },
)

export const OpportunitiesResponse = okSchema(
  Type.Object({
    thresholds: Type.Object({
      high_below: Type.Number(),
      medium_below: Type.Number(),
      source: Type.String(),
      effective_from: Type.String(),
    }),
    total: Type.Integer(),
    items: Type.Array(
      Type.Object({
        code: Type.String(),
        level: Type.String(),
        disposition: Type.String(),
        area_m2: Type.Number(),
        price: Type.Number(),
        price_per_m2: Type.Integer(),
        estimate: Type.Number(),
        estimate_per_m2: Type.Integer(),
        ratio: Type.Number({ description: 'asking CZK/m² / estimated CZK/m²' }),
        local_median_per_m2: Nullable(Type.Integer()),
        comparables: Type.Integer(),
        reason: Type.String(),
        locality: Type.String(),
        region: Nullable(Type.String()),
        latitude: Type.Number(),
        longitude: Type.Number(),
      }),
    ),
  }),
)

const CompareFlat = Type.Object({ ...EstimateFields, price: PriceCzk }, { additionalProperties: false })
export const CompareBody = Type.Object(
  { flats: Type.Array(CompareFlat, { minItems: 1, maxItems: 10 }) },
  { additionalProperties: false },
)
export const CompareQuery = CompareFlat

export const CompareResponse = okSchema(
  Type.Object({
    flats: Type.Array(
      Type.Object({
        index: Type.Integer(),
        price: Type.Number(),
        price_per_m2: Type.Integer(),
        estimate: Type.Number(),
        range: Type.Object({ low: Type.Number(), high: Type.Number() }),
        confidence: Type.String(),
        ratio: Type.Number(),
        verdict: Type.String(),
        explanation: Type.String(),
        location: Location,
      }),
    ),
    best_value: Type.Integer({ description: 'index of the flat priced lowest against its estimate' }),
    summary: Type.String(),
  }),
)

export const AnalyzeBody = Type.Object(
  {
    latitude: Type.Optional(Latitude),
    longitude: Type.Optional(Longitude),
    radius_km: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 20, description: 'with latitude/longitude' }),
    ),
    locality: Type.Optional(LocalityParam),
    bbox: Type.Optional(Bbox),
    disposition: Type.Optional(Disposition),
  },
  { additionalProperties: false },
)

const StatsOrNull = Nullable(PriceStats)
export const AnalyzeResponse = okSchema(
  Type.Object({
    area: Type.String({ description: 'the area analysed, in words' }),
    stats: StatsOrNull,
    by_disposition: Type.Array(Type.Object({ disposition: Type.String(), ...PriceStats.properties })),
    region: Nullable(
      Type.Object({ name: Type.String(), stats: StatsOrNull, area_vs_region: Nullable(Type.Number()) }),
    ),
    country: Type.Object({ stats: StatsOrNull, area_vs_country: Nullable(Type.Number()) }),
    as_of: Type.String(),
  }),
)

export const TrendsQuery = Type.Object(
  {
    region: Type.Optional(RegionParam),
    locality: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 100,
        description: 'municipality or its part, e.g. "Brno" or "praha-smichov"',
      }),
    ),
    disposition: Type.Optional(Disposition),
  },
  { additionalProperties: false },
)

export const TrendsResponse = okSchema(
  Type.Object({
    area: Type.Object({
      region: Nullable(Type.String({ description: 'the kraj (or ČR) the index is read for' })),
      locality: Nullable(Type.String()),
      disposition: Nullable(Type.String()),
    }),
    index: Nullable(
      Type.Object({
        region: Type.String(),
        base: Type.String(),
        year: Type.Integer(),
        quarters: Type.Array(Type.Number()),
        annual_average: Type.Number(),
        change_since_2010_pct: Type.Number(),
        change_q1_to_q4_pct: Type.Number(),
        source: Type.String(),
        effective_from: Type.String(),
      }),
    ),
    asking: Type.Object({
      points: Type.Array(
        Type.Object({ month: Type.String(), listings: Type.Integer(), median_price_per_m2: Type.Integer() }),
      ),
      change_pct: Nullable(Type.Number({ description: 'last month against the first, %' })),
      listings: Type.Integer(),
    }),
    data_as_of: Type.String(),
    rules_applied: Type.Array(Rule),
  }),
)
