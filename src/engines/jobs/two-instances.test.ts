/**
 * Two router instances sharing one storage (one SQLite file, or one PostgreSQL database) never run
 * the same job at once: each has its own connection, its own queue and its own pool of workers,
 * and every job runs exactly once while leases hold.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { storages } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'
import { JobQueue } from './queue.ts'
import { WorkerPool } from './runner.ts'

const all = await storages('router', { file: 'router.db', poolSize: 5 })
const JOBS = 400

describe.each(all.map((b) => [b.name, b] as const))('two instances on one %s storage', (_name, backend) => {
  const opened: Database[] = []
  afterAll(async () => {
    for (const db of opened) await db.close()
    await backend.cleanup()
  })

  it('run every job exactly once and never the same job in both at the same time', async () => {
    const dbA = backend.open()
    opened.push(dbA)
    await dbA.migrate()
    const dbB = backend.open()
    opened.push(dbB)
    const queueA = new JobQueue(dbA)
    const queueB = new JobQueue(dbB)

    const runs = new Map<string, string[]>()
    const inFlight = new Set<string>()
    let overlaps = 0
    const handler = (instance: string) => async (_input: unknown, ctx: { job: { id: string } }) => {
      if (inFlight.has(ctx.job.id)) overlaps++
      inFlight.add(ctx.job.id)
      runs.set(ctx.job.id, [...(runs.get(ctx.job.id) ?? []), instance])
      await new Promise((r) => setTimeout(r, Math.random() * 3))
      inFlight.delete(ctx.job.id)
      return instance
    }
    const ids: string[] = []
    for (let i = 0; i < JOBS; i++) ids.push((await queueA.enqueue({ kind: 'probe', input: i })).job.id)

    const pools = [
      new WorkerPool(queueA, { probe: handler('A') }, { concurrency: 4, pollMs: 5, name: 'A' }),
      new WorkerPool(queueB, { probe: handler('B') }, { concurrency: 4, pollMs: 5, name: 'B' }),
    ]
    for (const p of pools) await p.start()
    const deadline = Date.now() + 60_000
    while ((await queueA.counts()).SUCCEEDED < JOBS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50))
    }
    for (const p of pools) await p.stop()

    const counts = await queueA.counts()
    expect(counts.SUCCEEDED).toBe(JOBS)
    expect(overlaps).toBe(0)
    expect(runs.size).toBe(JOBS)
    expect([...runs.values()].every((r) => r.length === 1)).toBe(true)
    // Both instances took part, so the exclusion was actually exercised.
    const byA = [...runs.values()].filter((r) => r[0] === 'A').length
    expect(byA).toBeGreaterThan(0)
    expect(byA).toBeLessThan(JOBS)
  })

  it('never hands one job to two concurrent claimers', async () => {
    const dbA = backend.open()
    opened.push(dbA)
    await dbA.migrate()
    const dbB = backend.open()
    opened.push(dbB)
    const queues = [new JobQueue(dbA), new JobQueue(dbB)]
    for (let i = 0; i < 200; i++) await queues[0]!.enqueue({ kind: 'race', input: i })
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => queues[i % 2]!.claim(`claimer-${i}`, ['race'], 7)),
    )
    const ids = claims.flat().map((c) => c.id)
    expect(ids).toHaveLength(200)
    expect(new Set(ids).size).toBe(200)
  })
})
