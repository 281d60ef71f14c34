/**
 * Worker credentials: external workers authenticate with a key an admin issued (only its SHA-256
 * is stored), and every registered worker remembers which credential owns it, so nobody else can
 * heartbeat, claim for or overwrite it.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_worker_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute()
  // Owner of a worker: a credential id, or `internal` (the router's internal key).
  await db.schema.alterTable('router_workers').addColumn('owner', 'text').execute()
}
