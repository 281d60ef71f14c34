/**
 * The gateway as a platform service: opens the database (SQLite in DATA_DIR, or DATABASE_URL) and
 * migrates it, picks the rate limiter (Redis when REDIS_URL is set, so every instance shares the
 * same windows; in process otherwise), builds the agent dispatcher or the upstream client, the
 * health probes and the metrics, and hands them to `buildApp`. `close` writes the usage still
 * buffered, then releases Redis and the database.
 */
import { existsSync } from 'node:fs'
import { sql } from 'kysely'
import { createAgentDeps } from '../../agents/deps.ts'
import { createDispatcher } from '../../agents/dispatch.ts'
import { agents as catalogue } from '../../agents/index.ts'
import type { Agent } from '../../agents/types.ts'
import { KeyStore, type KeyTables, type UsageRecord } from '../../engines/keys/store.ts'
import { loadTiers } from '../../engines/keys/tiers.ts'
import { UsageBuffer } from '../../engines/keys/usage-buffer.ts'
import { fitInBackground } from '../../engines/realestate/valuation.ts'
import type { CommonConfig } from '../../kit/config.ts'
import { openDatabase } from '../../kit/db.ts'
import type { Logger } from '../../kit/logger.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { createRateLimiter, LIMIT_PREFIXES } from '../../kit/ratelimit-redis.ts'
import { assertRedis, openRedis, type Redis } from '../../kit/redis.ts'
import type { RunningService } from '../../kit/service.ts'
import { VERSION } from '../../kit/version.ts'
import { buildApp } from './app.ts'
import { checkGatewayConfig, DEV_ADMIN_KEY, type GatewayConfig } from './config.ts'
import { HealthChecker, httpProbe, type Probe } from './health.ts'
import { createGatewayMetrics } from './metrics.ts'
import { createAgentUpstream } from './upstream.ts'

/** How often old usage rows are deleted (ms). */
const PRUNE_INTERVAL_MS = 6 * 3_600_000

export interface GatewayOverrides {
  /** The agents to serve (default: the catalogue of src/agents). */
  agents?: readonly Agent[]
  /** Process metrics (CPU, memory, event loop) on /metrics; on by default. */
  processMetrics?: boolean
  logRequests?: boolean
  /** Redis key prefix of the rate-limit windows (tests isolate runs with it). */
  limiterPrefix?: string
  /** PostgreSQL schema (tests isolate runs with it). */
  schema?: string
}

export type GatewayStartConfig = GatewayConfig & CommonConfig

export async function startGateway(
  config: GatewayStartConfig,
  logger: Logger,
  overrides: GatewayOverrides = {},
): Promise<RunningService & { store: KeyStore; usage: UsageBuffer<UsageRecord> }> {
  checkGatewayConfig(config)
  const db = openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    logger,
    ...(overrides.schema ? { schema: overrides.schema } : {}),
  })
  let redis: Redis | undefined
  let limiter: RateLimiter
  try {
    await db.migrate()
    if (config.REDIS_URL) {
      redis = openRedis(config.REDIS_URL, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger })
      await assertRedis(redis, config.REDIS_URL)
    }
    limiter = createRateLimiter(redis, {
      prefix: overrides.limiterPrefix ?? LIMIT_PREFIXES.apiKeys,
      onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
      logger,
    })
  } catch (error) {
    redis?.disconnect()
    await db.close()
    throw error
  }

  // On SQLite, key rows are cached and dropped whenever another connection commits (data_version);
  // on PostgreSQL every request reads its row. Either way a revocation is seen on the next request.
  const store = new KeyStore(db.as<KeyTables>(), {
    tiers: loadTiers(),
    keyPrefix: config.API_KEY_PREFIX,
    changeVersion: db.dataVersion,
  })
  const usage = new UsageBuffer<UsageRecord>({
    write: (batch) => store.writeUsage(batch),
    flushIntervalMs: config.USAGE_FLUSH_MS,
    onError: (error, pending) =>
      logger.error({ err: error, pending }, 'usage rows not written yet; will retry'),
  })
  const agents = overrides.agents ?? catalogue
  const dispatcher = createDispatcher(agents, createAgentDeps(config), logger)
  // The valuation agents' model is fitted on a worker thread now, not on the event loop by the
  // first valuation (about 3.5 s of CPU for the 13,000 listings, every other request waiting).
  // Ended when the gateway closes, so no fit outlives it.
  const fit = new AbortController()
  if (!config.AGENTS_URL && existsSync(config.LISTINGS_FILE))
    fitInBackground(config.LISTINGS_FILE, fit.signal).then(
      (valuer) => logger.info({ ...valuer.info, calibration: undefined }, 'valuation model fitted'),
      (error: unknown) => {
        if (!fit.signal.aborted)
          logger.warn(
            { err: error },
            'valuation model not fitted in the background; the first valuation fits it',
          )
      },
    )
  const upstream = config.AGENTS_URL
    ? createAgentUpstream({
        url: config.AGENTS_URL,
        timeoutMs: config.AGENTS_TIMEOUT_SECONDS * 1000,
        ...(config.AGENTS_API_KEY ? { apiKey: config.AGENTS_API_KEY } : {}),
      })
    : undefined
  const metrics = createGatewayMetrics({ processMetrics: overrides.processMetrics ?? true })

  const probes: Probe[] = [
    {
      name: 'database',
      required: true,
      async check() {
        await sql`SELECT 1`.execute(db.as<unknown>())
        return { dialect: db.dialect }
      },
    },
  ]
  if (redis) {
    const client = redis
    probes.push({
      name: 'redis',
      required: true,
      async check() {
        await client.ping()
        return {}
      },
    })
  }
  probes.push(
    upstream
      ? httpProbe('agents', upstream.url, { required: true })
      : {
          name: 'agents',
          required: true,
          check: async () => ({ mode: 'in-process', agents: agents.length }),
        },
    httpProbe('knowledge', config.KNOWLEDGE_URL, { required: false, path: '/rag/health' }),
    httpProbe('aml', config.AML_URL, { required: false }),
    httpProbe('router', config.ROUTER_URL, { required: false }),
  )
  const health = new HealthChecker({
    probes,
    timeoutMs: config.HEALTH_TIMEOUT_MS,
    onReport(report) {
      for (const [name, state] of Object.entries(report.services)) {
        metrics.serviceHealth.set({ service: name }, state.status === 'up' ? 1 : 0)
      }
    },
  })

  const app = await buildApp({
    logger,
    store,
    limiter,
    usage,
    agents,
    dispatcher,
    upstream,
    upstreamTimeoutMs: config.AGENTS_TIMEOUT_SECONDS * 1000,
    health,
    metrics,
    adminKey: config.ADMIN_API_KEY,
    version: VERSION,
    logRequests: overrides.logRequests ?? true,
  })

  const prune = async () => {
    try {
      const deleted = await store.pruneUsage(config.USAGE_RETENTION_DAYS)
      if (deleted > 0) logger.info({ deleted, days: config.USAGE_RETENTION_DAYS }, 'old usage rows deleted')
    } catch (error) {
      logger.error({ err: error }, 'usage pruning failed; will retry')
    }
  }
  void prune()
  const pruner = setInterval(prune, PRUNE_INTERVAL_MS)
  pruner.unref()

  const notes: string[] = []
  if (upstream) notes.push(`agents: forwarded to ${upstream.url}`)
  else notes.push(`agents: ${agents.length} in process`)
  notes.push(`limits: ${redis ? 'Redis (shared by every instance)' : 'in process'}; keys: ${db.dialect}`)
  if (config.NODE_ENV !== 'production') {
    if (config.ADMIN_API_KEY === DEV_ADMIN_KEY) {
      notes.push(
        `admin key: the development default "${DEV_ADMIN_KEY}" (set ADMIN_API_KEY before production)`,
      )
    }
    if ((await store.count()) === 0) {
      notes.push('no API keys yet: create one with `npx gatehouse keys create --name demo`')
    }
  }

  return {
    app,
    store,
    usage,
    notes,
    async close() {
      fit.abort()
      clearInterval(pruner)
      try {
        await usage.close()
      } finally {
        await limiter.close()
        await redis?.quit().catch(() => undefined)
        await db.close()
      }
    },
  }
}
