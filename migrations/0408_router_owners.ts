/**
 * Owners: under API keys, a memory and a conversation belong to the key that wrote them (the
 * gateway key id), so one key's owner cannot read another's. Null in open (keyless) mode.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('router_memories').addColumn('owner', 'text').execute()
  await db.schema.alterTable('router_conversations').addColumn('owner', 'text').execute()
}
