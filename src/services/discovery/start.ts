/**
 * Starting the discovery service: read its variables, load and validate the dataset, build the
 * app. An invalid dataset does not stop the start: every problem is logged, /healthz and the data
 * endpoints answer 503, and the documents and the inquiry preview keep working, so a load balancer
 * sees the instance as unhealthy while an operator can still reach it.
 */
import { loadDataset } from '../../engines/discovery/dataset.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { createRateLimiter, LIMIT_PREFIXES } from '../../kit/ratelimit-redis.ts'
import { assertRedis, openRedis } from '../../kit/redis.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import { type discoverySpec, publicIdentity } from './config.ts'
import { prepareDataset } from './store.ts'

/** Starts the discovery service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof discoverySpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  const { origin, contact } = publicIdentity(config)

  const log = logger.child({ service: 'discovery' })
  const dataset = prepareDataset(await loadDataset(config.DISCOVERY_DATASET, origin))
  const notes: string[] = []
  if (dataset.ok) {
    const { snapshot } = dataset
    log.info(
      {
        dataset: config.DISCOVERY_DATASET,
        records: snapshot.records.length,
        data_version: snapshot.dataVersion,
      },
      'dataset loaded',
    )
    notes.push(`dataset: ${snapshot.records.length} records, data_version ${snapshot.dataVersion}`)
  } else {
    for (const p of dataset.problems) {
      log.error(
        { dataset: config.DISCOVERY_DATASET, record: p.record, field: p.field, rule: p.rule },
        p.message,
      )
    }
    log.error(
      { dataset: config.DISCOVERY_DATASET, problems: dataset.problems.length },
      'dataset invalid: /healthz and the data endpoints answer 503',
    )
    notes.push(
      `DATASET INVALID (${dataset.problems.length} problems, see the log): /healthz answers 503.`,
      `Run \`npx gatehouse dataset check ${config.DISCOVERY_DATASET}\` to list them.`,
    )
  }

  // With REDIS_URL every instance counts against one shared limit per IP; without it, per process.
  let rateLimiter: RateLimiter
  if (config.REDIS_URL) {
    const redis = openRedis(config.REDIS_URL, { commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS, logger })
    try {
      await assertRedis(redis, config.REDIS_URL)
    } catch (error) {
      redis.disconnect()
      throw error
    }
    rateLimiter = createRateLimiter(redis, {
      prefix: LIMIT_PREFIXES.discovery,
      ownsClient: true,
      onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
      logger,
    })
    notes.push('rate limit: shared in Redis (REDIS_URL)')
  } else {
    rateLimiter = createRateLimiter(undefined, {
      prefix: LIMIT_PREFIXES.discovery,
      onRedisError: config.RATE_LIMIT_ON_REDIS_ERROR,
    })
  }
  const app = await buildApp({
    logger,
    dataset,
    origin,
    rateLimitPerMinute: config.DISCOVERY_RATE_LIMIT_PER_MINUTE,
    rateLimiter,
    securityContact: contact,
  })
  notes.push(`docs: /docs (Swagger UI), /redoc, /openapi.json`)
  return { app, notes, close: () => rateLimiter.close() }
}
