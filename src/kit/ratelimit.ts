/**
 * Rate limiting: one interface, an exact in-process sliding-window implementation here, and the
 * Redis one (for limits shared across instances) in ratelimit-redis.ts. "Exact" means a sliding
 * log: a hit is allowed when fewer than `limit` hits were allowed in the last `windowMs`, so no
 * burst at a window edge can exceed the limit (a fixed window allows up to 2× at the boundary).
 *
 * Several windows (a per-minute limit and a daily quota) are checked together by `hitAll`, all or
 * nothing: a hit refused by one window is counted in none, so a client spending its minute does not
 * burn its day, and a spent day does not eat into the minute.
 *
 * Memory is one timestamp per allowed hit still inside its window, so callers bound `limit`
 * (the gateway accepts at most MAX_LOGGED_LIMIT per window).
 */

export interface RateLimitDecision {
  allowed: boolean
  limit: number
  /** Hits still allowed in the current window after this one. */
  remaining: number
  /** Seconds until the window has room again (0 when it has room now). */
  retryAfterSeconds: number
  /** Seconds until the window is completely clear (for the `RateLimit` header's `t`). */
  resetSeconds: number
}

/** One window to check: `limit` hits per `windowMs` milliseconds, counted under `key`. */
export interface LimitCheck {
  key: string
  limit: number
  windowMs: number
}

/** The largest per-window limit a sliding log is meant to hold (timestamps kept per key). */
export const MAX_LOGGED_LIMIT = 100_000

export interface RateLimiter {
  /** Counts one hit against `key` when there is room; never counts a refused hit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>
  /**
   * Checks every window at once and counts the hit in all of them only when all have room
   * (atomic: no concurrent hit can slip between the check and the count). Decisions come back in
   * the order of `checks`.
   */
  hitAll(checks: readonly LimitCheck[]): Promise<RateLimitDecision[]>
  /**
   * `hit` and `hitAll` answered synchronously, for limiters that need no I/O (the in-process one);
   * absent on the others. Hot paths use them to skip a promise per request.
   */
  hitSync?(key: string, limit: number, windowMs: number): RateLimitDecision
  hitAllSync?(checks: readonly LimitCheck[]): RateLimitDecision[]
  /** Hits currently counted in the window, without adding one. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>
  close(): Promise<void>
}

/** A growable queue of timestamps (ms); `head` skips expired entries without shifting the array. */
interface Log {
  times: number[]
  head: number
}

/** Sliding log in process memory. Single-threaded JS makes each hit atomic. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>()
  private readonly sweeper: NodeJS.Timeout
  private readonly now: () => number
  /** Longest window seen (ms): a log idle for longer than that holds nothing. */
  private longestWindowMs = 0

  constructor(opts: { now?: () => number; sweepIntervalMs?: number } = {}) {
    this.now = opts.now ?? Date.now
    // Drop keys whose log has fully expired, so idle clients cost no memory (every 60 s).
    this.sweeper = setInterval(() => this.sweep(), opts.sweepIntervalMs ?? 60_000)
    this.sweeper.unref()
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.hitSync(key, limit, windowMs)
  }

  async hitAll(checks: readonly LimitCheck[]): Promise<RateLimitDecision[]> {
    return this.hitAllSync(checks)
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.now()
    const log = this.logOf(key, windowMs, now)
    return decision(log, limit, windowMs, now, log.times.length - log.head < limit)
  }

  /** One window, synchronously (the per-IP limits call it on every request: no arrays). */
  hitSync(key: string, limit: number, windowMs: number): RateLimitDecision {
    const now = this.now()
    const log = this.logOf(key, windowMs, now)
    const allowed = log.times.length - log.head < limit
    if (allowed) log.times.push(now)
    return decision(log, limit, windowMs, now, allowed)
  }

  /** Synchronous core: check all windows, then count in all or none. */
  hitAllSync(checks: readonly LimitCheck[]): RateLimitDecision[] {
    const now = this.now()
    const logs = checks.map((c) => this.logOf(c.key, c.windowMs, now))
    let allowed = true
    for (let i = 0; i < checks.length; i++) {
      const log = logs[i]!
      if (log.times.length - log.head >= checks[i]!.limit) allowed = false
    }
    if (allowed) for (const log of logs) log.times.push(now)
    return checks.map((c, i) => decision(logs[i]!, c.limit, c.windowMs, now, allowed))
  }

  /** The key's log with every entry at or before `now - windowMs` dropped. */
  private logOf(key: string, windowMs: number, now: number): Log {
    if (windowMs > this.longestWindowMs) this.longestWindowMs = windowMs
    let log = this.logs.get(key)
    if (!log) {
      log = { times: [], head: 0 }
      this.logs.set(key, log)
      return log
    }
    const cutoff = now - windowMs
    const times = log.times
    let head = log.head
    while (head < times.length && times[head]! <= cutoff) head++
    // Compact once the dead prefix is at least half the array: amortised O(1) per hit.
    if (head > 0 && head * 2 >= times.length) {
      times.splice(0, head)
      head = 0
    }
    log.head = head
    return log
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, log] of this.logs) {
      const newest = log.times[log.times.length - 1]
      if (newest === undefined || newest <= now - this.longestWindowMs) this.logs.delete(key)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
    this.logs.clear()
  }
}

/**
 * The decision for one window after the hit was (or was not) counted. When the window is full,
 * room appears when the entry `used - limit` from the oldest expires (not always the oldest: a
 * limit lowered below the current count needs several entries to expire).
 */
function decision(
  log: Log,
  limit: number,
  windowMs: number,
  now: number,
  allowed: boolean,
): RateLimitDecision {
  const used = log.times.length - log.head
  const oldest = log.times[log.head]
  const resetMs = oldest === undefined ? 0 : oldest + windowMs - now
  let retryAfterSeconds = 0
  if (!allowed && used >= limit) {
    // A limit of 0 has no entry to wait for: the whole window.
    const blocking = log.times[log.head + used - limit] ?? now
    retryAfterSeconds = Math.max(1, Math.ceil((blocking + windowMs - now) / 1000))
  }
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - used),
    retryAfterSeconds,
    resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
  }
}

/**
 * IETF draft-ietf-httpapi-ratelimit-headers (structured fields):
 * `RateLimit-Policy: "name";q=<quota>;w=<window seconds>` and `RateLimit: "name";r=<remaining>;t=<reset s>`.
 * Several policies are joined with ", " in one field each.
 */
export function rateLimitHeaders(
  policies: readonly { name: string; windowSeconds: number; decision: RateLimitDecision }[],
): Record<string, string> {
  // A plain loop: the gateway builds these on every request.
  let policy = ''
  let state = ''
  for (let i = 0; i < policies.length; i++) {
    const p = policies[i]!
    const separator = i === 0 ? '' : ', '
    policy += separator + rateLimitPolicy(p.name, p.decision.limit, p.windowSeconds)
    state += separator + rateLimitState(p.name, p.decision)
  }
  return { 'ratelimit-policy': policy, ratelimit: state }
}

/** One policy of the `RateLimit-Policy` field (constant for a fixed limit: build it once). */
export function rateLimitPolicy(name: string, limit: number, windowSeconds: number): string {
  return `"${name}";q=${limit};w=${windowSeconds}`
}

/** One policy's state in the `RateLimit` field. */
export function rateLimitState(name: string, decision: RateLimitDecision): string {
  return `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`
}
