/**
 * Console service: operator accounts and their sign-in sessions.
 *
 * `console_users.password` is `scrypt$N$r$p$salt$hash` (salt and hash base64url; see
 * src/services/console/passwords.ts), never the password. A session row is keyed by the SHA-256
 * of the cookie's token, so a copy of the table does not sign anyone in; `csrf` is the token the
 * browser must echo in X-CSRF-Token on every change. Times are ISO 8601 text (UTC).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_users')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createTable('console_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  // Signing a user out everywhere and sweeping expired sessions.
  await db.schema.createIndex('console_sessions_user').on('console_sessions').column('user_name').execute()
  await db.schema.createIndex('console_sessions_expiry').on('console_sessions').column('expires_at').execute()
}
