/**
 * The queue's read side: one job or task, the paged lists behind GET /jobs and /tasks, counts per
 * status, and how many jobs each worker runs. Nothing here writes, so every instance can answer
 * these from the shared tables without coordinating.
 */
import type { Kysely } from 'kysely'
import { errors } from '../../kit/errors.ts'
import { toJob, toTask } from './row-mapping.ts'
import type { JobStatus } from './state.ts'
import type { Job, Page, QueueTables, Task } from './types.ts'

export interface ListJobsFilter {
  status?: JobStatus | undefined
  kind?: string | undefined
  task_id?: string | undefined
  worker_id?: string | undefined
  /** Only jobs of tasks this caller (a key id) created. */
  requested_by?: string | undefined
  limit?: number
  offset?: number
}

export interface ListTasksFilter {
  status?: JobStatus | undefined
  kind?: string | undefined
  requested_by?: string | undefined
  limit?: number
  offset?: number
}

export class JobReads {
  private readonly db: Kysely<QueueTables>

  constructor(db: Kysely<QueueTables>) {
    this.db = db
  }

  async get(jobId: string): Promise<Job> {
    const row = await this.db.selectFrom('router_jobs').selectAll().where('id', '=', jobId).executeTakeFirst()
    if (!row) throw errors.notFound('Job', { job_id: jobId })
    return toJob(row)
  }

  async getTask(taskId: string): Promise<Task> {
    const task = await this.db
      .selectFrom('router_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirst()
    if (!task) throw errors.notFound('Task', { task_id: taskId })
    const job = await this.db
      .selectFrom('router_jobs')
      .selectAll()
      .where('id', '=', task.job_id)
      .executeTakeFirstOrThrow()
    return toTask(task, job)
  }

  async listJobs(filter: ListJobsFilter = {}): Promise<Page<Job>> {
    const limit = filter.limit ?? 50
    const offset = filter.offset ?? 0
    let q = this.db.selectFrom('router_jobs')
    if (filter.status) q = q.where('status', '=', filter.status)
    if (filter.kind) q = q.where('kind', '=', filter.kind)
    if (filter.task_id) q = q.where('task_id', '=', filter.task_id)
    if (filter.worker_id) q = q.where('lease_owner', '=', filter.worker_id)
    if (filter.requested_by) {
      const owner = filter.requested_by
      q = q.where('task_id', 'in', (eb) =>
        eb.selectFrom('router_tasks').select('id').where('requested_by', '=', owner),
      )
    }
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toJob), total: Number(count.n), limit, offset }
  }

  async listTasks(filter: ListTasksFilter = {}): Promise<Page<Task>> {
    const limit = filter.limit ?? 50
    const offset = filter.offset ?? 0
    let q = this.db.selectFrom('router_tasks as t').innerJoin('router_jobs as j', 'j.id', 't.job_id')
    if (filter.status) q = q.where('j.status', '=', filter.status)
    if (filter.kind) q = q.where('t.kind', '=', filter.kind)
    if (filter.requested_by) q = q.where('t.requested_by', '=', filter.requested_by)
    const [rows, count] = await Promise.all([
      q
        .select([
          't.id',
          't.kind',
          't.input',
          't.priority',
          't.idempotency_key',
          't.requested_by',
          't.job_id',
          't.created_at',
          'j.status',
          'j.attempts',
          'j.result',
          'j.error',
          'j.finished_at',
        ])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return {
      items: rows.map((r) =>
        toTask(r, {
          status: r.status,
          attempts: r.attempts,
          result: r.result,
          error: r.error,
          finished_at: r.finished_at,
        }),
      ),
      total: Number(count.n),
      limit,
      offset,
    }
  }

  /** Counts per status (for /v1/gpt/status, metrics and the benchmark). */
  async counts(): Promise<Record<JobStatus, number>> {
    const rows = await this.db
      .selectFrom('router_jobs')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('status')
      .execute()
    const out = { QUEUED: 0, RUNNING: 0, SUCCEEDED: 0, FAILED: 0, RETRYING: 0, CANCELLED: 0, DEAD: 0 }
    for (const r of rows) out[r.status] = Number(r.n)
    return out
  }

  /** Jobs RUNNING per worker id (ids without any are absent). */
  async runningByWorker(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('router_jobs')
      .select(['lease_owner', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', '=', 'RUNNING')
      .where('lease_owner', 'in', ids)
      .groupBy('lease_owner')
      .execute()
    return new Map(rows.map((r) => [r.lease_owner!, Number(r.n)]))
  }
}
