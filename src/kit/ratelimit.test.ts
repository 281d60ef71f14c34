import { describe, expect, it } from 'vitest'
import { rateLimiterContract } from './ratelimit.contract.ts'
import { MemoryRateLimiter, rateLimitHeaders } from './ratelimit.ts'

rateLimiterContract('in process', async () => new MemoryRateLimiter())

describe('MemoryRateLimiter on a controlled clock', () => {
  it('names the wait until the oldest counted hit leaves the window', async () => {
    let now = 1_000_000
    const limiter = new MemoryRateLimiter({ now: () => now })
    await limiter.hit('k', 2, 60_000)
    now += 20_000
    await limiter.hit('k', 2, 60_000)
    now += 10_000
    const refused = await limiter.hit('k', 2, 60_000)
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 30, resetSeconds: 30 })
    now += 30_000 // the first hit leaves the window exactly now
    expect((await limiter.hit('k', 2, 60_000)).allowed).toBe(true)
    await limiter.close()
  })

  it('forgets idle keys once their longest window has passed', async () => {
    let now = 0
    const limiter = new MemoryRateLimiter({ now: () => now, sweepIntervalMs: 3_600_000 })
    await limiter.hit('idle', 1, 1000)
    now += 1001
    ;(limiter as unknown as { sweep(): void }).sweep()
    expect((limiter as unknown as { logs: Map<string, unknown> }).logs.size).toBe(0)
    await limiter.close()
  })

  it('stays exact over many windows of a long-lived key (the log compacts as it slides)', async () => {
    let now = 0
    const limiter = new MemoryRateLimiter({ now: () => now })
    let allowed = 0
    // 10 hits per 100 ms offered, 3 per 100 ms allowed: over 100 windows exactly 300 get through.
    for (let step = 0; step < 1000; step++) {
      if ((await limiter.hit('k', 3, 100)).allowed) allowed++
      now += 10
    }
    expect(allowed).toBe(300)
    await limiter.close()
  })
})

describe('rateLimitHeaders', () => {
  it('writes both policies in the IETF draft structured-field syntax', () => {
    const headers = rateLimitHeaders([
      {
        name: 'minute',
        windowSeconds: 60,
        decision: { allowed: true, limit: 100, remaining: 42, retryAfterSeconds: 0, resetSeconds: 31 },
      },
      {
        name: 'day',
        windowSeconds: 86400,
        decision: { allowed: true, limit: 1000, remaining: 900, retryAfterSeconds: 0, resetSeconds: 8000 },
      },
    ])
    expect(headers).toEqual({
      'ratelimit-policy': '"minute";q=100;w=60, "day";q=1000;w=86400',
      ratelimit: '"minute";r=42;t=31, "day";r=900;t=8000',
    })
  })
})
