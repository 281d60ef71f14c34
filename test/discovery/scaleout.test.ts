/**
 * The rate limit beyond one process: with REDIS_URL two instances share one limit per client IP;
 * behind a trusted proxy the client IP comes from X-Forwarded-For; a limiter that fails lets the
 * request through instead of failing the public API. The Redis case runs when Redis is reachable
 * (required with CI=true).
 */
import { randomInt } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../src/kit/config.ts'
import type { RateLimiter } from '../../src/kit/ratelimit.ts'
import type { RunningService } from '../../src/kit/service.ts'
import { discoveryService } from '../../src/services/discovery/service.ts'
import { backing } from '../support/backing.ts'
import { json, testApp } from './helpers.ts'

const redis = await backing.redis()
const running: RunningService[] = []
afterAll(async () => {
  for (const r of running) {
    await r.app.close()
    await r.close?.()
  }
})

async function start(env: Record<string, string>): Promise<RunningService> {
  const config = parseEnv(discoveryService.spec, { LOG_LEVEL: 'silent', ...env })
  const { pino } = await import('pino')
  const r = await discoveryService.start(config, { logger: pino({ level: 'silent' }) })
  running.push(r)
  return r
}

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

describe.skipIf(!redis.available)('with REDIS_URL', () => {
  it('shares one limit per client IP across two instances', async () => {
    const env = { REDIS_URL: redis.url, DISCOVERY_RATE_LIMIT_PER_MINUTE: '3' }
    const [a, b] = [await start(env), await start(env)]
    const ip = randomIp()
    const hit = (r: RunningService) => r.app.inject({ url: '/healthz', remoteAddress: ip })
    expect((await hit(a)).statusCode).toBe(200)
    expect((await hit(b)).statusCode).toBe(200)
    const third = await hit(a)
    expect(third.statusCode).toBe(200)
    expect(third.headers.ratelimit).toMatch(/^"per-ip";r=0;t=\d+$/)
    const fourth = await hit(b)
    expect(fourth.statusCode).toBe(429)
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0)
    expect(running.at(-1)!.notes).toContain('rate limit: shared in Redis (REDIS_URL)')
  })
})

describe('behind a proxy', () => {
  it('counts clients by X-Forwarded-For when the peer is in TRUSTED_PROXIES', async () => {
    const r = await start({ TRUSTED_PROXIES: '127.0.0.1', DISCOVERY_RATE_LIMIT_PER_MINUTE: '1' })
    const from = (ip: string) => r.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': ip } })
    expect((await from('192.0.2.1')).statusCode).toBe(200)
    expect((await from('192.0.2.2')).statusCode).toBe(200)
    expect((await from('192.0.2.1')).statusCode).toBe(429)
  })

  it('ignores X-Forwarded-For by default (a client cannot pick its own key)', async () => {
    const r = await start({ DISCOVERY_RATE_LIMIT_PER_MINUTE: '1' })
    const from = (ip: string) => r.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': ip } })
    expect((await from('192.0.2.1')).statusCode).toBe(200)
    expect((await from('192.0.2.2')).statusCode).toBe(429)
  })
})

describe('a failing limiter', () => {
  it('refuses with a 503 and Retry-After in the discovery envelope (fails closed) and logs the failure', async () => {
    const broken: RateLimiter = {
      hit: () => Promise.reject(new Error('connection lost')),
      hitAll: () => Promise.reject(new Error('connection lost')),
      peek: () => Promise.reject(new Error('connection lost')),
      close: async () => undefined,
    }
    const t = await testApp({ rateLimiter: broken })
    try {
      const res = await t.app.inject('/v1/services')
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toMatch(/^\d+$/)
      expect(json(res)).toMatchObject({ error: { code: 'service_unavailable' } })
      expect(t.logs.join('\n')).toContain('rate limiter unavailable')
    } finally {
      await t.close()
    }
  })
})
