/**
 * Progress of a running job (JSON a handler reports, e.g. pages crawled of the limit), so a status
 * route on any instance can show how far a long job got.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('router_jobs').addColumn('progress', 'text').execute()
}
