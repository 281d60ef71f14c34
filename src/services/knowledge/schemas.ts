/**
 * Request schemas of the knowledge service (TypeBox → JSON Schema 2020-12, validated by Ajv).
 * `limit` and `top_k` are two names for the same bound (both forms are in use by clients); when
 * both are sent they must agree.
 */
import { Type } from 'typebox'

export const MAX_RESULTS = 50

const Scalar = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])

export const FilterSchema = Type.Record(
  Type.String({ minLength: 1, maxLength: 100 }),
  Type.Union([Scalar, Type.Array(Scalar, { minItems: 1, maxItems: 50 })]),
  {
    maxProperties: 20,
    description:
      'Metadata filter: every key must match; an array matches any of its values. Keys: document_id, language, source, title, or any metadata key given at upload.',
  },
)

const Limit = (def: number) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RESULTS, description: `default ${def}` }))

export const SearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000 }),
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Limit(10),
    top_k: Limit(10),
    filter: Type.Optional(FilterSchema),
    mode: Type.Optional(
      Type.Union([Type.Literal('hybrid'), Type.Literal('keyword'), Type.Literal('semantic')], {
        description:
          'hybrid (BM25 + dense, fused by reciprocal rank; default), keyword (BM25) or semantic (dense)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const AskBody = Type.Object(
  {
    question: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'alias of question' })),
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Limit(5),
    top_k: Limit(5),
    filter: Type.Optional(FilterSchema),
    answer_mode: Type.Optional(
      Type.Union([Type.Literal('auto'), Type.Literal('extractive'), Type.Literal('generated')], {
        description:
          'auto (generated when LLM_BASE_URL is set, else extractive; default), extractive or generated',
      }),
    ),
  },
  { additionalProperties: false },
)

export const DocumentsQuery = Type.Object(
  {
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
)

export const DocumentParams = Type.Object({ id: Type.String({ pattern: '^doc_[0-9a-f]{24}$' }) })
