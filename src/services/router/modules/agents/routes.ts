/**
 * /v1/agents/registry: the agents (all 88 of the catalogue, each with its gateway path and MCP tool
 * name) and the workers registered with the router. /v1/agents/registry/stats: calls, errors and
 * latency percentiles per agent over the last `days`, from the router's own agent call log (calls
 * made by agent.call jobs, the chain chat and the MCP servers; the gateway keeps its own log).
 */

import type { Dispatcher } from '../../../../agents/dispatch.ts'
import { AGENT_SERVICE_COUNTS } from '../../../../agents/types.ts'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import { ok } from '../../../../kit/envelope.ts'
import type { App } from '../../../../kit/server.ts'
import { agentToolName } from '../../tool-catalogue.ts'
import type { AgentCallLog } from './call-log.ts'
import { RegistryQuery, RegistryResponse, StatsQuery, StatsResponse } from './schemas.ts'

export interface AgentsDeps {
  dispatcher: Pick<Dispatcher, 'agents'>
  calls: AgentCallLog
  builtinKinds: readonly string[]
  queue: Pick<JobQueue, 'listWorkers'>
}

export function registerAgents(app: App, deps: AgentsDeps): void {
  app.get(
    '/v1/agents/registry',
    {
      schema: {
        response: {
          200: RegistryResponse,
        },
        querystring: RegistryQuery,
      },
    },
    async (request, reply) => {
      const service = request.query.service
      const agents = deps.dispatcher.agents
        .filter((a) => !service || a.service === service)
        .map((a) => ({
          service: a.service,
          name: a.name,
          description: a.description,
          path: `/api/${a.service}/${a.name}`,
          mcp_tool: agentToolName(a.service, a.name),
          mcp_server: `/v1/mcp/${a.service}`,
          input_schema: a.input,
        }))
      const services = Object.entries(AGENT_SERVICE_COUNTS).map(([name, expected]) => ({
        name,
        agents: deps.dispatcher.agents.filter((a) => a.service === name).length,
        expected,
      }))
      const workers = await deps.queue.listWorkers({ limit: 200 })
      return ok(reply, {
        count: agents.length,
        agents,
        services,
        job_kinds: [...deps.builtinKinds],
        workers: workers.items,
      })
    },
  )

  app.get(
    '/v1/agents/registry/stats',
    {
      schema: {
        response: {
          200: StatsResponse,
        },
        querystring: StatsQuery,
      },
    },
    async (request, reply) => {
      const days = request.query.days ?? 7
      const agents = await deps.calls.agentStats(days, { service: request.query.service })
      const calls = agents.reduce((n, a) => n + a.calls, 0)
      const errors = agents.reduce((n, a) => n + a.errors, 0)
      return ok(reply, { period_days: days, totals: { calls, errors, agents: agents.length }, agents })
    },
  )
}
