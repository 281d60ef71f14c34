/**
 * AML screening: imported list versions and their entities (the lists are data the service loads
 * at start-up, so every instance screens against the same versions), the audit trail of
 * screenings (input, list versions used, result; the AML Act asks for 10 years), and named
 * counters for the screening id sequence (AML-<YYYYMMDD>-<n>, unique across instances).
 * Times are ISO 8601 UTC text; JSON columns are text on both dialects.
 */
import type { Kysely } from 'kysely'
import { dialectOf } from '../src/kit/db.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('aml_list_versions')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('list_date', 'text', (c) => c.notNull())
    .addColumn('names_only', 'boolean', (c) => c.notNull())
    .addColumn('entity_count', 'integer', (c) => c.notNull())
    .addColumn('name_count', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('aml_list_versions_list')
    .on('aml_list_versions')
    .columns(['list', 'list_date'])
    .execute()

  await db.schema
    .createTable('aml_list_entities')
    .addColumn('version_id', 'integer', (c) =>
      c.notNull().references('aml_list_versions.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aml_list_entities_pk', ['version_id', 'seq'])
    .execute()

  await db.schema
    .createTable('aml_screenings')
    .addColumn('screening_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('risk_level', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('list_versions', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('aml_screenings_created').on('aml_screenings').columns(['created_at']).execute()

  await db.schema
    .createTable('aml_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute()
}
