/**
 * Work on outside input that could block the event loop or take much memory (parsing a page,
 * converting a document) runs here: in a small pool of worker processes, each task with a time
 * limit and a memory ceiling, so the service keeps answering whatever the input does.
 *
 * Processes, not threads: V8 aborts the whole process when a worker thread capped by
 * `resourceLimits` makes one large allocation (measured on Node 24: an array of 50 M numbers, or
 * JSON.parse of 120 MB, in a thread capped at 256 MB ended the process with "heap out of
 * memory"). A process can only take itself down. Each worker process runs with its heap capped
 * (`--max-old-space-size`, ¾ of the ceiling) and its resident memory read every 50 ms while it
 * works (/proc/<pid>/status, which also sees the buffers outside the heap); past the ceiling it is
 * killed, the task is answered 413 naming the limit, and the next task gets a fresh process.
 *
 * - The time limit starts when a process takes the task, not when it is queued: time spent
 *   waiting behind another caller's tasks is never charged to this one. A task still waiting after
 *   `maxWaitMs`, or one arriving while `maxQueue` wait, is a 503 with Retry-After.
 * - How many processes: the cores (one left for the event loop) and the memory (half of what the
 *   machine or the container allows, divided by the ceiling), whichever is fewer.
 * - Memory goes back: a process still holding more than `recycleMb` after a task is stopped (a
 *   heap that grew for one large document keeps its pages otherwise), and idle processes stop
 *   after 30 s.
 *
 * The worker module's default export is the task: `export default async function (input) {…}`.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, totalmem } from 'node:os'
import { AppError } from './errors.ts'

export interface OffloadOptions {
  /** The worker module (a file URL or absolute path). */
  filename: string | URL
  /** What the work is, for error messages ("page extraction"). */
  name: string
  /** Processes at most (default: cores − 1, at least 1; fewer when memory allows fewer). */
  maxWorkers?: number | undefined
  /** Longest a task may run (ms), from when a process takes it, before the process is killed (422). */
  timeoutMs: number
  /** Tasks waiting for a process at most; more are refused with a 503 at once (default 16 a process). */
  maxQueue?: number | undefined
  /**
   * Longest a task may wait for a process (ms), a process's start included, before it is answered
   * 503 (default: timeoutMs, at least 10 s).
   */
  maxWaitMs?: number | undefined
  /** Resident memory one worker process may reach (MiB) before it is killed and the task is a 413. */
  memoryMb?: number | undefined
  /** A process holding more than this (MiB) after a task is replaced (default: half the ceiling). */
  recycleMb?: number | undefined
}

/**
 * The default memory ceiling of a worker process (MiB): converting a 16 MB HTML document of
 * paragraphs peaks at about 690 MB, a 1 MB PDF of text at 230 (npm run bench:bombs).
 */
export const DEFAULT_MEMORY_MB = 1024
/** V8's stack limit in the worker processes (KiB): a worker thread's 4 MB, under the OS's 8 MB. */
const STACK_KB = 3984
/** How often a working process's resident memory is read (ms). */
const WATCH_MS = 50
/** Idle processes stop after this long, so an idle service holds no extra heaps (ms). */
const IDLE_MS = 30_000
const CHILD = new URL('./offload-child.ts', import.meta.url)

interface Task<I, O> {
  input: I
  resolve(value: O): void
  reject(error: unknown): void
  signal: AbortSignal | undefined
  timeoutMs: number
  waiting?: NodeJS.Timeout
}

interface Worker {
  child: ChildProcess
  /** It has loaded the task module: a task's time starts when a ready process takes it. */
  ready: boolean
  task?: Task<unknown, unknown>
  /** Why the pool killed it while it worked. */
  killed?: 'time' | 'memory' | 'aborted'
  timers: NodeJS.Timeout[]
  idle?: NodeJS.Timeout
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string }
type Reply = { ready: true } | Outcome

export class Offload<I, O> {
  /** Worker processes at most, sized by cores and memory. */
  readonly workers: number
  readonly memoryMb: number
  private readonly opts: OffloadOptions
  private readonly pool = new Set<Worker>()
  private readonly queue: Task<I, O>[] = []
  private readonly maxQueue: number
  private closed = false

  constructor(opts: OffloadOptions) {
    this.opts = opts
    this.memoryMb = opts.memoryMb ?? DEFAULT_MEMORY_MB
    const byCores = opts.maxWorkers ?? Math.max(1, availableParallelism() - 1)
    this.workers = Math.max(1, Math.min(byCores, Math.floor(memoryBudgetMb() / this.memoryMb)))
    this.maxQueue = opts.maxQueue ?? this.workers * 16
  }

  run(input: I, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<O> {
    if (this.closed) return Promise.reject(new Error(`The ${this.opts.name} pool is closed`))
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason)
    if (this.queue.length >= this.maxQueue) return Promise.reject(this.busy())
    return new Promise<O>((resolve, reject) => {
      const task: Task<I, O> = {
        input,
        resolve,
        reject,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? this.opts.timeoutMs,
      }
      task.waiting = setTimeout(() => {
        this.dequeue(task)
        reject(this.busy())
      }, this.opts.maxWaitMs ?? Math.max(task.timeoutMs, 10_000))
      opts.signal?.addEventListener(
        'abort',
        () => {
          if (this.dequeue(task)) reject(opts.signal!.reason)
          else for (const w of this.pool) if (w.task === task) this.kill(w, 'aborted')
        },
        { once: true },
      )
      this.queue.push(task)
      this.pump()
    })
  }

  /** Tasks running or waiting. */
  get pending(): number {
    let running = 0
    for (const w of this.pool) if (w.task) running++
    return this.queue.length + running
  }

  async close(): Promise<void> {
    this.closed = true
    for (const task of this.queue.splice(0)) {
      clearTimeout(task.waiting)
      task.reject(new AppError('service_unavailable', `The ${this.opts.name} pool is shutting down`))
    }
    const exits = [...this.pool].map(
      (w) =>
        new Promise<void>((resolve) =>
          w.child.exitCode !== null ? resolve() : w.child.once('exit', () => resolve()),
        ),
    )
    for (const w of this.pool) this.kill(w, 'aborted')
    await Promise.all(exits)
  }

  private busy(): AppError {
    return new AppError(
      'service_unavailable',
      `Too many ${this.opts.name} tasks are waiting; retry shortly`,
      {},
      { 'retry-after': '1' },
    )
  }

  private dequeue(task: Task<I, O>): boolean {
    const at = this.queue.indexOf(task)
    if (at < 0) return false
    this.queue.splice(at, 1)
    clearTimeout(task.waiting)
    return true
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = [...this.pool].find((w) => w.ready && !w.task && !w.killed)
      if (!worker) break
      this.start(worker, this.queue.shift()!)
    }
    let starting = 0
    for (const w of this.pool) if (!w.ready && !w.killed) starting++
    while (this.pool.size < this.workers && starting < this.queue.length) {
      this.spawn()
      starting++
    }
  }

  private spawn(): Worker {
    const child = fork(CHILD, [new URL(this.opts.filename).href], {
      // The heap cap, and a stack as deep as a worker thread's (4 MB; a process's main thread gets
      // 984 KB, too little for the DOM walks of markup nested 1,500 deep; Linux gives the main
      // thread 8 MB). The parent's own flags (a test runner's, an inspector) are not the task's.
      execArgv: [
        `--max-old-space-size=${Math.max(64, Math.floor((this.memoryMb * 3) / 4))}`,
        `--stack-size=${STACK_KB}`,
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const worker: Worker = { child, ready: false, timers: [] }
    child.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        worker.ready = true
        this.pump()
      } else this.finish(worker, reply)
    })
    child.on('exit', (code, signal) => this.exited(worker, code, signal))
    child.on('error', () => undefined) // 'exit' follows and answers the task
    this.pool.add(worker)
    return worker
  }

  private start(worker: Worker, task: Task<I, O>): void {
    clearTimeout(task.waiting)
    clearTimeout(worker.idle)
    worker.task = task as Task<unknown, unknown>
    worker.timers = [
      setTimeout(() => this.kill(worker, 'time'), task.timeoutMs),
      setInterval(() => {
        const rss = residentMb(worker.child.pid)
        if (rss !== undefined && rss > this.memoryMb) this.kill(worker, 'memory')
      }, WATCH_MS),
    ]
    worker.child.send({ input: task.input }, (error) => {
      if (error) this.kill(worker, 'aborted')
    })
  }

  private finish(worker: Worker, reply: Outcome): void {
    const task = worker.task
    if (!task || worker.killed) return
    this.release(worker)
    if (reply.ok) task.resolve(reply.value)
    else task.reject(new Error(reply.message))
    const rss = residentMb(worker.child.pid)
    if (rss !== undefined && rss > (this.opts.recycleMb ?? this.memoryMb / 2)) this.retire(worker)
    else worker.idle = setTimeout(() => this.retire(worker), IDLE_MS)
    this.pump()
  }

  private release(worker: Worker): void {
    for (const t of worker.timers) clearTimeout(t)
    worker.timers = []
    worker.task = undefined
  }

  /** Stops a process between tasks; the next task starts a fresh one. */
  private retire(worker: Worker): void {
    clearTimeout(worker.idle)
    this.pool.delete(worker)
    worker.child.kill()
  }

  private kill(worker: Worker, why: NonNullable<Worker['killed']>): void {
    if (worker.killed) return
    worker.killed = why
    clearTimeout(worker.idle)
    worker.child.kill('SIGKILL')
  }

  private exited(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    this.pool.delete(worker)
    clearTimeout(worker.idle)
    const task = worker.task
    this.release(worker)
    if (task) {
      // A process that ended on its own while working ran out of its heap (V8 aborts: SIGABRT).
      const why = worker.killed ?? (signal === 'SIGABRT' || code === 134 ? 'memory' : undefined)
      task.reject(this.failure(why, task, code, signal))
    } else if (!worker.ready && !worker.killed) {
      // It could not load the task module: the waiting tasks fail now rather than respawn forever.
      for (const waiting of this.queue.splice(0)) {
        clearTimeout(waiting.waiting)
        waiting.reject(new Error(`The ${this.opts.name} process did not start (exit code ${code})`))
      }
    }
    if (!this.closed) this.pump()
  }

  private failure(
    why: Worker['killed'],
    task: Task<unknown, unknown>,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): unknown {
    const name = this.opts.name
    if (why === 'time')
      return new AppError(
        'unprocessable',
        `The ${name} took longer than ${task.timeoutMs} ms and was stopped`,
        {
          limit: 'time',
          limit_ms: task.timeoutMs,
        },
      )
    if (why === 'memory')
      return new AppError(
        'payload_too_large',
        `The ${name} needed more than ${this.memoryMb} MiB and was stopped`,
        {
          limit: 'memory',
          limit_mb: this.memoryMb,
        },
      )
    if (why === 'aborted' && task.signal?.aborted) return task.signal.reason
    return new Error(`The ${name} process ended (${signal ?? `exit code ${code}`})`)
  }
}

/** Half of the memory the machine (or the container's cgroup, when it sets one) allows, in MiB. */
function memoryBudgetMb(): number {
  const constrained = process.constrainedMemory()
  const total = constrained > 0 && constrained < totalmem() ? constrained : totalmem()
  return total / 2 / 1024 / 1024
}

/** A process's resident memory (MiB) from /proc (VmRSS, in kB); undefined where there is no /proc. */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1')
    const at = status.indexOf('VmRSS:')
    return at < 0 ? undefined : Number.parseInt(status.slice(at + 6).trimStart(), 10) / 1024
  } catch {
    return undefined
  }
}
