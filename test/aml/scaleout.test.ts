/**
 * Two aml instances as `gatehouse serve aml` starts them, sharing one Redis (a throwaway server on
 * its own port): the concurrency bound holds across both, and the per-IP limit counts the client
 * behind a trusted proxy, never an address a client claims for itself.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAll } from '../../src/kit/lifecycle.ts'
import { createLogger } from '../../src/kit/logger.ts'
import type { RunningService } from '../../src/kit/service.ts'
import { amlService } from '../../src/services/aml/service.ts'
import { type ThrowawayRedis, throwaway } from '../support/throwaway.ts'
import { haveLists, SHARED_LISTS } from './lists.ts'
import { type ReplayServer, startReplayServer } from './replay-server.ts'

const skip = !haveLists || throwaway.unavailable() !== ''

describe.skipIf(skip)('two aml instances on one Redis', () => {
  let replay: ReplayServer
  let redis: ThrowawayRedis
  const running: RunningService[] = []
  const dir = mkdtempSync(join(tmpdir(), 'aml-scaleout-'))
  const lists = join(dir, 'lists')

  async function start(name: string, extra: Record<string, string>): Promise<RunningService> {
    const env = {
      DATA_DIR: join(dir, name),
      AML_LISTS_DIR: lists,
      ARES_BASE_URL: replay.aresUrl,
      ISIR_URL: replay.isirUrl,
      REDIS_URL: redis.url,
      AML_REGISTRY_CACHE_SECONDS: '0',
      ...extra,
    }
    const config = parseAll([amlService], env).get('aml')!
    const service = await amlService.start(config, { logger: createLogger({ level: 'silent' }) })
    running.push(service)
    for (let i = 0; i < 600; i++) {
      if ((await service.app.inject('/health')).statusCode === 200) return service
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('lists did not load within 60 s')
  }

  beforeAll(async () => {
    replay = await startReplayServer()
    redis = await throwaway.redis()
    cpSync(join(SHARED_LISTS, 'cz'), join(lists, 'cz'), { recursive: true })
    cpSync(join(SHARED_LISTS, 'un'), join(lists, 'un'), { recursive: true })
  }, 60_000)

  afterAll(async () => {
    for (const s of running) {
      await s.app.close()
      await s.close?.()
    }
    await replay?.close()
    await redis?.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  const screen = (s: RunningService, payload: object, headers: Record<string, string> = {}, from?: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/aml/screen/complete',
      payload,
      headers,
      ...(from ? { remoteAddress: from } : {}),
    })

  it('runs at most AML_MAX_CONCURRENT screenings across both instances: the other instance waits, then answers 503', async () => {
    const shared = { AML_MAX_CONCURRENT: '1', AML_QUEUE_WAIT_MS: '150', AML_RATE_LIMIT_PER_MINUTE: '100' }
    const [a, b] = [await start('a', shared), await start('b', shared)]
    // a holds the one slot while ARES keeps it waiting (4 s); b asks once a is in that call, not
    // after a fixed 200 ms. On a loaded machine a could still be on its way to the slot by then
    // (b took it), or b, asking, be kept past a 1 s answer (the slot was free again).
    replay.delay.ares = 4000
    const called = replay.calls.ares
    try {
      const slow = screen(a, { ico: '27082440' }, {}, '192.0.2.10')
      while (replay.calls.ares === called) await new Promise((r) => setTimeout(r, 10))
      const refused = await screen(b, { first_name: 'Jan', last_name: 'Novák' }, {}, '192.0.2.11')
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe('1')
      expect(refused.json()).toMatchObject({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE', details: { concurrent_limit: 1 } },
      })
      expect((await slow).statusCode).toBe(200)
    } finally {
      replay.delay.ares = 0
    }
    // The slot came back: the other instance screens again.
    expect((await screen(b, { first_name: 'Jan', last_name: 'Novák' }, {}, '192.0.2.11')).statusCode).toBe(
      200,
    )
  })

  it('takes the client address from X-Forwarded-For only when the peer is in TRUSTED_PROXIES', async () => {
    const limit = { AML_RATE_LIMIT_PER_MINUTE: '1' }
    const behindProxy = await start('proxied', { ...limit, TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' })
    const person = { first_name: 'Jan', last_name: 'Novák' }
    const via = (client: string, peer = '127.0.0.1') =>
      screen(behindProxy, person, { 'x-forwarded-for': client }, peer)
    // Two clients behind the proxy each get their own minute.
    expect((await via('198.51.100.1')).statusCode).toBe(200)
    expect((await via('198.51.100.2')).statusCode).toBe(200)
    expect((await via('198.51.100.1', '10.1.2.3')).statusCode).toBe(429)
    // A peer that is no configured proxy cannot pick its own address: it is counted as itself.
    expect((await via('198.51.100.3', '203.0.113.9')).statusCode).toBe(200)
    expect((await via('198.51.100.4', '203.0.113.9')).statusCode).toBe(429)
    // A client that forges the chain through the proxy is counted by the address the proxy saw.
    expect((await via('198.51.100.5, 198.51.100.6')).statusCode).toBe(200)
    expect((await via('198.51.100.7, 198.51.100.6')).statusCode).toBe(429)

    // Without TRUSTED_PROXIES every request from the proxy counts as the proxy's.
    const direct = await start('direct', limit)
    expect(
      (await screen(direct, person, { 'x-forwarded-for': '198.51.100.8' }, '192.0.2.50')).statusCode,
    ).toBe(200)
    expect(
      (await screen(direct, person, { 'x-forwarded-for': '198.51.100.9' }, '192.0.2.50')).statusCode,
    ).toBe(429)
  })
})
