/**
 * Built-in workers: a pool inside the router process that claims jobs of the kinds it has handlers
 * for and runs them, `concurrency` at a time. It registers itself as a worker, heartbeats (which
 * extends the leases of everything it runs, and tells it which of its jobs were cancelled), aborts
 * a run that exceeds the job's `timeout_ms`, and reports each outcome through the queue's fenced
 * complete/fail calls, so a run that lost its lease cannot overwrite a newer one.
 */
import { hostname } from 'node:os'
import { AppError } from '../../kit/errors.ts'
import type { Logger } from '../../kit/logger.ts'
import type { JobQueue } from './queue.ts'
import type { ClaimedJob, JobErrorInfo, Worker } from './types.ts'

interface JobContext {
  job: ClaimedJob
  /** Aborted on cancel, on timeout and when the pool stops. */
  signal: AbortSignal
  /** Reports how far the job got (shown on the job; fire-and-forget, never throws). */
  progress(value: unknown): void
}

export type JobHandler = (input: unknown, ctx: JobContext) => Promise<unknown>

/** Thrown by a handler to say whether trying again could help. */
class JobError extends Error {
  readonly code: string
  readonly retryable: boolean
  constructor(code: string, message: string, retryable: boolean) {
    super(message)
    this.name = 'JobError'
    this.code = code
    this.retryable = retryable
  }
}

/**
 * How a thrown error is recorded. Client errors (4xx: bad input, not found) will fail the same way
 * again, so they are permanent — except 408 and 429, which are about timing. Everything else
 * (upstream down, timeouts, crashes) is retryable.
 */
function classify(error: unknown): JobErrorInfo {
  if (error instanceof JobError)
    return { code: error.code, message: error.message, retryable: error.retryable }
  if (error instanceof AppError) {
    const status = error.status
    return {
      code: error.code,
      message: error.message,
      retryable: status >= 500 || status === 408 || status === 429,
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { code: 'handler_error', message, retryable: true }
}

export interface PoolOptions {
  name?: string
  /** Jobs run at once (default 4). */
  concurrency?: number
  /** Sleep between empty claims when nothing wakes the pool (ms, default 250). */
  pollMs?: number
  /** Heartbeat period (ms, default 5000; keep it well under the shortest lease). */
  heartbeatMs?: number
  logger?: Logger
  /** Configuration version the pool runs (shown in /v1/gpt/status). */
  version?: string
}

export class WorkerPool {
  readonly kinds: string[]
  private readonly queue: JobQueue
  private readonly handlers: Map<string, JobHandler>
  private readonly opts: Required<Omit<PoolOptions, 'logger' | 'version'>> &
    Pick<PoolOptions, 'logger' | 'version'>
  private readonly active = new Map<string, AbortController>()
  private workerId: string | undefined
  private running = false
  private loop: Promise<void> | undefined
  private heartbeatTimer: NodeJS.Timeout | undefined
  private slotFreed: (() => void) | undefined
  /** Successes waiting for the next group commit, and the flush in progress. */
  private pending: { job: ClaimedJob; result: unknown; done: () => void }[] = []
  private flushing: Promise<void> | undefined
  /** Outcomes still being written (stop waits for them). */
  private readonly recording = new Set<Promise<void>>()

  constructor(queue: JobQueue, handlers: Record<string, JobHandler>, opts: PoolOptions = {}) {
    this.queue = queue
    this.handlers = new Map(Object.entries(handlers))
    this.kinds = [...this.handlers.keys()]
    this.opts = {
      name: opts.name ?? `builtin@${hostname()}:${process.pid}`,
      concurrency: opts.concurrency ?? 4,
      pollMs: opts.pollMs ?? 250,
      heartbeatMs: opts.heartbeatMs ?? 5000,
      logger: opts.logger,
      version: opts.version,
    }
  }

  get id(): string | undefined {
    return this.workerId
  }

  async start(): Promise<Worker> {
    const worker = await this.queue.registerWorker({
      name: this.opts.name,
      type: 'builtin',
      kinds: this.kinds,
      capacity: this.opts.concurrency,
      version: this.opts.version,
    })
    this.workerId = worker.id
    this.running = true
    this.heartbeatTimer = setInterval(() => {
      this.beat().catch((error: unknown) => this.opts.logger?.warn({ err: error }, 'worker heartbeat failed'))
    }, this.opts.heartbeatMs)
    this.heartbeatTimer.unref()
    this.loop = this.run()
    return worker
  }

  /** Stops claiming; waits up to `graceMs` for running jobs, then aborts them (they requeue). */
  async stop(graceMs = 5000): Promise<void> {
    this.running = false
    this.slotFreed?.()
    clearInterval(this.heartbeatTimer)
    await this.loop
    const deadline = Date.now() + graceMs
    while (this.active.size > 0 && Date.now() < deadline) await sleep(10)
    for (const controller of this.active.values())
      controller.abort(new JobError('stopped', 'worker stopped', true))
    await Promise.all([...this.recording])
  }

  /** Version reported on the next heartbeat. */
  setVersion(version: string): void {
    this.opts.version = version
  }

  private async beat(): Promise<void> {
    if (!this.workerId) return
    const { jobs } = await this.queue.workerHeartbeat(this.workerId, {
      version: this.opts.version,
      jobIds: [...this.active.keys()],
    })
    for (const job of jobs) {
      if (job.status === 'CANCELLED') {
        this.active.get(job.id)?.abort(new JobError('cancelled', 'job was cancelled', false))
      }
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      const free = this.opts.concurrency - this.active.size
      if (free <= 0) {
        await new Promise<void>((resolve) => {
          this.slotFreed = resolve
        })
        continue
      }
      let claimed: ClaimedJob[] = []
      const generation = this.queue.workGeneration
      try {
        claimed = await this.queue.claim(this.workerId!, this.kinds, free)
      } catch (error) {
        this.opts.logger?.error({ err: error }, 'claiming jobs failed')
      }
      for (const job of claimed) this.execute(job)
      if (claimed.length === 0 && this.running) await this.queue.waitForWork(this.opts.pollMs, generation)
    }
  }

  /**
   * Queues a success for the next group commit: every success that arrives while one commit is
   * being written goes into the next, so under load one transaction records many jobs.
   */
  private record(job: ClaimedJob, result: unknown): Promise<void> {
    return new Promise<void>((done) => {
      this.pending.push({ job, result, done })
      this.flushing ??= this.flush()
    })
  }

  private async flush(): Promise<void> {
    // Let the successes of this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve))
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, 256)
      try {
        const outcomes = await this.queue.completeMany(
          batch.map((p) => ({ jobId: p.job.id, token: p.job.lease_token, result: p.result })),
        )
        outcomes.forEach((o, i) => {
          if (o instanceof Error)
            this.opts.logger?.warn({ err: o, job_id: batch[i]!.job.id }, 'could not record the outcome')
        })
      } catch (error) {
        // The whole commit failed (storage down): the leases lapse and the jobs run again.
        this.opts.logger?.error({ err: error }, 'could not record job results')
      }
      for (const p of batch) p.done()
    }
    this.flushing = undefined
  }

  private execute(job: ClaimedJob): void {
    const controller = new AbortController()
    this.active.set(job.id, controller)
    const timer = setTimeout(
      () => controller.abort(new JobError('timeout', `run exceeded ${job.timeout_ms} ms`, true)),
      job.timeout_ms,
    )
    // A lease shorter than three pool heartbeats gets its own, at a third of the lease, so a
    // healthy run is never mistaken for a dead worker.
    const ownBeat =
      job.lease_ms < 3 * this.opts.heartbeatMs
        ? setInterval(
            () => {
              this.queue.heartbeat(job.id, job.lease_token).catch((error: unknown) => {
                if ((error as { code?: string }).code === 'conflict') {
                  controller.abort(new JobError('cancelled', 'job was cancelled or its lease lost', false))
                }
              })
            },
            Math.max(50, Math.floor(job.lease_ms / 3)),
          )
        : undefined
    const handler = this.handlers.get(job.kind)!
    let released = false
    // The slot is free once the handler is done: recording the outcome (a group commit) overlaps
    // the next claim instead of holding a worker idle.
    const release = () => {
      if (released) return
      released = true
      clearTimeout(timer)
      clearInterval(ownBeat)
      this.active.delete(job.id)
      const freed = this.slotFreed
      this.slotFreed = undefined
      freed?.()
    }
    const settle = async () => {
      let failure: JobErrorInfo | undefined
      let result: unknown
      try {
        result = await abortable(
          handler(job.input, {
            job,
            signal: controller.signal,
            progress: (value) => {
              this.queue
                .reportProgress(job.id, job.lease_token, value)
                .catch((error: unknown) =>
                  this.opts.logger?.warn({ err: error, job_id: job.id }, 'progress not recorded'),
                )
            },
          }),
          controller.signal,
        )
      } catch (error) {
        failure = classify(controller.signal.aborted ? controller.signal.reason : error)
      }
      release()
      // A cancelled job is already CANCELLED: there is nothing to report.
      if (failure?.code === 'cancelled') return
      try {
        if (failure) await this.queue.fail(job.id, job.lease_token, failure)
        else await this.record(job, result)
      } catch (error) {
        // The lease lapsed (or the job was cancelled) meanwhile: the newer state stands.
        this.opts.logger?.warn({ err: error, job_id: job.id }, 'could not record the outcome')
      }
    }
    const recording: Promise<void> = settle()
      .catch((error: unknown) =>
        this.opts.logger?.warn({ err: error, job_id: job.id }, 'could not record the result'),
      )
      .finally(() => {
        release()
        this.recording.delete(recording)
      })
    this.recording.add(recording)
  }
}

/** Races a handler against its abort signal, so a handler that ignores the signal still stops counting. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
