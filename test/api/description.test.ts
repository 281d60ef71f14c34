/**
 * Every service describes every route it serves in its /openapi.json, with request and response
 * schemas (test/support/openapi.ts says exactly what is checked), and the check itself catches a
 * route that is missing, hidden, registered too early or without a response schema.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerApiDocs } from '../../src/kit/api-docs.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { type App, createServer } from '../../src/kit/server.ts'
import { documentedRoutes, type OpenApiDocument, operationsOf } from '../support/openapi.ts'
import { SERVICES, type ServiceUnderTest } from '../support/services.ts'

const redocly = createConfig({ extends: ['recommended'] })

describe.each(SERVICES)('the $name service', (target) => {
  let service: ServiceUnderTest
  beforeAll(async () => {
    service = await target.build()
  }, 60_000)
  afterAll(() => service?.close())

  it('describes every route it serves, each with a response schema, in a valid /openapi.json', async () => {
    const doc = await documentedRoutes(service.app)
    expect(operationsOf(doc).length).toBeGreaterThan(3)
  })

  it("passes Redocly's recommended rules with no error (operationId, summary, servers, security on every operation)", async () => {
    const source = (await service.app.inject('/openapi.json')).body
    const problems = await lintFromString({
      source,
      absoluteRef: `${target.name}.json`,
      config: await redocly,
    })
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`)
    expect(errors).toEqual([])
  })

  it('answers an operation its document declares open (security: []) without asking for a credential', async () => {
    const doc = JSON.parse((await service.app.inject('/openapi.json')).body) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>
    }
    const asked: string[] = []
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!Array.isArray(op.security) || op.security.length > 0) continue
        const url = path.replace(/\{[^}]+\}/g, 'x')
        const res = await service.app.inject({ method: method.toUpperCase() as 'GET', url })
        if (res.statusCode === 401) asked.push(`${method.toUpperCase()} ${path}`)
      }
    }
    expect(asked).toEqual([])
  })

  it('serves /openapi.json with an ETag and answers If-None-Match with 304', async () => {
    const first = await service.app.inject('/openapi.json')
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=300')
    const again = await service.app.inject({
      url: '/openapi.json',
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('serves Swagger UI (at /docs unless the service has pages there) and Redoc at /redoc', async () => {
    const docs = await service.app.inject(service.swaggerUiPath ?? '/docs/')
    expect(docs.statusCode).toBe(200)
    const redoc = await service.app.inject('/redoc')
    expect(redoc.statusCode).toBe(200)
    expect(redoc.body).toContain('spec-url="/openapi.json"')
  })
})

describe('the description check', () => {
  const logger = createLogger({ level: 'silent' })
  const Ok = Type.Object({ ok: Type.Boolean() })

  async function app(register: (app: App) => void, early?: (app: App) => void): Promise<App> {
    const a = createServer({ name: 'probe', envelope: 'standard', logger, logRequests: false })
    early?.(a)
    await registerApiDocs(a, { title: 'Probe', version: '0.0.0', errorEnvelope: 'standard' })
    register(a)
    return a
  }

  const problemsOf = async (a: App) => {
    try {
      await documentedRoutes(a)
      return ''
    } catch (error) {
      return (error as Error).message
    } finally {
      await a.close()
    }
  }

  it('passes an app whose routes all have schemas, and documents errors as the envelope', async () => {
    const a = await app((a) => {
      a.get('/thing/:id', {
        schema: { params: Type.Object({ id: Type.String() }), response: { 200: Ok } },
        handler: async () => ({ ok: true }),
      })
    })
    const doc: OpenApiDocument = await documentedRoutes(a)
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(doc.paths['/thing/{id}']!.get!.responses.default!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    })
    await a.close()
  })

  it('gives Swagger UI the same document without the jsonSchemaDialect it would flag in red', async () => {
    const a = await app((a) => {
      a.get('/thing', { schema: { response: { 200: Ok } }, handler: async () => ({ ok: true }) })
    })
    const served = (await a.inject({ url: '/openapi.json' })).json()
    const ui = (await a.inject({ url: '/docs/json' })).json()
    expect(served.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(ui).not.toHaveProperty('jsonSchemaDialect')
    const { jsonSchemaDialect: _dialect, ...rest } = served
    expect(ui).toEqual(rest)
    await a.close()
  })

  it('names a route without a response schema, one without a params schema, and a hidden one', async () => {
    const problems = await problemsOf(
      await app((a) => {
        a.get('/bare', async () => ({ ok: true }))
        a.get('/param/:id', { schema: { response: { 200: Ok } } }, async () => ({ ok: true }))
        a.get('/hidden', { schema: { hide: true, response: { 200: Ok } } }, async () => ({ ok: true }))
      }),
    )
    expect(problems).toContain('GET /bare has no response schema')
    expect(problems).toContain('GET /param/:id has path parameters but no schema.params')
    expect(problems).toContain('GET /hidden is not in /openapi.json')
  })

  it('names a route registered before the description', async () => {
    const problems = await problemsOf(
      await app(
        () => undefined,
        (a) => {
          a.get('/early', { schema: { response: { 200: Ok } } }, async () => ({ ok: true }))
        },
      ),
    )
    expect(problems).toContain('GET /early is not in /openapi.json')
  })
})
