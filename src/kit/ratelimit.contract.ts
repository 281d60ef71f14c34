/**
 * The behaviour every RateLimiter must have, as one suite run against each implementation
 * (ratelimit.test.ts: in process; ratelimit-redis.test.ts: Redis). Windows are a few hundred
 * milliseconds so the suite runs on real time (Redis takes its time from the server).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimiter } from './ratelimit.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function rateLimiterContract(name: string, make: () => Promise<RateLimiter>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let limiter: RateLimiter
    beforeAll(async () => {
      limiter = await make()
    })
    afterAll(async () => {
      await limiter.close()
    })
    /** A fresh key per test, so tests never share a window. */
    const fresh = () => `contract:${randomBytes(6).toString('hex')}`

    it('allows exactly `limit` hits in a window and refuses the next', async () => {
      const key = fresh()
      const remaining: number[] = []
      for (let i = 0; i < 3; i++) {
        const d = await limiter.hit(key, 3, 60_000)
        expect(d.allowed).toBe(true)
        remaining.push(d.remaining)
      }
      expect(remaining).toEqual([2, 1, 0])
      const refused = await limiter.hit(key, 3, 60_000)
      expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 })
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59)
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(59)
    })

    it('lets exactly `limit` of 1000 concurrent hits through', async () => {
      const key = fresh()
      const decisions = await Promise.all(Array.from({ length: 1000 }, () => limiter.hit(key, 100, 60_000)))
      expect(decisions.filter((d) => d.allowed)).toHaveLength(100)
    })

    it('keeps keys independent', async () => {
      const a = fresh()
      const b = fresh()
      await limiter.hit(a, 1, 60_000)
      expect((await limiter.hit(a, 1, 60_000)).allowed).toBe(false)
      expect((await limiter.hit(b, 1, 60_000)).allowed).toBe(true)
    })

    it('slides: a hit frees its place exactly one window after it, not at a fixed boundary', async () => {
      const key = fresh()
      // Margins of ~400 ms either way, so a busy machine cannot flip the outcome.
      const window = 1000
      expect((await limiter.hit(key, 2, window)).allowed).toBe(true) // t ≈ 0
      await sleep(500)
      expect((await limiter.hit(key, 2, window)).allowed).toBe(true) // t ≈ 500
      expect((await limiter.hit(key, 2, window)).allowed).toBe(false)
      await sleep(600) // t ≈ 1100: the first hit has left the window, the second (until 1500) has not
      expect((await limiter.hit(key, 2, window)).allowed).toBe(true)
      expect((await limiter.hit(key, 2, window)).allowed).toBe(false)
    })

    it('never counts a refused hit', async () => {
      const key = fresh()
      expect((await limiter.hit(key, 1, 400)).allowed).toBe(true)
      for (let i = 0; i < 5; i++) expect((await limiter.hit(key, 1, 400)).allowed).toBe(false)
      await sleep(450)
      expect((await limiter.hit(key, 1, 400)).allowed).toBe(true)
    })

    it('peeks without counting', async () => {
      const key = fresh()
      await limiter.hit(key, 5, 60_000)
      const first = await limiter.peek(key, 5, 60_000)
      const second = await limiter.peek(key, 5, 60_000)
      expect(first).toMatchObject({ allowed: true, remaining: 4 })
      expect(second).toMatchObject({ allowed: true, remaining: 4 })
    })

    it('checks several windows all-or-nothing: a refusal by one counts in none', async () => {
      const minute = fresh()
      const day = fresh()
      const checks = [
        { key: minute, limit: 3, windowMs: 60_000 },
        { key: day, limit: 5, windowMs: 86_400_000 },
      ]
      for (let i = 0; i < 3; i++) expect((await limiter.hitAll(checks)).every((d) => d.allowed)).toBe(true)
      const refused = await limiter.hitAll(checks)
      expect(refused.map((d) => d.allowed)).toEqual([false, false])
      expect(refused[0]).toMatchObject({ remaining: 0 })
      expect(refused[0]!.retryAfterSeconds).toBeGreaterThanOrEqual(59)
      // The day window had room; it names no wait of its own and was not charged.
      expect(refused[1]).toMatchObject({ remaining: 2, retryAfterSeconds: 0 })
      expect((await limiter.peek(day, 5, 86_400_000)).remaining).toBe(2)
    })

    it('refuses on the daily window without charging the minute', async () => {
      const minute = fresh()
      const day = fresh()
      const checks = [
        { key: minute, limit: 10, windowMs: 60_000 },
        { key: day, limit: 2, windowMs: 86_400_000 },
      ]
      await limiter.hitAll(checks)
      await limiter.hitAll(checks)
      const refused = await limiter.hitAll(checks)
      expect(refused.map((d) => d.allowed)).toEqual([false, false])
      expect(refused[1]!.retryAfterSeconds).toBeGreaterThan(86_000)
      expect((await limiter.peek(minute, 10, 60_000)).remaining).toBe(8)
    })

    it('lets exactly the smaller limit of 500 concurrent multi-window hits through', async () => {
      const minute = fresh()
      const day = fresh()
      const checks = [
        { key: minute, limit: 70, windowMs: 60_000 },
        { key: day, limit: 40, windowMs: 86_400_000 },
      ]
      const decisions = await Promise.all(Array.from({ length: 500 }, () => limiter.hitAll(checks)))
      expect(decisions.filter((d) => d[0]!.allowed && d[1]!.allowed)).toHaveLength(40)
      expect((await limiter.peek(minute, 70, 60_000)).remaining).toBe(30)
    })

    it('keeps the count when the limit changes (lowering it refuses until enough hits expire)', async () => {
      const key = fresh()
      for (let i = 0; i < 5; i++) await limiter.hit(key, 10, 60_000)
      const lowered = await limiter.hit(key, 3, 60_000)
      expect(lowered).toMatchObject({ allowed: false, remaining: 0 })
      const raised = await limiter.hit(key, 6, 60_000)
      expect(raised).toMatchObject({ allowed: true, remaining: 0 })
      expect((await limiter.hit(key, 6, 60_000)).allowed).toBe(false)
    })

    it('refuses everything under a limit of 0', async () => {
      const d = await limiter.hit(fresh(), 0, 1000)
      expect(d).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 })
    })
  })
}
