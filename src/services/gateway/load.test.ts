/**
 * The gateway under real concurrency, over real sockets: limits are exact (in process, and with
 * Redis across two instances sharing PostgreSQL), revocation reaches every instance on the next
 * request, and a graceful stop writes every buffered usage row.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backing, dropSchema, uniquePrefix, uniqueSchema } from '../../../test/support/backing.ts'
import type { KeyTables } from '../../engines/keys/store.ts'
import { openDatabase } from '../../kit/db.ts'
import { openRedis } from '../../kit/redis.ts'
import { startTestGateway, TEST_ADMIN_KEY, type TestGateway } from './harness.ts'

interface Load {
  url: string
  key: string
  connections: number
  amount: number
}

/** Fires `amount` requests over `connections` keep-alive connections; counts answers by status. */
async function fire(load: Load): Promise<Record<string, number>> {
  const result = await autocannon({
    url: `${load.url}/api/services`,
    connections: load.connections,
    amount: load.amount,
    headers: { 'x-api-key': load.key },
    timeout: 20,
  })
  expect(result.errors).toBe(0)
  expect(result.timeouts).toBe(0)
  const counts: Record<string, number> = {}
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    counts[status] = (stats as { count: number }).count
  }
  return counts
}

describe('exact limits in process', () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway()
    await gw.listen()
  })
  afterAll(async () => {
    await gw.stop()
  })

  it('lets exactly 100 of 1000 requests on 200 connections through a 100/min key', async () => {
    const { key } = await gw.createKey({ requests_per_minute: 100 })
    const counts = await fire({ url: gw.url, key, connections: 200, amount: 1000 })
    expect(counts).toEqual({ '200': 100, '429': 900 })
  })

  it('lets exactly the daily quota through when it is the smaller window', async () => {
    const { key } = await gw.createKey({ requests_per_minute: 1000, rate_limit: 37 })
    const counts = await fire({ url: gw.url, key, connections: 50, amount: 300 })
    expect(counts).toEqual({ '200': 37, '429': 263 })
  })
})

describe('usage on a graceful stop', () => {
  it('writes every buffered usage row when the gateway stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-usage-'))
    try {
      // A flush interval longer than the test: only the stop can write the rows.
      const gw = await startTestGateway({ dataDir: dir, env: { USAGE_FLUSH_MS: '60000' } })
      await gw.listen()
      const { key, id } = await gw.createKey({ requests_per_minute: 10_000 })
      const counts = await fire({ url: gw.url, key, connections: 20, amount: 600 })
      expect(counts).toEqual({ '200': 600 })
      expect(gw.running.usage.size).toBeGreaterThan(0)
      await gw.stop()

      const db = openDatabase({ dataDir: dir })
      const { n } = await db
        .as<KeyTables>()
        .selectFrom('gateway_usage')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key_id', '=', id)
        .executeTakeFirstOrThrow()
      await db.close()
      expect(n).toBe(600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

const postgres = await backing.postgres()
const redis = await backing.redis()

describe.skipIf(!postgres.available || !redis.available)('two instances on PostgreSQL and Redis', () => {
  const schema = uniqueSchema('gateway_load')
  const prefix = uniquePrefix('gateway')
  let a: TestGateway
  let b: TestGateway
  beforeAll(async () => {
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url }
    a = await startTestGateway({ env, schema, limiterPrefix: prefix })
    b = await startTestGateway({ env, schema, limiterPrefix: prefix })
    await Promise.all([a.listen(), b.listen()])
  })
  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await dropSchema(postgres.url, schema)
    const client = openRedis(redis.url)
    const keys = await client.keys(`${prefix}*`)
    if (keys.length > 0) await client.del(...keys)
    await client.quit()
  })

  it('lets exactly 100 of 1000 requests on 200 connections through, split over both instances', async () => {
    const { key } = await a.createKey({ requests_per_minute: 100 })
    const [onA, onB] = await Promise.all([
      fire({ url: a.url, key, connections: 100, amount: 500 }),
      fire({ url: b.url, key, connections: 100, amount: 500 }),
    ])
    expect((onA['200'] ?? 0) + (onB['200'] ?? 0)).toBe(100)
    expect((onA['429'] ?? 0) + (onB['429'] ?? 0)).toBe(900)
    // Windows kept per instance would have let up to 200 through; 100 means one shared window.
  })

  it('refuses a key revoked on one instance on the very next request to the other', async () => {
    const { key, id } = await a.createKey()
    const headers = { 'x-api-key': key }
    expect((await fetch(`${b.url}/api/services`, { headers })).status).toBe(200)
    const revoke = await fetch(`${a.url}/admin/keys/revoke/${id}`, {
      method: 'POST',
      headers: { 'x-admin-key': TEST_ADMIN_KEY },
    })
    expect(revoke.status).toBe(200)
    const next = await fetch(`${b.url}/api/services`, { headers })
    expect(next.status).toBe(403)
    expect(await next.json()).toMatchObject({ error: 'Invalid or expired API key' })
  })

  it('applies a limit changed on one instance on the next request to the other, without resetting it', async () => {
    const { key, id } = await a.createKey({ requests_per_minute: 10 })
    const headers = { 'x-api-key': key }
    for (let i = 0; i < 4; i++) expect((await fetch(`${b.url}/api/services`, { headers })).status).toBe(200)
    const patch = await fetch(`${a.url}/admin/keys/${id}`, {
      method: 'PATCH',
      headers: { 'x-admin-key': TEST_ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ requests_per_minute: 5 }),
    })
    expect(patch.status).toBe(200)
    expect((await fetch(`${b.url}/api/services`, { headers })).status).toBe(200)
    const limited = await fetch(`${b.url}/api/services`, { headers })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('ratelimit-policy')).toContain('"minute";q=5;w=60')
  })

  it('reports Redis and PostgreSQL in /health', async () => {
    const body = (await (await fetch(`${a.url}/health`)).json()) as { services: Record<string, unknown> }
    expect(body.services.database).toMatchObject({ status: 'up', dialect: 'postgres' })
    expect(body.services.redis).toMatchObject({ status: 'up', required: true })
  })
})
