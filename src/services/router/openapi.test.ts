/**
 * The router's /openapi.json: a valid OpenAPI 3.1 document (test/api/services.test.ts checks
 * that every route is in it with its schemas), with the web tools and the security each route's
 * auth level takes.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, routerHarness } from '../../../test/router/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await routerHarness({ start: false })
})
afterAll(async () => h.close())

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const result = await new Validator().validate(res.json())
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
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
