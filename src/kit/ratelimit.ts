/**
 * Rate limiting: one interface, an exact in-process sliding-window implementation here, and the
 * Redis one (for limits shared across instances) beside it. "Exact" means a sliding log: a hit is
 * allowed when fewer than `limit` hits were allowed in the last `windowMs`, so no burst at a
 * window edge can exceed the limit (a fixed window allows up to 2× at the boundary).
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

export interface RateLimiter {
  /** Counts one hit against `key` when there is room; never counts a refused hit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>
  /** Hits currently counted in the window, without adding one. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>
  close(): Promise<void>
}

/** Sliding log in process memory. Single-threaded JS makes each hit atomic. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>()
  private readonly sweeper: NodeJS.Timeout
  private readonly now: () => number

  constructor(opts: { now?: () => number; sweepIntervalMs?: number } = {}) {
    this.now = opts.now ?? Date.now
    // Drop keys whose log has fully expired, so idle clients cost no memory (every 60 s).
    this.sweeper = setInterval(() => this.sweep(), opts.sweepIntervalMs ?? 60_000)
    this.sweeper.unref()
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, windowMs, true)
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return this.decide(key, limit, windowMs, false)
  }

  private decide(key: string, limit: number, windowMs: number, count: boolean): RateLimitDecision {
    const now = this.now()
    let log = this.logs.get(key)
    if (!log) {
      log = []
      this.logs.set(key, log)
    }
    const cutoff = now - windowMs
    let expired = 0
    while (expired < log.length && log[expired]! <= cutoff) expired++
    if (expired > 0) log.splice(0, expired)
    const allowed = log.length < limit
    if (allowed && count) log.push(now)
    const used = log.length
    const oldest = log[0]
    const resetMs = oldest === undefined ? 0 : oldest + windowMs - now
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - used),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(resetMs / 1000)),
      resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
    }
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, log] of this.logs) {
      // The longest window in use is a day; a log whose newest hit is older than that is dead.
      const newest = log[log.length - 1]
      if (newest === undefined || newest < now - 86_400_000) this.logs.delete(key)
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
    this.logs.clear()
  }
}

/**
 * IETF draft-ietf-httpapi-ratelimit-headers (structured fields):
 * `RateLimit-Policy: "name";q=<quota>;w=<window seconds>` and `RateLimit: "name";r=<remaining>;t=<reset s>`.
 * Several policies are joined with ", " in one field each.
 */
export function rateLimitHeaders(
  policies: { name: string; windowSeconds: number; decision: RateLimitDecision }[],
): Record<string, string> {
  return {
    'ratelimit-policy': policies
      .map((p) => `"${p.name}";q=${p.decision.limit};w=${p.windowSeconds}`)
      .join(', '),
    ratelimit: policies
      .map((p) => `"${p.name}";r=${p.decision.remaining};t=${p.decision.resetSeconds}`)
      .join(', '),
  }
}
