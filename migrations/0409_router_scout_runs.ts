/**
 * Scout runs: one row per finished dossier job, with the sources that failed and why, so
 * GET /scout/portal-failed answers from an index instead of reading every job's result. A retry
 * is a new run; `retried_by` takes the old one off the list.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_scout_runs')
    .addColumn('id', 'text', (c) => c.primaryKey()) // the job id
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('ico', 'text')
    .addColumn('name', 'text')
    .addColumn('failed', 'text', (c) => c.notNull()) // JSON [{source, reason}]
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('retry_of', 'text')
    .addColumn('retried_by', 'text')
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('router_scout_runs_failed')
    .on('router_scout_runs')
    .columns(['failed_count', 'retried_by', 'finished_at'])
    .execute()
}
