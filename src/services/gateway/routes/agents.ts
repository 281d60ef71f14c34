/**
 * Keyed routes: the agent catalogue and agent calls. A call's body is checked against the agent's
 * input schema (400 naming the field), then the agent runs in process through the dispatcher, or
 * is forwarded to the agent runner at AGENTS_URL. Success: `{service, agent, result,
 * execution_time_ms, request_id}`.
 */
import type { ValidateFunction } from 'ajv'
import { langFromAcceptLanguage } from '../../../agents/lang.ts'
import type { ResultContract } from '../../../agents/result.ts'
import { AGENT_SERVICES } from '../../../agents/types.ts'
import { AppError } from '../../../kit/errors.ts'
import { UpstreamError } from '../../../kit/http.ts'
import { statusClass } from '../../../kit/metrics.ts'
import type { App } from '../../../kit/server.ts'
import { createAjv, validationError } from '../../../kit/validation.ts'
import type { GatewayDeps } from '../app.ts'
import {
  AgentCallBody,
  AgentCallResponse,
  AgentParams,
  AgentsQuery,
  AgentsResponse,
  ErrorBody,
  errorResponses,
  RateLimitedBody,
  ServicesResponse,
} from '../schemas.ts'
import { upstreamFailure } from '../upstream.ts'

const keyed: Record<string, string[]>[] = [{ apiKey: [] }, { bearer: [] }]
const keyedErrors = { ...errorResponses, 429: RateLimitedBody }

export function registerAgents(app: App, deps: GatewayDeps): void {
  const byService = new Map<string, string[]>(AGENT_SERVICES.map((s) => [s, []]))
  for (const agent of deps.agents) byService.get(agent.service)?.push(agent.name)

  const services = {
    count: AGENT_SERVICES.length,
    total_agents: deps.agents.length,
    services: AGENT_SERVICES.map((name) => ({
      name,
      agents: byService.get(name)!.length,
      agent_names: byService.get(name)!,
      path: `/api/${name}`,
    })),
  }
  const catalogue = deps.agents.map((a) => ({
    name: a.name,
    service: a.service,
    description: a.description,
    path: `/api/${a.service}/${a.name}`,
    input_schema: a.input as Record<string, unknown>,
    output_schema: a.output as Record<string, unknown>,
  }))

  app.get(
    '/api/services',
    {
      schema: {
        tags: ['agents'],
        summary: 'The 11 agent services and their agents',
        security: keyed,
        response: { 200: ServicesResponse, ...keyedErrors },
      },
    },
    async () => services,
  )

  app.get(
    '/api/agents',
    {
      schema: {
        tags: ['agents'],
        summary: 'Every agent with its input and output JSON Schema',
        security: keyed,
        querystring: AgentsQuery,
        response: { 200: AgentsResponse, ...keyedErrors },
      },
    },
    async (request) => {
      const { service } = request.query
      const agents = service ? catalogue.filter((a) => a.service === service) : catalogue
      return { count: agents.length, agents }
    },
  )

  // Forwarded calls are validated here first, so a bad body never costs a round trip.
  const ajv = deps.upstream ? createAjv({ coerce: false }) : undefined
  const validators = new Map<string, ValidateFunction>()
  const timeoutMs = deps.upstreamTimeoutMs ?? 30_000

  app.post(
    '/api/:service/:agent',
    {
      schema: {
        tags: ['agents'],
        summary: 'Call one agent with a JSON body',
        description:
          'The body must match the agent’s input_schema (GET /api/agents). Answers `{service, agent, result, execution_time_ms, request_id}`. Human-readable texts are in the body’s `lang` (`cs` or `en`), else the language Accept-Language prefers, else Czech.',
        security: keyed,
        params: AgentParams,
        body: AgentCallBody,
        response: { 200: AgentCallResponse, ...keyedErrors, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request) => {
      const { service, agent } = request.params
      const definition = deps.dispatcher.find(service, agent)
      if (!definition) {
        throw new AppError('not_found', `No agent ${service}/${agent}; GET /api/agents lists them`, {
          service,
          agent,
        })
      }
      // The body's `lang` wins; without one, the texts are in the language Accept-Language asks
      // for (cs when it names neither).
      const body = request.body ?? {}
      const lang = 'lang' in body ? undefined : langFromAcceptLanguage(request.headers['accept-language'])
      if (deps.upstream) {
        // Written into the body, so the forwarded call carries it.
        const input = lang === undefined ? body : { ...body, lang }
        const id = `${service}/${agent}`
        let validate = validators.get(id)
        if (!validate) {
          validate = ajv!.compile(definition.input)
          validators.set(id, validate)
        }
        if (!validate(structuredClone(input))) throw validationError(validate.errors![0]!, 'body')
        const labels = { service, agent }
        try {
          const answer = await deps.upstream.call(service, agent, input, request.id)
          deps.metrics.proxyRequests.inc({ ...labels, status_class: statusClass(answer.status) })
          return {
            service,
            agent,
            // The runner answers through the same dispatcher: its results carry the contract.
            result: answer.result as ResultContract,
            execution_time_ms: round(answer.executionMs),
            request_id: request.id,
          }
        } catch (error) {
          if (error instanceof UpstreamError) {
            deps.metrics.proxyRequests.inc({
              ...labels,
              status_class: error.status === undefined ? 'none' : statusClass(error.status),
            })
            deps.metrics.proxyErrors.inc({ ...labels, reason: error.kind })
            request.log.warn({ agent: id, kind: error.kind, status: error.status }, 'agent runner failed')
            throw upstreamFailure(error, timeoutMs)
          }
          if (error instanceof AppError) deps.metrics.proxyRequests.inc({ ...labels, status_class: '4xx' })
          throw error
        }
      }
      try {
        // In process the dispatcher takes the language beside the input (no copy of the body).
        const { output, ms } = await deps.dispatcher.call(service, agent, body, lang ? { lang } : undefined)
        return {
          service,
          agent,
          result: output as ResultContract,
          execution_time_ms: round(ms),
          request_id: request.id,
        }
      } catch (error) {
        // An outside source an agent relies on (registry, rates, LLM) failed: say which one.
        if (error instanceof UpstreamError) {
          throw new AppError(
            error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error',
            `${error.source} is unavailable (${error.kind}); retry later`,
            { upstream: error.source },
          )
        }
        throw error
      }
    },
  )
}

/** Milliseconds to 0.01 ms. */
function round(ms: number): number {
  return Math.round(ms * 100) / 100
}
