/**
 * AML batch screening: a batch (a client book of up to 100,000 subjects sent as JSON or CSV, or
 * screened with `gatehouse aml screen FILE`) and its rows. The state lives here, not in a process,
 * so a batch survives a restart: an instance takes a batch by a lease (`lease_owner`,
 * `lease_until`, renewed per chunk) and a batch whose lease ran out is taken over where it stopped
 * (the rows without a screening). Each chunk of rows is screened, then written in one transaction
 * with its audit records (aml_screenings).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aml_batches')
    .addColumn('batch_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Which key submitted it ('admin', 'internal') or 'cli'.
    .addColumn('created_by', 'text', (c) => c.notNull())
    // 'json', 'csv' or 'cli'.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    // 'queued', 'running', 'completed' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('ignored_columns', 'text')
    .addColumn('error', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute()
  await sql`create index aml_batches_open on aml_batches (created_at) where status in ('queued', 'running')`.execute(
    db,
  )

  await db.schema
    .createTable('aml_batch_rows')
    .addColumn('batch_id', 'text', (c) => c.notNull().references('aml_batches.batch_id').onDelete('cascade'))
    // Position in the batch, from 0 (subjects.<index> in a JSON batch; CSV records in file order).
    .addColumn('idx', 'integer', (c) => c.notNull())
    // The CSV line the record started on (null for JSON).
    .addColumn('line', 'integer')
    .addColumn('reference', 'text')
    // The subject as sent (after CSV column mapping), JSON.
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('screening_id', 'text')
    .addColumn('level', 'text')
    .addColumn('score', 'real')
    .addColumn('completeness', 'real')
    .addColumn('review_required', 'boolean')
    // The sanctions hits in short: [{list, list_id, matched_name, score}], JSON.
    .addColumn('hits', 'text')
    .addPrimaryKeyConstraint('aml_batch_rows_pk', ['batch_id', 'idx'])
    .execute()
  await db.schema
    .createIndex('aml_batch_rows_level')
    .on('aml_batch_rows')
    .columns(['batch_id', 'level', 'idx'])
    .execute()
}
