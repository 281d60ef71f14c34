/**
 * Request and response schemas of the gateway routes: they validate input, serialize output and
 * generate /openapi.json (OpenAPI 3.0). Field names and shapes follow the spec's tables; limits
 * mirror the key rules in src/engines/keys/rules.ts.
 */
import { Type } from 'typebox'
import { ResultContractSchema } from '../../agents/result.ts'
import { AGENT_SERVICES } from '../../agents/types.ts'
import { KEY_RULES } from '../../engines/keys/rules.ts'
import { errorRef } from '../../kit/api-docs.ts'

const limit = (what: string) =>
  Type.Integer({
    minimum: -1,
    maximum: KEY_RULES.limitMax,
    description: `${what}; -1 = unlimited (0 is refused)`,
  })

/** The gateway error envelope: `{error, code, request_id, …details}` (the document's `Error`). */
export const ErrorBody = errorRef()

export const RateLimitedBody = Type.Object(
  {
    error: Type.Literal('Rate limit exceeded'),
    code: Type.Literal('rate_limited'),
    request_id: Type.String({ format: 'uuid' }),
    limit: Type.Integer({ description: 'The limit that was reached' }),
    window: Type.Union([Type.Literal('1 minute'), Type.Literal('1 day')]),
    retry_after_seconds: Type.Integer(),
  },
  { additionalProperties: true },
)

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
}

export const GenerateKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: KEY_RULES.nameMaxLength,
      description: 'Required: who or what uses the key',
    }),
    description: Type.Optional(Type.String({ maxLength: KEY_RULES.descriptionMaxLength })),
    owner: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: KEY_RULES.ownerMaxLength,
        description: 'Contact e-mail of the owner',
      }),
    ),
    tier: Type.Optional(
      Type.String({ description: 'free, basic, pro or enterprise: copies the tier’s limits' }),
    ),
    expires_days: Type.Optional(
      Type.Integer({
        minimum: KEY_RULES.expiresDaysMin,
        maximum: KEY_RULES.expiresDaysMax,
        description: `Days until expiry (default ${KEY_RULES.expiresDaysDefault})`,
      }),
    ),
    rate_limit: Type.Optional(
      limit(`Requests per day (default ${KEY_RULES.defaultRequestsPerDay}, or the tier’s)`),
    ),
    requests_per_minute: Type.Optional(
      limit(`Requests per minute (default ${KEY_RULES.defaultRequestsPerMinute}, or the tier’s)`),
    ),
  },
  { additionalProperties: false },
)

export const UpdateKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: KEY_RULES.nameMaxLength })),
    description: Type.Optional(Type.String({ maxLength: KEY_RULES.descriptionMaxLength })),
    owner: Type.Optional(Type.String({ format: 'email', maxLength: KEY_RULES.ownerMaxLength })),
    tier: Type.Optional(
      Type.String({ description: 'Sets both limits from the tier (numbers given too win)' }),
    ),
    expires_days: Type.Optional(
      Type.Integer({
        minimum: KEY_RULES.expiresDaysMin,
        maximum: KEY_RULES.expiresDaysMax,
        description: 'New expiry, counted from now',
      }),
    ),
    rate_limit: Type.Optional(limit('Requests per day')),
    requests_per_minute: Type.Optional(limit('Requests per minute')),
  },
  { additionalProperties: false },
)

const KeyData = Type.Object({
  key: Type.String({ description: 'The full key: shown in this response only' }),
  id: Type.Integer(),
  prefix: Type.String({ description: 'First 12 characters of the key' }),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  rate_limit: Type.Integer({ description: 'Requests per day; -1 = unlimited' }),
  requests_per_minute: Type.Integer({ description: '-1 = unlimited' }),
  tier: Type.Union([Type.String(), Type.Null()]),
})

export const GenerateKeyResponse = Type.Object({
  success: Type.Boolean(),
  key_data: KeyData,
  warning: Type.String(),
})

const KeyListItem = Type.Object({
  id: Type.Integer(),
  prefix: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  owner: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time' }),
  is_active: Type.Boolean(),
  tier: Type.Union([Type.String(), Type.Null()]),
  rate_limit: Type.Integer({ description: 'Requests per day; -1 = unlimited' }),
  requests_per_minute: Type.Integer({ description: '-1 = unlimited' }),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Union(
    [Type.Literal('active'), Type.Literal('rotating'), Type.Literal('expired'), Type.Literal('revoked')],
    {
      description:
        'active; rotating: replaced by another key, valid until expires_at (the grace period’s end); expired; revoked',
    },
  ),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'The last request made with the key (counted within about USAGE_FLUSH_MS); null: never used',
  }),
  replaced_by: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The id of the key that replaced this one on rotation',
  }),
})

export const KeyListQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        maxLength: KEY_RULES.nameMaxLength,
        description: 'Only keys whose name or prefix contains this text (case ignored)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const RotateKeyBody = Type.Object(
  {
    grace_hours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: KEY_RULES.rotationGraceHoursMax,
        description: `Hours the old key stays valid (default ${KEY_RULES.rotationGraceHoursDefault}; 0 = stops at once)`,
      }),
    ),
  },
  { additionalProperties: false },
)

export const KeyListResponse = Type.Object({
  count: Type.Integer(),
  keys: Type.Array(KeyListItem),
})

export const RotateKeyResponse = Type.Object({
  success: Type.Boolean(),
  key_data: KeyData,
  old_key: KeyListItem,
  warning: Type.String(),
})

export const UpdateKeyResponse = Type.Object({ success: Type.Boolean(), key: KeyListItem })

export const KeyIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })

export const UsageQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        default: 30,
        description: 'Days covered, counted back from now (default 30)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const UsageResponse = Type.Object({
  key_id: Type.Integer(),
  stats: Type.Object({
    total_requests: Type.Integer(),
    by_endpoint: Type.Array(Type.Object({ endpoint: Type.String(), count: Type.Integer() })),
    by_status: Type.Record(Type.String(), Type.Integer(), { description: 'Status code → count' }),
    period_days: Type.Integer(),
  }),
})

/** The most days the per-day usage covers (the default retention of usage rows). */
export const MAX_DAILY_USAGE_DAYS = 400

export const DailyUsageQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_DAILY_USAGE_DAYS,
        default: 30,
        description: 'UTC days covered, today included (default 30; usage is kept 400 days at most)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const DailyUsageResponse = Type.Object({
  key_id: Type.Integer(),
  days: Type.Array(
    Type.Object({
      day: Type.String({ format: 'date', description: 'UTC day' }),
      requests: Type.Integer(),
      errors: Type.Integer({ description: 'of them answered 4xx or 5xx' }),
    }),
    { description: 'One entry per day, oldest first; a day without requests has 0' },
  ),
})

export const RevokeResponse = Type.Object({ success: Type.Boolean(), message: Type.String() })

const AnySchema = Type.Object({}, { additionalProperties: true, description: 'JSON Schema (2020-12)' })

export const ServicesResponse = Type.Object({
  count: Type.Integer(),
  total_agents: Type.Integer(),
  services: Type.Array(
    Type.Object({
      name: Type.String(),
      agents: Type.Integer({ description: 'Number of agents' }),
      agent_names: Type.Array(Type.String()),
      path: Type.String({ description: 'Call as POST {path}/{agent}' }),
    }),
  ),
})

export const AgentsQuery = Type.Object(
  { service: Type.Optional(Type.Union(AGENT_SERVICES.map((s) => Type.Literal(s)))) },
  { additionalProperties: false },
)

export const AgentsResponse = Type.Object({
  count: Type.Integer(),
  agents: Type.Array(
    Type.Object({
      name: Type.String(),
      service: Type.String(),
      description: Type.String(),
      path: Type.String(),
      input_schema: AnySchema,
      output_schema: AnySchema,
    }),
  ),
})

export const AgentParams = Type.Object({
  service: Type.String({ description: `One of ${AGENT_SERVICES.join(', ')}` }),
  agent: Type.String({ description: 'Agent name, see GET /api/agents' }),
})

export const AgentCallBody = Type.Object(
  {},
  { additionalProperties: true, description: 'The agent’s input (see its input_schema)' },
)

export const AgentCallResponse = Type.Object({
  service: Type.String(),
  agent: Type.String(),
  result: ResultContractSchema,
  execution_time_ms: Type.Number({ description: 'Time the agent ran, milliseconds' }),
  request_id: Type.String({ format: 'uuid' }),
})

export const InfoResponse = Type.Object({
  name: Type.String(),
  version: Type.String(),
  description: Type.String(),
  agents: Type.Integer(),
  services: Type.Integer(),
  mode: Type.String({ description: 'in-process, or forwarding to AGENTS_URL' }),
  authentication: Type.Object({}, { additionalProperties: true }),
  links: Type.Record(Type.String(), Type.String()),
})

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]),
  checked_at: Type.String({ format: 'date-time' }),
  services: Type.Record(
    Type.String(),
    Type.Object(
      {
        status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
        required: Type.Boolean(),
        latency_ms: Type.Number(),
        error: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
})
