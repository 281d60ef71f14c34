/** Request and response schemas of GET and POST /api/estimate; the market module's comparison takes the same flat fields. */
import { Type } from 'typebox'
import { AreaM2, Disposition, Latitude, Longitude, Nullable, Ok, Rule } from '../../schemas.ts'

export const EstimateFields = {
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

export const Location = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  source: Type.Union([Type.Literal('coordinates'), Type.Literal('gazetteer')]),
  matched: Type.Optional(Type.String({ description: 'what the address was matched to' })),
  precision: Type.Optional(Type.String({ description: 'part (of a municipality) or municipality' })),
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
