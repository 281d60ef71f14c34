/**
 * A key's limits, the one implementation every keyed service applies (the gateway and the
 * router): its windows (a per-minute limit and a daily quota, either unlimited), the checks the
 * rate limiter counts all-or-none, the IETF RateLimit headers, and the 429 naming the window that
 * keeps the client waiting longest. Framework-free: services pass their reply as a header sink.
 */
import { AppError } from '../../kit/errors.ts'
import {
  type LimitCheck,
  type RateLimitDecision,
  rateLimitPolicy,
  rateLimitState,
} from '../../kit/ratelimit.ts'
import type { AuthenticatedKey } from './store.ts'
import { UNLIMITED } from './tiers.ts'

const WINDOWS = {
  minute: { name: 'minute', ms: 60_000, seconds: 60, words: '1 minute' },
  day: { name: 'day', ms: 86_400_000, seconds: 86_400, words: '1 day' },
} as const

type Window = (typeof WINDOWS)[keyof typeof WINDOWS]
const BOTH: readonly Window[] = [WINDOWS.minute, WINDOWS.day]
const MINUTE_ONLY: readonly Window[] = [WINDOWS.minute]
const DAY_ONLY: readonly Window[] = [WINDOWS.day]
const NONE: readonly Window[] = []

/** What limiting one key takes: its windows, the limiter's checks, the constant policy header. */
export interface LimitPlan {
  windows: readonly Window[]
  checks: readonly LimitCheck[]
  /** The `RateLimit-Policy` value: it changes only with the key's limits. */
  policy: string
}

/** Anything that takes response headers (a Fastify reply does). */
export interface HeaderSink {
  header(name: string, value: string): unknown
}

/**
 * Per answer object of the key store, which stays the same for a key until its limits change:
 * the plan is built once per key and limits, not on every request.
 */
const plans = new WeakMap<AuthenticatedKey, LimitPlan>()

export function limitPlan(key: AuthenticatedKey): LimitPlan {
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
 * IETF draft-11 RateLimit-Policy/RateLimit for every window, plus the X-RateLimit-* trio most
 * clients still read, for the window with the least room left.
 */
export function setLimitHeaders(
  sink: HeaderSink,
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
  sink.header('ratelimit-policy', plan.policy)
  sink.header('ratelimit', state)
  sink.header('x-ratelimit-limit', String(tightest.limit))
  sink.header('x-ratelimit-remaining', String(tightest.remaining))
  sink.header('x-ratelimit-reset', String(tightest.resetSeconds))
}

/** The 429 for a refused hit, naming the window that keeps the client waiting longest; else undefined. */
export function limitExceeded(
  plan: LimitPlan,
  decisions: readonly RateLimitDecision[],
): AppError | undefined {
  if (decisions[0]!.allowed) return undefined
  let worst = 0
  for (let i = 1; i < decisions.length; i++) {
    if (decisions[i]!.retryAfterSeconds > decisions[worst]!.retryAfterSeconds) worst = i
  }
  const decision = decisions[worst]!
  return new AppError(
    'rate_limited',
    'Rate limit exceeded',
    {
      limit: decision.limit,
      window: plan.windows[worst]!.words,
      retry_after_seconds: decision.retryAfterSeconds,
    },
    { 'retry-after': String(decision.retryAfterSeconds) },
  )
}
