/**
 * The router app: built from its dependencies, no I/O of its own (tests drive it with `inject`).
 * service.ts opens the storage, starts the built-in workers and the lease reaper, and calls this.
 *
 * Each feature is a module under modules/<feature>/ (routes, schemas, its store where it has
 * one) that takes only the dependencies it names; this file wires them and nothing else.
 */

import { Type } from 'typebox'
import type { JobQueue } from '../../engines/jobs/queue.ts'
import type { UsageRecord } from '../../engines/keys/store.ts'
import { registerApiDocs, type SecurityScheme } from '../../kit/api-docs.ts'
import { ok, okSchema } from '../../kit/envelope.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import { type App, createServer } from '../../kit/server.ts'
import { type AuthOptions, authHook, type RouteAuth } from './auth.ts'
import { type AgentsDeps, registerAgents } from './modules/agents/routes.ts'
import { type AssistantDeps, registerAssistant } from './modules/assistant/routes.ts'
import { type ChatDeps, registerChat } from './modules/chat/routes.ts'
import { type ContactsDeps, registerContacts } from './modules/contacts/routes.ts'
import { type ContextDeps, registerContext } from './modules/context/routes.ts'
import { type JobsDeps, registerJobs } from './modules/jobs/routes.ts'
import { jobSchemas } from './modules/jobs/schemas.ts'
import { type LlmDeps, registerLlm } from './modules/llm/routes.ts'
import { llmSchemas } from './modules/llm/schemas.ts'
import { type McpDeps, registerMcp } from './modules/mcp/routes.ts'
import { type MemoryDeps, registerMemory } from './modules/memory/routes.ts'
import { type PagesDeps, registerPages } from './modules/pages/routes.ts'
import { type ProxyDeps, registerProxies } from './modules/proxy/routes.ts'
import { type RealityDeps, registerReality } from './modules/reality/routes.ts'
import { registerScout, type ScoutDeps } from './modules/scout/routes.ts'
import { scoutSchemas } from './modules/scout/schemas.ts'
import { registerTruthLog, type TruthLogDeps } from './modules/truth-log/routes.ts'
import { registerWeb, type WebDeps } from './modules/web/routes.ts'
import { webSchemas } from './modules/web/schemas.ts'

export interface RouterDeps {
  logger: Logger
  auth: AuthOptions
  /** Keyed calls' usage rows (the gateway's log), when keys are required. */
  usage?: { record(row: UsageRecord): void } | undefined
  logRequests?: boolean
  /** GET /health reports the queue's counts. */
  queue: Pick<JobQueue, 'counts'>
  /** Whether an LLM upstream is configured (GET / and /health say so). */
  llmConfigured: boolean
  jobs: JobsDeps
  truthLog: TruthLogDeps
  assistant: AssistantDeps
  llm: LlmDeps
  chat: ChatDeps
  memory: MemoryDeps
  mcp: McpDeps
  proxy: ProxyDeps
  pages: PagesDeps
  context: ContextDeps
  agents: AgentsDeps
  web: WebDeps
  reality: RealityDeps
  contacts: ContactsDeps
  scout: ScoutDeps
}

const SECURITY_SCHEMES: Record<string, SecurityScheme> = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'a gateway-issued key (when ROUTER_REQUIRE_API_KEY is on)',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'a gateway-issued key, or a worker key (wk_…) on worker routes',
  },
  adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key', description: 'ADMIN_API_KEY' },
  internalKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'INTERNAL_API_KEY' },
  workerKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Worker-Key',
    description: 'a worker key issued at POST /workers/credentials',
  },
}

/** What each auth level accepts, as OpenAPI security requirements (any one of them). */
const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  public: [],
  key: [{}, { apiKey: [] }, { bearer: [] }],
  admin: [{ adminKey: [] }],
  internal: [{ internalKey: [] }],
  worker: [{ bearer: [] }, { workerKey: [] }, { internalKey: [] }],
  operator: [{ adminKey: [] }, { internalKey: [] }],
  key_or_operator: [{}, { apiKey: [] }, { bearer: [] }, { adminKey: [] }, { internalKey: [] }],
}

export async function buildApp(deps: RouterDeps): Promise<App> {
  const app = createServer({
    name: 'router',
    envelope: 'standard',
    logger: deps.logger,
    logRequests: deps.logRequests ?? false,
  })
  app.addHook('onRequest', authHook(deps.auth))
  const usage = deps.usage
  if (usage) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.apiKeyId === undefined) return
      usage.record({
        key_id: Number(request.apiKeyId),
        ts: Date.now(),
        // The route template, never a raw URL with ids in it.
        endpoint: `router:${request.routeOptions.url ?? 'unknown'}`,
        method: request.method,
        status: reply.statusCode,
      })
    })
  }
  await registerApiDocs(app, {
    title: 'Gatehouse router',
    version: '0.1.0',
    description:
      'Jobs, tasks and workers, the truth log, the LLM proxy, memory, chain chat, context sync, MCP servers, proxies to the knowledge and AML services, the web tools, the listing analysis, the contact search and the scout (company dossiers). See src/services/router/README.md.',
    securitySchemes: SECURITY_SCHEMES,
    errorEnvelope: 'standard',
    // /docs is the project's documentation here, so Swagger UI moves to /api-docs.
    swaggerUi: { routePrefix: '/api-docs' },
    // Each route's security comes from its auth level, so the document says what to send.
    securityOf: (route) => SECURITY[(route.config as { auth?: RouteAuth } | undefined)?.auth ?? 'key'],
    shared: [...jobSchemas, ...webSchemas, ...scoutSchemas, ...llmSchemas],
  })
  registerHttpMetrics(app, { service: 'router', routeConfig: { auth: 'public' } })
  // The modules go in one plugin registered after the documentation, so every route is in it.
  app.register(async (plugin) => {
    const scope = plugin as unknown as App

    scope.get(
      '/',
      {
        config: { auth: 'public' },
        schema: {
          response: {
            200: okSchema(
              Type.Object({
                service: Type.String(),
                description: Type.String(),
                job_kinds: Type.Array(Type.String()),
                llm_configured: Type.Boolean(),
                docs: Type.String(),
              }),
            ),
          },
        },
      },
      async (_request, reply) =>
        ok(reply, {
          service: 'router',
          description:
            'jobs, tasks and workers, truth log, LLM proxy, memory, chat, context sync, MCP, proxies, web tools, scout',
          job_kinds: [...deps.jobs.builtinKinds],
          llm_configured: deps.llmConfigured,
          docs: '/docs/router',
        }),
    )

    scope.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: {
          response: {
            200: okSchema(
              Type.Object({
                status: Type.String(),
                jobs: Type.Record(Type.String(), Type.Integer()),
                llm_configured: Type.Boolean(),
              }),
            ),
          },
        },
      },
      async (_request, reply) => {
        const counts = await deps.queue.counts()
        return ok(reply, { status: 'ok', jobs: counts, llm_configured: deps.llmConfigured })
      },
    )

    registerJobs(scope, deps.jobs)
    registerTruthLog(scope, deps.truthLog)
    registerAssistant(scope, deps.assistant)
    registerLlm(scope, deps.llm)
    registerMemory(scope, deps.memory)
    registerMcp(scope, deps.mcp)
    registerProxies(scope, deps.proxy)
    registerPages(scope, deps.pages)
    registerContext(scope, deps.context)
    registerChat(scope, deps.chat)
    registerAgents(scope, deps.agents)
    registerWeb(scope, deps.web)
    registerReality(scope, deps.reality)
    registerContacts(scope, deps.contacts)
    registerScout(scope, deps.scout)
  })
  return app
}
