/**
 * Domain service: conversations of POST /api/chat. One row per conversation and one per message
 * (the user's question, or the answer with the tool calls it cites as JSON); only the last
 * CHAT_HISTORY_MESSAGES of a conversation are kept, older ones are deleted as new ones arrive.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('domain_chat_messages')
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('domain_chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON: the tool calls an answer cites, with their results; null for the user's messages.
    .addColumn('citations', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_chat_messages_pk', ['conversation_id', 'seq'])
    .execute()
}
