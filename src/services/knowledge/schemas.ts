/**
 * Request and response schemas of the knowledge service (TypeBox → JSON Schema 2020-12: Ajv
 * validates requests, fast-json-stringify writes responses, @fastify/swagger documents both).
 * `limit` and `top_k` are two names for the same bound (both forms are in use by clients); when
 * both are sent they must agree.
 */

import { Type } from 'typebox'
import { sharedSchema } from '../../kit/api-docs.ts'
import { okSchema } from '../../kit/envelope.ts'
import { Nullable } from '../../kit/schemas.ts'

const MAX_RESULTS = 50

const Scalar = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])

const FilterSchema = Type.Record(
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
    // Beyond a million documents nobody pages by offset; a bigger number is refused before it
    // reaches the database (SQLite and PostgreSQL fail on offsets past 64-bit integers).
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  { additionalProperties: false },
)

export const DocumentParams = Type.Object({ id: Type.String({ pattern: '^doc_[0-9a-f]{24}$' }) })

// ---------- responses (standard envelope; every field a handler returns is listed) ----------

/** Metadata given at upload (or by the starting corpus): open-ended. */
const Metadata = Type.Object({}, { additionalProperties: true, description: 'Metadata given at upload' })

const Citation = {
  document_id: Type.String(),
  document_title: Type.String(),
  source: Type.String(),
  collection: Type.String(),
  section: Type.String({ description: 'Heading path of the passage' }),
  page: Nullable(Type.Integer({ description: 'PDF page (1-based)' })),
  chunk: Type.Integer({ description: 'Position of the passage in its document' }),
  chunk_id: Type.String(),
  language: Type.String({ description: "The passage's document's language: cs or en" }),
  label: Type.String({ description: 'Title › section › page, for people' }),
}

const RankScore = Nullable(Type.Object({ rank: Type.Integer(), score: Type.Number() }))

export const SearchResponse = okSchema(
  Type.Object({
    query: Type.String(),
    collection: Nullable(Type.String()),
    mode: Type.String({ description: 'hybrid, keyword or semantic' }),
    limit: Type.Integer(),
    count: Type.Integer(),
    results: Type.Array(
      Type.Object({
        id: Type.String({ description: 'Chunk id' }),
        text: Type.String(),
        score: Type.Number(),
        collection: Type.String(),
        document: Type.Object({ id: Type.String(), title: Type.String(), source: Type.String() }),
        section: Type.String(),
        page: Nullable(Type.Integer()),
        position: Type.Integer(),
        citation: Type.Object(Citation),
        metadata: Metadata,
        scores: Type.Object({ keyword: RankScore, semantic: RankScore }),
      }),
    ),
    embedders: Type.Record(Type.String(), Nullable(Type.String()), {
      description: 'Collection → the embedder its vectors come from (null: none yet)',
    }),
    warnings: Type.Optional(Type.Array(Type.String())),
  }),
)

export const AskResponse = okSchema(
  Type.Object({
    question: Type.String(),
    collection: Nullable(Type.String()),
    answer: Nullable(Type.String({ description: 'With [n] markers citing `citations`' })),
    answer_mode: Type.Union([Type.Literal('none'), Type.Literal('extractive'), Type.Literal('generated')]),
    language: Type.Union([Type.Literal('cs'), Type.Literal('en')], {
      description:
        'The language the question is asked in, and the answer given in (an extractive answer quoting only the other language says so first)',
    }),
    found: Type.Boolean(),
    message: Type.Optional(Type.String({ description: 'Why there is no answer' })),
    model: Type.Optional(Type.String({ description: 'The language model that wrote a generated answer' })),
    warning: Type.Optional(Type.String()),
    citations: Type.Array(
      Type.Object({
        n: Type.Integer({ minimum: 1 }),
        cited: Type.Boolean({ description: 'Whether the answer cites it' }),
        ...Citation,
        text: Type.String(),
        score: Type.Number(),
      }),
    ),
  }),
)

export const UploadBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'The document (PDF, DOCX, HTML, Markdown, text …)' }),
  collection: Type.String({ description: 'GET /rag/collections lists them' }),
  metadata: Type.Optional(
    Type.String({
      description:
        'A JSON object of strings, numbers, booleans or arrays of them, e.g. {"language":"cs","tags":["aml"]}',
    }),
  ),
  title: Type.Optional(Type.String()),
  source: Type.Optional(Type.String({ description: 'Where it comes from; defaults to the file name' })),
})

/** An upload's outcome: 201 when the document is new, 200 when it replaced one or was unchanged. */
const UploadOutcome = sharedSchema(
  'UploadOutcome',
  Type.Object({
    status: Type.Union([Type.Literal('created'), Type.Literal('replaced'), Type.Literal('unchanged')]),
    document: Type.Object({
      id: Type.String(),
      collection: Type.String(),
      title: Type.String(),
      source: Type.String(),
      format: Type.String(),
      language: Type.String(),
    }),
    chunks: Type.Integer(),
    replaced: Type.Array(Type.String(), { description: 'Ids of the documents this one replaced' }),
  }),
)
export const UploadResponse = okSchema(UploadOutcome.ref)

const CollectionReportFields = Type.Object({
  name: Type.String(),
  description: Type.String(),
  documents: Type.Integer(),
  chunks: Type.Integer(),
  embedder: Nullable(Type.String()),
  dimensions: Nullable(Type.Integer()),
  embedder_available: Type.Boolean({ description: 'Whether this process can embed queries for it' }),
})

/** A collection with its counts and embedder, as /rag/collections and /stats list it. */
const SharedCollection = sharedSchema('CollectionReport', CollectionReportFields)
const CollectionReport = SharedCollection.ref

export const CollectionsResponse = okSchema(
  Type.Object({ count: Type.Integer(), collections: Type.Array(CollectionReport) }),
)

export const HealthResponse = okSchema(
  Type.Object({
    status: Type.Union([Type.Literal('loading'), Type.Literal('ok'), Type.Literal('degraded')]),
    storage: Type.String({ description: 'sqlite or postgres' }),
    documents: Type.Integer(),
    chunks: Type.Integer(),
    collections: Type.Integer(),
    embedder: Type.String({ description: 'The default embedder' }),
    llm: Type.String(),
    change_seq: Type.Integer({ description: 'Last change of the store this instance has indexed' }),
    problems: Type.Array(Type.String()),
  }),
)

const Percentiles = Type.Object({
  p50: Nullable(Type.Number()),
  p95: Nullable(Type.Number()),
  p99: Nullable(Type.Number()),
})

export const StatsResponse = okSchema(
  Type.Object({
    documents: Type.Integer(),
    chunks: Type.Integer(),
    collections: Type.Array(CollectionReport),
    embedder: Type.Object({
      default: Type.String(),
      available: Type.Array(
        Type.Object(
          { id: Type.String() },
          { additionalProperties: true, description: 'The embedder, described' },
        ),
      ),
    }),
    index: Type.Object({
      chunks: Type.Integer(),
      vectors: Type.Integer(),
      bytes: Type.Integer(),
      change_seq: Type.Integer(),
    }),
    storage: Type.String(),
    query_translation: Type.Object(
      { enabled: Type.Boolean(), reason: Type.String() },
      {
        description:
          'Whether queries are translated by the language model as well, and why (KB_QUERY_TRANSLATION)',
      },
    ),
    queries: Type.Object({ search: Type.Integer(), ask: Type.Integer() }),
    latency_ms: Type.Object({ search: Percentiles, ask: Percentiles }),
    uptime_seconds: Type.Integer(),
  }),
)

const DocumentRecordFields = Type.Object({
  id: Type.String(),
  collection: Type.String(),
  title: Type.String(),
  source: Type.String(),
  format: Type.String(),
  language: Type.String(),
  content_hash: Type.String(),
  bytes: Type.Integer(),
  pages: Nullable(Type.Integer()),
  chunks: Type.Integer(),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})

/** A stored document, as the list and the single document answer it. */
const SharedDocument = sharedSchema('Document', DocumentRecordFields)
const DocumentRecord = SharedDocument.ref

export const DocumentsResponse = okSchema(
  Type.Object({
    count: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    documents: Type.Array(DocumentRecord),
  }),
)

export const DocumentResponse = okSchema(DocumentRecord)

export const DeletedResponse = okSchema(Type.Object({ id: Type.String(), deleted: Type.Literal(true) }))

/** The schemas several routes share, registered once (registerApiDocs `shared`). */
export const knowledgeSchemas = [UploadOutcome, SharedCollection, SharedDocument]
