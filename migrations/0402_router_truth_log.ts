/**
 * The truth log: append-only and hash-chained. `seq` is assigned by the appender (last + 1) and
 * is the primary key, so two appenders racing for the same place collide instead of forking the
 * chain. `auto_job_id` is set only on entries recorded from a finished job (one per job).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_truth_log')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('worker', 'text', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('auto_job_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
}
