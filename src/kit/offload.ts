/**
 * Work on outside input that could block the event loop (parsing a page, converting a document)
 * runs here: in a small pool of worker threads, each with a heap cap, and every task with a time
 * limit after which its thread is terminated. The service keeps answering health checks whatever
 * the input does, and a bomb costs one thread, not the process.
 *
 * The worker module's default export is the task: `export default async function (input) {…}`.
 */
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { AppError } from './errors.ts'

export interface OffloadOptions {
  /** The worker module (a file URL or absolute path). */
  filename: string | URL
  /** What the work is, for error messages ("page extraction"). */
  name: string
  /** Threads at most (default: cores − 1, at least 1). */
  maxThreads?: number
  /** Old-generation heap per thread (MB); a task that needs more ends with a 413. */
  memoryMb: number
  /** Longest a task may run (ms) before its thread is terminated and the caller gets a 422. */
  timeoutMs: number
  /** Tasks waiting for a thread at most; more are refused with a 503 at once. */
  maxQueue?: number
}

export class Offload<I, O> {
  private readonly pool: Piscina
  private readonly opts: OffloadOptions

  constructor(opts: OffloadOptions) {
    this.opts = opts
    const threads = opts.maxThreads ?? Math.max(1, availableParallelism() - 1)
    this.pool = new Piscina({
      filename: opts.filename instanceof URL ? opts.filename.href : opts.filename,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: opts.maxQueue ?? threads * 16,
      // Threads idle this long are stopped, so an idle service holds no extra heaps (ms).
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: 32 },
    })
  }

  async run(input: I, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<O> {
    const timeoutMs = opts.timeoutMs ?? this.opts.timeoutMs
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout
    try {
      return (await this.pool.run(input, { signal })) as O
    } catch (error) {
      if (timeout.aborted) {
        throw new AppError(
          'unprocessable',
          `The ${this.opts.name} took longer than ${timeoutMs} ms and was stopped`,
          {
            limit: 'time',
            limit_ms: timeoutMs,
          },
        )
      }
      if (opts.signal?.aborted) throw error
      const e = error as { code?: string; message?: string }
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(e.message ?? '')) {
        throw new AppError(
          'payload_too_large',
          `The ${this.opts.name} needed more than ${this.opts.memoryMb} MB`,
          {
            limit: 'memory',
            limit_mb: this.opts.memoryMb,
          },
        )
      }
      if (/queue is full/i.test(e.message ?? '')) {
        throw new AppError(
          'service_unavailable',
          `Too many ${this.opts.name} tasks are waiting; retry shortly`,
          {},
          {
            'retry-after': '1',
          },
        )
      }
      throw error
    }
  }

  /** Tasks running or waiting. */
  get pending(): number {
    return this.pool.queueSize + this.pool.threads.length
  }

  async close(): Promise<void> {
    await this.pool.destroy()
  }
}
