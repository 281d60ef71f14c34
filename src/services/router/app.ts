/**
 * The router app: built from its dependencies, no I/O of its own (tests drive it with `inject`).
 * service.ts opens the storage, starts the built-in workers and the lease reaper, and calls this.
 *
 * Each feature is a module under modules/<feature>/ (routes, schemas, its store where it has
 * one) that takes only the dependencies it names; this file wires them and nothing else.
 */
import type { JobQueue } from '../../engines/jobs/queue.ts'
import { ok } from '../../kit/envelope.ts'
import type { Logger } from '../../kit/logger.ts'
import { type App, createServer } from '../../kit/server.ts'
import { type AuthOptions, authHook } from './auth.ts'
import { type AgentsDeps, registerAgents } from './modules/agents/routes.ts'
import { type AssistantDeps, registerAssistant } from './modules/assistant/routes.ts'
import { type ChatDeps, registerChat } from './modules/chat/routes.ts'
import { type ContextDeps, registerContext } from './modules/context/routes.ts'
import { type JobsDeps, registerJobs } from './modules/jobs/routes.ts'
import { type LlmDeps, registerLlm } from './modules/llm/routes.ts'
import { type McpDeps, registerMcp } from './modules/mcp/routes.ts'
import { type MemoryDeps, registerMemory } from './modules/memory/routes.ts'
import { type PagesDeps, registerPages } from './modules/pages/routes.ts'
import { type ProxyDeps, registerProxies } from './modules/proxy/routes.ts'
import { registerTruthLog, type TruthLogDeps } from './modules/truth-log/routes.ts'
import { registerWeb, type WebDeps } from './modules/web/routes.ts'

export interface RouterDeps {
  logger: Logger
  auth: AuthOptions
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
}

export function buildApp(deps: RouterDeps): App {
  const app = createServer({
    name: 'router',
    envelope: 'standard',
    logger: deps.logger,
    logRequests: deps.logRequests ?? false,
  })
  app.addHook('onRequest', authHook(deps.auth))

  app.get('/', { config: { auth: 'public' } }, async (_request, reply) =>
    ok(reply, {
      service: 'router',
      description:
        'jobs, tasks and workers, truth log, LLM proxy, memory, chat, context sync, MCP, proxies, web tools',
      job_kinds: deps.jobs.builtinKinds,
      llm_configured: deps.llmConfigured,
      docs: '/docs/router',
    }),
  )

  app.get('/health', { config: { auth: 'public' } }, async (_request, reply) => {
    const counts = await deps.queue.counts()
    return ok(reply, { status: 'ok', jobs: counts, llm_configured: deps.llmConfigured })
  })

  registerJobs(app, deps.jobs)
  registerTruthLog(app, deps.truthLog)
  registerAssistant(app, deps.assistant)
  registerLlm(app, deps.llm)
  registerMemory(app, deps.memory)
  registerMcp(app, deps.mcp)
  registerProxies(app, deps.proxy)
  registerPages(app, deps.pages)
  registerContext(app, deps.context)
  registerChat(app, deps.chat)
  registerAgents(app, deps.agents)
  registerWeb(app, deps.web)
  return app
}
