/**
 * Finished scout runs and their failed sources (table router_scout_runs): what
 * GET /scout/portal-failed lists, and what a retry takes off the list.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'

interface ScoutRunRow {
  id: string
  task_id: string
  requested_by: string | null
  ico: string | null
  name: string | null
  failed: string
  failed_count: number
  retry_of: string | null
  retried_by: string | null
  finished_at: number | string
}

interface Tables {
  router_scout_runs: ScoutRunRow
}

interface FailedSource {
  source: string
  reason: string
}

export interface ScoutRun {
  id: string
  task_id: string
  requested_by: string | null
  ico: string | null
  name: string | null
  failed: FailedSource[]
  retry_of: string | null
  retried_by: string | null
  finished_at: string
}

export class ScoutRunStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  /** Records a finished run once (a second record of the same job is ignored). */
  async record(run: Omit<ScoutRun, 'finished_at' | 'retried_by'>): Promise<void> {
    await this.db
      .insertInto('router_scout_runs')
      .values({
        id: run.id,
        task_id: run.task_id,
        requested_by: run.requested_by,
        ico: run.ico,
        name: run.name,
        failed: JSON.stringify(run.failed),
        failed_count: run.failed.length,
        retry_of: run.retry_of,
        retried_by: null,
        finished_at: this.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }

  async get(id: string): Promise<ScoutRun | undefined> {
    const row = await this.db
      .selectFrom('router_scout_runs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toRun(row) : undefined
  }

  /** Runs with a failed source that no retry has replaced yet, newest first. */
  async listFailed(filter: {
    requested_by?: string | undefined
    source?: string | undefined
    limit: number
    offset: number
  }): Promise<{ items: ScoutRun[]; total: number }> {
    let q = this.db
      .selectFrom('router_scout_runs')
      .where('failed_count', '>', 0)
      .where('retried_by', 'is', null)
    if (filter.requested_by !== undefined) q = q.where('requested_by', '=', filter.requested_by)
    // The JSON text holds `"source":"<name>"`; names are a closed set of identifiers.
    if (filter.source !== undefined) q = q.where('failed', 'like', `%"source":"${filter.source}"%`)
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('finished_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toRun), total: Number(count.n) }
  }

  /** Marks a run as replaced by its retry; false when another retry got there first. */
  async markRetried(id: string, by: string): Promise<boolean> {
    const result = await this.db
      .updateTable('router_scout_runs')
      .set({ retried_by: by })
      .where('id', '=', id)
      .where('retried_by', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }
}

function toRun(row: ScoutRunRow): ScoutRun {
  return {
    id: row.id,
    task_id: row.task_id,
    requested_by: row.requested_by,
    ico: row.ico,
    name: row.name,
    failed: JSON.parse(row.failed) as FailedSource[],
    retry_of: row.retry_of,
    retried_by: row.retried_by,
    finished_at: new Date(Number(row.finished_at)).toISOString(),
  }
}
