/**
 * The data endpoints of the spec's Group A: health, capabilities, search, service guides, the
 * content list and one content record. All are GET, read the immutable snapshot, and (except
 * health) carry data_version, a strong ETag and Cache-Control.
 */
import { RECORD_TYPES, type RecordType } from '../../../engines/discovery/dataset.ts'
import { cleanLine, codePoints } from '../../../engines/discovery/inquiry.ts'
import { RELEVANCE } from '../../../engines/search/search-index.ts'
import { CACHE_NONE, conditional, entityTag } from '../../../kit/caching.ts'
import { AppError } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import { ContentListQuery, ContentParams, SearchQuery } from '../schemas.ts'
import { search } from '../store.ts'
import { API_VERSION, type DiscoveryContext, errorResponses, publicFields, requireDataset } from './common.ts'
import { SearchEncoder } from './search-bytes.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const DEFAULT_SEARCH_LIMIT = 10
const DEFAULT_PAGE_LIMIT = 20

const NOT_MODIFIED = {
  304: { type: 'null', description: 'Not Modified: the representation named by If-None-Match is current.' },
}
const CACHE_HEADERS = {
  ETag: { type: 'string', description: 'Strong tag of this representation (dataset + request).' },
  'Cache-Control': { type: 'string' },
}

export function registerData(app: App, ctx: DiscoveryContext): void {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Health: 200 when a valid dataset is loaded, 503 otherwise',
        response: {
          200: { $ref: 'Health#', description: 'A valid dataset is loaded.' },
          ...errorResponses(429, 500, 503),
        },
      },
    },
    async (_request, reply) => {
      const data = requireDataset(ctx)
      reply.header('cache-control', CACHE_NONE)
      return { status: 'ok' as const, data_version: data.snapshot.dataVersion }
    },
  )

  const capabilities = ctx.dataset.ok
    ? capabilitiesDocument(ctx, ctx.dataset.snapshot.dataVersion)
    : undefined
  const capabilitiesTag = entityTag(ctx.etagBase, '/.well-known/capabilities.json')
  // Bodies that never change for the life of the process are encoded once; the contract tests check
  // them against the same schemas the serializer would use.
  const capabilitiesBytes = capabilities ? Buffer.from(JSON.stringify(capabilities)) : undefined
  app.get(
    '/.well-known/capabilities.json',
    {
      schema: {
        tags: ['discovery'],
        summary: 'What this service does, and explicitly does not',
        response: {
          200: { $ref: 'Capabilities#', description: 'The capabilities document.', headers: CACHE_HEADERS },
          ...NOT_MODIFIED,
          ...errorResponses(429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      requireDataset(ctx)
      if (conditional(request, reply, capabilitiesTag)) return reply
      return reply.type(JSON_TYPE).send(capabilitiesBytes as never)
    },
  )

  // A search response is put together from each record's result encoded here once.
  const searchEncoder = ctx.dataset.ok
    ? new SearchEncoder(ctx.dataset.snapshot.records, ctx.dataset.snapshot.dataVersion)
    : undefined
  app.get(
    '/v1/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the curated public snapshot',
        description: `Deterministic local full-text search over title, description and excerpt. Case and diacritics are ignored ("pravni" finds "právní"); Czech and English word forms match through Snowball stemmers; words of ${RELEVANCE.fuzzyMinLength}+ letters tolerate typos (round(${RELEVANCE.fuzzyFraction} × length) edits on the word, ${RELEVANCE.stemEdits} on its stems) and terms of ${RELEVANCE.prefixMinLength}+ letters match as prefixes. Words combine with OR; \`count\` is the number of matching records, \`results\` the best \`limit\`. Relevance is BM25+ (k1 ${RELEVANCE.bm25.k}, b ${RELEVANCE.bm25.b}, δ ${RELEVANCE.bm25.d}) with field weights title 3, description 2, excerpt 1; score = max(1, round(BM25+ × ${RELEVANCE.scoreScale})). Results are ordered by score descending, then id ascending.`,
        querystring: SearchQuery,
        response: {
          200: { $ref: 'SearchResponse#', description: 'Ranked matches.', headers: CACHE_HEADERS },
          ...NOT_MODIFIED,
          ...errorResponses(400, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const data = requireDataset(ctx)
      // Lengths were checked on the raw value; check again on what is searched.
      const query = cleanLine(request.query.q)
      if (codePoints(query) < 2) {
        throw new AppError(
          'invalid_request',
          'query parameter "q" must have at least 2 characters besides whitespace',
          { location: 'query', field: 'q', rule: 'minLength 2' },
        )
      }
      const types = request.query.type ? [...new Set(request.query.type)].sort() : undefined
      const limit = request.query.limit ?? DEFAULT_SEARCH_LIMIT
      // Every type listed is the same as no filter; one cache entry serves both.
      const filter = types && types.length < RECORD_TYPES.length ? types : undefined
      const key = `${query}\u0000${filter?.join(',') ?? '*'}\u0000${limit}`
      let entry = ctx.searchCache.get(key)
      if (!entry) {
        const found = search(data, query, filter ? new Set<RecordType>(filter) : undefined, limit)
        entry = {
          etag: entityTag(ctx.etagBase, '/v1/search', key),
          body: searchEncoder!.text(query, found.total, found.results),
        }
        ctx.searchCache.set(key, entry)
      }
      if (conditional(request, reply, entry.etag)) return reply
      return reply.type(JSON_TYPE).send(entry.body)
    },
  )

  const services = ctx.dataset.ok
    ? {
        count: ctx.dataset.services.length,
        services: ctx.dataset.services.map(publicFields),
        data_version: ctx.dataset.snapshot.dataVersion,
      }
    : undefined
  const servicesTag = entityTag(ctx.etagBase, '/v1/services')
  const servicesBytes = services ? Buffer.from(JSON.stringify(services)) : undefined
  app.get(
    '/v1/services',
    {
      schema: {
        tags: ['content'],
        summary: 'Every service guide, by id',
        response: {
          200: { $ref: 'ServicesResponse#', description: 'All service guides.', headers: CACHE_HEADERS },
          ...NOT_MODIFIED,
          ...errorResponses(429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      requireDataset(ctx)
      if (conditional(request, reply, servicesTag)) return reply
      return reply.type(JSON_TYPE).send(servicesBytes as never)
    },
  )

  app.get(
    '/v1/content',
    {
      schema: {
        tags: ['content'],
        summary: 'Page through every record of the snapshot',
        description:
          'All records (service guides, content records and products), newest `updated` first, then by id. `count` is the total number of records; `items` is the page from `offset`. An offset past the end gives an empty page.',
        querystring: ContentListQuery,
        response: {
          200: { $ref: 'ContentListResponse#', description: 'One page of records.', headers: CACHE_HEADERS },
          ...NOT_MODIFIED,
          ...errorResponses(400, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const data = requireDataset(ctx)
      const offset = request.query.offset ?? 0
      const limit = request.query.limit ?? DEFAULT_PAGE_LIMIT
      if (conditional(request, reply, entityTag(ctx.etagBase, '/v1/content', String(offset), String(limit))))
        return reply
      return {
        count: data.content.length,
        offset,
        limit,
        items: data.content.slice(offset, offset + limit).map(publicFields),
        data_version: data.snapshot.dataVersion,
      }
    },
  )

  // One encoded response per record, made on first request (bounded by the number of records).
  const items = new Map<string, { etag: string; bytes: Buffer }>()
  app.get(
    '/v1/content/:id',
    {
      // A malformed id is reported as 404 by the handler (no record can have it), not as 400.
      attachValidation: true,
      schema: {
        tags: ['content'],
        summary: 'One record with its excerpt',
        description:
          'Any record of the snapshot by id: content records, service guides and products. An id that does not match `^[a-z0-9-]{2,80}$` gets 404 like an unknown one, with `details.rule` naming the pattern.',
        params: ContentParams,
        response: {
          200: { $ref: 'ContentItem#', description: 'The record.', headers: CACHE_HEADERS },
          ...NOT_MODIFIED,
          ...errorResponses(404, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const data = requireDataset(ctx)
      const { id } = request.params
      if (request.validationError) {
        throw new AppError(
          'not_found',
          `No record has the id "${truncate(id)}": ids match ^[a-z0-9-]{2,80}$`,
          {
            location: 'path',
            field: 'id',
            rule: 'pattern ^[a-z0-9-]{2,80}$',
          },
        )
      }
      const record = data.snapshot.byId.get(id)
      if (!record) {
        throw new AppError('not_found', `No record has the id "${id}"; /v1/content lists them all`, {
          location: 'path',
          field: 'id',
          rule: 'exists',
        })
      }
      let entry = items.get(id)
      if (!entry) {
        const body = {
          ...publicFields(record),
          excerpt: record.excerpt,
          data_version: data.snapshot.dataVersion,
        }
        entry = {
          etag: entityTag(ctx.etagBase, '/v1/content/', id),
          bytes: Buffer.from(JSON.stringify(body)),
        }
        items.set(id, entry)
      }
      if (conditional(request, reply, entry.etag)) return reply
      return reply.type(JSON_TYPE).send(entry.bytes as never)
    },
  )
}

/** Echo at most 80 characters of a rejected id (it may be long or odd). */
function truncate(value: string): string {
  const chars = [...value]
  return chars.length > 80 ? `${chars.slice(0, 80).join('')}…` : value
}

function capabilitiesDocument(ctx: DiscoveryContext, dataVersion: string) {
  return {
    service: 'gatehouse-discovery',
    description:
      'Public, read-only discovery and inquiry-preview API over a curated public snapshot of what Gatehouse does. This document is specific to this service; it is not an industry-standard discovery document, a tool-protocol (MCP) server, an agent card or a browser-tool declaration.',
    api_version: API_VERSION,
    data_version: dataVersion,
    openapi: '/openapi.json',
    documentation: {
      swagger_ui: '/docs',
      redoc: '/redoc',
      llms_txt: '/llms.txt',
      api_catalog: '/.well-known/api-catalog',
    },
    implemented: [
      {
        capability: 'health',
        method: 'GET',
        endpoint: '/healthz',
        description: '200 with data_version when a valid dataset is loaded, 503 otherwise.',
      },
      {
        capability: 'capabilities',
        method: 'GET',
        endpoint: '/.well-known/capabilities.json',
        description: 'This document.',
      },
      {
        capability: 'search',
        method: 'GET',
        endpoint: '/v1/search',
        description:
          'Deterministic local full-text search (BM25+, Czech and English stemming, diacritics and case ignored, typo tolerance) over the curated public snapshot; no language model, no private system.',
        parameters: {
          q: '2 to 160 characters',
          type: 'service | content | product, repeatable',
          limit: '1 to 20, default 10',
        },
      },
      {
        capability: 'service_guides',
        method: 'GET',
        endpoint: '/v1/services',
        description: 'Every service guide.',
      },
      {
        capability: 'content_list',
        method: 'GET',
        endpoint: '/v1/content',
        description: 'Every record, paged; count is the total.',
        parameters: { offset: 'minimum 0, default 0', limit: '1 to 50, default 20' },
      },
      {
        capability: 'content_record',
        method: 'GET',
        endpoint: '/v1/content/{id}',
        description: 'One record with its excerpt (at most 12000 characters).',
      },
      {
        capability: 'inquiry_preview',
        method: 'POST',
        endpoint: '/v1/inquiries/preview',
        description:
          'Normalizes an inquiry and shows it back with the e-mail masked. Sends nothing, stores nothing; submitted is always false.',
      },
    ],
    unavailable: [
      { capability: 'inquiry_submission', reason: 'No submit or execute endpoint exists in this release.' },
      { capability: 'message_sending', reason: 'This service sends no e-mail or other messages.' },
      { capability: 'aml_screening', reason: 'AML screening is not performed here.' },
      { capability: 'payments', reason: 'No payments are taken.' },
      { capability: 'orders', reason: 'No orders are placed.' },
      {
        capability: 'private_endpoints',
        reason: 'Only public information is served; no private system is called.',
      },
      { capability: 'credentials', reason: 'No credentials are issued, accepted or stored.' },
      { capability: 'account_mutation', reason: 'There are no accounts to change.' },
    ],
    boundaries: {
      data_classification: 'public',
      side_effecting_operations: 0,
      stores_personal_data: false,
      ranking_effect_claimed: false,
      authentication: 'none',
      excluded_areas: [
        'aml',
        'payments',
        'email_sending',
        'orders',
        'private_endpoints',
        'credentials',
        'account_mutation',
      ],
    },
    rate_limit: { scope: 'client_ip', requests_per_minute: ctx.rateLimitPerMinute, window_seconds: 60 },
    source: 'curated_public_snapshot',
    languages: ['cs', 'en'],
    deployment: {
      declared_server: ctx.origin,
      note: 'The declared server address is a planned production endpoint; live deployment is unverified.',
    },
  }
}
