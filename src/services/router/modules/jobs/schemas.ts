/** Request schemas of tasks, jobs and workers. */

import { type TSchema, Type } from 'typebox'
import { JOB_STATUSES, type JobStatus } from '../../../../engines/jobs/state.ts'
import { sharedSchema } from '../../../../kit/api-docs.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { Uuid } from '../../schemas.ts'

export const Kind = Type.String({
  pattern: '^[a-z][a-z0-9_-]*(\\.[a-z0-9_-]+)*$',
  minLength: 2,
  maxLength: 64,
  description: 'job kind, e.g. agent.call, kb.search, aml.screen, llm.chat, echo',
})

export const Status = Type.Unsafe<JobStatus>({
  type: 'string',
  enum: [...JOB_STATUSES],
  description: JOB_STATUSES.join(', '),
})

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

// ── responses ────────────────────────────────────────────────────────────────────────────────

const When = Type.String({ format: 'date-time' })

/** A job's failure as the queue records it (code, message, whether a retry could help). */
const JobFailure = Nullable(
  Type.Object(
    { code: Type.String(), message: Type.String(), retryable: Type.Optional(Type.Boolean()) },
    { additionalProperties: true },
  ),
)

const JobSchema = Type.Object({
  id: Uuid,
  task_id: Uuid,
  kind: Type.String(),
  input: Type.Unknown(),
  status: Status,
  priority: Type.Integer(),
  attempts: Type.Integer(),
  max_attempts: Type.Integer(),
  backoff: Type.Object({ type: Type.String(), delay_ms: Type.Integer() }),
  lease_ms: Type.Integer(),
  timeout_ms: Type.Integer(),
  run_at: When,
  worker_id: Nullable(Type.String()),
  lease_expires_at: Nullable(When),
  result: Type.Unknown({ description: 'what the worker returned (SUCCEEDED)' }),
  error: JobFailure,
  truth_log: Type.Boolean(),
  progress: Type.Unknown({ description: 'what the handler last reported, or null' }),
  created_at: When,
  updated_at: When,
  started_at: Nullable(When),
  finished_at: Nullable(When),
})

export const ClaimedJobSchema = Type.Object({
  ...JobSchema.properties,
  lease_token: Type.String({ description: 'proves the lease; send it with heartbeat, complete and fail' }),
})

const TaskSchema = Type.Object({
  id: Uuid,
  kind: Type.String(),
  input: Type.Unknown(),
  priority: Type.Integer(),
  idempotency_key: Nullable(Type.String()),
  requested_by: Nullable(Type.String()),
  created_at: When,
  job_id: Uuid,
  status: Status,
  attempts: Type.Integer(),
  result: Type.Unknown(),
  error: JobFailure,
  finished_at: Nullable(When),
})

/** Jobs and tasks as many routes answer them: one named schema each in the document. */
export const SharedJob = sharedSchema('Job', JobSchema)
export const SharedTask = sharedSchema('Task', TaskSchema)
export const jobSchemas = [SharedJob, SharedTask]

export const WorkerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('builtin'), Type.Literal('external')]),
  kinds: Type.Array(Type.String()),
  capacity: Type.Integer(),
  version: Nullable(Type.String()),
  meta: Nullable(Type.Record(Type.String(), Type.Unknown())),
  registered_at: When,
  last_seen_at: When,
  online: Type.Boolean(),
  running: Type.Integer({ description: 'jobs it holds a lease on now' }),
})

export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  })
}

export const CredentialSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  created_at: When,
  revoked_at: Nullable(When),
})

export const IssuedCredentialSchema = Type.Object({
  ...CredentialSchema.properties,
  key: Type.String({ description: 'the worker key, shown once' }),
})
