/**
 * Router queue: tasks (what someone asked for), jobs (one execution of a task, with its lease,
 * attempts and outcome) and workers (built-in pools and registered assistant workers).
 * Times are milliseconds since the epoch (bigint), JSON documents are text.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('requested_by', 'text')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('router_tasks_created').on('router_tasks').columns(['created_at']).execute()

  await db.schema
    .createTable('router_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('backoff', 'text', (c) => c.notNull())
    .addColumn('backoff_ms', 'integer', (c) => c.notNull())
    .addColumn('lease_ms', 'integer', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('truth_log', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute()
  // The claim query: ready jobs of some kinds, best priority first, oldest first.
  await db.schema
    .createIndex('router_jobs_ready')
    .on('router_jobs')
    .columns(['status', 'kind', 'priority', 'run_at'])
    .execute()
  await db.schema
    .createIndex('router_jobs_lease')
    .on('router_jobs')
    .columns(['status', 'lease_expires_at'])
    .execute()
  await db.schema.createIndex('router_jobs_task').on('router_jobs').columns(['task_id']).execute()
  await db.schema.createIndex('router_jobs_owner').on('router_jobs').columns(['lease_owner']).execute()
  await db.schema.createIndex('router_jobs_created').on('router_jobs').columns(['created_at']).execute()

  await db.schema
    .createTable('router_workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('meta', 'text')
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute()
}
