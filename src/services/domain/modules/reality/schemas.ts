/** Request and response schemas of the listings routes (/api/reality/ads, /api/reality/stats). */

import { Type } from 'typebox'
import { DISPOSITIONS } from '../../../../engines/realestate/listings.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { AreaM2, Bbox, Disposition, LocalityParam, PriceCzk, PriceStats, RegionParam } from '../../schemas.ts'
import { ADS_SORTS } from './store.ts'

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

export const AdsResponse = okSchema(
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

export const StatsResponse = okSchema(
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
