import { afterAll, describe, expect, it } from 'vitest'
import { backing, uniquePrefix } from '../../test/support/backing.ts'
import { rateLimiterContract } from './ratelimit.contract.ts'
import { MemoryRateLimiter } from './ratelimit.ts'
import { createRateLimiter, RedisRateLimiter } from './ratelimit-redis.ts'
import { openRedis } from './redis.ts'

const redis = await backing.redis()
const prefix = uniquePrefix('ratelimit')

/**
 * A limiter whose client waits 20 s for a reply instead of the 500 ms a service uses: these tests
 * count hundreds of concurrent hits, and on a busy machine the last replies came after 500 ms, so
 * the limiter failed closed (503) and the test measured the machine, not the count. How fast a hung
 * Redis is given up on is ratelimit-redis.faults.test.ts's to say.
 */
const patientLimiter = () =>
  new RedisRateLimiter(openRedis(redis.url, { commandTimeoutMs: 20_000 }), { prefix, ownsClient: true })

describe.skipIf(!redis.available)('RedisRateLimiter', () => {
  rateLimiterContract('Redis', async () => patientLimiter())

  afterAll(async () => {
    const client = openRedis(redis.url)
    const keys = await client.keys(`${prefix}*`)
    if (keys.length > 0) await client.del(...keys)
    await client.quit()
  })

  it('is what a service gets with a Redis client, and an in-process limiter without one', async () => {
    const shared = createRateLimiter(openRedis(redis.url), {
      prefix,
      onRedisError: 'closed',
      ownsClient: true,
    })
    expect(shared).toBeInstanceOf(RedisRateLimiter)
    expect((await shared.hit('factory', 1, 60_000)).allowed).toBe(true)
    expect((await shared.hit('factory', 1, 60_000)).allowed).toBe(false)
    await shared.close?.()
    expect(createRateLimiter(undefined, { prefix, onRedisError: 'closed' })).toBeInstanceOf(MemoryRateLimiter)
  })

  it('shares one exact window between two instances with their own connections', async () => {
    const a = patientLimiter()
    const b = patientLimiter()
    const hits = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? a : b).hit('shared', 100, 60_000))
    const decisions = await Promise.all(hits)
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100)
    await Promise.all([a.close(), b.close()])
  })

  it('expires a key it no longer needs (PEXPIRE), so idle limits cost Redis no memory', async () => {
    const limiter = RedisRateLimiter.connect(redis.url, { prefix })
    await limiter.hit('short-lived', 5, 300)
    const client = openRedis(redis.url)
    const ttl = await client.pttl(`${prefix}short-lived`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(300)
    await client.quit()
    await limiter.close()
  })
})
