/**
 * Conversations of POST /api/chat (migrations/0504_domain_chat.ts): the user's messages and the
 * answers, each answer with the tool calls it cites. A turn (question and answer) is written in
 * one transaction after the answer exists, so a failed turn leaves nothing behind; the oldest
 * messages beyond the kept history are deleted in the same transaction.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'
import type { Citation } from './loop.ts'

interface ConversationRow {
  id: string
  created_at: string
  updated_at: string
}

interface MessageRow {
  conversation_id: string
  seq: number
  role: string
  content: string
  citations: string | null
  created_at: string
}

interface Tables {
  domain_chat_conversations: ConversationRow
  domain_chat_messages: MessageRow
}

export interface StoredMessage {
  role: 'user' | 'assistant'
  content: string
  citations: Citation[]
}

export class ConversationStore {
  private readonly db: Kysely<Tables>
  /** Messages kept per conversation (and sent back to the model as history). */
  readonly keep: number
  private readonly now: () => Date

  constructor(database: Database, keep: number, now: () => Date = () => new Date()) {
    this.db = database.as<Tables>()
    this.keep = keep
    this.now = now
  }

  /** A new conversation's id; the conversation is stored with its first turn. */
  newId(): string {
    return randomUUID()
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('domain_chat_conversations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The kept messages of a conversation, oldest first. */
  async history(id: string): Promise<StoredMessage[]> {
    const rows = await this.db
      .selectFrom('domain_chat_messages')
      .select(['role', 'content', 'citations'])
      .where('conversation_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(this.keep)
      .execute()
    return rows.reverse().map((r) => ({
      role: r.role === 'assistant' ? 'assistant' : 'user',
      content: r.content,
      citations: r.citations ? (JSON.parse(r.citations) as Citation[]) : [],
    }))
  }

  /**
   * Appends a question and its answer (creating the conversation with its first turn), then
   * deletes what falls out of the kept history.
   */
  async appendTurn(
    id: string,
    turn: { isNew: boolean; question: string; answer: string; citations: Citation[] },
  ): Promise<void> {
    const { question, answer, citations } = turn
    const at = this.now().toISOString()
    await this.db.transaction().execute(async (trx) => {
      if (turn.isNew)
        await trx
          .insertInto('domain_chat_conversations')
          .values({ id, created_at: at, updated_at: at })
          .execute()
      // Touching the conversation first takes its row lock (PostgreSQL) or the write lock (SQLite),
      // so two turns of one conversation at once number their messages one after the other.
      await trx
        .updateTable('domain_chat_conversations')
        .set({ updated_at: at })
        .where('id', '=', id)
        .execute()
      const last = await trx
        .selectFrom('domain_chat_messages')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('conversation_id', '=', id)
        .executeTakeFirst()
      const seq = Number(last?.seq ?? 0)
      await trx
        .insertInto('domain_chat_messages')
        .values([
          {
            conversation_id: id,
            seq: seq + 1,
            role: 'user',
            content: question,
            citations: null,
            created_at: at,
          },
          {
            conversation_id: id,
            seq: seq + 2,
            role: 'assistant',
            content: answer,
            citations: JSON.stringify(citations),
            created_at: at,
          },
        ])
        .execute()
      await trx
        .deleteFrom('domain_chat_messages')
        .where('conversation_id', '=', id)
        .where('seq', '<=', seq + 2 - this.keep)
        .execute()
    })
  }
}
