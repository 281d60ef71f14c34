/**
 * Console service: who screened what. The AML service's audit trail records each screening, but
 * the console calls it with the platform's internal key, so the trail cannot tell which console
 * user asked; this table keeps that (screening id → user name), for the record and its PDF.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_screenings')
    .addColumn('screening_id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
