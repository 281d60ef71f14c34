/** Request and response schemas of ongoing monitoring (/api/aml/monitor and its alerts). */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { Reference } from '../batch/client-book.ts'
import { ShortHitSchema } from '../batch/schemas.ts'
import { SubjectBody } from '../screening/schemas.ts'

/** Subjects one enrolment request takes (more: enrol a batch). */
const MAX_ENROL = 1000

const MonitorItem = Type.Object(
  { ...SubjectBody.properties, reference: Reference },
  { additionalProperties: false },
)

export const EnrolBody = Type.Object(
  {
    subjects: Type.Optional(
      Type.Array(MonitorItem, {
        minItems: 1,
        maxItems: MAX_ENROL,
        description: `Up to ${MAX_ENROL} subjects, each with your reference (unique: enrolling a reference again replaces its subject)`,
      }),
    ),
    batch_id: Type.Optional(
      Type.String({
        pattern: '^AMLB-\\d{8}-\\d{1,12}$',
        description: 'Enrol every subject of this completed batch that has a reference',
      }),
    ),
  },
  { additionalProperties: false },
)

export const EnrolResponse = okSchema(
  Type.Object({
    enrolled: Type.Integer({ description: 'References enrolled now' }),
    updated: Type.Integer({
      description: 'References enrolled before, now with another subject (screened afresh)',
    }),
    unchanged: Type.Integer({ description: 'References enrolled before with the same subject' }),
    skipped_without_reference: Type.Integer({
      description: 'Batch subjects without a reference (not enrolled)',
    }),
    monitored: Type.Integer({ description: 'Subjects monitored in all' }),
  }),
)

export const MonitorListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    reference: Type.Optional(Reference),
  },
  { additionalProperties: false },
)

export const MonitorListResponse = okSchema(
  Type.Object({
    total: Type.Integer(),
    pending_baseline: Type.Integer({
      description: 'Subjects not screened yet (their first screening sets the baseline)',
    }),
    offset: Type.Integer(),
    limit: Type.Integer(),
    items: Type.Array(
      Type.Object({
        reference: Type.String(),
        subject: Type.Record(Type.String(), Type.Unknown(), { description: 'The subject as monitored' }),
        subject_type: Type.String({ description: 'person or company' }),
        enrolled_at: Type.String({ format: 'date-time' }),
        enrolled_by: Type.String({ description: 'admin or internal (the key)' }),
        batch_id: Nullable(Type.String()),
        baseline: Type.String({ description: 'pending (not screened yet) or ready' }),
        screened_at: Nullable(Type.String({ format: 'date-time' })),
        hits: Type.Array(ShortHitSchema, { description: 'Sanctions hits of the last screening' }),
      }),
    ),
  }),
)

export const ReferenceParams = Type.Object({ reference: Reference })

export const UnenrolResponse = okSchema(
  Type.Object({
    reference: Type.String(),
    removed: Type.Boolean({ description: 'Always true (404 when unknown)' }),
  }),
)

export const AlertQuery = Type.Object(
  {
    status: Type.Union([Type.Literal('open'), Type.Literal('acknowledged'), Type.Literal('all')], {
      default: 'open',
      description: 'open (not acknowledged; the default), acknowledged or all',
    }),
    kind: Type.Optional(
      Type.Union([Type.Literal('new_hit'), Type.Literal('changed_hit'), Type.Literal('removed_hit')]),
    ),
    reference: Type.Optional(Reference),
    offset: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  },
  { additionalProperties: false },
)

export const AlertIdParams = Type.Object({
  alert_id: Type.String({ pattern: '^AMLA-\\d{8}-\\d{1,12}$', description: 'AMLA-<YYYYMMDD>-<number>' }),
})

export const AckBody = Type.Object(
  {
    by: Type.String({ minLength: 1, maxLength: 200, description: 'Who reviewed the alert' }),
    reason: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Why it is closed (the outcome of the review)',
    }),
  },
  { additionalProperties: false },
)

const Versions = Type.Array(
  Type.Object({ list: Type.String(), source: Type.String(), list_date: Type.String() }),
  { description: 'Versions of the changed lists' },
)

const AlertSchema = Type.Object({
  alert_id: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  reference: Type.String(),
  kind: Type.String({ description: 'new_hit, changed_hit or removed_hit' }),
  cause: Type.String({
    description:
      'listed (a new entry), entry_changed (the listed entry changed), delisted (the entry was removed), rescored (the entry did not change; its match score crossed the threshold)',
  }),
  list: Type.String(),
  list_id: Type.String(),
  matched_name: Type.String(),
  score: Nullable(Type.Number({ description: 'Match score now (null for a removed hit)' })),
  previous_score: Nullable(Type.Number({ description: 'Match score before (null for a new hit)' })),
  changes: Type.Array(
    Type.Object({
      field: Type.String(),
      removed: Type.Array(Type.String()),
      added: Type.Array(Type.String()),
    }),
    { description: 'What changed in the listed entry (entry_changed)' },
  ),
  entry: Type.Record(Type.String(), Type.Unknown(), {
    description:
      'The listed entry (as it is now; as it was, for a delisting): list, list_id, type, names, birth dates, nationalities, programmes, list date',
  }),
  subject: Type.Record(Type.String(), Type.Unknown()),
  subject_label: Type.String(),
  from_versions: Versions,
  to_versions: Versions,
  acknowledged: Nullable(
    Type.Object({ at: Type.String({ format: 'date-time' }), by: Type.String(), reason: Type.String() }),
  ),
  case_id: Type.Optional(
    Nullable(
      Type.String({
        description:
          'the case opened for a new or changed hit (GET /api/aml/cases/{case_id}); in the alerts list',
      }),
    ),
  ),
  changed_since_cleared: Type.Optional(
    Type.Array(
      Type.Object({
        list: Type.String(),
        list_id: Type.String(),
        cleared_in: Type.String(),
        changes: Type.Array(
          Type.Object({
            field: Type.String(),
            added: Type.Array(Type.String()),
            removed: Type.Array(Type.String()),
          }),
        ),
      }),
      {
        description:
          'A false positive cleared for this subject before, raised again because its names, birth dates or programmes changed since',
      },
    ),
  ),
  webhook: Type.Object({
    status: Type.String({ description: 'none (no webhook configured), pending, delivered or failed' }),
    attempts: Type.Integer(),
    error: Nullable(Type.String()),
  }),
})

export const AlertListResponse = okSchema(
  Type.Object({
    total: Type.Integer(),
    offset: Type.Integer(),
    limit: Type.Integer(),
    items: Type.Array(AlertSchema, { description: 'Newest first' }),
  }),
)

export const AlertResponse = okSchema(AlertSchema)
