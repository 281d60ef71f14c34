import { afterAll, describe, expect, it } from 'vitest'
import { backing, uniquePrefix } from '../../test/support/backing.ts'
import { type ThrowawayRedis, throwaway } from '../../test/support/throwaway.ts'
import { type AppError, isAppError } from './errors.ts'
import { createLogger } from './logger.ts'
import { openRedis, type Redis } from './redis.ts'
import { LocalSemaphore, RedisSemaphore, type Release } from './semaphore.ts'

describe('LocalSemaphore', () => {
  it('lets the next screening in when one finishes within the wait', async () => {
    const slots = new LocalSemaphore(1, 500)
    const release = (await slots.acquire())!
    const waiting = slots.acquire()
    setTimeout(release, 50)
    const second = await waiting
    expect(second).toBeTypeOf('function')
    expect(slots.inUse).toBe(1)
    second!()
    expect(slots.inUse).toBe(0)
  })

  it('refuses after the wait when all slots stay busy', async () => {
    const slots = new LocalSemaphore(2, 50)
    await slots.acquire()
    await slots.acquire()
    const started = Date.now()
    expect(await slots.acquire()).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    expect(slots.inUse).toBe(2)
  })

  it('counts a double release once', async () => {
    const slots = new LocalSemaphore(1, 10)
    const release = (await slots.acquire())!
    release()
    release()
    expect(slots.inUse).toBe(0)
  })
})

const shared = await backing.redis()

describe.skipIf(!shared.available)('RedisSemaphore on a shared Redis', () => {
  const clients: Redis[] = []
  const client = () => {
    const c = openRedis(shared.url)
    clients.push(c)
    return c
  }
  afterAll(() => {
    for (const c of clients) c.disconnect()
  })

  it('bounds holders across instances: the max-th + 1 waits, then gets the slot another instance released', async () => {
    const key = `${uniquePrefix('sem')}slots`
    const a = new RedisSemaphore(client(), { key, max: 2, waitMs: 150 })
    const b = new RedisSemaphore(client(), { key, max: 2, waitMs: 1000 })
    const held = [await a.acquire(), await a.acquire()]
    expect(held.every((r) => typeof r === 'function')).toBe(true)
    // Instance b sees both slots taken: refused after its wait, with waitMs honoured.
    const short = new RedisSemaphore(client(), { key, max: 2, waitMs: 150 })
    const started = Date.now()
    expect(await short.acquire()).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    const waiting = b.acquire()
    setTimeout(() => held[0]!(), 100)
    const got = await waiting
    expect(got).toBeTypeOf('function')
    expect(await clients[0]!.zcard(key)).toBe(2)
    got!()
    held[1]!()
    await new Promise((r) => setTimeout(r, 50))
    expect(await clients[0]!.zcard(key)).toBe(0)
    await Promise.all([a.close(), b.close(), short.close()])
  })

  it('never overshoots under concurrent acquires from several instances', async () => {
    const key = `${uniquePrefix('sem')}slots`
    const instances = Array.from(
      { length: 4 },
      () => new RedisSemaphore(client(), { key, max: 3, waitMs: 0 }),
    )
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => instances[i % 4]!.acquire()))
    const granted = results.filter((r): r is Release => r !== undefined)
    expect(granted).toHaveLength(3)
    for (const r of granted) r()
    await Promise.all(instances.map((s) => s.close()))
  })

  it('keeps a lease alive while it is held (renewed), and frees the slots of an instance that died when its lease runs out', async () => {
    const key = `${uniquePrefix('sem')}slots`
    const survivor = new RedisSemaphore(client(), { key, max: 1, waitMs: 0, leaseMs: 300 })
    const held = await survivor.acquire()
    await new Promise((r) => setTimeout(r, 700))
    // Renewed every 100 ms: still held after more than two lease lengths.
    const other = new RedisSemaphore(client(), { key, max: 1, waitMs: 0, leaseMs: 300 })
    expect(await other.acquire()).toBeUndefined()
    held!()
    await new Promise((r) => setTimeout(r, 50))

    // An instance that dies holding a slot: its connection is gone, nothing renews or releases.
    const doomedClient = openRedis(shared.url)
    const doomed = new RedisSemaphore(doomedClient, { key, max: 1, waitMs: 0, leaseMs: 300 })
    expect(await doomed.acquire()).toBeTypeOf('function')
    await doomed.close()
    doomedClient.disconnect()
    const waiter = new RedisSemaphore(client(), { key, max: 1, waitMs: 1500, leaseMs: 300 })
    const started = Date.now()
    const freed = await waiter.acquire()
    expect(freed).toBeTypeOf('function')
    expect(Date.now() - started).toBeLessThan(1000)
    freed!()
    await Promise.all([survivor.close(), other.close(), waiter.close()])
  })
})

const skip = throwaway.unavailable()

describe.skipIf(skip)('RedisSemaphore on a frozen Redis', () => {
  let redis: ThrowawayRedis | undefined
  const logged: { msg: string }[] = []
  const logger = createLogger(
    { level: 'info' },
    { write: (line: string) => void logged.push(JSON.parse(line)) },
  )
  afterAll(async () => {
    redis?.thaw()
    await redis?.destroy()
  })

  it('fails closed within the command timeout with a 503 and Retry-After, takes no slot late, and recovers by itself', async () => {
    redis = await throwaway.redis()
    const c = openRedis(redis.url, { commandTimeoutMs: 300 })
    const slots = new RedisSemaphore(c, { key: 'sem:test', max: 1, waitMs: 2000, logger })
    const first = await slots.acquire()
    first!()
    await new Promise((r) => setTimeout(r, 50))
    redis.freeze()
    const started = Date.now()
    let error: unknown
    try {
      await slots.acquire()
    } catch (e) {
      error = e
    } finally {
      await new Promise((r) => setTimeout(r, 400))
      redis.thaw()
    }
    expect(Date.now() - started).toBeLessThan(1500)
    expect(isAppError(error)).toBe(true)
    expect((error as AppError).status).toBe(503)
    expect((error as AppError).headers['retry-after']).toMatch(/^\d+$/)
    // The acquire queued in the frozen Redis ran on thaw past its deadline: it took nothing.
    await new Promise((r) => setTimeout(r, 100))
    expect(await c.zcard('sem:test')).toBe(0)
    const back = await slots.acquire()
    expect(back).toBeTypeOf('function')
    back!()
    expect(logged.map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/unavailable/), expect.stringMatching(/recovered/)]),
    )
    await slots.close()
    c.disconnect()
  })

  it('fails open when the operator chose it: the process counts its own slots meanwhile', async () => {
    redis ??= await throwaway.redis()
    const c = openRedis(redis.url, { commandTimeoutMs: 300 })
    const slots = new RedisSemaphore(c, { key: 'sem:open', max: 1, waitMs: 100, onRedisError: 'open' })
    ;(await slots.acquire())!()
    redis.freeze()
    try {
      const held = await slots.acquire()
      expect(held).toBeTypeOf('function')
      // Still bounded: the second one in this process is refused.
      expect(await slots.acquire()).toBeUndefined()
      held!()
    } finally {
      redis.thaw()
    }
    await slots.close()
    c.disconnect()
  })
})
