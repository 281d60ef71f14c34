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

/** What `read` gives once it gives `expected`, or after 5 s (for writes sent without a reply). */
async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = Date.now() + 5000
  for (;;) {
    const value = await read()
    if (value === expected || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 20))
  }
}

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
    // Long enough to outlast a loaded machine's pauses (a second or more) between the release
    // below and b's next look; a slot never released leaves b refused after it.
    const b = new RedisSemaphore(client(), { key, max: 2, waitMs: 10_000 })
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
    // The releases are sent on two connections without waiting for their replies.
    expect(await settled(() => clients[0]!.zcard(key), 0)).toBe(0)
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
    // A lease of 3 s, renewed every second, outlives the pauses of a loaded machine (a second or
    // more with the worker off a core); a 300 ms lease is lost to any pause of 300 ms.
    const survivor = new RedisSemaphore(client(), { key, max: 1, waitMs: 0, leaseMs: 3000 })
    const held = await survivor.acquire()
    // Still held past a lease and a renewal interval (4 s): a lease renewed once would be gone.
    await new Promise((r) => setTimeout(r, 4500))
    const other = new RedisSemaphore(client(), { key, max: 1, waitMs: 0, leaseMs: 300 })
    expect(await other.acquire()).toBeUndefined()
    held!()
    expect(await settled(() => clients[0]!.zcard(key), 0)).toBe(0)

    // An instance that dies holding a slot: its connection is gone, nothing renews or releases.
    const doomedClient = openRedis(shared.url)
    const doomed = new RedisSemaphore(doomedClient, { key, max: 1, waitMs: 0, leaseMs: 300 })
    expect(await doomed.acquire()).toBeTypeOf('function')
    await doomed.close()
    doomedClient.disconnect()
    // The doomed lease (300 ms) frees the slot within the wait; a lease that never ran out, or
    // ran for the default 15 s, leaves the waiter refused. Not a wall-clock cap: the waiter's own
    // 1.5 s wait and a 1 s bound fail when a loaded machine pauses this worker for a second.
    const waiter = new RedisSemaphore(client(), { key, max: 1, waitMs: 10_000, leaseMs: 300 })
    const freed = await waiter.acquire()
    expect(freed).toBeTypeOf('function')
    freed!()
    await Promise.all([survivor.close(), other.close(), waiter.close()])
  })
})

const skip = throwaway.unavailable()
/** The command timeout of the client on the frozen Redis (ms). */
const COMMAND_TIMEOUT_MS = 300

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
    const c = openRedis(redis.url, { commandTimeoutMs: COMMAND_TIMEOUT_MS })
    const slots = new RedisSemaphore(c, { key: 'sem:test', max: 1, waitMs: 2000, logger })
    const first = await slots.acquire()
    first!()
    await new Promise((r) => setTimeout(r, 50))
    redis.freeze()
    const started = Date.now()
    let error: unknown
    let took = 0
    try {
      await slots.acquire()
    } catch (e) {
      error = e
    } finally {
      took = Date.now() - started
      await new Promise((r) => setTimeout(r, 400))
      redis.thaw()
    }
    // Within the command timeout and a slack for a loaded machine, whose worker waits for a core
    // for a second or more (a 1.5 s cap, the 400 ms above included, left 0.8 s). An acquire that
    // waited for Redis instead never ends: the thaw comes after it (the test's 30 s timeout).
    expect(took).toBeLessThan(COMMAND_TIMEOUT_MS + 5000)
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
