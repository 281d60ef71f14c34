/**
 * Router bookkeeping: assistant configuration versions, the LLM usage log, the agent call log
 * (for /v1/agents/registry/stats) and chain-chat conversations stored one row per message.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('router_gpt_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('tools', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('router_llm_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('caller', 'text')
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('model_requested', 'text', (c) => c.notNull())
    .addColumn('model_served', 'text')
    .addColumn('stream', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer')
    .addColumn('completion_tokens', 'integer')
    .addColumn('total_tokens', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute()
  await db.schema.createIndex('router_llm_usage_at').on('router_llm_usage').columns(['at']).execute()

  await db.schema
    .createTable('router_agent_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('agent', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('ms', 'real', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('router_agent_calls_agent')
    .on('router_agent_calls')
    .columns(['service', 'agent', 'at'])
    .execute()
  await db.schema.createIndex('router_agent_calls_at').on('router_agent_calls').columns(['at']).execute()

  await db.schema
    .createTable('router_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('router_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('name', 'text')
    .addColumn('tool_call_id', 'text')
    .addColumn('tool_calls', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('router_chat_messages_seq', ['conversation_id', 'seq'])
    .execute()
}
