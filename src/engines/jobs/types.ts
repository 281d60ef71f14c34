import type { BackoffKind, JobStatus } from './state.ts'

/** Table shapes as stored (times in ms since the epoch; PostgreSQL returns bigint as a string). */
export interface TaskRow {
  id: string
  kind: string
  input: string
  priority: number
  idempotency_key: string | null
  requested_by: string | null
  job_id: string
  created_at: number | string
}

export interface JobRow {
  id: string
  task_id: string
  kind: string
  input: string
  status: JobStatus
  priority: number
  attempts: number
  max_attempts: number
  backoff: BackoffKind
  backoff_ms: number
  lease_ms: number
  timeout_ms: number
  run_at: number | string
  lease_owner: string | null
  lease_token: string | null
  lease_expires_at: number | string | null
  result: string | null
  error: string | null
  truth_log: number
  progress?: string | null
  created_at: number | string
  updated_at: number | string
  started_at: number | string | null
  finished_at: number | string | null
}

export interface WorkerRow {
  id: string
  name: string
  type: WorkerType
  kinds: string
  capacity: number
  version: string | null
  meta: string | null
  registered_at: number | string
  last_seen_at: number | string
  /** Who may act as this worker: a worker credential id, `internal`, or null (built-in). */
  owner: string | null
}

export interface QueueTables {
  router_tasks: TaskRow
  router_jobs: JobRow
  router_workers: WorkerRow
}

/** `builtin`: a pool inside a router process; `external`: an assistant worker that registered. */
export type WorkerType = 'builtin' | 'external'

export interface JobErrorInfo {
  code: string
  message: string
  retryable: boolean
}

/** A job as the API shows it. */
export interface Job {
  id: string
  task_id: string
  kind: string
  input: unknown
  status: JobStatus
  priority: number
  attempts: number
  max_attempts: number
  backoff: { type: BackoffKind; delay_ms: number }
  lease_ms: number
  timeout_ms: number
  run_at: string
  worker_id: string | null
  lease_expires_at: string | null
  result: unknown
  error: JobErrorInfo | null
  truth_log: boolean
  /** What the handler last reported of its progress (null before it reports). */
  progress: unknown
  created_at: string
  updated_at: string
  started_at: string | null
  finished_at: string | null
}

/** A job handed to a worker: the job plus the token that proves it still holds the lease. */
export interface ClaimedJob extends Job {
  lease_token: string
}

export interface Task {
  id: string
  kind: string
  input: unknown
  priority: number
  idempotency_key: string | null
  requested_by: string | null
  created_at: string
  /** The task's current job (a redrive replaces it). */
  job_id: string
  status: JobStatus
  attempts: number
  result: unknown
  error: JobErrorInfo | null
  finished_at: string | null
}

export interface Worker {
  id: string
  name: string
  type: WorkerType
  kinds: string[]
  capacity: number
  version: string | null
  meta: Record<string, unknown> | null
  registered_at: string
  last_seen_at: string
  online: boolean
  /** Jobs it holds a lease on right now. */
  running: number
}

export interface Page<T> {
  items: T[]
  total: number
  limit: number
  offset: number
}
