/**
 * Ongoing monitoring: subjects enrolled under the customer's reference, each with the sanctions
 * hits it had when last screened and the list versions that screening used (`versions_key`); the
 * alerts a new list version raised (new, changed and removed hits), acknowledged with who and
 * why, and their webhook delivery; and one lock row, so one process at a time re-screens.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aml_monitored')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    // The subject as screened (the API's shape), JSON.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    // 'admin', 'internal' or 'cli'.
    .addColumn('enrolled_by', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text')
    // The hits of the last screening, [{list, list_id, matched_name, score}], JSON; null until the
    // first screening (the baseline) is done.
    .addColumn('hits', 'text')
    // The list versions of that screening: `list:id,id;list:id` of the store's version ids.
    .addColumn('versions_key', 'text')
    .addColumn('screened_at', 'text')
    .execute()
  await db.schema
    .createIndex('aml_monitored_versions')
    .on('aml_monitored')
    .columns(['versions_key'])
    .execute()

  await db.schema
    .createTable('aml_monitor_alerts')
    .addColumn('alert_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    // 'new_hit', 'changed_hit' or 'removed_hit'.
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'listed', 'entry_changed', 'delisted' or 'rescored'.
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    // The re-screening this alert came from (the target versions_key): one alert per subject,
    // entry and kind per re-screening, whoever runs it.
    .addColumn('run_key', 'text', (c) => c.notNull())
    // The rest of the alert (subject, names, scores, what changed, versions), JSON.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by', 'text')
    .addColumn('ack_reason', 'text')
    // 'none' (no webhook configured), 'pending', 'delivered' or 'failed'.
    .addColumn('webhook_status', 'text', (c) => c.notNull())
    .addColumn('webhook_attempts', 'integer', (c) => c.notNull())
    .addColumn('webhook_error', 'text')
    .addUniqueConstraint('aml_monitor_alerts_once', ['reference', 'run_key', 'list', 'list_id', 'kind'])
    .execute()
  await db.schema
    .createIndex('aml_monitor_alerts_created')
    .on('aml_monitor_alerts')
    .columns(['created_at'])
    .execute()
  await db.schema
    .createIndex('aml_monitor_alerts_reference')
    .on('aml_monitor_alerts')
    .columns(['reference'])
    .execute()
  await sql`create index aml_monitor_alerts_webhook on aml_monitor_alerts (created_at) where webhook_status = 'pending'`.execute(
    db,
  )

  await db.schema
    .createTable('aml_monitor_lock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('owner', 'text')
    .addColumn('until', 'text')
    .execute()
  await db
    .insertInto('aml_monitor_lock' as never)
    .values({ id: 1, owner: null, until: null } as never)
    .execute()
}
