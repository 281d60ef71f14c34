/**
 * The built-in worker pool against a real SQLite queue: short leases are kept alive while a
 * handler runs, a run that exceeds its timeout is aborted and retried, a cancelled job's handler
 * is aborted, and a worker that dies has its job run again elsewhere (at-least-once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/router/harness.ts'
import { type Storage, sqliteStorage } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'
import { JobQueue } from './queue.ts'
import { WorkerPool } from './runner.ts'

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(t)
      reject(signal.reason)
    })
  })

let backend: Storage
let db: Database
let queue: JobQueue
let reaper: NodeJS.Timeout
beforeAll(async () => {
  backend = sqliteStorage('router', { file: 'router.db' })
  db = backend.open()
  await db.migrate()
  queue = new JobQueue(db)
  reaper = setInterval(() => queue.reap(), 50)
})
afterAll(async () => {
  clearInterval(reaper)
  await db.close()
  await backend.cleanup()
})

const finished = (id: string) =>
  eventually(async () => {
    const job = await queue.get(id)
    return ['SUCCEEDED', 'FAILED', 'DEAD', 'CANCELLED'].includes(job.status) ? job : undefined
  })

describe('built-in worker pool', () => {
  it('keeps a lease shorter than its heartbeat period alive while the handler runs', async () => {
    let runs = 0
    const pool = new WorkerPool(
      queue,
      {
        slow: async () => {
          runs++
          await sleep(700)
        },
      },
      { heartbeatMs: 5000, pollMs: 10 },
    )
    await pool.start()
    const { job } = await queue.enqueue({ kind: 'slow', input: null, leaseMs: 200 })
    const done = await finished(job.id)
    await pool.stop()
    expect(done.status).toBe('SUCCEEDED')
    expect(done.attempts).toBe(1)
    expect(runs).toBe(1)
  })

  it('aborts a run that exceeds its timeout and retries it', async () => {
    let calls = 0
    const pool = new WorkerPool(
      queue,
      { stuck: async (_i, ctx) => (++calls === 1 ? sleep(10_000, ctx.signal) : 'second try') },
      { pollMs: 10 },
    )
    await pool.start()
    const { job } = await queue.enqueue({ kind: 'stuck', input: null, timeoutMs: 100, backoffMs: 10 })
    const done = await finished(job.id)
    await pool.stop()
    expect(done.status).toBe('SUCCEEDED')
    expect(done.attempts).toBe(2)
    expect(done.result).toBe('second try')
  })

  it('aborts the handler of a job cancelled while it runs', async () => {
    let aborted = false
    const pool = new WorkerPool(
      queue,
      {
        long: async (_i, ctx) => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true
          })
          await sleep(10_000, ctx.signal)
        },
      },
      { heartbeatMs: 50, pollMs: 10 },
    )
    await pool.start()
    const { job } = await queue.enqueue({ kind: 'long', input: null })
    await eventually(async () => ((await queue.get(job.id)).status === 'RUNNING' ? true : undefined))
    await queue.cancel(job.id)
    await eventually(async () => (aborted ? true : undefined))
    await pool.stop()
    expect((await queue.get(job.id)).status).toBe('CANCELLED')
  })

  it('runs a job again on another worker after its first worker died (at-least-once)', async () => {
    const { job } = await queue.enqueue({ kind: 'orphan', input: null, leaseMs: 150 })
    const [claimed] = await queue.claim('crashed-worker', ['orphan'], 1)
    expect(claimed!.id).toBe(job.id)
    // The crashed worker never heartbeats; the reaper requeues the job and a live pool takes it.
    const pool = new WorkerPool(queue, { orphan: async () => 'rescued' }, { pollMs: 10 })
    await pool.start()
    const done = await finished(job.id)
    await pool.stop()
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempts: 2, result: 'rescued' })
  })
})
