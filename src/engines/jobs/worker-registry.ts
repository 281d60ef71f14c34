/**
 * The worker registry: workers (built-in or remote) register the kinds they run, heartbeat to
 * stay online and to keep the leases of the jobs they hold, and are listed with how many jobs each
 * runs. An entry belongs to the credential that registered it, so no one else can take it over.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { AppError, errors } from '../../kit/errors.ts'
import type { JobReads } from './read-queries.ts'
import { toWorker } from './row-mapping.ts'
import type { JobStatus } from './state.ts'
import type { Page, QueueTables, Worker, WorkerRow, WorkerType } from './types.ts'

export interface ListWorkersFilter {
  kind?: string | undefined
  type?: WorkerType | undefined
  online?: boolean | undefined
  limit?: number
  offset?: number
}

export interface RegisterWorkerInput {
  id?: string
  name: string
  type: WorkerType
  kinds: string[]
  capacity: number
  version?: string | undefined
  meta?: Record<string, unknown> | undefined
  /** A worker credential id or `internal`; built-in workers have none. */
  owner?: string | undefined
}

export interface WorkerHeartbeatInput {
  version?: string | undefined
  jobIds?: string[] | undefined
  /** When given, only this owner's worker is touched (another owner's is a 403). */
  owner?: string | undefined
}

export interface WorkerHeartbeatResult {
  worker: Worker
  /** Leases of RUNNING jobs this worker holds that were extended. */
  extended: number
  /** The status of each job the worker asked about. */
  jobs: { id: string; status: JobStatus }[]
}

export class WorkerRegistry {
  private readonly db: Kysely<QueueTables>
  private readonly now: () => number
  /** A worker not seen for this long (ms) is offline. */
  private readonly workerTtlMs: number
  private readonly reads: JobReads

  constructor(db: Kysely<QueueTables>, now: () => number, workerTtlMs: number, reads: JobReads) {
    this.db = db
    this.now = now
    this.workerTtlMs = workerTtlMs
    this.reads = reads
  }

  /**
   * Registers a worker, or updates one the same owner registered before under this id. Another
   * owner's id is refused (403), so nobody can take over a worker's entry or its leases.
   */
  async register(req: RegisterWorkerInput): Promise<Worker> {
    const now = this.now()
    const owner = req.owner ?? null
    const row: WorkerRow = {
      id: req.id ?? randomUUID(),
      name: req.name,
      type: req.type,
      kinds: JSON.stringify(req.kinds),
      capacity: req.capacity,
      version: req.version ?? null,
      meta: req.meta ? JSON.stringify(req.meta) : null,
      registered_at: now,
      last_seen_at: now,
      owner,
    }
    const written = await this.db
      .insertInto('router_workers')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            name: row.name,
            kinds: row.kinds,
            capacity: row.capacity,
            version: row.version,
            meta: row.meta,
            last_seen_at: now,
          })
          .where((eb) =>
            owner === null ? eb('router_workers.owner', 'is', null) : eb('router_workers.owner', '=', owner),
          ),
      )
      .executeTakeFirst()
    if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) throw notYourWorker(row.id)
    return this.get(row.id)
  }

  /**
   * A worker is alive: mark it seen, record the configuration version it runs, and extend the
   * lease of every job it holds. Returns the status of the jobs it asked about, so it can stop
   * work on any that were cancelled meanwhile.
   */
  async heartbeat(workerId: string, req: WorkerHeartbeatInput = {}): Promise<WorkerHeartbeatResult> {
    const now = this.now()
    let update = this.db
      .updateTable('router_workers')
      .set({ last_seen_at: now, ...(req.version !== undefined ? { version: req.version } : {}) })
      .where('id', '=', workerId)
    if (req.owner !== undefined) update = update.where('owner', '=', req.owner)
    const seen = await update.executeTakeFirst()
    if (Number(seen.numUpdatedRows) === 0) {
      const exists = await this.db
        .selectFrom('router_workers')
        .select('id')
        .where('id', '=', workerId)
        .executeTakeFirst()
      if (exists) throw notYourWorker(workerId)
      throw errors.notFound('Worker', { worker_id: workerId, hint: 'register first with POST /gpt/register' })
    }
    const extended = await this.db
      .updateTable('router_jobs')
      .set({ lease_expires_at: sql<number>`cast(${now} as bigint) + lease_ms`, updated_at: now })
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst()
    let jobs: { id: string; status: JobStatus }[] = []
    if (req.jobIds && req.jobIds.length > 0) {
      jobs = await this.db
        .selectFrom('router_jobs')
        .select(['id', 'status'])
        .where('id', 'in', req.jobIds)
        .execute()
    }
    return { worker: await this.get(workerId), extended: Number(extended.numUpdatedRows), jobs }
  }

  async get(workerId: string): Promise<Worker> {
    const row = await this.db
      .selectFrom('router_workers')
      .selectAll()
      .where('id', '=', workerId)
      .executeTakeFirst()
    if (!row) throw errors.notFound('Worker', { worker_id: workerId })
    const running = await this.reads.runningByWorker([workerId])
    return this.toWorker(row, running.get(workerId) ?? 0)
  }

  async list(filter: ListWorkersFilter = {}): Promise<Page<Worker>> {
    const limit = filter.limit ?? 50
    const offset = filter.offset ?? 0
    const cutoff = this.now() - this.workerTtlMs
    let q = this.db.selectFrom('router_workers')
    if (filter.type) q = q.where('type', '=', filter.type)
    if (filter.online === true) q = q.where('last_seen_at', '>=', cutoff)
    if (filter.online === false) q = q.where('last_seen_at', '<', cutoff)
    // Kinds are a small JSON array; match the quoted name inside it.
    if (filter.kind) q = q.where('kinds', 'like', `%${JSON.stringify(filter.kind)}%`)
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('last_seen_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    const running = await this.reads.runningByWorker(rows.map((r) => r.id))
    return {
      items: rows.map((r) => this.toWorker(r, running.get(r.id) ?? 0)),
      total: Number(count.n),
      limit,
      offset,
    }
  }

  /** Drops workers unseen for `olderThanMs` (their jobs were requeued by the reaper long ago). */
  async prune(olderThanMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('router_workers')
      .where('last_seen_at', '<', this.now() - olderThanMs)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  private toWorker(row: WorkerRow, running: number): Worker {
    return toWorker(row, running, Number(row.last_seen_at) >= this.now() - this.workerTtlMs)
  }
}

function notYourWorker(workerId: string): AppError {
  return new AppError('forbidden', 'This worker_id is registered under another credential', {
    worker_id: workerId,
  })
}
