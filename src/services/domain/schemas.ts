/**
 * Request and response schemas of the domain service (TypeBox: validation, serialisation and the
 * OpenAPI document). Every success is `{success:true, data, meta}`; every failure
 * `{success:false, error:{code, message, details}, meta}` — `details.field` and `details.rule` name
 * what was wrong with the request.
 */
import { type TSchema, Type } from 'typebox'
import { DISPOSITIONS } from '../../engines/realestate/listings.ts'
import { errorRef } from '../../kit/api-docs.ts'
import { ADS_SORTS } from './store.ts'

const Meta = Type.Object({
  request_id: Type.String(),
  processing_time_ms: Type.Integer(),
})

/** The success envelope around `data`. */
export function Ok<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data, meta: Meta })
}

/** The failure envelope, `{success:false, error:{code, message, details}, meta}`: the document's `Error`. */
export const ErrorEnvelope = errorRef()

/** The error answers every route may give besides its own 200. */
export const ERRORS = { 400: ErrorEnvelope, 503: ErrorEnvelope }

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

export const Disposition = Type.Enum(DISPOSITIONS, {
  description: `room layout: ${DISPOSITIONS.join(', ')}`,
})

/** Area in m²: under 10 is not a flat, over 1,000 is not a flat either (a building). */
const AreaM2 = Type.Number({ minimum: 10, maximum: 1000, description: 'usable floor area, m²' })
export const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 degrees' })
export const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 degrees' })
const PriceCzk = Type.Number({ exclusiveMinimum: 0, maximum: 1e10, description: 'CZK' })

/** "minLon,minLat,maxLon,maxLat" in WGS84 degrees. */
const BBOX_PATTERN = '^-?\\d{1,3}(\\.\\d+)?(,-?\\d{1,3}(\\.\\d+)?){3}$'
export const Bbox = Type.String({
  pattern: BBOX_PATTERN,
  maxLength: 100,
  description: 'minLon,minLat,maxLon,maxLat (WGS84 degrees)',
})

const LocalityParam = Type.String({
  minLength: 2,
  maxLength: 100,
  description: 'municipality or its part, e.g. "Praha", "praha-smichov", "Brno"',
})
const RegionParam = Type.String({
  minLength: 2,
  maxLength: 60,
  description: 'kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"',
})

export const AdsQuery = Type.Object(
  {
    locality: Type.Optional(LocalityParam),
    region: Type.Optional(RegionParam),
    disposition: Type.Optional(
      Type.Array(Disposition, { maxItems: DISPOSITIONS.length, description: 'repeat for several' }),
    ),
    price_min: Type.Optional(PriceCzk),
    price_max: Type.Optional(PriceCzk),
    area_min: Type.Optional(AreaM2),
    area_max: Type.Optional(AreaM2),
    bbox: Type.Optional(Bbox),
    sort: Type.Optional(
      Type.Enum(ADS_SORTS, { description: 'a leading "-" sorts descending; default price_per_m2' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
  },
  { additionalProperties: false },
)

const Ad = Type.Object({
  code: Type.String(),
  title: Type.String(),
  disposition: Type.String(),
  area_m2: Nullable(Type.Number()),
  price: Nullable(Type.Number({ description: 'CZK; null when the ad gives none' })),
  price_per_m2: Nullable(Type.Integer()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  locality: Type.String(),
  municipality: Nullable(Type.String()),
  region: Nullable(Type.String()),
  scraped_at: Type.String(),
})

export const AdsResponse = Ok(
  Type.Object({
    total: Type.Integer({ description: 'ads matching the filters, before limit/offset' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
    items: Type.Array(Ad),
  }),
)

export const StatsQuery = Type.Object(
  {
    region: Type.Optional(RegionParam),
    disposition: Type.Optional(Disposition),
  },
  { additionalProperties: false },
)

const PriceStats = Type.Object({
  count: Type.Integer({ description: 'sale listings with a price and an area' }),
  median_price_per_m2: Type.Integer(),
  q1_price_per_m2: Type.Integer(),
  q3_price_per_m2: Type.Integer(),
  median_price: Type.Integer(),
  median_area_m2: Type.Number(),
})

export const StatsResponse = Ok(
  Type.Object({
    as_of: Type.String({ description: 'date of the newest listing' }),
    listings: Type.Integer({ description: 'all listings held' }),
    country: Nullable(PriceStats),
    regions: Type.Array(
      Type.Object({
        region: Type.String(),
        ...PriceStats.properties,
        dispositions: Type.Array(Type.Object({ disposition: Type.String(), ...PriceStats.properties })),
      }),
    ),
    unplaced: Type.Integer({ description: 'sale listings whose kraj could not be resolved' }),
  }),
)

export const HealthResponse = Ok(
  Type.Object({
    status: Type.Literal('ready'),
    listings: Type.Integer(),
    sales: Type.Integer({ description: 'listings usable for valuation (sale, price, area)' }),
    as_of: Type.String(),
    model: Type.Union(
      [
        Type.Object({
          fitted_on: Type.Integer(),
          held_out: Type.Integer(),
          features: Type.Integer(),
          trees: Type.Integer(),
          fit_ms: Type.Integer(),
          calibration: Type.Record(
            Type.String(),
            Type.Object({
              count: Type.Integer(),
              p10: Type.Number(),
              p90: Type.Number(),
              within10: Type.Number(),
              within20: Type.Number(),
              mdape: Type.Number(),
            }),
          ),
        }),
        Type.Null(),
      ],
      { description: 'null: too few sales to fit a model (valuations answer 503)' },
    ),
  }),
)

const EstimateFields = {
  latitude: Type.Optional(Latitude),
  longitude: Type.Optional(Longitude),
  address: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: 300,
      description:
        'placed through the RÚIAN gazetteer when no coordinates are given, e.g. "Praha 5 - Smíchov"',
    }),
  ),
  area_m2: AreaM2,
  disposition: Disposition,
  property_value: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: 1e10,
      description: 'an asking or agreed price to judge, CZK',
    }),
  ),
}

export const EstimateBody = Type.Object(EstimateFields, { additionalProperties: false })
export const EstimateQuery = Type.Object(EstimateFields, { additionalProperties: false })

const Location = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  source: Type.Union([Type.Literal('coordinates'), Type.Literal('gazetteer')]),
  matched: Type.Optional(Type.String({ description: 'what the address was matched to' })),
  precision: Type.Optional(Type.String({ description: 'part (of a municipality) or municipality' })),
})

export const Rule = Type.Object({
  rule: Type.String(),
  source: Type.Optional(Type.String()),
  outcome: Type.Optional(Type.String()),
})

const ComparableItem = Type.Object({
  code: Type.String(),
  distance_km: Type.Number(),
  disposition: Type.String(),
  area_m2: Type.Number(),
  price: Type.Number(),
  price_per_m2: Type.Integer(),
  locality: Type.String(),
})

const Verdict = Type.Object({
  price: Type.Number(),
  ratio: Type.Number({ description: 'price / estimate' }),
  verdict: Type.String({ description: 'well below, below, in line with, above, well above the estimate' }),
  explanation: Type.String(),
})

const EstimateData = Type.Object({
  estimate: Type.Number({ description: 'CZK, rounded to thousands' }),
  range: Type.Object({ low: Type.Number(), high: Type.Number() }),
  price_per_m2: Type.Integer({ description: "the model's CZK/m²" }),
  currency: Type.Literal('CZK'),
  method: Type.String(),
  confidence: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
  comparables: Type.Array(ComparableItem, { description: 'the comparables used, nearest first (up to 10)' }),
  comparables_found: Type.Integer(),
  comparables_median_price_per_m2: Nullable(Type.Integer()),
  radius_km: Type.Number(),
  location: Location,
  property_value: Type.Optional(Verdict),
  data_as_of: Type.String(),
  rules_applied: Type.Array(Rule),
})

export const EstimateResponse = Ok(EstimateData)

export const OpportunitiesQuery = Type.Object(
  {
    level: Type.Optional(Type.Enum(['HIGH', 'MEDIUM'], { description: 'default: both' })),
    region: Type.Optional(RegionParam),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
  },
  { additionalProperties: false },
)

export const OpportunitiesResponse = Ok(
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

export const CompareResponse = Ok(
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
export const AnalyzeResponse = Ok(
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

export const TrendsResponse = Ok(
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
