/**
 * /openapi.json: a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator),
 * generated from the route schemas, carrying the spec's Group A rules: the seven endpoints and
 * their statuses, the parameter limits, closed objects and the Error component with the closed list
 * of codes. The contract checker the other tests rely on is itself shown to catch violations.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../src/kit/errors.ts'
import { json, type OpenApiDocument, type TestApp, testApp } from './helpers.ts'

let t: TestApp
let doc: OpenApiDocument
beforeAll(async () => {
  t = await testApp()
  const res = await t.call('/openapi.json')
  expect(res.statusCode).toBe(200)
  doc = json(res)
})
afterAll(() => t.close())

/** The value a schema fixes: `const`, or a one-value `enum` (@fastify/swagger writes const that way). */
const constOf = (s: { const?: unknown; enum?: unknown[] }) =>
  'const' in s ? s.const : s.enum?.length === 1 ? s.enum[0] : undefined

const schema = (name: string) => doc.components.schemas[name] as Record<string, any>
const param = (path: string, name: string) =>
  doc.paths[path]!.get!.parameters!.find((p) => p.name === name) as { required?: boolean; schema: any }

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('declares OpenAPI 3.1.0, the 2020-12 dialect and API version 0.1.0', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(doc.info.version).toBe('0.1.0')
  })

  it('is served with an ETag and answers If-None-Match with 304', async () => {
    const first = await t.call('/openapi.json')
    const again = await t.call({
      url: '/openapi.json',
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
  })

  it('describes the seven endpoints with the statuses of the spec', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses)
    expect(statuses('/healthz', 'get')).toEqual(expect.arrayContaining(['200', '429']))
    expect(statuses('/.well-known/capabilities.json', 'get')).toEqual(expect.arrayContaining(['200', '429']))
    expect(statuses('/v1/search', 'get')).toEqual(expect.arrayContaining(['200', '400', '429']))
    expect(statuses('/v1/services', 'get')).toEqual(expect.arrayContaining(['200', '429']))
    expect(statuses('/v1/content', 'get')).toEqual(expect.arrayContaining(['200', '400', '429']))
    expect(statuses('/v1/content/{id}', 'get')).toEqual(expect.arrayContaining(['200', '404', '429']))
    expect(statuses('/v1/inquiries/preview', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '413', '415', '429']),
    )
  })

  it('documents the Error component with the closed list of codes on every error response', () => {
    expect(schema('Error').properties.error.properties.code.enum).toEqual(ERROR_CODES)
    expect(schema('Error').properties.request_id).toEqual({
      type: 'string',
      format: 'uuid',
      description: expect.any(String),
    })
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          })
        }
      }
    }
  })

  it('carries the search parameter rules', () => {
    expect(param('/v1/search', 'q')).toMatchObject({
      required: true,
      schema: { type: 'string', minLength: 2, maxLength: 160 },
    })
    expect(param('/v1/search', 'type')).toMatchObject({
      required: false,
      schema: { type: 'array', items: { type: 'string', enum: ['service', 'content', 'product'] } },
    })
    expect(param('/v1/search', 'limit')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
    })
  })

  it('carries the content list and content id rules', () => {
    expect(param('/v1/content', 'offset').schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 })
    expect(param('/v1/content', 'limit').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 20,
    })
    expect(param('/v1/content/{id}', 'id').schema).toMatchObject({
      type: 'string',
      pattern: '^[a-z0-9-]{2,80}$',
    })
  })

  it('closes the objects the spec closes', () => {
    for (const name of ['Health', 'SearchResult', 'ContentItem', 'InquiryInput', 'InquiryPreview']) {
      expect(schema(name).additionalProperties, name).toBe(false)
    }
    expect(schema('InquiryPreview').properties.normalized.additionalProperties).toBe(false)
    expect(schema('Capabilities').additionalProperties).toBe(true)
  })

  it('carries the field rules of the spec tables', () => {
    expect(constOf(schema('Health').properties.status)).toBe('ok')
    expect(schema('Health').properties.data_version).toMatchObject({ format: 'date-time' })
    expect(schema('SearchResult').properties.score).toMatchObject({ type: 'integer', minimum: 1 })
    expect(schema('SearchResult').properties.canonical_url).toMatchObject({
      format: 'uri',
      pattern: '^https://',
    })
    expect(constOf(schema('SearchResponse').properties.source)).toBe('curated_public_snapshot')
    expect(schema('ContentItem').properties.excerpt).toMatchObject({ maxLength: 12000 })
    expect(schema('InquiryInput')).toMatchObject({
      required: ['name', 'email', 'message'],
      properties: {
        name: { minLength: 2, maxLength: 100 },
        email: { format: 'email', maxLength: 254 },
        organization: { minLength: 2, maxLength: 160 },
        message: { minLength: 10, maxLength: 3000 },
      },
    })
    const preview = schema('InquiryPreview')
    expect(preview.properties).toMatchObject({
      preview_id: { pattern: '^preview_[0-9a-f]{20}$' },
      side_effects_performed: { maxItems: 0 },
    })
    expect(constOf(preview.properties.retained)).toBe(false)
    expect(constOf(preview.properties.submitted)).toBe(false)
    expect(constOf(preview.properties.confirmation_required)).toBe(true)
    expect(constOf(preview.properties.submission_available)).toBe(false)
    expect(preview.properties.normalized.properties).toMatchObject({
      organization: { type: ['string', 'null'] },
      message_preview: { maxLength: 240 },
      message_characters: { minimum: 10, maximum: 3000 },
    })
  })

  it('requires no authentication anywhere', () => {
    expect(doc.security).toBeUndefined()
    expect((doc.components as Record<string, unknown>).securitySchemes).toBeUndefined()
  })
})

describe('the contract checker', () => {
  const fake = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    ({
      statusCode: status,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'x-request-id': '3f1b6c1e-8d2a-4c8e-9a51-0d6f2b7c9e10',
        ratelimit: '"per-ip";r=1;t=1',
        'ratelimit-policy': '"per-ip";q=2;w=60',
        'content-type': 'application/json; charset=utf-8',
        ...headers,
      },
    }) as never

  it('rejects a body that breaks the schema', () => {
    expect(() => t.contract.check('GET', '/healthz', fake(200, { status: 'ok' }))).toThrow(/data_version/)
    expect(() =>
      t.contract.check(
        'GET',
        '/healthz',
        fake(200, { status: 'ok', data_version: '2026-11-22T06:00:00Z', x: 1 }),
      ),
    ).toThrow(/additional/)
  })

  it('rejects an undocumented status', () => {
    expect(() => t.contract.check('GET', '/v1/services', fake(400, {}))).toThrow(/not documented/)
  })

  it('rejects an error without the Error body or with a different request id', () => {
    expect(() => t.contract.check('GET', '/v1/content/x1', fake(404, { error: 'nope' }))).toThrow(
      /Error body/,
    )
    const body = {
      error: { code: 'not_found', message: 'x' },
      request_id: '00000000-0000-4000-8000-000000000000',
    }
    expect(() =>
      t.contract.check('GET', '/v1/content/x1', fake(404, body, { 'cache-control': 'no-store' })),
    ).toThrow(/request_id/)
  })

  it('rejects a response without the RateLimit headers', () => {
    const res = fake(200, { status: 'ok', data_version: '2026-11-22T06:00:00Z' }, { ratelimit: '' })
    expect(() => t.contract.check('GET', '/healthz', res)).toThrow(/RateLimit/)
  })
})
