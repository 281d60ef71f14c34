/**
 * The description check (test/support/openapi.ts) catches a route that is missing, hidden,
 * registered too early or without a response schema; test/api/services.test.ts runs it, and
 * Redocly's rules, on every service.
 */
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { registerApiDocs } from '../../src/kit/api-docs.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { type App, createServer } from '../../src/kit/server.ts'
import { documentedRoutes, type OpenApiDocument } from '../support/openapi.ts'

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
