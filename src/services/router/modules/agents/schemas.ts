/** Schemas of the agents module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Open } from '../../../../kit/schemas.ts'

/** The agents of the catalogue and the registered workers. */
export const RegistryResponse = okSchema(
  Open({
    count: Type.Integer(),
    agents: Type.Array(Open({ service: Type.String(), name: Type.String() })),
    services: Type.Array(Open({ name: Type.String(), agents: Type.Integer(), expected: Type.Integer() })),
    job_kinds: Type.Array(Type.String()),
    workers: Type.Array(Open({ id: Type.String(), name: Type.String() })),
  }),
)

/** Only the agents of one service. */
export const RegistryQuery = Type.Object(
  { service: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) },
  { additionalProperties: false },
)

/** Calls, errors and latency per agent over the last `days`, from the router's agent call log. */
export const StatsResponse = okSchema(
  Type.Object({
    period_days: Type.Integer(),
    totals: Type.Object({ calls: Type.Integer(), errors: Type.Integer(), agents: Type.Integer() }),
    agents: Type.Array(
      Type.Object({
        service: Type.String(),
        agent: Type.String(),
        calls: Type.Integer(),
        errors: Type.Integer(),
        error_rate: Type.Number(),
        latency_ms: Type.Object({
          p50: Type.Number(),
          p95: Type.Number(),
          p99: Type.Number(),
          max: Type.Number(),
        }),
        last_called_at: Type.String(),
      }),
    ),
  }),
)

/** How many days back, and only one service. */
export const StatsQuery = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 7 })),
    service: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
)
