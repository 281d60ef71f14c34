/**
 * Memories (mem0's shape): one fact per row, scoped by user, agent and/or run, with metadata and
 * the vector of the embedder that wrote it; and the history of every change to a memory.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('agent_id', 'text')
    .addColumn('run_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text')
    .addColumn('embedder', 'text', (c) => c.notNull())
    .addColumn('embedding', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('router_memories_user').on('router_memories').columns(['user_id']).execute()
  await db.schema.createIndex('router_memories_agent').on('router_memories').columns(['agent_id']).execute()
  await db.schema.createIndex('router_memories_run').on('router_memories').columns(['run_id']).execute()

  await db.schema
    .createTable('router_memory_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('old_memory', 'text')
    .addColumn('new_memory', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('router_memory_history_memory')
    .on('router_memory_history')
    .columns(['memory_id', 'at'])
    .execute()
}
