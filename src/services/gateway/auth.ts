/**
 * The gateway's three gates: keys in the query string are refused everywhere (URLs end up in logs,
 * proxies and browser history); keyed routes need an active API key within both of its limits;
 * admin routes need ADMIN_API_KEY, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { AuthenticatedKey } from '../../engines/keys/store.ts'
import { UNLIMITED } from '../../engines/keys/tiers.ts'
import { AppError, errors } from '../../kit/errors.ts'
import { type LimitCheck, type RateLimitDecision, rateLimitHeaders } from '../../kit/ratelimit.ts'
import type { GatewayDeps, GatewayRequest } from './app.ts'

/** Query parameters that would carry a credential (compared lower-case). */
const CREDENTIAL_PARAMS = new Set([
  'api_key',
  'apikey',
  'api-key',
  'x-api-key',
  'key',
  'token',
  'access_token',
  'admin_key',
])

export function rejectKeysInQuery(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Most requests have no query string at all: skip the scan then.
  if (request.url.indexOf('?') === -1) {
    done()
    return
  }
  for (const name of Object.keys(request.query as Record<string, unknown>)) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase())) {
      done(
        new AppError(
          'invalid_request',
          `Keys are not accepted in the query string ("${name}"); send the X-API-Key header (or Authorization: Bearer) instead`,
          { location: 'query', field: name, rule: 'credentials only in headers' },
        ),
      )
      return
    }
  }
  done()
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
const WINDOWS = {
  minute: { name: 'minute', ms: MINUTE_MS, seconds: 60, words: '1 minute' },
  day: { name: 'day', ms: DAY_MS, seconds: 86_400, words: '1 day' },
} as const

/** The key a request presents: X-API-Key first (the recommended header), else a Bearer token. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key']
  if (typeof header === 'string' && header.length > 0) return header.trim()
  const auth = request.headers.authorization
  if (typeof auth === 'string') {
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(auth)
    if (match) return match[1]
  }
  return undefined
}

export function apiKeyGuard(deps: Pick<GatewayDeps, 'store' | 'limiter'>) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const presented = presentedKey(request)
    if (presented === undefined) {
      throw new AppError(
        'unauthorized',
        'API key required',
        { hint: 'send X-API-Key: <key> or Authorization: Bearer <key>' },
        { 'www-authenticate': 'Bearer realm="gatehouse"' },
      )
    }
    let key: AuthenticatedKey | undefined
    try {
      key = await deps.store.authenticate(presented)
    } catch (error) {
      // Fail closed: without the key store nothing is let through, and the client is told to retry.
      request.log.error({ err: error }, 'key store unavailable')
      throw errors.unavailable('API key store unavailable; retry shortly', 5)
    }
    if (!key) throw new AppError('forbidden', 'Invalid or expired API key')
    ;(request as GatewayRequest).gatewayKey = key

    const windows: (typeof WINDOWS)[keyof typeof WINDOWS][] = []
    const checks: LimitCheck[] = []
    // One hash tag per key keeps both windows in one Redis Cluster slot (one atomic script).
    if (key.requests_per_minute !== UNLIMITED) {
      windows.push(WINDOWS.minute)
      checks.push({ key: `{key:${key.id}}:minute`, limit: key.requests_per_minute, windowMs: MINUTE_MS })
    }
    if (key.rate_limit !== UNLIMITED) {
      windows.push(WINDOWS.day)
      checks.push({ key: `{key:${key.id}}:day`, limit: key.rate_limit, windowMs: DAY_MS })
    }
    if (checks.length === 0) return // Enterprise: unlimited, still logged.

    let decisions: RateLimitDecision[]
    try {
      decisions = await deps.limiter.hitAll(checks)
    } catch (error) {
      request.log.error({ err: error }, 'rate limiter unavailable')
      throw errors.unavailable('Rate limiter unavailable; retry shortly', 5)
    }
    reply.headers(limitHeaders(windows, decisions))
    if (decisions[0]!.allowed) return

    // Name the window that keeps the client waiting longest (the day, when both are spent).
    let worst = 0
    for (let i = 1; i < decisions.length; i++) {
      if (decisions[i]!.retryAfterSeconds > decisions[worst]!.retryAfterSeconds) worst = i
    }
    const decision = decisions[worst]!
    throw new AppError(
      'rate_limited',
      'Rate limit exceeded',
      {
        limit: decision.limit,
        window: windows[worst]!.words,
        retry_after_seconds: decision.retryAfterSeconds,
      },
      { 'retry-after': String(decision.retryAfterSeconds) },
    )
  }
}

/**
 * IETF draft-11 RateLimit-Policy/RateLimit for both windows, plus the X-RateLimit-* trio most
 * clients still read, for the window with the least room left.
 */
function limitHeaders(
  windows: readonly { name: string; seconds: number }[],
  decisions: readonly RateLimitDecision[],
): Record<string, string> {
  let tightest = 0
  for (let i = 1; i < decisions.length; i++) {
    if (decisions[i]!.remaining < decisions[tightest]!.remaining) tightest = i
  }
  const t = decisions[tightest]!
  return {
    ...rateLimitHeaders(
      windows.map((w, i) => ({ name: w.name, windowSeconds: w.seconds, decision: decisions[i]! })),
    ),
    'x-ratelimit-limit': String(t.limit),
    'x-ratelimit-remaining': String(t.remaining),
    'x-ratelimit-reset': String(t.resetSeconds),
  }
}

/** SHA-256 both sides so the comparison is constant-time and independent of the key's length. */
export function adminGuard(adminKey: string) {
  const expected = createHash('sha256').update(adminKey).digest()
  return function guard(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const given = request.headers['x-admin-key']
    if (typeof given !== 'string' || given.length === 0) {
      done(new AppError('unauthorized', 'Admin key required', { hint: 'send X-Admin-Key: <ADMIN_API_KEY>' }))
      return
    }
    const digest = createHash('sha256').update(given).digest()
    done(timingSafeEqual(digest, expected) ? undefined : new AppError('forbidden', 'Invalid admin key'))
  }
}
