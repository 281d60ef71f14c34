/**
 * The job queue's contract, run against every storage (SQLite always, PostgreSQL when reachable):
 * the state machine, leases, retries with backoff, the dead letter, cancel, redrive, idempotency,
 * priority, workers and listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Storage, storages } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'
import { JobQueue } from './queue.ts'

const all = await storages('router', { file: 'router.db', poolSize: 5 })

describe.each(all.map((b) => [b.name, b] as const))('job queue on %s', (_name, backend: Storage) => {
  let db: Database
  let clock = 1_800_000_000_000
  const now = () => clock
  let queue: JobQueue
  let kindSeq = 0
  /** A fresh kind per test, so tests sharing the storage never claim each other's jobs. */
  const freshKind = () => `test.kind${++kindSeq}`

  beforeAll(async () => {
    db = backend.open()
    await db.migrate()
    queue = new JobQueue(db, { now, workerTtlMs: 60_000 })
  })
  afterAll(async () => {
    await db.close()
    await backend.cleanup()
  })

  it('moves a task from QUEUED through RUNNING to SUCCEEDED and keeps the result', async () => {
    const kind = freshKind()
    const { task, job, created } = await queue.enqueue({ kind, input: { n: 1 } })
    expect(created).toBe(true)
    expect(job.status).toBe('QUEUED')
    expect(task.job_id).toBe(job.id)
    const [claimed] = await queue.claim('w1', [kind], 5)
    expect(claimed!.id).toBe(job.id)
    expect(claimed!.status).toBe('RUNNING')
    expect(claimed!.attempts).toBe(1)
    expect(claimed!.worker_id).toBe('w1')
    expect(Date.parse(claimed!.lease_expires_at!)).toBe(clock + 30_000)
    const done = await queue.complete(job.id, claimed!.lease_token, { answer: 42 })
    expect(done.status).toBe('SUCCEEDED')
    const after = await queue.getTask(task.id)
    expect(after.status).toBe('SUCCEEDED')
    expect(after.result).toEqual({ answer: 42 })
  })

  it('hands out higher priority first, then the oldest', async () => {
    const kind = freshKind()
    const low = await queue.enqueue({ kind, input: 'low', priority: -5 })
    clock += 1
    const first = await queue.enqueue({ kind, input: 'normal-1' })
    clock += 1
    const second = await queue.enqueue({ kind, input: 'normal-2' })
    clock += 1
    const high = await queue.enqueue({ kind, input: 'high', priority: 10 })
    const order = []
    for (let i = 0; i < 4; i++) order.push((await queue.claim('w', [kind], 1))[0]!.id)
    expect(order).toEqual([high.job.id, first.job.id, second.job.id, low.job.id])
  })

  it('answers a repeated idempotency key with the first task and refuses it for another request', async () => {
    const kind = freshKind()
    const a = await queue.enqueue({ kind, input: { x: 1 }, idempotencyKey: `key-${kind}` })
    const b = await queue.enqueue({ kind, input: { x: 1 }, idempotencyKey: `key-${kind}` })
    expect(b.created).toBe(false)
    expect(b.task.id).toBe(a.task.id)
    expect((await queue.listTasks({ kind })).total).toBe(1)
    await expect(
      queue.enqueue({ kind, input: { x: 2 }, idempotencyKey: `key-${kind}` }),
    ).rejects.toMatchObject({
      code: 'conflict',
    })
  })

  it('retries a retryable failure after an exponential backoff, then dead-letters it after the last attempt', async () => {
    const kind = freshKind()
    const { job } = await queue.enqueue({ kind, input: null, maxAttempts: 3, backoffMs: 1000 })
    const failure = { code: 'upstream_error', message: 'down', retryable: true }

    let c = (await queue.claim('w', [kind], 1))[0]!
    let j = await queue.fail(job.id, c.lease_token, failure)
    expect(j.status).toBe('RETRYING')
    expect(Date.parse(j.run_at)).toBe(clock + 1000)
    expect(await queue.claim('w', [kind], 1)).toHaveLength(0)
    clock += 1000

    c = (await queue.claim('w', [kind], 1))[0]!
    expect(c.attempts).toBe(2)
    j = await queue.fail(job.id, c.lease_token, failure)
    expect(j.status).toBe('RETRYING')
    expect(Date.parse(j.run_at)).toBe(clock + 2000)
    clock += 2000

    c = (await queue.claim('w', [kind], 1))[0]!
    expect(c.attempts).toBe(3)
    j = await queue.fail(job.id, c.lease_token, failure)
    expect(j.status).toBe('DEAD')
    expect(j.error).toEqual(failure)
    expect(j.finished_at).not.toBeNull()
  })

  it('ends a permanent failure in FAILED without retrying', async () => {
    const kind = freshKind()
    const { job } = await queue.enqueue({ kind, input: null, maxAttempts: 5 })
    const c = (await queue.claim('w', [kind], 1))[0]!
    const j = await queue.fail(job.id, c.lease_token, {
      code: 'invalid_request',
      message: 'bad',
      retryable: false,
    })
    expect(j.status).toBe('FAILED')
    expect(j.attempts).toBe(1)
  })

  it('requeues a job whose lease lapsed and refuses the stale worker’s late result', async () => {
    const kind = freshKind()
    const { job } = await queue.enqueue({ kind, input: null, leaseMs: 5000, maxAttempts: 2 })
    const stale = (await queue.claim('dead-worker', [kind], 1))[0]!
    clock += 5001
    const reaped = await queue.reap()
    expect(reaped.requeued).toBeGreaterThanOrEqual(1)
    const requeued = await queue.get(job.id)
    expect(requeued.status).toBe('QUEUED')
    expect(requeued.error?.code).toBe('lease_expired')
    const fresh = (await queue.claim('live-worker', [kind], 1))[0]!
    expect(fresh.attempts).toBe(2)
    await expect(queue.complete(job.id, stale.lease_token, 'late')).rejects.toMatchObject({
      code: 'conflict',
    })
    // The last attempt's lease lapsing sends the job to the dead letter.
    clock += 5001
    await queue.reap()
    expect((await queue.get(job.id)).status).toBe('DEAD')
  })

  it('keeps a lease alive while heartbeats arrive', async () => {
    const kind = freshKind()
    const { job } = await queue.enqueue({ kind, input: null, leaseMs: 5000 })
    const c = (await queue.claim('w', [kind], 1))[0]!
    for (let i = 0; i < 3; i++) {
      clock += 4000
      await queue.heartbeat(job.id, c.lease_token)
      await queue.reap()
    }
    expect((await queue.get(job.id)).status).toBe('RUNNING')
    expect((await queue.complete(job.id, c.lease_token, 1)).status).toBe('SUCCEEDED')
  })

  it('cancels queued and running jobs, tells the running worker, and refuses to cancel a finished one', async () => {
    const kind = freshKind()
    const queued = await queue.enqueue({ kind, input: 1 })
    expect((await queue.cancel(queued.job.id)).status).toBe('CANCELLED')
    const running = await queue.enqueue({ kind, input: 2 })
    const c = (await queue.claim('w', [kind], 1))[0]!
    expect(c.id).toBe(running.job.id)
    await queue.cancel(running.job.id)
    await expect(queue.heartbeat(running.job.id, c.lease_token)).rejects.toThrow(/cancelled/)
    await expect(queue.cancel(running.job.id)).rejects.toMatchObject({ code: 'conflict' })
  })

  it('redrives a dead job as a new job of the same task', async () => {
    const kind = freshKind()
    const { task, job } = await queue.enqueue({ kind, input: 'x', maxAttempts: 1 })
    const c = (await queue.claim('w', [kind], 1))[0]!
    await queue.fail(job.id, c.lease_token, { code: 'e', message: 'boom', retryable: true })
    expect((await queue.get(job.id)).status).toBe('DEAD')
    const again = await queue.redrive(job.id)
    expect(again.job.id).not.toBe(job.id)
    expect(again.job.status).toBe('QUEUED')
    expect(again.task.id).toBe(task.id)
    expect(again.task.job_id).toBe(again.job.id)
    await expect(queue.redrive(job.id)).rejects.toMatchObject({ code: 'conflict' })
    await expect(queue.redrive(again.job.id)).rejects.toMatchObject({ code: 'conflict' })
  })

  it('extends every lease a worker holds on its heartbeat and reports cancelled jobs to it', async () => {
    const kind = freshKind()
    const worker = await queue.registerWorker({ name: 'gpt-a', type: 'external', kinds: [kind], capacity: 2 })
    await queue.enqueue({ kind, input: 1, leaseMs: 5000 })
    await queue.enqueue({ kind, input: 2, leaseMs: 5000 })
    const claimed = await queue.claim(worker.id, [kind], 2)
    expect(claimed).toHaveLength(2)
    await queue.cancel(claimed[1]!.id)
    clock += 4000
    const beat = await queue.workerHeartbeat(worker.id, { version: 'v7', jobIds: claimed.map((c) => c.id) })
    expect(beat.extended).toBe(1)
    expect(beat.worker.version).toBe('v7')
    expect(beat.worker.running).toBe(1)
    expect(beat.jobs.find((j) => j.id === claimed[1]!.id)?.status).toBe('CANCELLED')
    clock += 4000
    await queue.reap()
    expect((await queue.get(claimed[0]!.id)).status).toBe('RUNNING')
    await expect(queue.workerHeartbeat('nobody')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lists workers by kind and liveness', async () => {
    const kind = freshKind()
    const a = await queue.registerWorker({ name: 'a', type: 'external', kinds: [kind], capacity: 1 })
    clock += 120_000
    const b = await queue.registerWorker({ name: 'b', type: 'external', kinds: [kind, 'other'], capacity: 3 })
    const online = await queue.listWorkers({ kind, online: true })
    expect(online.items.map((w) => w.id)).toEqual([b.id])
    const offline = await queue.listWorkers({ kind, online: false })
    expect(offline.items.map((w) => w.id)).toContain(a.id)
  })

  it('lists jobs and tasks by status and kind, newest first, a page at a time', async () => {
    const kind = freshKind()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      clock += 1
      ids.push((await queue.enqueue({ kind, input: i })).job.id)
    }
    await queue.cancel(ids[0]!)
    const page = await queue.listJobs({ kind, status: 'QUEUED', limit: 2, offset: 1 })
    expect(page.total).toBe(4)
    expect(page.items.map((j) => j.id)).toEqual([ids[3], ids[2]])
    const tasks = await queue.listTasks({ kind, status: 'CANCELLED' })
    expect(tasks.items).toHaveLength(1)
    expect(tasks.items[0]!.status).toBe('CANCELLED')
    const counts = await queue.counts()
    expect(counts.CANCELLED).toBeGreaterThanOrEqual(1)
  })
})
