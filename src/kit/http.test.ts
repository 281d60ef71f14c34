import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient, UpstreamError } from './http.ts'

let server: Server
let base: string
const hits = new Map<string, number>()

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = (hits.get(req.url!) ?? 0) + 1
    hits.set(req.url!, n)
    if (req.url === '/flaky' && n < 3) return res.writeHead(503).end()
    if (req.url?.startsWith('/post-flaky') && n < 2) return res.writeHead(503).end()
    if (req.url === '/busy' && n < 2) return res.writeHead(429, { 'retry-after': '1' }).end()
    if (req.url === '/missing') return res.writeHead(404).end()
    if (req.url === '/slow') return setTimeout(() => res.end('{}'), 500)
    if (req.url === '/garbage') return res.end('<html>')
    if (req.url === '/huge') {
      // 3 MiB without Content-Length: only a cap read while streaming stops it.
      res.setHeader('content-type', 'application/json')
      for (let i = 0; i < 48; i++) res.write(' '.repeat(64 * 1024))
      return res.end('{}')
    }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ url: req.url, n }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

describe('HttpClient', () => {
  it('never retries a POST that may have reached the service (a screening must not be recorded twice)', async () => {
    const client = new HttpClient({ source: 'aml', baseUrl: base, retries: 3, backoffMs: 1 })
    await expect(client.postJson('/post-flaky-1', { ico: '27074358' })).rejects.toMatchObject({ status: 503 })
    expect(hits.get('/post-flaky-1')).toBe(1)
  })

  it('retries a POST that carries an idempotency key, sending the same key each time', async () => {
    const client = new HttpClient({ source: 'aml', baseUrl: base, retries: 3, backoffMs: 1 })
    const result = await client.postJson(
      '/post-flaky-2',
      { ico: '27074358' },
      { idempotencyKey: 'screen-42' },
    )
    expect(result.status).toBe(200)
    expect(hits.get('/post-flaky-2')).toBe(2)
  })

  it('waits as long as Retry-After asks before the next attempt', async () => {
    const client = new HttpClient({ source: 'busy', baseUrl: base, retries: 2, backoffMs: 1 })
    const started = performance.now()
    const result = await client.getJson('/busy')
    expect(result.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('retries a 503 and returns the answer that follows', async () => {
    const client = new HttpClient({ source: 'test', baseUrl: base, retries: 3, backoffMs: 1 })
    const res = await client.getJson<{ n: number }>('/flaky')
    expect(res.data.n).toBe(3)
  })

  it('does not retry a 404 and names the source', async () => {
    const client = new HttpClient({ source: 'ares', baseUrl: base, retries: 3, backoffMs: 1 })
    await expect(client.getJson('/missing')).rejects.toMatchObject({
      source: 'ares',
      kind: 'status',
      status: 404,
    })
    expect(hits.get('/missing')).toBe(1)
  })

  it('treats accepted statuses as answers', async () => {
    const client = new HttpClient({ source: 'ares', baseUrl: base, retries: 0 })
    const res = await client.getJson('/missing', { acceptStatus: [404] })
    expect(res.status).toBe(404)
  })

  it('gives up after the timeout with a timeout error', async () => {
    const client = new HttpClient({ source: 'slowpoke', baseUrl: base, timeoutMs: 50, retries: 0 })
    const error = await client.getJson('/slow').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error).toMatchObject({ kind: 'timeout', message: 'slowpoke: no answer within 50 ms' })
  })

  it('stops reading an answer larger than its cap and does not retry it', async () => {
    const client = new HttpClient({ source: 'big', baseUrl: base, maxBytes: 1024 * 1024, retries: 2 })
    await expect(client.getJson('/huge')).rejects.toMatchObject({
      source: 'big',
      kind: 'invalid_response',
      message: `big: answered more than ${1024 * 1024} bytes`,
    })
    expect(hits.get('/huge')).toBe(1)
    await expect(client.getJson('/huge', { maxBytes: 4 * 1024 * 1024 })).resolves.toMatchObject({ data: {} })
  })

  it('reports an unreachable upstream as a network error', async () => {
    const client = new HttpClient({ source: 'gone', baseUrl: 'http://127.0.0.1:9', retries: 0 })
    await expect(client.getJson('/')).rejects.toMatchObject({ kind: 'network', source: 'gone' })
  })

  it('reports invalid JSON', async () => {
    const client = new HttpClient({ source: 'test', baseUrl: base, retries: 0 })
    await expect(client.getJson('/garbage')).rejects.toMatchObject({ kind: 'invalid_response' })
  })

  it('serves repeated GETs from the cache within the TTL', async () => {
    const client = new HttpClient({ source: 'test', baseUrl: base, cacheTtlMs: 60_000 })
    const first = await client.getJson<{ n: number }>('/cached', { query: { ico: '45274649' } })
    const second = await client.getJson<{ n: number }>('/cached', { query: { ico: '45274649' } })
    expect(first.cached).toBe(false)
    expect(second).toMatchObject({ cached: true, data: { n: first.data.n } })
    expect(hits.get('/cached?ico=45274649')).toBe(1)
  })
})
