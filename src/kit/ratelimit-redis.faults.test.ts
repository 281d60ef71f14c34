import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ThrowawayRedis, throwaway } from '../../test/support/throwaway.ts'
import { isAppError } from './errors.ts'
import { createLogger } from './logger.ts'
import { RedisRateLimiter } from './ratelimit-redis.ts'
import { openRedis } from './redis.ts'

const skip = throwaway.unavailable()

/** The command timeout of the limiters here (ms): a call on a frozen Redis fails or passes after it. */
const COMMAND_TIMEOUT_MS = 300
/**
 * What such a call may take past the timeout (ms) on a loaded machine, where the worker waits for
 * a core for a second or more (a 1.5 s cap broke so). A call that waited for Redis instead never
 * returns: the thaw comes after it, so it meets the test's timeout (30 s).
 */
const SLACK_MS = 5000

/** How long a call took (ms) and what it gave. */
async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = Date.now()
  try {
    const value = await call()
    return { ms: Date.now() - started, value }
  } catch (error) {
    return { ms: Date.now() - started, error }
  }
}

describe.skipIf(skip)('RedisRateLimiter on a frozen Redis', () => {
  let redis: ThrowawayRedis
  const logged: { level: number; msg: string }[] = []
  const logger = createLogger(
    { level: 'info' },
    { write: (line: string) => void logged.push(JSON.parse(line)) },
  )

  beforeAll(async () => {
    redis = await throwaway.redis()
  })
  afterAll(async () => {
    redis?.thaw()
    await redis?.destroy()
  })

  it('fails closed within the command timeout with a 503 and Retry-After, then recovers by itself', async () => {
    const limiter = new RedisRateLimiter(openRedis(redis.url, { commandTimeoutMs: COMMAND_TIMEOUT_MS }), {
      ownsClient: true,
      logger,
    })
    expect((await limiter.hit('closed', 5, 60_000)).allowed).toBe(true)
    redis.freeze()
    try {
      const frozen = await timed(() => limiter.hit('closed', 5, 60_000))
      expect(frozen.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS)
      expect(isAppError(frozen.error)).toBe(true)
      const error = frozen.error as import('./errors.ts').AppError
      expect(error.status).toBe(503)
      expect(error.headers['retry-after']).toMatch(/^\d+$/)
    } finally {
      redis.thaw()
    }
    const back = await timed(() => limiter.hit('closed', 5, 60_000))
    expect(back.value?.allowed).toBe(true)
    expect(back.value?.remaining).toBe(3)
    expect(logged.map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/unavailable/), expect.stringMatching(/recovered/)]),
    )
    await limiter.close()
  })

  it('fails open when the operator chose it: requests pass uncounted while Redis is frozen', async () => {
    const limiter = new RedisRateLimiter(openRedis(redis.url, { commandTimeoutMs: COMMAND_TIMEOUT_MS }), {
      ownsClient: true,
      onRedisError: 'open',
      logger,
    })
    // A first reply tells the limiter Redis's clock, which its deadlines are written in.
    await limiter.peek('open', 1, 60_000)
    redis.freeze()
    try {
      const frozen = await timed(() => limiter.hitAll([{ key: 'open', limit: 1, windowMs: 60_000 }]))
      expect(frozen.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS)
      expect(frozen.value?.[0]).toMatchObject({ allowed: true, limit: 1 })
    } finally {
      redis.thaw()
    }
    // Nothing was counted during the outage: the one allowed hit is still there.
    expect((await limiter.hit('open', 1, 60_000)).allowed).toBe(true)
    expect((await limiter.hit('open', 1, 60_000)).allowed).toBe(false)
    await limiter.close()
  })

  it('never counts a hit sent to a Redis that froze before it ever answered, once Redis resumes', async () => {
    const limiter = new RedisRateLimiter(openRedis(redis.url, { commandTimeoutMs: COMMAND_TIMEOUT_MS }), {
      ownsClient: true,
      onRedisError: 'open',
      logger,
    })
    // No reply yet, so the limiter does not know Redis's clock to write a deadline in.
    redis.freeze()
    try {
      const frozen = await timed(() => limiter.hit('first', 1, 60_000))
      expect(frozen.ms).toBeLessThan(COMMAND_TIMEOUT_MS + SLACK_MS)
      expect(frozen.value).toMatchObject({ allowed: true, limit: 1 })
    } finally {
      redis.thaw()
    }
    // Once the limiter has a reply again, whatever it sent while Redis was frozen has run.
    const recovered = () => logged.filter((l) => /recovered/.test(l.msg)).length
    const before = recovered()
    const until = Date.now() + 5000
    while (recovered() === before && Date.now() < until) await limiter.peek('first', 1, 60_000)
    expect(recovered()).toBeGreaterThan(before)
    // Nothing was counted: the one allowed hit is still there.
    expect((await limiter.peek('first', 1, 60_000)).remaining).toBe(1)
    expect((await limiter.hit('first', 1, 60_000)).allowed).toBe(true)
    expect((await limiter.hit('first', 1, 60_000)).allowed).toBe(false)
    await limiter.close()
  })
})
