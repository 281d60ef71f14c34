/**
 * The schemas the domain service's modules share (TypeBox: validation, serialisation and the
 * OpenAPI document); each module's own are in its schemas.ts. Every success is
 * `{success:true, data, meta}`; every failure `{success:false, error:{code, message, details}, meta}`
 * — `details.field` and `details.rule` name what was wrong with the request.
 */

import { Type } from 'typebox'
import { DISPOSITIONS } from '../../engines/realestate/listings.ts'
import { errorRef } from '../../kit/api-docs.ts'

/** The failure envelope, `{success:false, error:{code, message, details}, meta}`: the document's `Error`. */
export const ErrorEnvelope = errorRef()

/** The error answers every route may give besides its own 200. */
export const ERRORS = { 400: ErrorEnvelope, 503: ErrorEnvelope }

export const Disposition = Type.Enum(DISPOSITIONS, {
  description: `room layout: ${DISPOSITIONS.join(', ')}`,
})

/** Area in m²: under 10 is not a flat, over 1,000 is not a flat either (a building). */
export const AreaM2 = Type.Number({ minimum: 10, maximum: 1000, description: 'usable floor area, m²' })
export const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 degrees' })
export const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 degrees' })
export const PriceCzk = Type.Number({ exclusiveMinimum: 0, maximum: 1e10, description: 'CZK' })

/** "minLon,minLat,maxLon,maxLat" in WGS84 degrees. */
const BBOX_PATTERN = '^-?\\d{1,3}(\\.\\d+)?(,-?\\d{1,3}(\\.\\d+)?){3}$'
export const Bbox = Type.String({
  pattern: BBOX_PATTERN,
  maxLength: 100,
  description: 'minLon,minLat,maxLon,maxLat (WGS84 degrees)',
})

export const LocalityParam = Type.String({
  minLength: 2,
  maxLength: 100,
  description: 'municipality or its part, e.g. "Praha", "praha-smichov", "Brno"',
})
export const RegionParam = Type.String({
  minLength: 2,
  maxLength: 60,
  description: 'kraj as ČSÚ names it, e.g. "Hlavní město Praha", "Jihomoravský"',
})

export const Rule = Type.Object({
  rule: Type.String(),
  basis: Type.Optional(
    Type.Array(Type.String(), {
      description: 'ids of the register of law the rule rests on (data/reference/legal-basis.json)',
    }),
  ),
  source: Type.Optional(Type.String()),
  outcome: Type.Optional(Type.String()),
})

/** Price statistics of a set of sale listings (reality stats, market analysis). */
export const PriceStats = Type.Object({
  count: Type.Integer({ description: 'sale listings with a price and an area' }),
  median_price_per_m2: Type.Integer(),
  q1_price_per_m2: Type.Integer(),
  q3_price_per_m2: Type.Integer(),
  median_price: Type.Integer(),
  median_area_m2: Type.Number(),
})
