/**
 * The discovery API's schemas (spec Group A), one source for three jobs: Ajv2020 validates requests
 * with them, fast-json-stringify serializes responses with them (dropping anything undeclared), and
 * @fastify/swagger turns them into /openapi.json. Objects the spec closes are
 * `additionalProperties: false`; PublicRecord and the list responses are left open as the spec
 * leaves them (the service still sends exactly the listed fields).
 */
import { type Static, Type } from 'typebox'
import { ID_PATTERN, RECORD_TYPES } from '../../engines/discovery/dataset.ts'
import { INQUIRY_LIMITS } from '../../engines/discovery/inquiry.ts'
import { ERROR_CODES } from '../../kit/errors.ts'

/** A string enum with `type: string` spelled out (TypeBox's Enum emits only `enum`). */
function StringEnum<T extends string>(values: readonly T[], options: Record<string, unknown> = {}) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })
}

const DataVersion = () =>
  Type.String({ format: 'date-time', description: 'Identifies the dataset (the snapshot file declares it).' })

const ErrorSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: StringEnum(ERROR_CODES, {
          description: 'One of a closed list; the HTTP status follows from the code.',
        }),
        message: Type.String({ description: 'What went wrong and what to do next, for a person.' }),
        details: Type.Optional(
          Type.Object(
            {},
            {
              additionalProperties: true,
              description:
                'Machine-readable context: for invalid input `location` (query, path, body, header), `field` and `rule`.',
            },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    request_id: Type.String({ format: 'uuid', description: 'Also sent as the X-Request-Id header.' }),
  },
  { $id: 'Error', additionalProperties: false, description: 'The body of every 4xx and 5xx response.' },
)

const RecordType = StringEnum(RECORD_TYPES)

const publicRecordProperties = {
  id: Type.String({ pattern: ID_PATTERN }),
  title: Type.String(),
  description: Type.String(),
  canonical_url: Type.String({ format: 'uri', pattern: '^https://' }),
  updated: Type.String({ format: 'date' }),
}

const PublicRecord = Type.Object(publicRecordProperties, { $id: 'PublicRecord' })
const PublicRecordRef = Type.Unsafe<Static<typeof PublicRecord>>(Type.Ref('PublicRecord'))

const Health = Type.Object(
  { status: Type.Literal('ok'), data_version: DataVersion() },
  { $id: 'Health', additionalProperties: false },
)

const SearchResult = Type.Object(
  {
    ...publicRecordProperties,
    type: RecordType,
    score: Type.Integer({ minimum: 1, description: 'round(BM25+ × 100), at least 1; higher is better.' }),
  },
  { $id: 'SearchResult', additionalProperties: false },
)

const SearchResponse = Type.Object(
  {
    query: Type.String({ description: 'The query as searched: NFC, trimmed, inner whitespace collapsed.' }),
    count: Type.Integer({
      minimum: 0,
      description: 'Number of records that matched, before `limit`; `results` holds the best `limit`.',
    }),
    results: Type.Array(Type.Unsafe<Static<typeof SearchResult>>(Type.Ref('SearchResult'))),
    source: Type.Literal('curated_public_snapshot'),
    data_version: DataVersion(),
  },
  { $id: 'SearchResponse' },
)

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 160, description: 'Search text, 2 to 160 characters.' }),
  type: Type.Optional(
    Type.Array(RecordType, {
      description:
        'Keep only these record types; repeat the parameter for several (`type=service&type=product`).',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, default: 10, description: 'Results to return (default 10).' }),
  ),
})

const ServicesResponse = Type.Object(
  {
    count: Type.Integer({ minimum: 0, description: 'Number of service guides (all are returned).' }),
    services: Type.Array(PublicRecordRef),
    data_version: DataVersion(),
  },
  { $id: 'ServicesResponse' },
)

const ContentItem = Type.Object(
  {
    ...publicRecordProperties,
    excerpt: Type.String({ maxLength: 12000 }),
    data_version: Type.Optional(DataVersion()),
  },
  { $id: 'ContentItem', additionalProperties: false },
)

const ContentListResponse = Type.Object(
  {
    count: Type.Integer({
      minimum: 0,
      description: 'Total number of records in the snapshot (not the page size); `items` is the page.',
    }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 50 }),
    items: Type.Array(PublicRecordRef),
    data_version: DataVersion(),
  },
  { $id: 'ContentListResponse' },
)

export const ContentListQuery = Type.Object({
  offset: Type.Optional(
    Type.Integer({ minimum: 0, default: 0, description: 'Records to skip (default 0).' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'Page size (default 20).' }),
  ),
})

export const ContentParams = Type.Object({
  id: Type.String({
    pattern: ID_PATTERN,
    description: 'Record id. An id that cannot match this pattern gets 404, like any unknown id.',
  }),
})

export const InquiryInput = Type.Object(
  {
    name: Type.String({ minLength: INQUIRY_LIMITS.name.min, maxLength: INQUIRY_LIMITS.name.max }),
    email: Type.String({ format: 'email', maxLength: INQUIRY_LIMITS.email.max }),
    organization: Type.Optional(
      Type.String({ minLength: INQUIRY_LIMITS.organization.min, maxLength: INQUIRY_LIMITS.organization.max }),
    ),
    message: Type.String({ minLength: INQUIRY_LIMITS.message.min, maxLength: INQUIRY_LIMITS.message.max }),
  },
  { $id: 'InquiryInput', additionalProperties: false },
)

const InquiryPreview = Type.Object(
  {
    preview_id: Type.String({ pattern: '^preview_[0-9a-f]{20}$' }),
    normalized: Type.Object(
      {
        name: Type.String(),
        email_masked: Type.String(),
        organization: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
        message_preview: Type.String({ maxLength: INQUIRY_LIMITS.messagePreview.max }),
        message_characters: Type.Integer({
          minimum: INQUIRY_LIMITS.message.min,
          maximum: INQUIRY_LIMITS.message.max,
        }),
      },
      { additionalProperties: false },
    ),
    side_effects_performed: Type.Array(Type.String(), { maxItems: 0 }),
    retained: Type.Literal(false),
    submitted: Type.Literal(false),
    confirmation_required: Type.Literal(true),
    submission_available: Type.Literal(false),
    notice: Type.String(),
  },
  { $id: 'InquiryPreview', additionalProperties: false },
)

const Capabilities = Type.Object(
  {
    service: Type.String(),
    api_version: Type.String(),
    data_version: DataVersion(),
    openapi: Type.String({ description: 'Link to the OpenAPI description.' }),
    implemented: Type.Array(
      Type.Object(
        {
          capability: Type.String(),
          method: Type.String(),
          endpoint: Type.String(),
          description: Type.String(),
        },
        { additionalProperties: true },
      ),
    ),
    unavailable: Type.Array(
      Type.Object({ capability: Type.String(), reason: Type.String() }, { additionalProperties: true }),
    ),
    boundaries: Type.Object({}, { additionalProperties: true }),
  },
  {
    $id: 'Capabilities',
    additionalProperties: true,
    description: 'What this service does and, explicitly, what it does not. Specific to this service.',
  },
)

const Index = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    api_version: Type.String(),
    links: Type.Record(Type.String(), Type.String()),
  },
  { $id: 'Index', additionalProperties: false },
)

export const SHARED_SCHEMAS = [
  ErrorSchema,
  PublicRecord,
  Health,
  SearchResult,
  SearchResponse,
  ServicesResponse,
  ContentItem,
  ContentListResponse,
  InquiryInput,
  InquiryPreview,
  Capabilities,
  Index,
]
