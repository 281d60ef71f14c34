/**
 * The job queue as its callers see it (the router's modules, the worker pool, the benchmark): one
 * object over the router's job, task and worker tables. It only wires and forwards; the work is
 * done by the parts, each in its own file:
 * - lifecycle.ts: enqueue, claim under a fenced lease, heartbeat, progress, complete, fail,
 *   cancel, redrive, reaping lapsed leases, and the wake-ups of in-process workers;
 * - worker-registry.ts: register, heartbeat, get, list and prune workers;
 * - read-queries.ts: one job or task, the paged lists, counts per status;
 * - row-mapping.ts: stored rows → the Job, Task and Worker the API shows.
 */
import type { Database, Dialect } from '../../kit/db.ts'
import type { AppError } from '../../kit/errors.ts'
import { type EnqueueInput, type FinishedListener, JobLifecycle } from './lifecycle.ts'
import { JobReads, type ListJobsFilter, type ListTasksFilter } from './read-queries.ts'
import type { JobStatus } from './state.ts'
import type { ClaimedJob, Job, JobErrorInfo, Page, QueueTables, Task, Worker } from './types.ts'
import {
  type ListWorkersFilter,
  type RegisterWorkerInput,
  type WorkerHeartbeatInput,
  type WorkerHeartbeatResult,
  WorkerRegistry,
} from './worker-registry.ts'

export type {
  EnqueueInput,
  FinishedListener,
} from './lifecycle.ts'
export type { ListJobsFilter, ListTasksFilter } from './read-queries.ts'
export type {
  ListWorkersFilter,
  RegisterWorkerInput,
  WorkerHeartbeatInput,
  WorkerHeartbeatResult,
} from './worker-registry.ts'

export interface QueueOptions {
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: () => number
  /** A worker not seen for this long (ms) is offline (default 60 s). */
  workerTtlMs?: number
}

export class JobQueue {
  readonly dialect: Dialect
  private readonly lifecycle: JobLifecycle
  private readonly workers: WorkerRegistry
  private readonly reads: JobReads

  constructor(database: Database, opts: QueueOptions = {}) {
    const now = opts.now ?? Date.now
    this.dialect = database.dialect
    this.reads = new JobReads(database.as<QueueTables>())
    this.lifecycle = new JobLifecycle(database, now, this.reads)
    this.workers = new WorkerRegistry(database.as<QueueTables>(), now, opts.workerTtlMs ?? 60_000, this.reads)
  }

  // ── job lifecycle (lifecycle.ts) ─────────────────────────────────────────────────────────────

  /** Called with every job that reaches a terminal status through this instance. */
  onFinished(listener: FinishedListener): () => void {
    return this.lifecycle.onFinished(listener)
  }

  /** Resolves when a job is enqueued through this instance or after `ms`, whichever is first. */
  waitForWork(ms: number, seenGeneration?: number): Promise<void> {
    return this.lifecycle.waitForWork(ms, seenGeneration)
  }

  /** Counts wake-ups: a claimer reads it before claiming and passes it to `waitForWork`. */
  get workGeneration(): number {
    return this.lifecycle.workGeneration
  }

  enqueue(req: EnqueueInput): Promise<{ task: Task; job: Job; created: boolean }> {
    return this.lifecycle.enqueue(req)
  }

  claim(workerId: string, kinds: readonly string[], max: number): Promise<ClaimedJob[]> {
    return this.lifecycle.claim(workerId, kinds, max)
  }

  heartbeat(jobId: string, token: string): Promise<Job> {
    return this.lifecycle.heartbeat(jobId, token)
  }

  reportProgress(jobId: string, token: string, progress: unknown): Promise<void> {
    return this.lifecycle.reportProgress(jobId, token, progress)
  }

  complete(jobId: string, token: string, result: unknown): Promise<Job> {
    return this.lifecycle.complete(jobId, token, result)
  }

  completeMany(
    items: readonly { jobId: string; token: string; result: unknown }[],
  ): Promise<(Job | AppError)[]> {
    return this.lifecycle.completeMany(items)
  }

  fail(jobId: string, token: string, failure: JobErrorInfo): Promise<Job> {
    return this.lifecycle.fail(jobId, token, failure)
  }

  cancel(jobId: string): Promise<Job> {
    return this.lifecycle.cancel(jobId)
  }

  redrive(jobId: string): Promise<{ task: Task; job: Job }> {
    return this.lifecycle.redrive(jobId)
  }

  reap(): Promise<{ requeued: number; dead: number }> {
    return this.lifecycle.reap()
  }

  // ── read queries (read-queries.ts) ───────────────────────────────────────────────────────────

  get(jobId: string): Promise<Job> {
    return this.reads.get(jobId)
  }

  getTask(taskId: string): Promise<Task> {
    return this.reads.getTask(taskId)
  }

  listJobs(filter: ListJobsFilter = {}): Promise<Page<Job>> {
    return this.reads.listJobs(filter)
  }

  listTasks(filter: ListTasksFilter = {}): Promise<Page<Task>> {
    return this.reads.listTasks(filter)
  }

  /** Counts per status (for /v1/gpt/status, metrics and the benchmark). */
  counts(): Promise<Record<JobStatus, number>> {
    return this.reads.counts()
  }

  // ── workers (worker-registry.ts) ─────────────────────────────────────────────────────────────

  registerWorker(req: RegisterWorkerInput): Promise<Worker> {
    return this.workers.register(req)
  }

  workerHeartbeat(workerId: string, req: WorkerHeartbeatInput = {}): Promise<WorkerHeartbeatResult> {
    return this.workers.heartbeat(workerId, req)
  }

  getWorker(workerId: string): Promise<Worker> {
    return this.workers.get(workerId)
  }

  listWorkers(filter: ListWorkersFilter = {}): Promise<Page<Worker>> {
    return this.workers.list(filter)
  }

  /** Drops workers unseen for `olderThanMs` (their jobs were requeued by the reaper long ago). */
  pruneWorkers(olderThanMs: number): Promise<number> {
    return this.workers.prune(olderThanMs)
  }
}
