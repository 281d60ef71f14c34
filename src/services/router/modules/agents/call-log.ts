/**
 * The agent call log: one row per agent call made through the router (jobs, chain chat, MCP),
 * read back as per-agent call counts, error rates and latency percentiles.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'

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

interface Tables {
  router_agent_calls: AgentCallRow
}

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

export class AgentCallLog {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

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
}

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

function round(value: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}
