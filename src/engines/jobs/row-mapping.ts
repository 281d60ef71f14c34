/**
 * Row mapping of the queue's tables: what the database stores (epoch milliseconds, JSON text,
 * 0/1 flags) → what the API shows (ISO times, parsed JSON, booleans). Pure functions, no I/O.
 */
import type { Job, JobErrorInfo, JobRow, Task, TaskRow, Worker, WorkerRow } from './types.ts'

function iso(ms: number | string | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString()
}

function parse(text: string | null): unknown {
  return text === null ? null : JSON.parse(text)
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    task_id: row.task_id,
    kind: row.kind,
    input: parse(row.input),
    status: row.status,
    priority: row.priority,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    backoff: { type: row.backoff, delay_ms: row.backoff_ms },
    lease_ms: row.lease_ms,
    timeout_ms: row.timeout_ms,
    run_at: iso(row.run_at)!,
    worker_id: row.lease_owner,
    lease_expires_at: iso(row.lease_expires_at),
    result: parse(row.result),
    error: parse(row.error) as JobErrorInfo | null,
    truth_log: Boolean(row.truth_log),
    progress: parse(row.progress ?? null),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  }
}

export function toTask(
  row: TaskRow,
  job: Pick<JobRow, 'status' | 'attempts' | 'result' | 'error' | 'finished_at'>,
): Task {
  return {
    id: row.id,
    kind: row.kind,
    input: parse(row.input),
    priority: row.priority,
    idempotency_key: row.idempotency_key,
    requested_by: row.requested_by,
    created_at: iso(row.created_at)!,
    job_id: row.job_id,
    status: job.status,
    attempts: job.attempts,
    result: parse(job.result),
    error: parse(job.error) as JobErrorInfo | null,
    finished_at: iso(job.finished_at),
  }
}

/** `online` is decided by the caller: it alone knows the clock and how long a worker stays alive. */
export function toWorker(row: WorkerRow, running: number, online: boolean): Worker {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    kinds: JSON.parse(row.kinds) as string[],
    capacity: row.capacity,
    version: row.version,
    meta: row.meta ? (JSON.parse(row.meta) as Record<string, unknown>) : null,
    registered_at: iso(row.registered_at)!,
    last_seen_at: iso(row.last_seen_at)!,
    online,
    running,
  }
}
