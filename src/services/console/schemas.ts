/**
 * Request and response schemas of the console's backend (TypeBox: validation, serialisation,
 * OpenAPI). Answers relayed from another service (a screening, a key's usage) are described by
 * the fields the console reads and pass every other field through.
 */

import { type Static, Type } from 'typebox'
import type { Paths as AmlPaths } from '../../client/types/aml.ts'
import { RISK_LEVELS } from '../../engines/aml/risk-levels.ts'
import { JOB_STATUSES } from '../../engines/jobs/state.ts'
import { okSchema } from '../../kit/envelope.ts'
import { Nullable, Open } from '../../kit/schemas.ts'
import { MAX_PASSWORD_LENGTH } from './passwords.ts'
import { USER_NAME_MIN_LENGTH, USER_NAME_PATTERN } from './store.ts'

const Role = Type.Union([Type.Literal('admin'), Type.Literal('analyst')], {
  description: 'analyst: screens and searches; admin: also manages API keys and console users',
})

const UserName = Type.String({ pattern: USER_NAME_PATTERN, description: 'letters, digits, . _ @ -' })

const User = Type.Object({
  name: Type.String(),
  role: Role,
  created_at: Type.String({ format: 'date-time' }),
})

export const SignInBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
)

export const SessionResponse = okSchema(
  Type.Object({
    user: User,
    csrf_token: Type.String({ description: 'send it back in X-CSRF-Token with every change' }),
    expires_at: Type.String({ format: 'date-time' }),
  }),
)

export const SignedOutResponse = okSchema(Type.Object({ signed_out: Type.Boolean() }))

export const HealthResponse = okSchema(
  Type.Object({
    status: Type.Literal('ready'),
    web: Type.Boolean({ description: 'whether the built single-page app is being served' }),
  }),
)

export const SubjectBody = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 100 })),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 200 })),
    birth_date: Type.Optional(Type.String({ format: 'date' })),
    nationality: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
    country: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
    ico: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
    company_name: Type.Optional(Type.String({ minLength: 2, maxLength: 300 })),
  },
  {
    additionalProperties: false,
    description: 'The subject as the AML service takes it (POST /api/aml/screen/complete)',
  },
)

export const ScreeningResponse = okSchema(
  Open(
    {
      screening_id: Type.String(),
      timestamp: Type.String(),
      completeness: Type.Number(),
      overall_risk: Open({}, 'score, level, review_required, review_reasons, missing'),
      modules: Type.Record(Type.String(), Open({}, 'status, source, data, execution_time_ms')),
      screened_by: Type.String({ description: 'the console user who asked' }),
    },
    'The AML screening response',
  ),
)

export const ScreeningIdParams = Type.Object({
  screening_id: Type.String({ pattern: '^AML-\\d{8}-\\d{1,12}$' }),
})

export const PdfQuery = Type.Object(
  {
    lang: Type.Optional(
      Type.Union([Type.Literal('cs'), Type.Literal('en')], {
        default: 'cs',
        description: 'the record’s language',
      }),
    ),
  },
  { additionalProperties: false },
)

export const ScreeningRecordResponse = okSchema(Open({}, 'The stored screening record of the AML service'))

export const HistoryQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'name or IČO, any part' })),
    level: Type.Optional(Type.Enum(RISK_LEVELS)),
    from: Type.Optional(Type.String({ format: 'date', description: 'first day (UTC), inclusive' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'last day (UTC), inclusive' })),
    screened_by: Type.Optional(
      Type.String({ pattern: USER_NAME_PATTERN, description: 'the console user who screened' }),
    ),
    case_status: Type.Optional(
      Type.Enum(['open', 'in_review', 'awaiting_approval', 'closed'], {
        description: 'the status of the screening’s case',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

/** The history's filter without paging: the export has every matching row. */
export const HistoryExportQuery = Type.Omit(HistoryQuery, ['limit', 'offset'], {
  additionalProperties: false,
})

/**
 * True only when A and B are one type. The subject and the history filter are relayed to the AML
 * service as they are, so each must be, field for field, what the AML service's generated types
 * say it takes: a field it renames, adds or drops fails compilation here.
 */
type Same<A, B> = [A, keyof A] extends [B, keyof B]
  ? [B, keyof B] extends [A, keyof A]
    ? true
    : false
  : false
type AmlSubject = AmlPaths['/api/aml/screen/complete']['post']['requestBody']['content']['application/json']
type AmlHistoryQuery = NonNullable<AmlPaths['/api/aml/screenings']['get']['parameters']['query']>
true satisfies Same<Static<typeof SubjectBody>, AmlSubject>
true satisfies Same<Static<typeof HistoryQuery>, AmlHistoryQuery>

export const HistoryResponse = okSchema(
  Type.Object({
    total: Type.Integer(),
    screenings: Type.Array(
      Open({
        screening_id: Type.String(),
        created_at: Type.String(),
        subject_type: Type.String(),
        risk_level: Type.String(),
        subject: Type.String(),
        screened_by: Type.Optional(
          Type.Union([Type.String(), Type.Null()], {
            description: 'who screened; null before it was kept',
          }),
        ),
      }),
    ),
  }),
)

export const KeyIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

export const CreateKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    owner: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    tier: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    expires_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
    rate_limit: Type.Optional(Type.Integer({ minimum: -1, maximum: 100_000 })),
    requests_per_minute: Type.Optional(Type.Integer({ minimum: -1, maximum: 100_000 })),
  },
  { additionalProperties: false, description: 'As the gateway takes it (POST /admin/keys/generate)' },
)

const KeyItem = Open({
  id: Type.Integer(),
  prefix: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  created_at: Type.String(),
  expires_at: Type.String(),
  is_active: Type.Boolean(),
  tier: Nullable(Type.String()),
  rate_limit: Type.Integer({ description: 'requests per day; -1 = unlimited' }),
  requests_per_minute: Type.Integer({ description: '-1 = unlimited' }),
  revoked_at: Nullable(Type.String()),
  status: Type.Union(
    [Type.Literal('active'), Type.Literal('rotating'), Type.Literal('expired'), Type.Literal('revoked')],
    { description: 'rotating: replaced by another key, valid until expires_at (the grace period’s end)' },
  ),
  last_used_at: Nullable(Type.String({ description: 'the last request made with the key; null: never' })),
  replaced_by: Nullable(Type.Integer({ description: 'the key that replaced this one on rotation' })),
})

export const KeyListQuery = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 100, description: 'a part of the name or prefix' })) },
  { additionalProperties: false },
)

export const RotateKeyBody = Type.Object(
  {
    grace_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 720,
        description: 'hours the old key stays valid (default 24; 0: it stops at once)',
      }),
    ),
  },
  { additionalProperties: false, description: 'As the gateway takes it (POST /admin/keys/rotate/{id})' },
)

export const RotatedKeyResponse = okSchema(
  Type.Object({
    key: Type.String({ description: 'the new key: shown in this answer only' }),
    id: Type.Integer(),
    prefix: Type.String(),
    name: Type.String(),
    expires_at: Type.String(),
    old_key: KeyItem,
    warning: Type.String(),
  }),
)

export const KeyListResponse = okSchema(Type.Object({ count: Type.Integer(), keys: Type.Array(KeyItem) }))

export const CreatedKeyResponse = okSchema(
  Type.Object({
    key: Type.String({ description: 'the full key: shown in this answer only' }),
    id: Type.Integer(),
    prefix: Type.String(),
    name: Type.String(),
    created_at: Type.String(),
    expires_at: Type.String(),
    rate_limit: Type.Integer(),
    requests_per_minute: Type.Integer(),
    tier: Nullable(Type.String()),
    warning: Type.String(),
  }),
)

export const RevokedResponse = okSchema(Type.Object({ message: Type.String() }))

export const UsageQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, default: 30 })) },
  { additionalProperties: false },
)

export const UsageResponse = okSchema(
  Type.Object({
    key_id: Type.Integer(),
    stats: Type.Object({
      total_requests: Type.Integer(),
      by_endpoint: Type.Array(Type.Object({ endpoint: Type.String(), count: Type.Integer() })),
      by_status: Type.Record(Type.String(), Type.Integer()),
      period_days: Type.Integer(),
    }),
  }),
)

export const DailyUsageQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 400, default: 30 })) },
  { additionalProperties: false },
)

export const DailyUsageResponse = okSchema(
  Type.Object({
    key_id: Type.Integer(),
    days: Type.Array(
      Type.Object({
        day: Type.String({ format: 'date' }),
        requests: Type.Integer(),
        errors: Type.Integer({ description: 'of them answered 4xx or 5xx' }),
      }),
      { description: 'UTC days, oldest first; a day without requests has 0' },
    ),
  }),
)

const ListedUser = Type.Object({
  name: Type.String(),
  role: Role,
  created_at: Type.String({ format: 'date-time' }),
  disabled: Type.Boolean({ description: 'a disabled user cannot sign in' }),
})

export const UserListResponse = okSchema(Type.Object({ users: Type.Array(ListedUser) }))

export const AddUserBody = Type.Object(
  {
    name: Type.String({
      pattern: USER_NAME_PATTERN,
      minLength: USER_NAME_MIN_LENGTH,
      description: `letters, digits, . _ @ -; at least ${USER_NAME_MIN_LENGTH} characters; unique without regard to case`,
    }),
    role: Role,
    password: Type.String({ minLength: 10, maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
)

export const UserResponse = okSchema(User)

export const UserNameParams = Type.Object({ name: UserName })

export const RemovedUserResponse = okSchema(Type.Object({ removed: Type.String() }))

export const SetRoleBody = Type.Object({ role: Role }, { additionalProperties: false })

export const ResetPasswordBody = Type.Object(
  { password: Type.String({ minLength: 10, maxLength: MAX_PASSWORD_LENGTH }) },
  { additionalProperties: false },
)

export const ChangedUserResponse = okSchema(
  Type.Object({
    name: Type.String(),
    action: Type.Union([
      Type.Literal('role'),
      Type.Literal('disable'),
      Type.Literal('enable'),
      Type.Literal('password'),
    ]),
  }),
)

export const AdminLogQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) },
  { additionalProperties: false },
)

export const AdminLogResponse = okSchema(
  Type.Object({
    entries: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'ascending in the order of the actions' }),
        at: Type.String({ format: 'date-time' }),
        actor: Type.String({ description: 'the admin who acted' }),
        action: Type.Union([
          Type.Literal('add'),
          Type.Literal('remove'),
          Type.Literal('role'),
          Type.Literal('disable'),
          Type.Literal('enable'),
          Type.Literal('password'),
        ]),
        target: Type.String({ description: 'the user acted on' }),
        detail: Type.Union([Type.String(), Type.Null()], {
          description: 'the new role for add and role; otherwise null (never a password)',
        }),
      }),
      { description: 'newest first' },
    ),
  }),
)

export const PlatformHealthResponse = okSchema(
  Type.Object({
    services: Type.Array(
      Type.Object({
        service: Type.String(),
        url: Type.String(),
        up: Type.Boolean(),
        status: Nullable(Type.Integer()),
        latency_ms: Type.Integer(),
        error: Nullable(Type.String()),
      }),
    ),
  }),
)

export const JobsQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(JOB_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

const Job = Open(
  {
    id: Type.String(),
    kind: Type.String(),
    status: Type.String(),
    attempts: Type.Integer(),
    created_at: Type.String(),
    finished_at: Nullable(Type.String()),
    progress: Type.Unknown({ description: 'what the handler last reported, or null' }),
    result: Type.Unknown({ description: 'what the worker returned (SUCCEEDED)' }),
    error: Type.Unknown(),
  },
  'A job of the router',
)

export const JobIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

export const JobsResponse = okSchema(
  Type.Object({
    items: Type.Array(Job),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
)

export const JobResponse = okSchema(Type.Object({ job: Job }))

export const KnowledgeSearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000 }),
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
)

export const KnowledgeSearchResponse = okSchema(
  Open(
    {
      query: Type.String(),
      count: Type.Integer(),
      results: Type.Array(
        Open({
          id: Type.Unknown(),
          text: Type.String(),
          score: Type.Number(),
          collection: Type.String(),
          document: Open({}, 'id, title, source'),
          section: Type.Unknown(),
          citation: Type.Unknown({ description: 'how to cite the passage' }),
        }),
      ),
    },
    'The knowledge service’s search answer',
  ),
)
