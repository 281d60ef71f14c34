/** The registry cache contract, in process and in Redis (when reachable; required with CI=true). */
import { afterAll, describe, expect, it } from 'vitest'
import { backing, uniquePrefix } from '../../../test/support/backing.ts'
import { openRedis, type Redis } from '../../kit/redis.ts'
import { cached, MemoryRegistryCache, RedisRegistryCache, type RegistryCache } from './cache.ts'

const redisAvailability = await backing.redis()
let redis: Redis | undefined

const implementations: { name: string; skip: boolean; make: () => RegistryCache }[] = [
  { name: 'in process', skip: false, make: () => new MemoryRegistryCache() },
  {
    name: 'Redis',
    skip: !redisAvailability.available,
    make: () => {
      redis ??= openRedis(redisAvailability.url)
      return new RedisRegistryCache(redis, uniquePrefix('registry'))
    },
  },
]

afterAll(() => redis?.disconnect())

for (const impl of implementations) {
  describe.skipIf(impl.skip)(`registry cache (${impl.name})`, () => {
    it('keeps a value with the time it was fetched', async () => {
      const cache = impl.make()
      const before = Date.now()
      await cache.set('ares:27082440', { name: 'Alza.cz a.s.' }, 60_000)
      const hit = await cache.get<{ name: string }>('ares:27082440')
      expect(hit?.value).toEqual({ name: 'Alza.cz a.s.' })
      expect(hit!.storedAt).toBeGreaterThanOrEqual(before)
      expect(await cache.get('ares:00000001')).toBeUndefined()
    })

    it('forgets a value after its keep time', async () => {
      const cache = impl.make()
      await cache.set('isir:45274649', { active: false }, 50)
      await new Promise((r) => setTimeout(r, 120))
      expect(await cache.get('isir:45274649')).toBeUndefined()
    })

    it('serves PRIMARY, then CACHE while fresh, then FALLBACK when the source fails', async () => {
      const policy = { cache: impl.make(), freshMs: 60_000, staleMs: 600_000 }
      let calls = 0
      const first = await cached(policy, 'k', async () => ++calls)
      const second = await cached(policy, 'k', async () => ++calls)
      expect([first.source, second.source, calls]).toEqual(['PRIMARY', 'CACHE', 1])
      const stale = { ...policy, freshMs: 0 }
      const fallback = await cached(stale, 'k', async () => {
        throw new Error('ares: no answer within 4000 ms')
      })
      expect(fallback).toMatchObject({ source: 'FALLBACK', data: 1, error: 'ares: no answer within 4000 ms' })
      await expect(
        cached(stale, 'other', async () => {
          throw new Error('down')
        }),
      ).rejects.toThrow('down')
    })
  })
}
