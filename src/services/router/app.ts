/**
 * The router app: built from its dependencies, no I/O of its own (tests drive it with `inject`).
 * service.ts opens the storage, starts the built-in workers and the lease reaper, and calls this.
 */
import type { Dispatcher } from '../../agents/dispatch.ts'
import type { Snapshot } from '../../engines/discovery/dataset.ts'
import type { JobQueue } from '../../engines/jobs/queue.ts'
import type { MemoryStore } from '../../engines/memory/store.ts'
import type { TruthLog } from '../../engines/truth-log/chain.ts'
import { ok } from '../../kit/envelope.ts'
import type { Logger } from '../../kit/logger.ts'
import { type App, createServer } from '../../kit/server.ts'
import { authHook, type KeyVerifier } from './auth.ts'
import type { Catalogue } from './catalogue.ts'
import type { LlmRelay } from './llm-relay.ts'
import type { PlatformClients } from './platform.ts'
import { chainRoutes } from './routes/chain.ts'
import { contextRoutes } from './routes/context.ts'
import { gptRoutes } from './routes/gpt.ts'
import { jobRoutes } from './routes/jobs.ts'
import { llmRoutes } from './routes/llm.ts'
import { mcpRoutes } from './routes/mcp.ts'
import { memoryRoutes } from './routes/memory.ts'
import { pageRoutes } from './routes/pages.ts'
import { proxyRoutes } from './routes/proxy.ts'
import { registryRoutes } from './routes/registry.ts'
import { truthLogRoutes } from './routes/truth-log.ts'
import type { RouterStore } from './store.ts'

export interface RouterDeps {
  logger: Logger
  queue: JobQueue
  truthLog: TruthLog
  store: RouterStore
  dispatcher: Dispatcher
  platform: PlatformClients
  catalogue: Catalogue
  llm: LlmRelay
  memory: MemoryStore
  /** Targets of /rag/* and /aml/* (timeout per request, ms). */
  proxy: { knowledgeUrl: string; amlUrl: string; timeoutMs: number }
  /** /web/* pages from the discovery snapshot (loaded at start) and /docs/* from the project root. */
  /** Context sync: the source folder (CONTEXT_DIR) and the folder it writes (CONTEXT_TARGET_DIR). */
  context: { sourceDir: string; targetDir: string }
  pages: { projectRoot: string; snapshot?: Snapshot | undefined; snapshotProblem?: string | undefined }
  /** Longest silence between streamed LLM chunks (ms). */
  llmIdleMs: number
  /** Kinds the built-in workers run. */
  builtinKinds: string[]
  /** Checks a built-in kind's input at POST /tasks (throws a 400). */
  validateInput: (kind: string, input: unknown) => void
  defaults: { leaseSeconds: number; maxAttempts: number }
  auth: { adminKey: string; internalKey: string; requireApiKey: boolean; keys?: KeyVerifier | undefined }
  /** Told when /v1/gpt/sync publishes a version (the built-in pool reports it in heartbeats). */
  onGptVersion?: (version: number) => void
  logRequests?: boolean
}

export function buildApp(deps: RouterDeps): App {
  const app = createServer({
    name: 'router',
    envelope: 'standard',
    logger: deps.logger,
    logRequests: deps.logRequests ?? false,
  })
  app.addHook(
    'onRequest',
    authHook({
      adminKey: deps.auth.adminKey,
      internalKey: deps.auth.internalKey,
      requireApiKey: deps.auth.requireApiKey,
      keys: deps.auth.keys,
    }),
  )

  app.get('/', { config: { auth: 'public' } }, async (_request, reply) =>
    ok(reply, {
      service: 'router',
      description: 'jobs, tasks and workers, truth log, LLM proxy, memory, chat, context sync, MCP, proxies',
      job_kinds: deps.builtinKinds,
      llm_configured: deps.llm.configured,
      docs: '/docs/router',
    }),
  )

  app.get('/health', { config: { auth: 'public' } }, async (_request, reply) => {
    const counts = await deps.queue.counts()
    return ok(reply, { status: 'ok', jobs: counts, llm_configured: deps.llm.configured })
  })

  jobRoutes(app, deps)
  truthLogRoutes(app, deps)
  gptRoutes(app, deps)
  llmRoutes(app, deps)
  memoryRoutes(app, deps)
  mcpRoutes(app, deps)
  proxyRoutes(app, deps)
  pageRoutes(app, deps)
  contextRoutes(app, deps)
  chainRoutes(app, deps)
  registryRoutes(app, deps)
  return app
}
