/**
 * Work on outside input that could block the event loop (parsing a page, converting a document)
 * runs here: in a small pool of worker threads, every task with a time limit after which its
 * thread is terminated, so the service keeps answering whatever the input does.
 *
 * No heap cap per thread: V8 treats a worker that outgrows `resourceLimits` with one large
 * allocation as a fatal out-of-memory and aborts the whole process (measured: a DOCX inflating to
 * 120 MB under a 64 MB cap took the process down). Memory is bounded by what reaches a parser
 * (body and upload size caps) and by the time limit; a hard cap needs a child-process pool.
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
      const e = error as { message?: string }
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
