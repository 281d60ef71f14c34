/**
 * What every discovery response shares: the Error body on 404/405, request ids, the per-IP rate
 * limit (429 with Retry-After, RateLimit-Policy and RateLimit on every response) and caching
 * (strong ETag tied to the dataset and the request, Cache-Control, If-None-Match → 304).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ORIGIN, loadDataset } from '../../src/engines/discovery/dataset.ts'
import { MemoryRateLimiter } from '../../src/kit/ratelimit.ts'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { prepareDataset } from '../../src/services/discovery/store.ts'
import { json, type TestApp, testApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

describe('errors', () => {
  it('answers an unknown route with 404 and the Error body', async () => {
    const res = await t.call('/v2/search?q=aml')
    expect(res.statusCode).toBe(404)
    expect(json(res)).toEqual({
      error: {
        code: 'not_found',
        message: expect.any(String),
        details: { method: 'GET', path: '/v2/search' },
      },
      request_id: res.headers['x-request-id'],
    })
  })

  it.each([
    ['DELETE', '/v1/search', 'GET, HEAD'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['GET', '/v1/inquiries/preview', 'POST'],
    ['PUT', '/v1/content/clanek-format-spayd', 'GET, HEAD'],
  ])('answers %s %s with 405, Allow and the Error body', async (method, url, allow) => {
    const res = await t.call({ method: method as 'GET', url })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe(allow)
    expect(json(res).error.code).toBe('method_not_allowed')
  })

  it('echoes an incoming UUID X-Request-Id in the header and the body', async () => {
    const id = '3f1b6c1e-8d2a-4c8e-9a51-0d6f2b7c9e10'
    const res = await t.call({ url: '/v1/content/nope', headers: { 'x-request-id': id } })
    expect(res.headers['x-request-id']).toBe(id)
    expect(json(res).request_id).toBe(id)
  })

  it('replaces an X-Request-Id that is not a UUID', async () => {
    const res = await t.call({ url: '/healthz', headers: { 'x-request-id': 'abc\ninjected' } })
    expect(res.headers['x-request-id']).not.toBe('abc\ninjected')
  })
})

describe('rate limit per client IP', () => {
  let limited: TestApp
  let now = 1_800_000_000_000
  beforeAll(async () => {
    limited = await testApp({ rateLimitPerMinute: 3, rateLimiter: new MemoryRateLimiter({ now: () => now }) })
  })
  afterAll(() => limited.close())

  it('puts RateLimit-Policy and RateLimit on every response', async () => {
    const res = await limited.call({ url: '/healthz', remoteAddress: '10.0.0.1' })
    expect(res.headers['ratelimit-policy']).toBe('"per-ip";q=3;w=60')
    expect(res.headers.ratelimit).toBe('"per-ip";r=2;t=60')
  })

  it('returns 429 with Retry-After when the minute is spent', async () => {
    const ip = '10.0.0.2'
    for (let i = 0; i < 3; i++)
      expect((await limited.call({ url: '/healthz', remoteAddress: ip })).statusCode).toBe(200)
    now += 20_000
    const res = await limited.call({ url: '/v1/search?q=aml', remoteAddress: ip })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('40')
    expect(res.headers.ratelimit).toBe('"per-ip";r=0;t=40')
    expect(json(res).error).toMatchObject({
      code: 'rate_limited',
      details: { limit: 3, window_seconds: 60, retry_after_seconds: 40 },
    })
  })

  it('limits unknown routes and wrong methods too', async () => {
    const ip = '10.0.0.3'
    for (let i = 0; i < 3; i++) await limited.call({ url: '/nope', remoteAddress: ip })
    expect((await limited.call({ method: 'DELETE', url: '/healthz', remoteAddress: ip })).statusCode).toBe(
      429,
    )
  })

  it('answers 429 before reading a body (even an oversized one)', async () => {
    const ip = '10.0.0.4'
    for (let i = 0; i < 3; i++) await limited.call({ url: '/healthz', remoteAddress: ip })
    const res = await limited.call({
      method: 'POST',
      url: '/v1/inquiries/preview',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(20_000),
    })
    expect(res.statusCode).toBe(429)
  })

  it('counts each IP separately', async () => {
    for (let i = 0; i < 3; i++) await limited.call({ url: '/healthz', remoteAddress: '10.0.0.5' })
    expect((await limited.call({ url: '/healthz', remoteAddress: '10.0.0.5' })).statusCode).toBe(429)
    expect((await limited.call({ url: '/healthz', remoteAddress: '10.0.0.6' })).statusCode).toBe(200)
  })

  it('lets requests through again once the sliding minute has passed', async () => {
    const ip = '10.0.0.7'
    for (let i = 0; i < 3; i++) await limited.call({ url: '/healthz', remoteAddress: ip })
    expect((await limited.call({ url: '/healthz', remoteAddress: ip })).statusCode).toBe(429)
    now += 60_001
    expect((await limited.call({ url: '/healthz', remoteAddress: ip })).statusCode).toBe(200)
  })
})

describe('caching', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.call({ url, headers })

  it.each([
    '/v1/search?q=aml',
    '/v1/services',
    '/v1/content?offset=5&limit=5',
    '/v1/content/clanek-format-spayd',
    '/.well-known/capabilities.json',
  ])('%s carries a strong ETag and public Cache-Control, and If-None-Match gives 304', async (url) => {
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60')
    const again = await get(url, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
  })

  it('matches a weakened tag and a list of tags', async () => {
    const etag = (await get('/v1/services')).headers.etag as string
    expect((await get('/v1/services', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304)
    expect((await get('/v1/services', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304)
    expect((await get('/v1/services', { 'if-none-match': '*' })).statusCode).toBe(304)
    expect((await get('/v1/services', { 'if-none-match': '"other"' })).statusCode).toBe(200)
  })

  it('gives different requests different tags', async () => {
    const tags = await Promise.all(
      [
        '/v1/search?q=aml',
        '/v1/search?q=aml&limit=5',
        '/v1/search?q=aml&type=service',
        '/v1/content?offset=1',
      ].map(async (u) => (await get(u)).headers.etag),
    )
    expect(new Set(tags).size).toBe(4)
  })

  it('gives the same tag to requests that differ only before normalization', async () => {
    const a = await get('/v1/search?q=pravni%20analyza&type=service&type=product')
    const b = await get(
      `/v1/search?q=${encodeURIComponent('  pravni   analyza ')}&type=product&type=service&type=product`,
    )
    expect(b.headers.etag).toBe(a.headers.etag)
    expect(b.body).toBe(a.body)
  })

  it('ties the tag to the dataset: another dataset digest gives another tag', async () => {
    const result = await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN)
    if (!result.ok) throw new Error('shipped dataset invalid')
    const other = prepareDataset({ ok: true, snapshot: { ...result.snapshot, digest: '0'.repeat(64) } })
    const t2 = await testApp({ dataset: other })
    try {
      const a = (await get('/v1/content/clanek-format-spayd')).headers.etag
      const b = (await t2.call('/v1/content/clanek-format-spayd')).headers.etag
      expect(b).not.toBe(a)
    } finally {
      await t2.close()
    }
  })

  it('keeps health and errors out of caches', async () => {
    expect((await get('/healthz')).headers['cache-control']).toBe('no-store')
    expect((await get('/v1/content/nope')).headers['cache-control']).toBe('no-store')
    expect((await get('/v1/search?q=a')).headers['cache-control']).toBe('no-store')
  })
})
