/**
 * The router as the platform starts it: storage (SQLite under DATA_DIR, or DATABASE_URL), the
 * queue with its built-in workers (ROUTER_WORKERS at once) and lease reaper, the truth log, the
 * LLM relay and the platform clients, then `buildApp`.
 */
import { resolve } from 'node:path'
import { createAgentDeps } from '../../agents/deps.ts'
import { createDispatcher } from '../../agents/dispatch.ts'
import { agents } from '../../agents/index.ts'
import { DEFAULT_ORIGIN, loadDataset } from '../../engines/discovery/dataset.ts'
import { WorkerCredentials } from '../../engines/jobs/credentials.ts'
import { JobQueue } from '../../engines/jobs/queue.ts'
import { WorkerPool } from '../../engines/jobs/runner.ts'
import { KeyStore, type KeyTables, type UsageRecord } from '../../engines/keys/store.ts'
import { UsageBuffer } from '../../engines/keys/usage-buffer.ts'
import { createEmbedders } from '../../engines/knowledge/embedders/index.ts'
import { MemoryStore } from '../../engines/memory/store.ts'
import type { DossierDeps } from '../../engines/scout/dossier.ts'
import { TruthLog } from '../../engines/truth-log/chain.ts'
import { BrowserPool } from '../../engines/web/browser.ts'
import { Parsing } from '../../engines/web/parsing.ts'
import { type GuardedFetch, Scraper } from '../../engines/web/scraper.ts'
import type { CommonConfig } from '../../kit/config.ts'
import { type Database, openDatabase } from '../../kit/db.ts'
import { createEgress, egressSettings } from '../../kit/egress.ts'
import type { Logger } from '../../kit/logger.ts'
import { MemoryRateLimiter, type RateLimiter } from '../../kit/ratelimit.ts'
import { createRateLimiter, LIMIT_PREFIXES } from '../../kit/ratelimit-redis.ts'
import { openRedis } from '../../kit/redis.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp, type RouterDeps } from './app.ts'
import type { KeyVerifier } from './auth.ts'
import {
  checkProductionKeys,
  DEV_ADMIN_KEY,
  DEV_INTERNAL_KEY,
  fallbackModels,
  PROJECT_ROOT,
  type RouterConfig,
  requiresApiKey,
  type routerSpec,
} from './config.ts'
import { AgentCallLog } from './modules/agents/call-log.ts'
import { AssistantConfigStore } from './modules/assistant/store.ts'
import { ConversationStore } from './modules/chat/store.ts'
import { builtinKinds, inputValidators } from './modules/jobs/builtin-kinds.ts'
import { LlmRelay } from './modules/llm/relay.ts'
import { LlmUsageLog } from './modules/llm/usage-log.ts'
import { SCOUT_KIND, scoutKind } from './modules/scout/kind.ts'
import { ScoutRunStore } from './modules/scout/store.ts'
import { recordJobOutcome } from './modules/truth-log/routes.ts'
import { crawlKind } from './modules/web/crawl-kind.ts'
import { llmExtractor } from './modules/web/extraction.ts'
import { ServiceClients } from './service-clients.ts'
import { buildCatalogue } from './tool-catalogue.ts'

export interface Assembled {
  deps: RouterDeps
  pool: WorkerPool
  /** Starts the built-in workers and the reaper (and loads the pages' snapshot). */
  start(): Promise<void>
  /** Reads the discovery snapshot behind /web/*. */
  loadPages(): Promise<void>
  /** Stops them (running jobs get `graceMs` to finish) and writes the usage still buffered. */
  stop(graceMs?: number): Promise<void>
  /** Writes the usage rows buffered so far. */
  flushUsage(): Promise<void>
}

/**
 * Everything the app needs, over an open database. Tests call this with their own database,
 * fetch and key verifier; `start` is separate so a test decides whether workers run.
 */
export function assembleRouter(
  config: RouterConfig & Pick<CommonConfig, 'NODE_ENV'>,
  database: Database,
  opts: {
    logger: Logger
    fetch?: typeof fetch
    keys?: KeyVerifier
    now?: () => number
    /** Counts keyed requests (default in process; the service passes Redis when REDIS_URL is set). */
    limiter?: RateLimiter
  },
): Assembled {
  const { logger } = opts
  const queue = new JobQueue(database, {
    workerTtlMs: config.ROUTER_WORKER_TTL_SECONDS * 1000,
    ...(opts.now ? { now: opts.now } : {}),
  })
  const truthLog = new TruthLog(database)
  const credentials = new WorkerCredentials(database, opts.now ? { now: opts.now } : {})
  const now = opts.now ? { now: opts.now } : {}
  const configs = new AssistantConfigStore(database, now)
  const usage = new LlmUsageLog(database, now)
  const calls = new AgentCallLog(database, now)
  const conversations = new ConversationStore(database, now)
  const agentDeps = createAgentDeps(config)
  const dispatcher = createDispatcher(agents, agentDeps, logger)
  const platform = new ServiceClients({
    knowledgeUrl: config.KNOWLEDGE_URL,
    amlUrl: config.AML_URL,
    domainUrl: config.DOMAIN_URL,
    discoveryUrl: config.DISCOVERY_URL,
    timeoutMs: config.ROUTER_PROXY_TIMEOUT_SECONDS * 1000,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  })
  const llm = new LlmRelay(
    {
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      fallbackModels: fallbackModels(config),
      timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
      idleMs: config.LLM_STREAM_IDLE_SECONDS * 1000,
      retries: config.LLM_RETRIES,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    },
    usage,
    logger,
  )
  const memory = new MemoryStore(database, memoryEmbedder(config, opts.fetch), {
    dedupThreshold: config.MEMORY_DEDUP_THRESHOLD / 100,
  })
  const catalogue = buildCatalogue({ dispatcher, platform, calls })
  const web = assembleWeb(config, llm)
  // The dossier asks the same registry clients the agents use, and the AML service the router calls.
  const scoutRuns = new ScoutRunStore(database, now)
  const dossier: DossierDeps = {
    ares: agentDeps.registries.ares,
    aresSearch: agentDeps.sources.aresSearch,
    isir: agentDeps.registries.isir,
    vatRegister: agentDeps.sources.vatRegister,
    screen: (subject) => platform.amlScreen(subject),
    web: web.egress,
    sourceTimeoutMs: config.SCOUT_SOURCE_TIMEOUT_SECONDS * 1000,
  }
  const kinds = {
    ...builtinKinds({ dispatcher, platform, calls, llm }),
    'web.crawl': web.crawlKind,
    [SCOUT_KIND]: scoutKind({ dossier, queue, runs: scoutRuns }),
  }
  const handlers = Object.fromEntries(Object.entries(kinds).map(([name, k]) => [name, k.run]))
  const pool = new WorkerPool(queue, handlers, { concurrency: Math.max(1, config.ROUTER_WORKERS), logger })

  // Jobs asked to be logged record their outcome in the truth log as they finish.
  queue.onFinished((job) => {
    if (!job.truth_log) return
    recordJobOutcome(truthLog, job).catch((error: unknown) =>
      logger.error({ err: error, job_id: job.id }, 'could not append the job outcome to the truth log'),
    )
  })

  // Keyed calls are logged where the gateway logs its own (gateway_usage), in batches.
  const keyUsage = new UsageBuffer<UsageRecord>({
    write: (batch) => keyStoreOf(database).writeUsage(batch),
    onError: (error, pending) =>
      logger.error({ err: error, pending }, 'usage rows not written yet; will retry'),
  })

  const jobKinds = config.ROUTER_WORKERS > 0 ? Object.keys(kinds) : []
  const deps: RouterDeps = {
    logger,
    auth: {
      adminKey: config.ADMIN_API_KEY,
      internalKey: config.INTERNAL_API_KEY,
      requireApiKey: requiresApiKey(config),
      keys: opts.keys ?? gatewayKeys(database),
      limiter: opts.limiter ?? new MemoryRateLimiter(),
      workers: credentials,
    },
    usage: keyUsage,
    queue,
    llmConfigured: llm.configured,
    jobs: {
      queue,
      builtinKinds: jobKinds,
      reservedKinds: Object.keys(kinds),
      credentials,
      validateInput: inputValidators(kinds),
      defaults: { leaseSeconds: config.ROUTER_LEASE_SECONDS, maxAttempts: config.ROUTER_MAX_ATTEMPTS },
    },
    truthLog: { truthLog, queue },
    assistant: {
      configs,
      catalogue,
      builtinKinds: jobKinds,
      queue,
      onVersion: (version) => pool.setVersion(String(version)),
    },
    llm: { relay: llm, usage, idleMs: config.LLM_STREAM_IDLE_SECONDS * 1000 },
    chat: {
      dispatcher,
      catalogue,
      llm,
      conversations,
      calls,
      configs,
      deadlineMs: config.CHAIN_CHAT_DEADLINE_SECONDS * 1000,
    },
    memory: { memory, llm },
    mcp: {
      catalogue,
      logger,
      sse: {
        perClient: config.MCP_SSE_SESSIONS_PER_CLIENT,
        total: config.MCP_SSE_MAX_SESSIONS,
        idleMs: config.MCP_SSE_IDLE_SECONDS * 1000,
      },
    },
    proxy: {
      knowledgeUrl: config.KNOWLEDGE_URL,
      amlUrl: config.AML_URL,
      timeoutMs: config.ROUTER_PROXY_TIMEOUT_SECONDS * 1000,
      operatorKeys: { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
    },
    pages: { projectRoot: PROJECT_ROOT },
    context: { sourceDir: resolve(config.CONTEXT_DIR), targetDir: resolve(config.CONTEXT_TARGET_DIR) },
    agents: { dispatcher, calls, builtinKinds: jobKinds, queue },
    contacts: { platform, domainUrl: config.DOMAIN_URL },
    reality: {
      egress: web.egress,
      parsing: web.parsing,
      platform,
      extractJson: llm.configured ? llmExtractor(llm) : undefined,
    },
    scout: {
      queue,
      runs: scoutRuns,
      dossier,
      egress: web.egress,
      workersRun: config.ROUTER_WORKERS > 0,
      // Every source has its own limit; they run side by side, the members' screenings after the register.
      jobTimeoutMs: config.SCOUT_SOURCE_TIMEOUT_SECONDS * 3 * 1000 + 30_000,
    },
    web: {
      egress: web.egress,
      scraper: web.scraper,
      parsing: web.parsing,
      browser: web.browser,
      queue,
      crawlerRuns: config.ROUTER_WORKERS > 0,
      limits: {
        batchConcurrency: 3,
        maxUploadBytes: config.WEB_MAX_UPLOAD_BYTES,
        crawlDelayMs: config.WEB_CRAWL_DELAY_MS,
      },
    },
  }

  let reaper: NodeJS.Timeout | undefined
  let pruner: NodeJS.Timeout | undefined
  return {
    deps,
    pool,
    async loadPages() {
      const loaded = await loadDataset(config.DISCOVERY_DATASET, config.DISCOVERY_ORIGIN ?? DEFAULT_ORIGIN)
      if (loaded.ok) deps.pages.snapshot = loaded.snapshot
      else {
        deps.pages.snapshotProblem = `The discovery snapshot ${config.DISCOVERY_DATASET} is not valid: ${loaded.problems
          .slice(0, 3)
          .map((p) => p.message)
          .join('; ')}`
        logger.warn({ problems: loaded.problems.length }, deps.pages.snapshotProblem)
      }
    },
    async start() {
      await this.loadPages()
      const current = await configs.currentGpt()
      if (current) pool.setVersion(String(current.version))
      if (config.ROUTER_WORKERS > 0) await pool.start()
      reaper = setInterval(() => {
        queue
          .reap()
          .catch((error: unknown) => logger.error({ err: error }, 'requeueing lapsed leases failed'))
      }, config.ROUTER_REAP_SECONDS * 1000)
      reaper.unref()
      // Workers unseen for a week are forgotten (their jobs were requeued long ago).
      pruner = setInterval(() => {
        queue
          .pruneWorkers(7 * 86_400_000)
          .catch((error: unknown) => logger.error({ err: error }, 'pruning workers failed'))
      }, 3_600_000)
      pruner.unref()
    },
    async stop(graceMs = 5000) {
      clearInterval(reaper)
      clearInterval(pruner)
      if (pool.id) await pool.stop(graceMs)
      await web.close()
      await keyUsage.close()
    },
    flushUsage: () => keyUsage.flush(),
  }
}

/**
 * The web tools over one egress guard: the guarded fetch, the parsers' thread pool, Chromium
 * (whose every request goes through the same guard), the scraper and the crawl job kind.
 */
function assembleWeb(config: RouterConfig, llm: LlmRelay) {
  const egress = createEgress({ ...egressSettings(config), userAgent: config.WEB_USER_AGENT })
  const parsing = new Parsing({
    timeoutMs: config.WEB_PARSE_TIMEOUT_SECONDS * 1000,
    memoryMb: config.WEB_PARSE_MEMORY_MB,
  })
  const browser = new BrowserPool({
    executablePath: config.CHROMIUM_PATH,
    maxPages: config.WEB_BROWSER_PAGES,
    userAgent: config.WEB_USER_AGENT,
    vet: async (host, port) => {
      const vetted = await egress.check(new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}/`))
      return { address: vetted.addresses[0]!.address }
    },
  })
  const fetch: GuardedFetch = async (url, opts) => {
    const response = await egress.fetch(url, {
      timeoutMs: opts.timeoutMs,
      ...(opts.headers ? { headers: opts.headers } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
    return {
      url: response.url,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: response.body,
    }
  }
  const scraper = new Scraper({
    fetch,
    extract: (html, url, opts) => parsing.extract(html, url, opts),
    convert: (bytes, opts) => parsing.convert(bytes, opts),
    browser,
    extractJson: llm.configured ? llmExtractor(llm) : undefined,
    userAgent: config.WEB_USER_AGENT,
  })
  const robotsToken = config.WEB_USER_AGENT.split('/')[0]!.trim()
  return {
    egress,
    parsing,
    browser,
    scraper,
    crawlKind: crawlKind({ scraper, fetch, userAgent: config.WEB_USER_AGENT, robotsToken }),
    async close() {
      await Promise.allSettled([browser.close(), parsing.close(), egress.close()])
    },
  }
}

/**
 * Gateway-issued keys, checked against the gateway's key store in the same database (the router
 * and the gateway share DATA_DIR / DATABASE_URL): active, unexpired, not revoked, with the key's
 * limits, which the router applies exactly as the gateway does.
 */
function gatewayKeys(database: Database): KeyVerifier {
  const store = keyStoreOf(database)
  return {
    async verify(key) {
      const found = await store.authenticate(key)
      return found
        ? { ok: true, keyId: String(found.id), limits: found }
        : { ok: false, reason: 'unknown, revoked or expired key' }
    },
  }
}

/** Key creation is not used here, so no tiers and any prefix: only reads and usage rows. */
function keyStoreOf(database: Database): KeyStore {
  return new KeyStore(database.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
}

function memoryEmbedder(config: RouterConfig, fetchImpl: typeof fetch | undefined) {
  return createEmbedders({
    kind: config.MEMORY_EMBEDDER,
    setting: 'MEMORY_EMBEDDER',
    modelDir: config.EMBEDDINGS_MODEL_DIR,
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  }).default
}

/** Starts the router service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof routerSpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  checkProductionKeys(config)
  const database = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger })
  await database.migrate()
  // With Redis, a key's windows are the gateway's own (same prefix): one key, one budget.
  const redis = config.REDIS_URL
    ? openRedis(config.REDIS_URL, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger })
    : undefined
  const limiter = redis
    ? createRateLimiter(redis, {
        prefix: LIMIT_PREFIXES.apiKeys,
        onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
        logger,
      })
    : undefined
  const router = assembleRouter(config, database, { logger, ...(limiter ? { limiter } : {}) })
  const app = await buildApp(router.deps)
  await router.start()
  const notes: string[] = []
  if (config.ADMIN_API_KEY === DEV_ADMIN_KEY) notes.push(`admin key (development default): ${DEV_ADMIN_KEY}`)
  if (config.INTERNAL_API_KEY === DEV_INTERNAL_KEY)
    notes.push(`internal key (development default): ${DEV_INTERNAL_KEY}`)
  if (!config.LLM_BASE_URL)
    notes.push('no LLM_BASE_URL: /v1/llm/* and the chain chat answer 503 until it is set')
  return {
    app,
    notes,
    async close() {
      await router.stop()
      await limiter?.close()
      redis?.disconnect()
      await database.close()
    },
  }
}
