/**
 * The gateway's gates: keyed routes need an active API key within both of its limits; admin routes
 * need ADMIN_API_KEY, compared in constant time. (Keys in the query string are refused by the kit
 * server, on every service.)
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { AuthenticatedKey } from '../../engines/keys/store.ts'
import { UNLIMITED } from '../../engines/keys/tiers.ts'
import { AppError, errors } from '../../kit/errors.ts'
import {
  type LimitCheck,
  type RateLimitDecision,
  rateLimitPolicy,
  rateLimitState,
} from '../../kit/ratelimit.ts'
import type { GatewayDeps, GatewayRequest } from './app.ts'

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

/**
 * The keyed routes' gate: a key is required (401), must be active and unexpired (403), and must be
 * within both of its windows (429). A callback hook rather than an async one: with the key's row
 * cached and the limiter in process, every step answers synchronously and the request goes on
 * without a promise; otherwise the same steps wait for the database or Redis.
 */
export function apiKeyGuard(deps: Pick<GatewayDeps, 'store' | 'limiter'>) {
  return function guard(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const presented = presentedKey(request)
    if (presented === undefined) {
      done(
        new AppError(
          'unauthorized',
          'API key required',
          { hint: 'send X-API-Key: <key> or Authorization: Bearer <key>' },
          { 'www-authenticate': 'Bearer realm="gatehouse"' },
        ),
      )
      return
    }
    let cached: AuthenticatedKey | undefined | null
    try {
      cached = deps.store.authenticateCached(presented)
    } catch (error) {
      storeUnavailable(request, done, error)
      return
    }
    if (cached !== null) {
      limit(deps, request, reply, done, cached)
      return
    }
    deps.store
      .authenticate(presented)
      .then(
        (key) => limit(deps, request, reply, done, key),
        (error: unknown) => storeUnavailable(request, done, error),
      )
      // Whatever throws on the way still answers the request (a 500), never leaves it hanging.
      .catch((error: unknown) => done(error as Error))
  }
}

/** Fail closed: without the key store nothing is let through, and the client is told to retry. */
function storeUnavailable(request: FastifyRequest, done: HookHandlerDoneFunction, error: unknown): void {
  request.log.error({ err: error }, 'key store unavailable')
  done(errors.unavailable('API key store unavailable; retry shortly', 5))
}

/** Counts the request against the key's windows (all or none) and lets it through or refuses it. */
function limit(
  deps: Pick<GatewayDeps, 'limiter'>,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  key: AuthenticatedKey | undefined,
): void {
  if (!key) {
    done(new AppError('forbidden', 'Invalid or expired API key'))
    return
  }
  ;(request as GatewayRequest).gatewayKey = key
  const plan = planOf(key)
  if (plan.windows.length === 0) {
    done() // Enterprise: unlimited, still logged.
    return
  }
  if (deps.limiter.hitAllSync) {
    decide(reply, done, plan, deps.limiter.hitAllSync(plan.checks))
    return
  }
  deps.limiter
    .hitAll(plan.checks)
    .then(
      (decisions) => decide(reply, done, plan, decisions),
      (error: unknown) => {
        request.log.error({ err: error }, 'rate limiter unavailable')
        done(errors.unavailable('Rate limiter unavailable; retry shortly', 5))
      },
    )
    .catch((error: unknown) => done(error as Error))
}

function decide(
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  plan: LimitPlan,
  decisions: readonly RateLimitDecision[],
): void {
  const windows = plan.windows
  setLimitHeaders(reply, plan, decisions)
  if (decisions[0]!.allowed) {
    done()
    return
  }
  // Name the window that keeps the client waiting longest (the day, when both are spent).
  let worst = 0
  for (let i = 1; i < decisions.length; i++) {
    if (decisions[i]!.retryAfterSeconds > decisions[worst]!.retryAfterSeconds) worst = i
  }
  const decision = decisions[worst]!
  done(
    new AppError(
      'rate_limited',
      'Rate limit exceeded',
      {
        limit: decision.limit,
        window: windows[worst]!.words,
        retry_after_seconds: decision.retryAfterSeconds,
      },
      { 'retry-after': String(decision.retryAfterSeconds) },
    ),
  )
}

type Window = (typeof WINDOWS)[keyof typeof WINDOWS]
const BOTH: readonly Window[] = [WINDOWS.minute, WINDOWS.day]
const MINUTE_ONLY: readonly Window[] = [WINDOWS.minute]
const DAY_ONLY: readonly Window[] = [WINDOWS.day]
const NONE: readonly Window[] = []

/** What limiting one key takes: its windows, the limiter's checks, the constant policy header. */
interface LimitPlan {
  windows: readonly Window[]
  checks: readonly LimitCheck[]
  /** The `RateLimit-Policy` value: it changes only with the key's limits. */
  policy: string
}

/**
 * Per answer object of the key store, which stays the same for a key until its limits change:
 * the plan is built once per key and limits, not on every request.
 */
const plans = new WeakMap<AuthenticatedKey, LimitPlan>()

function planOf(key: AuthenticatedKey): LimitPlan {
  let plan = plans.get(key)
  if (plan === undefined) {
    const windows = windowsOf(key)
    plan = {
      windows,
      // One hash tag per key keeps both windows in one Redis Cluster slot (one atomic script).
      checks: windows.map((w) => ({
        key: `{key:${key.id}}:${w.name}`,
        limit: w === WINDOWS.minute ? key.requests_per_minute : key.rate_limit,
        windowMs: w.ms,
      })),
      policy: windows
        .map((w) =>
          rateLimitPolicy(w.name, w === WINDOWS.minute ? key.requests_per_minute : key.rate_limit, w.seconds),
        )
        .join(', '),
    }
    plans.set(key, plan)
  }
  return plan
}

/** The windows a key is limited by (an unlimited one is not checked at all). */
function windowsOf(key: AuthenticatedKey): readonly Window[] {
  const minute = key.requests_per_minute !== UNLIMITED
  const day = key.rate_limit !== UNLIMITED
  return minute ? (day ? BOTH : MINUTE_ONLY) : day ? DAY_ONLY : NONE
}

/**
 * IETF draft-11 RateLimit-Policy/RateLimit for both windows, plus the X-RateLimit-* trio most
 * clients still read, for the window with the least room left.
 */
function setLimitHeaders(
  reply: FastifyReply,
  plan: LimitPlan,
  decisions: readonly RateLimitDecision[],
): void {
  let tightest = decisions[0]!
  let state = rateLimitState(plan.windows[0]!.name, tightest)
  for (let i = 1; i < decisions.length; i++) {
    const decision = decisions[i]!
    state += `, ${rateLimitState(plan.windows[i]!.name, decision)}`
    if (decision.remaining < tightest.remaining) tightest = decision
  }
  reply
    .header('ratelimit-policy', plan.policy)
    .header('ratelimit', state)
    .header('x-ratelimit-limit', String(tightest.limit))
    .header('x-ratelimit-remaining', String(tightest.remaining))
    .header('x-ratelimit-reset', String(tightest.resetSeconds))
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
