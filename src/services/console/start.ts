/**
 * Starting the console: open the store (migrations), build the single-page app when its build is
 * missing or older than the sources, load it, and build the app with HTTP clients of the other
 * services.
 */
import { openDatabase } from '../../kit/db.ts'
import { refuseDevKeysInProduction } from '../../kit/operator-keys.ts'
import { createRateLimiter, LIMIT_PREFIXES } from '../../kit/ratelimit-redis.ts'
import { openRedis } from '../../kit/redis.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import type { consoleSpec } from './config.ts'
import { ConsoleStore } from './store.ts'
import { Upstreams } from './upstreams.ts'
import { ensureWebBuild, loadWebFiles } from './web-build.ts'

/** Starts the console service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof consoleSpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  refuseDevKeysInProduction(config)
  const log = logger.child({ service: 'console' })
  const notes: string[] = []
  if (config.CONSOLE_BUILD === 'auto') {
    // A failed build leaves the backend up (its pages say the app is not built): the other
    // services and the API do not depend on the front-end's tool chain.
    try {
      const { built, ms } = await ensureWebBuild()
      notes.push(built ? `web app built in ${ms} ms` : 'web app build is current')
    } catch (error) {
      log.error({ err: error }, 'building the console web app failed')
      notes.push(`web app build failed: ${(error as Error).message.split('\n', 1)[0]}`)
    }
  }
  const web = loadWebFiles()
  if (web.size === 0) notes.push('web app not built: run npm run console:build')
  const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger: log })
  try {
    await db.migrate()
    const store = new ConsoleStore(db)
    if ((await store.listUsers()).length === 0)
      notes.push('no users yet: gatehouse console users add NAME --role admin')
    const redis = config.REDIS_URL
      ? openRedis(config.REDIS_URL, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger: log })
      : undefined
    const rateLimiter = createRateLimiter(redis, {
      prefix: LIMIT_PREFIXES.console,
      onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
      logger: log,
      ownsClient: true,
    })
    const upstreams = new Upstreams(
      {
        gateway: config.GATEWAY_URL,
        aml: config.AML_URL,
        router: config.ROUTER_URL,
        knowledge: config.KNOWLEDGE_URL,
        domain: config.DOMAIN_URL,
        discovery: config.DISCOVERY_URL,
      },
      { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
    )
    const app = await buildApp({
      logger,
      store,
      upstreams,
      rateLimiter,
      sessionTtlMs: config.CONSOLE_SESSION_HOURS * 3600_000,
      web,
    })
    return {
      app,
      notes,
      async close() {
        await rateLimiter.close()
        await db.close()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}
