/**
 * Schemas of the console's case review, monitoring and client-book routes (TypeBox: validation,
 * serialisation, OpenAPI, and through the generated types the web app's). The AML service owns
 * cases, alerts and batches; these describe the fields the console reads and pass the rest through.
 */
import { Type } from 'typebox'
import { okSchema } from '../../kit/envelope.ts'
import { Nullable, Open } from '../../kit/schemas.ts'

const L = Type.Literal
const Strings = Type.Array(Type.String())

const CaseId = Type.String({ pattern: '^AMLC-\\d{8}-\\d{1,12}$' })
const Status = Type.Union([L('open'), L('in_review'), L('awaiting_approval'), L('closed')])
const Outcome = Type.Union([L('cleared'), L('confirmed'), L('escalated')])
const Decision = Type.Union([L('confirmed_match'), L('false_positive'), L('needs_more_information')])
const Level = Type.Union([L('MEDIUM'), L('HIGH'), L('CRITICAL')])
const Comment = Type.String({ minLength: 1, maxLength: 2000, description: 'mandatory: why' })

export const CaseIdParams = Type.Object({ case_id: CaseId })
export const HitParams = Type.Object({
  case_id: CaseId,
  hit_no: Type.Integer({ minimum: 1, maximum: 10_000 }),
})

export const CasesQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([L('open'), L('in_review'), L('awaiting_approval'), L('closed'), L('active')]),
    ),
    assignee: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: '"-": unassigned' })),
    level: Type.Optional(Level),
    source: Type.Optional(Type.Union([L('screening'), L('alert')])),
    min_age_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    max_age_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

const summaryFields = {
  case_id: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  source: Type.Union([L('screening'), L('alert')]),
  screening_id: Nullable(Type.String()),
  alert_id: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  subject_label: Type.String(),
  level: Level,
  status: Status,
  outcome: Nullable(Outcome),
  assignee: Nullable(Type.String()),
  age_days: Type.Integer(),
  undecided: Type.Integer(),
  version: Type.Integer(),
}

export const CasesResponse = okSchema(
  Type.Object({
    total: Type.Integer(),
    cases: Type.Array(Open({ ...summaryFields, hits: Type.Integer() })),
  }),
)

const Change = Type.Object({ field: Type.String(), added: Strings, removed: Strings })

const CaseHit = Open({
  hit_no: Type.Integer(),
  module: Type.String(),
  level: Level,
  level_reason: Type.String(),
  score: Type.Number(),
  matched_name: Type.String(),
  entity: Open({
    type: Type.String(),
    names: Strings,
    aliases: Strings,
    birth_dates: Strings,
    nationalities: Strings,
    countries: Strings,
    identifiers: Strings,
    programmes: Strings,
    addresses: Strings,
    remarks: Strings,
  }),
  listings: Type.Array(
    Open({
      list: Type.String(),
      list_id: Type.String(),
      list_title: Type.String(),
      matched_name: Type.String(),
      score: Type.Number(),
      list_date: Type.String(),
      source_url: Nullable(Type.String()),
    }),
  ),
  decision: Nullable(
    Type.Object({ decision: Decision, comment: Type.String(), by: Type.String(), at: Type.String() }),
  ),
  changed_since_cleared: Nullable(
    Type.Array(
      Type.Object({
        list: Type.String(),
        list_id: Type.String(),
        cleared_in: Type.String(),
        changes: Type.Array(Change),
      }),
    ),
  ),
})

const TrailEvent = Type.Object({
  seq: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  hit_no: Nullable(Type.Integer()),
  comment: Nullable(Type.String()),
  detail: Open({}),
})

export const CaseResponse = okSchema(
  Open(
    {
      ...summaryFields,
      subject: Open({}),
      hits: Type.Array(CaseHit),
      pending_closure: Nullable(
        Type.Object({
          outcome: Outcome,
          comment: Type.String(),
          requested_by: Type.String(),
          requested_at: Type.String(),
          reason: Type.String(),
        }),
      ),
      closed: Nullable(
        Type.Object({
          outcome: Outcome,
          by: Type.String(),
          at: Type.String(),
          approved_by: Nullable(Type.String()),
        }),
      ),
      trail: Type.Array(TrailEvent),
    },
    'A case of the AML service',
  ),
)

export const AssignBody = Type.Object(
  {
    assignee: Nullable(
      Type.String({ pattern: '^[A-Za-z0-9._@-]{1,64}$', description: 'a user name; null: nobody' }),
    ),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
export const DecisionBody = Type.Object(
  { decision: Decision, comment: Comment },
  { additionalProperties: false },
)
export const CloseBody = Type.Object({ outcome: Outcome, comment: Comment }, { additionalProperties: false })
export const CommentBody = Type.Object({ comment: Comment }, { additionalProperties: false })

export const AlertsQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([L('open'), L('acknowledged'), L('all')])),
    kind: Type.Optional(Type.Union([L('new_hit'), L('changed_hit'), L('removed_hit')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

export const AlertsResponse = okSchema(
  Type.Object({
    total: Type.Integer(),
    items: Type.Array(
      Open({
        alert_id: Type.String(),
        created_at: Type.String(),
        reference: Type.String(),
        kind: Type.String(),
        cause: Type.String(),
        list: Type.String(),
        list_id: Type.String(),
        matched_name: Type.String(),
        score: Nullable(Type.Number()),
        subject_label: Type.String(),
        changes: Type.Array(Change),
        case_id: Type.Optional(Nullable(Type.String())),
        acknowledged: Nullable(Type.Object({ at: Type.String(), by: Type.String(), reason: Type.String() })),
      }),
    ),
  }),
)

export const AckParams = Type.Object({ alert_id: Type.String({ pattern: '^AMLA-\\d{8}-\\d{1,12}$' }) })
export const AckBody = Type.Object({ reason: Comment }, { additionalProperties: false })
export const AckResponse = okSchema(Open({ alert_id: Type.String() }))

const SubjectFields = {
  first_name: Type.Optional(Type.String({ maxLength: 100 })),
  last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  name: Type.Optional(Type.String({ minLength: 2, maxLength: 200 })),
  birth_date: Type.Optional(Type.String({ format: 'date' })),
  nationality: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
  country: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
  ico: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
  company_name: Type.Optional(Type.String({ minLength: 2, maxLength: 300 })),
}

export const EnrolBody = Type.Object(
  {
    subjects: Type.Optional(
      Type.Array(
        Type.Object(
          { ...SubjectFields, reference: Type.String({ minLength: 1, maxLength: 100 }) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100 },
      ),
    ),
    batch_id: Type.Optional(Type.String({ pattern: '^AMLB-\\d{8}-\\d{1,12}$' })),
  },
  {
    additionalProperties: false,
    description: 'subjects with their client numbers, or a completed client book',
  },
)

export const EnrolResponse = okSchema(
  Open({
    enrolled: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    skipped_without_reference: Type.Integer(),
    monitored: Type.Integer(),
  }),
)

export const BookQuery = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'the file’s name' })) },
  { additionalProperties: false },
)

export const BookParams = Type.Object({ batch_id: Type.String({ pattern: '^AMLB-\\d{8}-\\d{1,12}$' }) })

export const BookCreatedResponse = okSchema(
  Open({
    batch_id: Type.String(),
    status: Type.String(),
    total: Type.Integer(),
    ignored_columns: Strings,
  }),
)

const BookResult = Open({
  index: Type.Integer(),
  line: Nullable(Type.Integer()),
  reference: Nullable(Type.String()),
  screening_id: Type.String(),
  level: Type.String(),
  score: Type.Number(),
  review_required: Type.Boolean(),
  hits: Type.Array(
    Type.Object({
      list: Type.String(),
      list_id: Type.String(),
      matched_name: Type.String(),
      score: Type.Number(),
    }),
  ),
})

export const BookQueryPage = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
)

export const BookResponse = okSchema(
  Open({
    batch_id: Type.String(),
    status: Type.String({ description: 'queued, running, completed or failed' }),
    progress: Type.Object({ done: Type.Integer(), total: Type.Integer(), percent: Type.Number() }),
    summary: Open({
      levels: Type.Record(Type.String(), Type.Integer()),
      with_sanctions_hits: Type.Integer(),
    }),
    results: Type.Object({
      offset: Type.Integer(),
      limit: Type.Integer(),
      total: Type.Integer(),
      items: Type.Array(BookResult),
    }),
  }),
)
