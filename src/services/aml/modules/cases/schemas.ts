/** Request and response schemas of cases (TypeBox: validation, serialisation, OpenAPI). */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'

const L = Type.Literal

const Status = Type.Union([L('open'), L('in_review'), L('awaiting_approval'), L('closed')], {
  description:
    'open (nobody has acted), in_review, awaiting_approval (a closure waits for a second person), closed',
})
const Outcome = Type.Union([L('cleared'), L('confirmed'), L('escalated')], {
  description: 'cleared (false positives), confirmed (a confirmed match), escalated (to the MLRO)',
})
const DecisionValue = Type.Union([L('confirmed_match'), L('false_positive'), L('needs_more_information')], {
  description: 'the decision on one hit',
})
const Level = Type.Union([L('MEDIUM'), L('HIGH'), L('CRITICAL')], {
  description: 'MEDIUM, HIGH or CRITICAL',
})
const Comment = Type.String({ minLength: 1, maxLength: 2000, description: 'mandatory: why' })

export const CaseIdParams = Type.Object({ case_id: Type.String({ pattern: '^AMLC-\\d{8}-\\d{1,12}$' }) })
export const HitParams = Type.Object({
  case_id: Type.String({ pattern: '^AMLC-\\d{8}-\\d{1,12}$' }),
  hit_no: Type.Integer({ minimum: 1, maximum: 10_000 }),
})

export const CasesQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([L('open'), L('in_review'), L('awaiting_approval'), L('closed'), L('active')], {
        description: 'one status, or active (every status but closed)',
      }),
    ),
    assignee: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'a user name (or key:admin, key:internal); "-" for unassigned cases',
      }),
    ),
    level: Type.Optional(Level),
    source: Type.Optional(Type.Union([L('screening'), L('alert')], { description: 'what opened the case' })),
    min_age_days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 36_500, description: 'at least this old' }),
    ),
    max_age_days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 36_500, description: 'at most this old' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

const summaryFields = {
  case_id: Type.String({ description: 'AMLC-<YYYYMMDD>-<number>' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  source: Type.Union([L('screening'), L('alert')]),
  screening_id: Nullable(Type.String()),
  alert_id: Nullable(Type.String()),
  reference: Nullable(Type.String({ description: 'the client number of a monitored subject' })),
  subject_label: Type.String(),
  level: Level,
  status: Status,
  outcome: Nullable(Outcome),
  assignee: Nullable(Type.String()),
  age_days: Type.Integer({ description: 'whole days since the case was opened' }),
  undecided: Type.Integer({ description: 'hits without a decision' }),
  version: Type.Integer({ description: 'bumped by every change' }),
}

const CaseSummary = Type.Object({ ...summaryFields, hits: Type.Integer({ description: 'hits to decide' }) })

export const CasesResponse = okSchema(Type.Object({ total: Type.Integer(), cases: Type.Array(CaseSummary) }))

const Strings = Type.Array(Type.String())

const FieldChange = Type.Object({
  field: Type.String({ description: 'names, birth_dates or programmes' }),
  added: Strings,
  removed: Strings,
})

const CaseHit = Type.Object({
  hit_no: Type.Integer(),
  module: Type.Union([L('sanctions'), L('pep')]),
  level: Level,
  level_reason: Type.String({ description: 'why this level' }),
  score: Type.Number(),
  matched_name: Type.String(),
  entity: Type.Object(
    {
      type: Type.String(),
      names: Strings,
      aliases: Strings,
      birth_dates: Strings,
      nationalities: Strings,
      countries: Type.Array(Type.String(), { description: 'of addresses, birth places, registration' }),
      identifiers: Strings,
      programmes: Strings,
      addresses: Type.Array(Type.String(), {
        description: 'as listed, one line each (street, city, postal code, region, country)',
      }),
      remarks: Strings,
    },
    { description: 'the listed entity, its listings taken together' },
  ),
  listings: Type.Array(
    Type.Object({
      list: Type.String(),
      list_id: Type.String(),
      list_title: Type.String(),
      matched_name: Type.String(),
      score: Type.Number(),
      list_date: Type.String(),
      source_url: Nullable(Type.String({ description: 'the authority’s page of the entry or list' })),
    }),
  ),
  decision: Nullable(
    Type.Object({
      decision: DecisionValue,
      comment: Type.String(),
      by: Type.String(),
      at: Type.String({ format: 'date-time' }),
    }),
  ),
  changed_since_cleared: Nullable(
    Type.Array(
      Type.Object({
        list: Type.String(),
        list_id: Type.String(),
        cleared_in: Type.String({ description: 'the case that cleared it' }),
        changes: Type.Array(FieldChange),
      }),
      { description: 'a false positive raised again: what changed in the listed entry since' },
    ),
  ),
})

const TrailEvent = Type.Object({
  seq: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.String({ description: 'a console user, or key:admin / key:internal' }),
  action: Type.String({
    description: 'opened, assigned, decided, commented, closure_requested, approved, rejected, closed',
  }),
  hit_no: Nullable(Type.Integer()),
  comment: Nullable(Type.String()),
  detail: Type.Object({}, { additionalProperties: true }),
})

export const CaseSchema = Type.Object({
  ...summaryFields,
  subject: Type.Object({}, { additionalProperties: true, description: 'the subject as sent' }),
  hits: Type.Array(CaseHit),
  pending_closure: Nullable(
    Type.Object({
      outcome: Outcome,
      comment: Type.String(),
      requested_by: Type.String(),
      requested_at: Type.String({ format: 'date-time' }),
      reason: Type.String({ description: 'why a second person must approve' }),
    }),
  ),
  closed: Nullable(
    Type.Object({
      outcome: Outcome,
      by: Type.String(),
      at: Type.String({ format: 'date-time' }),
      approved_by: Nullable(Type.String()),
    }),
  ),
  trail: Type.Array(TrailEvent, { description: 'every action, oldest first; append-only' }),
})

export const CaseResponse = okSchema(CaseSchema)

export const AssignBody = Type.Object(
  {
    assignee: Nullable(Type.String({ pattern: '^[A-Za-z0-9._@:-]{1,64}$', description: 'null: unassign' })),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)

export const DecisionBody = Type.Object(
  { decision: DecisionValue, comment: Comment },
  { additionalProperties: false },
)

export const CloseBody = Type.Object({ outcome: Outcome, comment: Comment }, { additionalProperties: false })

export const CommentBody = Type.Object({ comment: Comment }, { additionalProperties: false })
