/**
 * Domain service: variable symbols (variabilní symbol, the payment reference of Czech transfers)
 * handed out by GET /api/vs/next. One row per named series holding the last number issued; the
 * next one is taken by a single INSERT … ON CONFLICT DO UPDATE … RETURNING, which PostgreSQL runs
 * under the row's lock and SQLite under its write lock, so no two callers (or instances, or
 * processes) ever get the same number.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_vs_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    // Up to 9,999,999,999 (ten digits): bigint in PostgreSQL, SQLite's integer is 64-bit anyway.
    .addColumn('last_issued', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}
