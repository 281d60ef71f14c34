/** Request and response schemas of GET and POST /api/estimate; the market module's comparison takes the same flat fields. */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { AreaM2, Disposition, Latitude, Longitude, Rule } from '../../schemas.ts'

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

/** The valuation date: /api/estimate only (the comparison and the chat value at the listings' date). */
const ValuationDate = {
  valuation_date: Type.Optional(
    Type.String({
      format: 'date',
      description:
        'YYYY-MM-DD, not in the future; default today. The estimate is moved from the listings’ date to it with the ČSÚ flat-price index (see indexation)',
    }),
  ),
}

/** A flat to value, without the valuation date (the comparison and the chat). */
export const EstimateFlat = Type.Object(EstimateFields, { additionalProperties: false })

const EstimateOnlyFields = { ...EstimateFields, ...ValuationDate }

export const EstimateBody = Type.Object(EstimateOnlyFields, { additionalProperties: false })
export const EstimateQuery = Type.Object(EstimateOnlyFields, { additionalProperties: false })

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

const Quarter = Type.String({ description: 'a calendar quarter, e.g. 2024-Q2' })

const Indexation = Type.Object(
  {
    index: Type.String({ description: 'the series: ČSÚ index of flat prices (realised prices, 2010 = 100)' }),
    region: Type.String({ description: 'the series’ region (ČR: the national one)' }),
    listings_date: Type.String({ description: 'the day the listings were read' }),
    listings_quarter: Quarter,
    valuation_date: Type.String(),
    valuation_quarter: Quarter,
    used: Type.Object(
      { from: Quarter, from_value: Type.Number(), to: Quarter, to_value: Type.Number() },
      { description: 'the quarters whose values were used: the nearest on file when a date’s is missing' },
    ),
    covers: Type.Object(
      { first: Quarter, last: Quarter },
      { description: 'the quarters the series on file covers' },
    ),
    reaches: Type.Boolean({
      description:
        'false when the series does not reach the listings’ or the valuation quarter (the factor is then partial, or 1)',
    }),
    factor: Type.Number({
      description: 'to_value / from_value: what the listings-date estimate was multiplied by',
    }),
    source: Type.String(),
  },
  { description: 'how the estimate was moved from the listings’ date to the valuation date' },
)

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
  valuation_date: Type.String({ description: 'the date the estimate is moved to (YYYY-MM-DD)' }),
  indexation: Indexation,
  rules_applied: Type.Array(Rule),
})

export const EstimateResponse = okSchema(EstimateData)
