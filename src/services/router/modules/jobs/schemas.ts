/** Request schemas of tasks, jobs and workers. */
import { Type } from 'typebox'
import { JOB_STATUSES } from '../../../../engines/jobs/state.ts'
import { Uuid } from '../../schemas.ts'

export const Kind = Type.String({
  pattern: '^[a-z][a-z0-9_-]*(\\.[a-z0-9_-]+)*$',
  minLength: 2,
  maxLength: 64,
  description: 'job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo',
})

export const Status = Type.Union(
  JOB_STATUSES.map((s) => Type.Literal(s)),
  { description: JOB_STATUSES.join(', ') },
)

export const CreateTaskBody = Type.Object(
  {
    kind: Kind,
    input: Type.Optional(Type.Unknown()),
    priority: Type.Optional(Type.Integer({ minimum: -100, maximum: 100, description: 'higher runs first' })),
    idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    max_attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    backoff: Type.Optional(
      Type.Object(
        {
          type: Type.Union([Type.Literal('fixed'), Type.Literal('exponential')]),
          delay_ms: Type.Integer({ minimum: 0, maximum: 3_600_000 }),
        },
        { additionalProperties: false },
      ),
    ),
    lease_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
    timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
    delay_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_592_000 })),
    truth_log: Type.Optional(
      Type.Boolean({ description: 'append the outcome to the truth log when it finishes' }),
    ),
  },
  { additionalProperties: false },
)

export const LeaseBody = Type.Object(
  { lease_token: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
)

export const CompleteBody = Type.Object(
  { lease_token: Type.String({ minLength: 1 }), result: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
)

export const FailBody = Type.Object(
  {
    lease_token: Type.String({ minLength: 1 }),
    error: Type.Object(
      {
        code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        message: Type.String({ minLength: 1, maxLength: 4000 }),
      },
      { additionalProperties: false },
    ),
    retryable: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
)

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kinds: Type.Array(Kind, { minItems: 1, maxItems: 50, uniqueItems: true }),
    capacity: Type.Integer({ minimum: 1, maximum: 256 }),
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    worker_id: Type.Optional(Uuid),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
)

export const HeartbeatBody = Type.Object(
  {
    worker_id: Uuid,
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    job_ids: Type.Optional(Type.Array(Uuid, { maxItems: 256 })),
  },
  { additionalProperties: false },
)

export const ClaimBody = Type.Object(
  {
    worker_id: Uuid,
    max: Type.Optional(Type.Integer({ minimum: 1, maximum: 256 })),
    wait_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30, default: 0 })),
  },
  { additionalProperties: false },
)
