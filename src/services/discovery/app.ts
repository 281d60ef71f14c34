/**
 * The discovery service (spec Group A): a public, read-only API over the curated snapshot.
 * `buildApp` wires the routes to an already loaded dataset; it opens no file and no port, so tests
 * drive it with `inject` and `service.ts` does the loading.
 */
import type { FastifyReply } from 'fastify'
import { registerApiDocs } from '../../kit/api-docs.ts'
import { entityTag } from '../../kit/caching.ts'
import { AppError, BACKING_RETRY_AFTER_SECONDS, ERROR_STATUS, errors, isAppError } from '../../kit/errors.ts'
import type { Logger } from '../../kit/logger.ts'
import {
  type RateLimitDecision,
  type RateLimiter,
  rateLimitPolicy,
  rateLimitState,
} from '../../kit/ratelimit.ts'
import { type App, createServer } from '../../kit/server.ts'
import { API_VERSION, BODY_LIMIT_BYTES, type DiscoveryContext } from './routes/common.ts'
import { registerData } from './routes/data.ts'
import { registerDocuments } from './routes/documents.ts'
import { registerInquiry } from './routes/inquiry.ts'
import { SHARED_SCHEMAS } from './schemas.ts'
import { type DatasetState, LruCache, SEARCH_CACHE_ENTRIES } from './store.ts'

const WINDOW_MS = 60_000

export interface DiscoveryDeps {
  logger: Logger
  dataset: DatasetState
  /** Public https origin of the site: canonical_url prefix and the declared server. */
  origin: string
  rateLimitPerMinute: number
  rateLimiter: RateLimiter
  /** security.txt Contact (a mailto: or https: URI). */
  securityContact: string
  now?: () => number
  /** Normalized searches kept with their response; 0 turns the cache off (the benchmark measures both). */
  searchCacheEntries?: number
  logRequests?: boolean
}

export async function buildApp(deps: DiscoveryDeps): Promise<App> {
  const app = createServer({
    name: 'discovery',
    envelope: 'discovery',
    logger: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    logRequests: deps.logRequests ?? true,
  })
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema)

  // Every status is listed route by route (the contract's tables), so no `default` error response.
  await registerApiDocs(app, {
    title: 'Gatehouse public discovery API',
    version: API_VERSION,
    description: openapiDescription(),
    servers: [
      { url: '/', description: 'The server that serves this document' },
      {
        url: deps.origin,
        description: 'Planned production endpoint (declared; live deployment unverified)',
      },
    ],
    tags: [
      { name: 'health' },
      { name: 'discovery', description: 'Documents for agents and crawlers' },
      { name: 'search' },
      { name: 'content' },
      { name: 'inquiries', description: 'Preview only: nothing is sent or stored' },
    ],
  })

  const dataset = deps.dataset
  const ctx: DiscoveryContext = {
    dataset,
    origin: deps.origin,
    rateLimitPerMinute: deps.rateLimitPerMinute,
    securityContact: deps.securityContact,
    etagBase: dataset.ok
      ? entityTag(dataset.snapshot.dataVersion, dataset.snapshot.digest, deps.origin)
      : 'no-dataset',
    searchCache: new LruCache(deps.searchCacheEntries ?? SEARCH_CACHE_ENTRIES),
    now: deps.now ?? Date.now,
  }

  // Per client IP, on every request (unknown routes and documentation assets included), before the
  // body is read: a client over its limit costs one map lookup. The in-process limiter is called
  // synchronously (no promise per request); a shared one (Redis) asynchronously.
  const limit = deps.rateLimitPerMinute
  const limiter = deps.rateLimiter
  const policy = rateLimitPolicy(POLICY_NAME, limit, WINDOW_MS / 1000)
  const apply = (decision: RateLimitDecision, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.header('ratelimit-policy', policy).header('ratelimit', rateLimitState(POLICY_NAME, decision))
    if (decision.allowed) return done()
    done(
      new AppError(
        'rate_limited',
        `Rate limit of ${limit} requests per minute per client IP exceeded; retry in ${decision.retryAfterSeconds} s`,
        { limit, window_seconds: WINDOW_MS / 1000, retry_after_seconds: decision.retryAfterSeconds },
        { 'retry-after': String(decision.retryAfterSeconds) },
      ),
    )
  }
  app.addHook('onRequest', (request, reply, done) => {
    const key = `discovery:${request.ip}`
    if (limiter.hitSync) return apply(limiter.hitSync(key, limit, WINDOW_MS), reply, done)
    // While Redis is unreachable the Redis limiter itself fails closed (a 503 with Retry-After) or
    // open (an allowed decision), as RATE_LIMIT_ON_REDIS_ERROR says; any other failure of a limiter
    // fails closed too: nothing goes through unlimited by accident.
    limiter.hit(key, limit, WINDOW_MS).then(
      (decision) => apply(decision, reply, done),
      (error: unknown) => {
        request.log.error({ err: error }, 'rate limiter unavailable')
        done(
          isAppError(error)
            ? error
            : errors.unavailable('Rate limiter unavailable; retry shortly', BACKING_RETRY_AFTER_SECONDS),
        )
      },
    )
  })

  registerDocuments(app, ctx)
  registerData(app, ctx)
  await app.register(async (scope) => registerInquiry(scope as unknown as App))
  return app
}

/** The name of the per-IP policy in the RateLimit headers. */
const POLICY_NAME = 'per-ip'

function openapiDescription(): string {
  const codes = Object.entries(ERROR_STATUS)
    .map(([code, status]) => `| \`${code}\` | ${status} |`)
    .join('\n')
  return `Public, read-only discovery and inquiry-preview API over a curated public snapshot. No authentication; every endpoint may answer 429 (per client IP; \`RateLimit-Policy\` and \`RateLimit\` headers on every response, \`Retry-After\` on 429).

Every data response carries \`data_version\` (a date-time identifying the dataset), a strong \`ETag\` and \`Cache-Control\`; \`If-None-Match\` gives 304. Every response carries \`X-Request-Id\`.

Every 4xx and 5xx response has the **Error** body \`{error:{code,message,details?}, request_id}\`. \`error.code\` is one of this closed list (the status follows from it):

| code | status |
|---|---|
${codes}`
}
