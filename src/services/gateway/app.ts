/**
 * The agent gateway's HTTP app, built from its dependencies with no I/O of its own (tests drive it
 * with `inject` or listen on a port). Speaks the gateway envelope ({error, code, request_id, …}).
 *
 * Request path of a keyed route: keys in the query string refused (by the kit server) → key
 * present (401) → key active and unexpired, read from the database (403) → both sliding windows
 * checked at once (429) → the handler. Every response to a valid key carries RateLimit-Policy/RateLimit and is logged to the
 * usage buffer, a 404 or 405 included (endpoint `unmatched`); every response of any route is counted
 * in the metrics.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Dispatcher } from '../../agents/dispatch.ts'
import type { Agent } from '../../agents/types.ts'
import type { AuthenticatedKey, KeyStore, UsageRecord } from '../../engines/keys/store.ts'
import { registerApiDocs } from '../../kit/api-docs.ts'
import type { Logger } from '../../kit/logger.ts'
import { statusClass } from '../../kit/metrics.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { type App, createServer } from '../../kit/server.ts'
import { apiKeyGuard } from './auth.ts'
import type { HealthChecker } from './health.ts'
import type { CounterEntry, GatewayMetrics, HistogramEntry } from './metrics.ts'
import { registerAdmin } from './routes/admin.ts'
import { registerAgents } from './routes/agents.ts'
import { registerPublic } from './routes/public.ts'
import type { AgentUpstream } from './upstream.ts'

export interface GatewayDeps {
  logger: Logger
  store: KeyStore
  limiter: RateLimiter
  /** Where usage rows go (the UsageBuffer in production: memory now, database in batches). */
  usage: { record(row: UsageRecord): void }
  agents: readonly Agent[]
  dispatcher: Dispatcher
  /** Forward agent calls here instead of running them in process (AGENTS_URL). */
  upstream?: AgentUpstream | undefined
  upstreamTimeoutMs?: number
  health: HealthChecker
  metrics: GatewayMetrics
  /** ADMIN_API_KEY. */
  adminKey: string
  version: string
  logRequests?: boolean
}

/** The route of agent calls; its usage and metrics name the concrete agent (a closed set). */
const AGENT_ROUTE = '/api/:service/:agent'

/** What the gateway keeps on a request: the key it was made with (null on public routes). */
export interface GatewayRequest extends FastifyRequest {
  gatewayKey: AuthenticatedKey | null
}

export async function buildApp(deps: GatewayDeps): Promise<App> {
  const app = createServer({
    name: 'gateway',
    envelope: 'gateway',
    logger: deps.logger,
    bodyLimit: 256 * 1024,
    logRequests: deps.logRequests ?? true,
  })
  app.decorateRequest('gatewayKey', null)

  const { metrics } = deps
  // 'close' fires once per response, finished or aborted, so the gauge never drifts. One listener
  // function for every response: nothing is made per request.
  const left = () => metrics.active.dec()
  // Requests no route matches (404, 405) made with a valid key are counted and logged like any
  // other. One hook for both jobs: each hook Fastify runs costs a call through its hook runner.
  const unmatched = apiKeyGuard(deps, true)
  app.addHook('onRequest', (request, reply, done) => {
    metrics.active.inc()
    reply.raw.on('close', left)
    if (request.is404) unmatched(request, reply, done)
    else done()
  })

  /**
   * Every answer is counted, timed and (with a key) logged by the route that gave it: each route
   * gets its own onResponse hook with its template worked out once, and keeps the series its
   * answers go to by method and status, so an answer costs two map look-ups and no string.
   * Agent calls are labelled and logged by agent: the catalogue is closed, so this stays bounded.
   */
  const recorder = (route: string, service = '', agent = '') => {
    const endpoint = agent ? `/api/${service}/${agent}` : route
    const byMethod = new Map<string, Map<number, { requests: CounterEntry; duration: HistogramEntry }>>()
    return (request: FastifyRequest, reply: FastifyReply): void => {
      const method = request.method
      const status = reply.statusCode
      let byStatus = byMethod.get(method)
      if (byStatus === undefined) {
        byStatus = new Map()
        byMethod.set(method, byStatus)
      }
      let series = byStatus.get(status)
      if (series === undefined) {
        const cls = statusClass(status)
        const key = `${method} ${route} ${cls}`
        series = {
          requests: metrics.requests.entry(agent ? `${key} ${endpoint}` : key, () => ({
            method,
            route,
            service,
            agent,
            status_class: cls,
          })),
          duration: metrics.duration.entry(key, () => ({ method, route, status_class: cls })),
        }
        byStatus.set(status, series)
      }
      series.requests.value++
      metrics.duration.record(series.duration, reply.elapsedTime / 1000)
      const key = (request as GatewayRequest).gatewayKey
      if (key) deps.usage.record({ key_id: key.id, ts: Date.now(), endpoint, method, status })
    }
  }
  app.addHook('onRoute', (options) => {
    // '/admin/keys/usage/:id' → '/admin/keys/usage/{id}'
    const route = options.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const plain = recorder(route)
    let record = plain
    if (options.url === AGENT_ROUTE) {
      const byAgent = new Map<Agent, ReturnType<typeof recorder>>()
      record = (request, reply) => {
        const params = request.params as { service: string; agent: string }
        const known = deps.dispatcher.find(params.service, params.agent)
        if (!known) return plain(request, reply)
        let agentRecord = byAgent.get(known)
        if (agentRecord === undefined) {
          agentRecord = recorder(route, known.service, known.name)
          byAgent.set(known, agentRecord)
        }
        agentRecord(request, reply)
      }
    }
    const own = options.onResponse
    options.onResponse = [
      ...(own === undefined ? [] : Array.isArray(own) ? own : [own]),
      (request, reply, done) => {
        record(request, reply)
        done()
      },
    ]
  })
  // Answers no route gave (404, 405) go through the not-found handler, which has no route.
  const unmatchedRecord = recorder('unmatched')
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatchedRecord(request, reply)
    done()
  })

  // The contract fixes OpenAPI 3.0 for the gateway's description.
  await registerApiDocs(app, {
    openapi: '3.0.3',
    title: 'Gatehouse agent gateway',
    version: deps.version,
    description:
      'API keys, exact per-minute and daily limits, usage and metrics in front of 88 agents in 11 services. ' +
      'Send your key as `X-API-Key: <key>` (or `Authorization: Bearer <key>`); admin routes take `X-Admin-Key`.',
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
      adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
    },
    tags: [
      { name: 'public', description: 'No key needed' },
      { name: 'agents', description: 'API key required' },
      { name: 'admin', description: 'Admin key required' },
    ],
    errorEnvelope: 'gateway',
    swaggerUi: { uiConfig: { docExpansion: 'list', deepLinking: true } },
  })

  app.register(async (scope) => registerPublic(scope as unknown as App, deps))
  app.register(async (scope) => {
    scope.addHook('onRequest', apiKeyGuard(deps))
    registerAgents(scope as unknown as App, deps)
  })
  app.register(async (scope) => registerAdmin(scope as unknown as App, deps))
  return app
}
