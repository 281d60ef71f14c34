/**
 * Agent gateway: when each key was last used, and rotation. `last_used_at` (ms since the epoch,
 * null until the first request) is moved forward with each batch of usage rows written, so it
 * outlives the usage log's retention. `replaced_by` is the id of the key that replaced this one on
 * rotation (null otherwise); the replaced key's `expires_at` is then the end of its grace period.
 * SQLite adds one column per ALTER TABLE.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gateway_api_keys').addColumn('last_used_at', 'bigint').execute()
  await db.schema.alterTable('gateway_api_keys').addColumn('replaced_by', 'integer').execute()
}
