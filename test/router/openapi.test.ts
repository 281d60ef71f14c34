/**
 * The router's /openapi.json: a valid OpenAPI 3.1 document that lists every route the app
 * registered (the web tools included), each with its response schema and the security its auth
 * level takes.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, routerHarness } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await routerHarness({ start: false })
})
afterAll(async () => h.close())

/** OpenAPI's spelling of a Fastify path: `:id` → `{id}`, a trailing `*` → `{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const result = await new Validator().validate(res.json())
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes every registered route with a response schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>
    }
    expect(h.routes.length).toBeGreaterThan(50)
    const missing: string[] = []
    for (const { method, url } of h.routes) {
      if (url === '/openapi.json' || method === 'HEAD' || method === 'OPTIONS') continue
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()]
      const responses = Object.keys(operation?.responses ?? {}).filter((code) => code !== 'default')
      if (responses.length === 0) missing.push(`${method} ${url}`)
    }
    expect(missing).toEqual([])
  })

  it('names the credentials each route takes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    expect(doc.paths['/gpt/jobs/claim'].post.security).toEqual([
      { bearer: [] },
      { workerKey: [] },
      { internalKey: [] },
    ])
    expect(doc.paths['/v1/gpt/sync'].post.security).toEqual([{ adminKey: [] }])
    expect(doc.paths['/health'].get.security).toEqual([])
    for (const path of [
      '/v1/scrape',
      '/v1/scrape/batch',
      '/v1/scrape/adaptive',
      '/v1/crawler',
      '/v1/convert/markdown',
      '/v1/browser/screenshot',
      '/v1/browser/pdf',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined()
    }
  })
})
