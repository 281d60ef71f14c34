/**
 * Chain-chat conversations and their messages (one row per message, in order).
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'
import type { ChatMessage, ToolCall } from '../../../../kit/llm.ts'

interface ConversationRow {
  id: string
  title: string | null
  created_at: number
  updated_at: number
  /** The API key that started it (key mode); null without keys. */
  owner?: string | null
}

interface ChatMessageRow {
  id: string
  conversation_id: string
  seq: number
  role: string
  content: string | null
  name: string | null
  tool_call_id: string | null
  tool_calls: string | null
  created_at: number
}

interface Tables {
  router_conversations: ConversationRow
  router_chat_messages: ChatMessageRow
}

export class ConversationStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  async createConversation(title: string | null, owner?: string): Promise<string> {
    const id = randomUUID()
    const now = this.now()
    await this.db
      .insertInto('router_conversations')
      .values({ id, title, created_at: now, updated_at: now, owner: owner ?? null })
      .execute()
    return id
  }

  /** Whether it exists for this caller: another key's conversation does not. */
  async conversationExists(id: string, owner?: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('router_conversations')
      .select(['id', 'owner'])
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined && (owner === undefined || row.owner === owner)
  }

  async messages(conversationId: string): Promise<(ChatMessage & { seq: number; created_at: string })[]> {
    const rows = await this.db
      .selectFrom('router_chat_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute()
    return rows.map((r) => ({
      seq: r.seq,
      role: r.role as ChatMessage['role'],
      content: r.content,
      ...(r.name ? { name: r.name } : {}),
      ...(r.tool_call_id ? { tool_call_id: r.tool_call_id } : {}),
      ...(r.tool_calls ? { tool_calls: JSON.parse(r.tool_calls) as ToolCall[] } : {}),
      created_at: new Date(Number(r.created_at)).toISOString(),
    }))
  }

  /** Appends messages after the conversation's last one (one row each). */
  async appendMessages(conversationId: string, messages: ChatMessage[]): Promise<void> {
    if (messages.length === 0) return
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('router_chat_messages')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst()
      let seq = Number(last?.seq ?? 0)
      const now = this.now()
      await trx
        .insertInto('router_chat_messages')
        .values(
          messages.map((m) => ({
            id: randomUUID(),
            conversation_id: conversationId,
            seq: ++seq,
            role: m.role,
            content: m.content,
            name: m.name ?? null,
            tool_call_id: m.tool_call_id ?? null,
            tool_calls: m.tool_calls ? JSON.stringify(m.tool_calls) : null,
            created_at: now,
          })),
        )
        .execute()
      await trx
        .updateTable('router_conversations')
        .set({ updated_at: now })
        .where('id', '=', conversationId)
        .execute()
    })
  }
}
