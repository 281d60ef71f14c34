/**
 * The router's own tables beside the queue and the truth log: assistant configuration versions,
 * the LLM usage log, the agent call log and chain-chat messages (one row per message).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import type { ChatMessage, ToolCall } from '../../kit/llm.ts'

interface GptVersionRow {
  version: number
  hash: string
  instructions: string
  tools: string
  note: string | null
  synced_at: number
}

interface LlmUsageRow {
  id: string
  at: number
  caller: string | null
  route: string
  model_requested: string
  model_served: string | null
  stream: number
  status: number
  attempts: number
  prompt_tokens: number | null
  completion_tokens: number | null
  total_tokens: number | null
  latency_ms: number
  error: string | null
}

interface AgentCallRow {
  id: string
  at: number
  service: string
  agent: string
  via: string
  ok: number
  error_code: string | null
  ms: number
}

interface ConversationRow {
  id: string
  title: string | null
  created_at: number
  updated_at: number
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
  router_gpt_versions: GptVersionRow
  router_llm_usage: LlmUsageRow
  router_agent_calls: AgentCallRow
  router_conversations: ConversationRow
  router_chat_messages: ChatMessageRow
}

export interface GptVersion {
  version: number
  hash: string
  instructions: string
  tools: unknown[]
  note: string | null
  synced_at: string
}

export type LlmUsage = Omit<LlmUsageRow, 'id' | 'at' | 'stream'> & { stream: boolean }

export interface AgentCall {
  service: string
  agent: string
  /** Who called: `job` (agent.call jobs), `chain` (chain chat), `mcp` (MCP tools). */
  via: 'job' | 'chain' | 'mcp'
  ok: boolean
  error_code?: string | undefined
  ms: number
}

export interface AgentStats {
  service: string
  agent: string
  calls: number
  errors: number
  error_rate: number
  latency_ms: { p50: number; p95: number; p99: number; max: number }
  last_called_at: string
}

export class RouterStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  // ── assistant configuration ─────────────────────────────────────────────────────────────────

  async currentGpt(): Promise<GptVersion | undefined> {
    const row = await this.db
      .selectFrom('router_gpt_versions')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? toGpt(row) : undefined
  }

  async gptVersion(version: number): Promise<GptVersion | undefined> {
    const row = await this.db
      .selectFrom('router_gpt_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst()
    return row ? toGpt(row) : undefined
  }

  /**
   * Publishes a configuration as the next version, unless it equals the current one (same hash):
   * syncing twice without a change does not mint versions workers would needlessly reload.
   */
  async publishGpt(config: {
    instructions: string
    tools: unknown[]
    note?: string | undefined
  }): Promise<{ version: GptVersion; changed: boolean }> {
    const hash = createHash('sha256')
      .update(JSON.stringify([config.instructions, config.tools]))
      .digest('hex')
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.currentGpt()
      if (current && current.hash === hash) return { version: current, changed: false }
      const row: GptVersionRow = {
        version: (current?.version ?? 0) + 1,
        hash,
        instructions: config.instructions,
        tools: JSON.stringify(config.tools),
        note: config.note ?? null,
        synced_at: this.now(),
      }
      try {
        await this.db.insertInto('router_gpt_versions').values(row).execute()
        return { version: toGpt(row), changed: true }
      } catch {
        // Another instance published this version number first; look again.
      }
    }
    throw new AppError('conflict', 'Concurrent syncs kept colliding; retry the sync')
  }

  // ── LLM usage ───────────────────────────────────────────────────────────────────────────────

  async recordLlm(usage: LlmUsage): Promise<void> {
    await this.db
      .insertInto('router_llm_usage')
      .values({ ...usage, id: randomUUID(), at: this.now(), stream: usage.stream ? 1 : 0 })
      .execute()
  }

  async llmUsage(days: number): Promise<
    {
      model: string
      requests: number
      errors: number
      prompt_tokens: number
      completion_tokens: number
      total_tokens: number
    }[]
  > {
    const since = this.now() - days * 86_400_000
    const rows = await this.db
      .selectFrom('router_llm_usage')
      .select((eb) => [
        eb.fn.coalesce('model_served', 'model_requested').as('model'),
        eb.fn.countAll<number>().as('requests'),
        eb.fn.sum<number>(eb.case().when('status', '>=', 400).then(1).else(0).end()).as('errors'),
        eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
        eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
        eb.fn.sum<number>('total_tokens').as('total_tokens'),
      ])
      .where('at', '>=', since)
      .groupBy((eb) => eb.fn.coalesce('model_served', 'model_requested'))
      .execute()
    return rows.map((r) => ({
      model: String(r.model),
      requests: Number(r.requests),
      errors: Number(r.errors ?? 0),
      prompt_tokens: Number(r.prompt_tokens ?? 0),
      completion_tokens: Number(r.completion_tokens ?? 0),
      total_tokens: Number(r.total_tokens ?? 0),
    }))
  }

  // ── agent calls ─────────────────────────────────────────────────────────────────────────────

  async recordAgentCall(call: AgentCall): Promise<void> {
    await this.db
      .insertInto('router_agent_calls')
      .values({
        id: randomUUID(),
        at: this.now(),
        service: call.service,
        agent: call.agent,
        via: call.via,
        ok: call.ok ? 1 : 0,
        error_code: call.error_code ?? null,
        ms: call.ms,
      })
      .execute()
  }

  /**
   * Calls, errors and latency percentiles per agent over the last `days`. Percentiles are exact
   * (nearest rank over the window's samples), computed here so SQLite and PostgreSQL agree.
   */
  async agentStats(days: number, filter: { service?: string | undefined } = {}): Promise<AgentStats[]> {
    const since = this.now() - days * 86_400_000
    let q = this.db
      .selectFrom('router_agent_calls')
      .select(['service', 'agent', 'ok', 'ms', 'at'])
      .where('at', '>=', since)
    if (filter.service) q = q.where('service', '=', filter.service)
    const rows = await q.orderBy('service').orderBy('agent').execute()
    const groups = new Map<string, AgentCallRow[]>()
    for (const r of rows as AgentCallRow[]) {
      const key = `${r.service}/${r.agent}`
      const list = groups.get(key)
      if (list) list.push(r)
      else groups.set(key, [r])
    }
    return [...groups.values()].map((list) => {
      const ms = list.map((r) => Number(r.ms)).sort((a, b) => a - b)
      const errors = list.filter((r) => !r.ok).length
      return {
        service: list[0]!.service,
        agent: list[0]!.agent,
        calls: list.length,
        errors,
        error_rate: round(errors / list.length, 4),
        latency_ms: {
          p50: round(percentile(ms, 50), 2),
          p95: round(percentile(ms, 95), 2),
          p99: round(percentile(ms, 99), 2),
          max: round(ms[ms.length - 1]!, 2),
        },
        last_called_at: new Date(Math.max(...list.map((r) => Number(r.at)))).toISOString(),
      }
    })
  }

  // ── chain chat ──────────────────────────────────────────────────────────────────────────────

  async createConversation(title: string | null): Promise<string> {
    const id = randomUUID()
    const now = this.now()
    await this.db
      .insertInto('router_conversations')
      .values({ id, title, created_at: now, updated_at: now })
      .execute()
    return id
  }

  async conversationExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('router_conversations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined
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

function toGpt(row: GptVersionRow): GptVersion {
  return {
    version: Number(row.version),
    hash: row.hash,
    instructions: row.instructions,
    tools: JSON.parse(row.tools) as unknown[],
    note: row.note,
    synced_at: new Date(Number(row.synced_at)).toISOString(),
  }
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

function round(value: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
