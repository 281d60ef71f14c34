/** Request and response schemas of the scout routes (the company dossier). */

import { Type } from 'typebox'
import { JOB_STATUSES, type JobStatus } from '../../../../engines/jobs/state.ts'
import { DOSSIER_SOURCES } from '../../../../engines/scout/dossier.ts'
import { sharedSchema } from '../../../../kit/api-docs.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { Paging, Uuid } from '../../schemas.ts'

const Ico = Type.String({
  minLength: 1,
  maxLength: 12,
  description: 'IČO: 8 digits (shorter historical forms are zero-padded), mod-11 checksum checked',
})
const Name = Type.String({
  minLength: 2,
  maxLength: 200,
  description: 'registered name, searched in ARES when no ico is given',
})

export const QuickBody = Type.Object(
  { ico: Type.Optional(Ico), name: Type.Optional(Name) },
  { additionalProperties: false },
)

export const DossierBody = Type.Object(
  {
    ico: Type.Optional(Ico),
    name: Type.Optional(Name),
    website: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 2000,
        pattern: '^https?://',
        description: 'the company’s web page, read through the egress guard',
      }),
    ),
  },
  { additionalProperties: false },
)

const SourceName = Type.Unsafe<string>({ type: 'string', enum: [...DOSSIER_SOURCES] })
const When = Type.String({ format: 'date-time' })

const SourceOutcomeSchema = Type.Object({
  source: SourceName,
  status: Type.Unsafe<string>({ type: 'string', enum: ['ok', 'failed', 'not_applicable'] }),
  reason: Nullable(
    Type.String({ description: 'why it failed or does not apply (or why an ok answer is stale)' }),
  ),
  origin: Nullable(
    Type.String({
      description: 'registry answers: PRIMARY (asked now), CACHE, FALLBACK (stale: the register failed)',
    }),
  ),
  ms: Type.Number({ minimum: 0 }),
  checked_at: When,
  data: Type.Unknown({ description: 'what the source said; null unless it answered' }),
})

const DossierFields = Type.Object({
  mode: Type.Unsafe<string>({ type: 'string', enum: ['full', 'quick'] }),
  subject: Type.Object({
    ico: Nullable(Type.String()),
    name: Nullable(Type.String()),
    website: Nullable(Type.String()),
  }),
  sources: Type.Array(SourceOutcomeSchema),
  counts: Type.Object({ ok: Type.Integer(), failed: Type.Integer(), not_applicable: Type.Integer() }),
  complete: Type.Boolean({ description: 'no source failed' }),
  flags: Type.Array(Type.Object({ source: SourceName, code: Type.String(), detail: Type.String() })),
})

/** A company dossier, as a quick scout and every run answer it. */
const Dossier = sharedSchema('Dossier', DossierFields)

const Status = Type.Unsafe<JobStatus>({ type: 'string', enum: [...JOB_STATUSES] })

const RunState = Type.Object({
  id: Uuid,
  task_id: Uuid,
  status: Status,
  status_url: Type.String(),
  retry_of: Nullable(Uuid),
  progress: Type.Unknown({
    description: '{done, total, sources: [{source, status, reason}]} as the run goes',
  }),
  dossier: Nullable(Dossier.ref),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  created_at: When,
  finished_at: Nullable(When),
})

const FailedSource = Type.Object({ source: SourceName, reason: Type.String() })

const FailedRun = Type.Object({
  id: Uuid,
  task_id: Uuid,
  ico: Nullable(Type.String()),
  name: Nullable(Type.String()),
  failed: Type.Array(FailedSource),
  retry_of: Nullable(Uuid),
  finished_at: When,
  status_url: Type.String(),
  retry_url: Type.String(),
})

export const PortalQuery = Type.Object(
  { source: Type.Optional(SourceName), ...Paging },
  { additionalProperties: false },
)

/** A scout run, as starting, reading and retrying one answer it. */
const ScoutRun = sharedSchema('ScoutRun', RunState)
export const scoutSchemas = [Dossier, ScoutRun]

export const RunResponse = okSchema(ScoutRun.ref)
export const QuickResponse = okSchema(Dossier.ref)
export const PortalResponse = okSchema(
  Type.Object({
    items: Type.Array(FailedRun),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
)
export const RetryResponse = okSchema(
  Type.Object({ ...RunState.properties, retrying: Type.Array(FailedSource), created: Type.Boolean() }),
)

/** The input of a scout.dossier job (the routes make it; POST /tasks checks it). */
export const DossierInput = Type.Object(
  {
    ico: Type.Optional(Type.String({ pattern: '^\\d{8}$' })),
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 200 })),
    website: Type.Optional(Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://' })),
    retry_of: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
)
