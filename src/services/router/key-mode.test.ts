/**
 * The router under API keys (ROUTER_REQUIRE_API_KEY=true, implied by NODE_ENV=production): a key
 * gets the same limits, RateLimit headers and usage log as at the gateway, and what one key's
 * owner stores (tasks, jobs, memories, conversations) is not another's to read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, INTERNAL, routerHarness } from '../../../test/router/harness.ts'
import { KeyStore, type KeyTables } from '../../engines/keys/store.ts'
import { parseEnv } from '../../kit/config.ts'
import { requiresApiKey } from './config.ts'
import { routerService } from './service.ts'

let h: Harness
let alice: string
let bob: string
let aliceId: number
beforeAll(async () => {
  h = await routerHarness({ env: { ROUTER_REQUIRE_API_KEY: 'true' } })
  const store = new KeyStore(h.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
  const a = await store.create({ name: 'alice', requests_per_minute: 10, rate_limit: 1000 })
  const b = await store.create({ name: 'bob', requests_per_minute: 100, rate_limit: 1000 })
  alice = a.key
  aliceId = a.record.id
  bob = b.key
})
afterAll(async () => h.close())

const as = (key: string) => ({ 'x-api-key': key })

describe('router key mode', () => {
  it('applies the key’s per-minute limit with RateLimit headers, as the gateway does', async () => {
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof h.app.inject>> | undefined
    for (let i = 0; i < 12; i++) {
      last = await h.app.inject({ method: 'GET', url: '/v1/mcp', headers: as(alice) })
      statuses.push(last.statusCode)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.slice(10)).toEqual([429, 429])
    expect(last!.headers['retry-after']).toBeDefined()
    expect(last!.headers['ratelimit-policy']).toMatch(/"minute";q=10;w=60/)
    expect(last!.json().error.details).toMatchObject({ limit: 10, window: '1 minute' })
  })

  it('logs usage of every keyed call where the gateway logs its own', async () => {
    await h.router.flushUsage()
    const store = new KeyStore(h.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
    const usage = await store.usage(aliceId, 1)
    expect(usage.stats.total_requests).toBeGreaterThanOrEqual(12)
  })

  it('keeps one key’s tasks, memories and conversations from another', async () => {
    const task = await h.app.inject({
      method: 'POST',
      url: '/tasks',
      headers: as(bob),
      payload: { kind: 'echo', input: 'bob’s', delay_seconds: 60 },
    })
    expect(task.statusCode).toBe(201)
    const id = task.json().data.task.id
    const jobId = task.json().data.job.id
    const other = { 'x-api-key': alice }
    // Alice's minute is spent above; wait for nothing, use a fresh key instead.
    const store = new KeyStore(h.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
    const carol = (await store.create({ name: 'carol', requests_per_minute: 100, rate_limit: 1000 })).key
    void other
    expect((await h.app.inject({ method: 'GET', url: `/tasks/${id}`, headers: as(carol) })).statusCode).toBe(
      404,
    )
    expect(
      (await h.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: as(carol) })).statusCode,
    ).toBe(404)
    const list = await h.app.inject({ method: 'GET', url: '/tasks', headers: as(carol) })
    expect(list.json().data.items.map((t: { id: string }) => t.id)).not.toContain(id)
    expect((await h.app.inject({ method: 'GET', url: `/tasks/${id}`, headers: as(bob) })).statusCode).toBe(
      200,
    )

    const added = await h.app.inject({
      method: 'POST',
      url: '/v1/memory/add',
      headers: as(bob),
      payload: { text: 'Bob preferuje schůzky ráno.', user_id: 'shared-name', infer: false },
    })
    expect(added.statusCode).toBe(200)
    const theirs = await h.app.inject({
      method: 'GET',
      url: '/v1/memory?user_id=shared-name',
      headers: as(carol),
    })
    expect(theirs.json().data.results).toEqual([])
    const memoryId = added.json().data.results[0].id
    expect(
      (await h.app.inject({ method: 'GET', url: `/v1/memory/${memoryId}`, headers: as(carol) })).statusCode,
    ).toBe(404)
    const mine = await h.app.inject({
      method: 'GET',
      url: '/v1/memory?user_id=shared-name',
      headers: as(bob),
    })
    expect(mine.json().data.results).toHaveLength(1)
  })

  it('lets an operator key read every key’s jobs, and refuses reading them with no key', async () => {
    const task = await h.app.inject({
      method: 'POST',
      url: '/tasks',
      headers: as(bob),
      payload: { kind: 'echo', input: 'for the operator', delay_seconds: 60 },
    })
    const jobId = task.json().data.job.id
    for (const headers of [{ 'x-api-key': INTERNAL }, { 'x-admin-key': ADMIN }]) {
      const list = await h.app.inject({ method: 'GET', url: '/jobs?status=QUEUED', headers })
      expect(list.statusCode).toBe(200)
      expect(list.json().data.items.map((j: { id: string }) => j.id)).toContain(jobId)
      const one = await h.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers })
      expect(one.statusCode).toBe(200)
    }
    expect((await h.app.inject({ method: 'GET', url: '/jobs' })).statusCode).toBe(401)
    expect((await h.app.inject({ method: 'GET', url: '/jobs', headers: as('gk_wrong') })).statusCode).toBe(
      403,
    )
    expect(
      (await h.app.inject({ method: 'GET', url: '/jobs', headers: { 'x-admin-key': 'wrong' } })).statusCode,
    ).toBe(401)
  })

  it('is on whenever NODE_ENV is production', () => {
    const config = parseEnv(routerService.spec, {}) as unknown as { ROUTER_REQUIRE_API_KEY: boolean }
    expect(requiresApiKey({ ...config, NODE_ENV: 'production' })).toBe(true)
    expect(requiresApiKey({ ...config, NODE_ENV: 'development' })).toBe(false)
  })
})
