/**
 * The LLM usage log: one row per relayed call (who, which model, tokens, latency, outcome).
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'

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

interface Tables {
  router_llm_usage: LlmUsageRow
}

export type LlmUsage = Omit<LlmUsageRow, 'id' | 'at' | 'stream'> & { stream: boolean }

export class LlmUsageLog {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

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
        // An error status, or a stream that broke after its 200 (a client that left is no error).
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.or([
                  eb('status', '>=', 400),
                  eb.and([eb('error', 'is not', null), eb('error', '!=', 'client disconnected')]),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('errors'),
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
}
