/** What GET /health answers: readiness, the listings held and the valuation model. */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'

export const HealthResponse = okSchema(
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
