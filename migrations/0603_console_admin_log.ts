/**
 * Console service: user names unique without regard to case ("EVA" beside "eva" would be two
 * accounts a person cannot tell apart at sign-in), and the admin action log: who did what to which
 * user, when. `action` is add, remove, role, disable, enable or password; `detail` is the new role
 * for add and role, otherwise null (never a password). Times are ISO 8601 text (UTC).
 *
 * The index fails to build on a table that already holds two names differing only in case: remove
 * one of them (`gatehouse console users remove NAME`) and start again.
 */
import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../src/kit/db.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createIndex('console_users_name_lower')
    .on('console_users')
    .unique()
    .expression(sql`lower(name)`)
    .execute()
  await db.schema
    .createTable('console_admin_log')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute()
}
