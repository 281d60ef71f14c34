/**
 * Starting the aml service: open the store (migrations), build the app at once, and load the
 * lists in the background; until they are in memory, screening answers 503 with Retry-After.
 */

import { resolve } from 'node:path'
import {
  createScreener,
  createScreeningEngine,
  importPaths,
  loadHighRiskTable,
  type PepSource,
  screenSubject,
} from '../../engines/aml/index.ts'
import { AresClient } from '../../engines/registries/ares.ts'
import { type CachePolicy, MemoryRegistryCache, RedisRegistryCache } from '../../engines/registries/cache.ts'
import { IsirClient } from '../../engines/registries/isir.ts'
import { openDatabase } from '../../kit/db.ts'
import { refuseDevKeysInProduction } from '../../kit/operator-keys.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { createRateLimiter, LIMIT_PREFIXES } from '../../kit/ratelimit-redis.ts'
import { openRedis } from '../../kit/redis.ts'
import { LocalSemaphore, RedisSemaphore, type Semaphore } from '../../kit/semaphore.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import { type amlSpec, monitorWebhook } from './config.ts'
import { BatchRunner } from './modules/batch/runner.ts'
import { BatchStore } from './modules/batch/store.ts'
import { ListsHolder } from './modules/lists/holder.ts'
import { loadLists } from './modules/lists/load.ts'
import { ListsReloader, type ScreenerFor } from './modules/lists/reloader.ts'
import { Monitor } from './modules/monitor/monitor.ts'
import { MonitorStore } from './modules/monitor/store.ts'
import { AmlStore } from './store.ts'

/** Registry answers stay usable as FALLBACK this long after they were fetched (30 days, ms). */
const STALE_MS = 30 * 24 * 3600_000

/** Starts the aml service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof amlSpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  refuseDevKeysInProduction(config)
  const threshold = config.AML_MATCH_THRESHOLD
  const webhook = monitorWebhook(config)
  const log = logger.child({ service: 'aml' })
  const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger: log })
  await db.migrate()
  const store = new AmlStore(db)
  const redis = config.REDIS_URL
    ? openRedis(config.REDIS_URL, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger: log })
    : undefined
  const rateLimiter: RateLimiter = createRateLimiter(redis, {
    prefix: LIMIT_PREFIXES.aml,
    onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
    logger: log,
  })
  // With Redis the bound holds across instances; a slot is a lease that runs out 15 s after an
  // instance stops renewing it (it died), so a crash never keeps slots for longer.
  const slots: Semaphore = redis
    ? new RedisSemaphore(redis, {
        key: 'sem:aml:screenings',
        max: config.AML_MAX_CONCURRENT,
        waitMs: config.AML_QUEUE_WAIT_MS,
        onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
        logger: log,
      })
    : new LocalSemaphore(config.AML_MAX_CONCURRENT, config.AML_QUEUE_WAIT_MS)
  const cache: CachePolicy = {
    cache: redis ? new RedisRegistryCache(redis) : new MemoryRegistryCache(),
    freshMs: config.AML_REGISTRY_CACHE_SECONDS * 1000,
    staleMs: STALE_MS,
  }
  const network = config.AML_NETWORK_MODULES
  const ares = network
    ? new AresClient({ ...(config.ARES_BASE_URL ? { baseUrl: config.ARES_BASE_URL } : {}), cache })
    : undefined
  const isir = network
    ? new IsirClient({ ...(config.ISIR_URL ? { url: config.ISIR_URL } : {}), cache })
    : undefined
  const highRisk = loadHighRiskTable()
  const lists = new ListsHolder()
  const listsDir = config.AML_LISTS_DIR === 'none' ? undefined : resolve(config.AML_LISTS_DIR)

  // Batches left running by a stopped instance (or the CLI) are taken over once the lists load.
  const batches = new BatchStore(db)
  const batchRunner = new BatchRunner({
    batches,
    store,
    slots,
    logger: log,
    screening: () => (lists.state.status === 'ready' ? lists.state : undefined),
  })
  lists.onReady(() => batchRunner.start())
  // Monitoring: baselines of new enrolments, and — when these lists are the store's current
  // ones — the re-screening of subjects screened against older versions (an import at start, or
  // one made with the CLI while this instance was down).
  const monitors = new MonitorStore(db)
  const monitor = new Monitor({
    monitors,
    store,
    logger: log,
    webhook,
    cooperative: true,
    target: () => (lists.state.status === 'ready' ? lists.state : undefined),
  })
  lists.onReady(() => monitor.start())

  const app = await buildApp({
    logger,
    store,
    lists,
    rateLimiter,
    rateLimitPerMinute: config.AML_RATE_LIMIT_PER_MINUTE,
    slots,
    auditKeys: { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
    batches,
    batchRunner,
    batchMaxBytes: config.AML_BATCH_MAX_BYTES,
    batchMaxActive: config.AML_BATCH_MAX_ACTIVE,
    monitors,
    monitor,
  })

  // PEP lists are files read at start (there is no official Czech one to import).
  let pep: PepSource | undefined
  const screenerFor: ScreenerFor = (engine, versions) =>
    createScreener({
      engine,
      versions,
      highRisk,
      ...(pep ? { pep } : {}),
      ...(ares ? { ares } : {}),
      ...(isir ? { isir } : {}),
      budgets: { registry: config.AML_REGISTRY_TIMEOUT_MS, insolvency: config.AML_INSOLVENCY_TIMEOUT_MS },
    })
  // Versions another process stores later (the CLI, another instance) are picked up from the store.
  const reloader = new ListsReloader({
    store,
    lists,
    screenerFor,
    engine: { threshold },
    logger: log,
    intervalMs: config.AML_LISTS_RELOAD_SECONDS * 1000,
  })

  const started = performance.now()
  const loading = (async () => {
    try {
      if (config.AML_PEP_LISTS) {
        lists.step('loading PEP lists')
        const paths = config.AML_PEP_LISTS.split(',')
          .map((p) => p.trim())
          .filter(Boolean)
        const entities = importPaths(paths).versions.flatMap((v) =>
          v.entities.map((e) => ({ ...e, list: 'pep' })),
        )
        const pepEngine = createScreeningEngine({ entities, threshold })
        pep = {
          description: `PEP lists: ${paths.join(', ')} (${entities.length} persons)`,
          screenPerson: (subject) => screenSubject(pepEngine, subject),
        }
      }
      const loaded = await loadLists(
        store,
        { listsDir, engine: { threshold } },
        // The start-up status names the steps; counts inside a step are the CLI's bar only.
        { step: (s) => lists.step(s), tick: () => undefined },
      )
      const loadMs = Math.round(performance.now() - started)
      lists.ready(loaded.engine, screenerFor(loaded.engine, loaded.versions), loaded.versions, loadMs)
      log.info(
        {
          entities: loaded.engine.stats.entities,
          names: loaded.engine.stats.names,
          index_ms: loaded.engine.stats.buildMs,
          load_ms: loadMs,
          imported: loaded.imported.filter((o) => o.added).map((o) => o.version.source),
          lists: loaded.report.map((r) => `${r.list}: ${r.current}`),
        },
        'sanctions lists loaded',
      )
    } catch (error) {
      lists.fail((error as Error).message)
      log.error({ err: error }, 'sanctions lists could not be loaded; screening answers 503')
    }
    // Also after a failure: an empty store becomes ready once a version is imported.
    reloader.start()
  })()

  return {
    app,
    notes: [
      `lists load in the background from the store${listsDir ? ` (an empty store is filled from ${listsDir})` : ''}; screening answers 503 until ready`,
      `new list versions in the store: ${config.AML_LISTS_RELOAD_SECONDS > 0 ? `picked up within ${config.AML_LISTS_RELOAD_SECONDS} s` : 'picked up on restart (AML_LISTS_RELOAD_SECONDS=0)'}`,
      `network modules (ARES, ISIR): ${network ? 'on' : 'off'}; PEP: ${config.AML_PEP_LISTS ? 'configured' : 'not configured'}`,
      `monitoring alerts webhook: ${webhook ? `${new URL(webhook.url).origin}/…` : 'none'}`,
    ],
    async close() {
      await loading
      await reloader.close()
      // Gives a running batch back at once, so another instance (or the next start) goes on.
      await batchRunner.close()
      await monitor.close()
      await rateLimiter.close()
      await slots.close()
      if (redis) redis.disconnect()
      await db.close()
    },
  }
}
