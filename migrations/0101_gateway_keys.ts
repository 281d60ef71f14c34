/**
 * Agent gateway: API keys (only the SHA-256 of a key and its first 12 characters are kept) and the
 * usage log (one row per authenticated request). Times are milliseconds since the epoch (bigint).
 * Limits of -1 mean unlimited. Rate-limit windows are not here: they live in the limiter (process
 * memory, or Redis when REDIS_URL is set), where they can be checked atomically per request.
 */
import type { Kysely } from 'kysely'
import { dialectOf } from '../src/kit/db.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('gateway_api_keys')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('owner', 'text')
    .addColumn('tier', 'text')
    .addColumn('rate_limit', 'integer', (c) => c.notNull())
    .addColumn('requests_per_minute', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('gateway_api_keys_owner').on('gateway_api_keys').columns(['owner']).execute()

  await db.schema
    .createTable('gateway_usage')
    .addColumn('key_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute()
  // Usage is always asked per key over a recent period.
  await db.schema.createIndex('gateway_usage_key_ts').on('gateway_usage').columns(['key_id', 'ts']).execute()
}
