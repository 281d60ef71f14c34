import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { Offload } from './offload.ts'

type Task = { spin?: boolean; echo?: unknown; allocateMb?: number; heapMb?: number; sleepMs?: number }
const worker = new URL('../../test/support/busy-worker.ts', import.meta.url)
const pools: Offload<Task, unknown>[] = []
const poolOf = (opts: Partial<ConstructorParameters<typeof Offload>[0]> = {}) => {
  const pool = new Offload<Task, unknown>({
    filename: worker,
    name: 'test parse',
    maxWorkers: 1,
    timeoutMs: 300,
    ...opts,
  })
  pools.push(pool)
  return pool
}
afterAll(() => Promise.all(pools.map((p) => p.close())))

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  )

/**
 * Until the pool's process answers. Its first task waits for the process to start, and on a busy
 * machine that start can outlast a short `maxWaitMs` (the first task is then refused as waiting too
 * long, as it should be); the process keeps starting, and a later try finds it ready.
 */
async function warm(pool: Offload<Task, unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const error = await failure(pool.run({ echo: 1 }))
    if (error === undefined) return
    if (attempt >= 20 || !(error instanceof AppError && error.code === 'service_unavailable')) throw error
  }
}

describe('offload', () => {
  it('stops a task that runs past its time limit with a 422 naming the limit, and keeps serving', async () => {
    const pool = poolOf()
    await pool.run({ echo: 1 }) // the process is up
    const started = performance.now()
    const error = await failure(pool.run({ spin: true }))
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'unprocessable', details: { limit: 'time', limit_ms: 300 } })
    expect(performance.now() - started).toBeLessThan(5000)
    // The process was replaced: the next task runs.
    expect(await pool.run({ echo: { ok: true } })).toEqual({ ok: true })
  })

  it('charges a task only the time it runs, not the time it waited behind another', async () => {
    const pool = poolOf({ timeoutMs: 1500 })
    await pool.run({ echo: 1 }) // the process is up
    const first = pool.run({ sleepMs: 1000 })
    // Waits ~1 s for the process, then runs 0.8 s: 1.8 s in all, past 1.5 s, and still answered.
    const second = pool.run({ sleepMs: 800, echo: 'second' })
    expect(await first).toBeUndefined()
    expect(await second).toBe('second')
  })

  it('answers a task arriving while the queue is full, or waiting too long, with a 503 and Retry-After', async () => {
    const pool = poolOf({ timeoutMs: 5000, maxQueue: 1, maxWaitMs: 1500 })
    await warm(pool)
    const running = pool.run({ sleepMs: 2500 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const waiting = failure(pool.run({ echo: 'late' }))
    const refused = await failure(pool.run({ echo: 'refused' }))
    expect(refused).toMatchObject({ code: 'service_unavailable', headers: { 'retry-after': '1' } })
    expect(await waiting).toMatchObject({ code: 'service_unavailable', headers: { 'retry-after': '1' } })
    await running
  })

  it('kills a process past its memory ceiling, answers 413 naming the limit, and serves the next task', async () => {
    const pool = poolOf({ timeoutMs: 20_000, memoryMb: 160 })
    const started = performance.now()
    // Buffers live outside the JS heap: only the resident-memory watch sees them.
    const outside = await failure(pool.run({ allocateMb: 400 }))
    expect(outside).toMatchObject({ code: 'payload_too_large', details: { limit: 'memory', limit_mb: 160 } })
    // Objects on the heap: the heap cap (¾ of the ceiling) ends the process, never the service.
    const heap = await failure(pool.run({ heapMb: 400 }))
    expect(heap).toMatchObject({ code: 'payload_too_large', details: { limit: 'memory' } })
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(await pool.run({ echo: 'alive' })).toBe('alive')
  }, 30_000)

  it('sizes the pool by memory as well as cores', () => {
    const huge = poolOf({ maxWorkers: 64, memoryMb: 1024 * 1024 })
    expect(huge.workers).toBe(1)
  })
})
