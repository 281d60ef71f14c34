/**
 * The exact sliding-log rate limiter in Redis, for limits shared by every instance of a service.
 * Each key is a sorted set of allowed hits scored by time (ms); one Lua script trims the expired
 * entries, checks every window, and counts the hit in all of them or none. Redis runs a script
 * atomically, so concurrent hits from any number of instances can never overshoot a limit.
 *
 * Time comes from Redis (`TIME`), not from the instances, so clock skew between hosts cannot
 * widen or narrow a window. In Redis Cluster, the keys of one `hitAll` must share a hash tag
 * (the gateway names them `{key:<id>}:minute` and `{key:<id>}:day`).
 *
 * When Redis cannot answer (down, or hung past the command timeout of redis.ts) the limiter fails
 * closed by default: the call rejects with a 503 `service_unavailable` carrying Retry-After, so no
 * request goes through unlimited. An operator who prefers availability sets
 * RATE_LIMIT_ON_REDIS_ERROR=open: hits are then allowed and counted nowhere until Redis is back.
 * Either way the next call after Redis recovers is counted normally again, and the outage and the
 * recovery are each logged once.
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { BACKING_RETRY_AFTER_SECONDS, errors } from './errors.ts'
import type { Logger } from './logger.ts'
import { type LimitCheck, MemoryRateLimiter, type RateLimitDecision, type RateLimiter } from './ratelimit.ts'
import { openRedis } from './redis.ts'

/** What a limiter does when Redis cannot answer (RATE_LIMIT_ON_REDIS_ERROR). */
export type RedisFailureMode = 'closed' | 'open'

/**
 * KEYS: one sorted set per window. ARGV[1]: the member naming this hit (unique per hit);
 * ARGV[2]: '1' to count the hit, '0' to only look; ARGV[3]: the deadline in Redis time (ms, 0 for
 * none) after which the caller has given up on the reply; then limit and window (ms) per key.
 * Returns allowed (1/0), then per key: used after the hit, ms until clear, ms until room; last,
 * Redis's clock (ms). Past the deadline it changes nothing and returns {-1, clock}: a hit that
 * waited in a frozen Redis and whose caller already answered 503 (or let it through uncounted)
 * must not be counted when Redis resumes.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = tonumber(ARGV[3])
if deadline > 0 and now > deadline then return { -1, now } end
local n = #KEYS
local count = ARGV[2] == '1'
local used = {}
local allowed = 1
for i = 1, n do
  local limit = tonumber(ARGV[2 + 2 * i])
  local window = tonumber(ARGV[3 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  used[i] = redis.call('ZCARD', KEYS[i])
  if used[i] >= limit then allowed = 0 end
end
if allowed == 1 and count then
  for i = 1, n do
    redis.call('ZADD', KEYS[i], now, ARGV[1])
    redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[3 + 2 * i]))
    used[i] = used[i] + 1
  end
end
local out = { allowed }
for i = 1, n do
  local limit = tonumber(ARGV[2 + 2 * i])
  local window = tonumber(ARGV[3 + 2 * i])
  local reset = 0
  local oldest = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  if oldest[2] then reset = tonumber(oldest[2]) + window - now end
  local retry = 0
  if allowed == 0 and used[i] >= limit then
    retry = window
    local idx = used[i] - limit
    local blocking = redis.call('ZRANGE', KEYS[i], idx, idx, 'WITHSCORES')
    if blocking[2] then retry = tonumber(blocking[2]) + window - now end
  end
  out[#out + 1] = used[i]
  out[#out + 1] = reset
  out[#out + 1] = retry
end
out[#out + 1] = now
return out
`

type SlidingLog = (numKeys: number, ...args: (string | number)[]) => Promise<number[]>

export interface RedisRateLimiterOptions {
  /** Prepended to every key (default `rl:`), so limits never collide with other data in Redis. */
  prefix?: string
  /** 'closed' (default): refuse with a 503 while Redis is unreachable; 'open': let hits through. */
  onRedisError?: RedisFailureMode
  /** Where an outage and the recovery are logged (once each). */
  logger?: Logger
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis
  private readonly prefix: string
  private readonly ownsClient: boolean
  private readonly failureMode: RedisFailureMode
  private readonly logger: Logger | undefined
  /** Whether the last call failed (so an outage and its end are logged once each). */
  private failing = false
  /** Redis's clock minus ours (ms), from the last reply; undefined before the first one. */
  private clockOffsetMs: number | undefined
  /** How long the client waits for a reply (ms): past it a hit must not count (see the script). */
  private readonly commandTimeoutMs: number | undefined
  /** Members must be unique per hit across instances: a random instance id plus a counter. */
  private readonly instance = randomBytes(6).toString('base64url')
  private seq = 0

  constructor(redis: Redis, opts: RedisRateLimiterOptions & { ownsClient?: boolean } = {}) {
    this.redis = redis
    this.prefix = opts.prefix ?? 'rl:'
    this.ownsClient = opts.ownsClient ?? false
    this.failureMode = opts.onRedisError ?? 'closed'
    this.logger = opts.logger
    const timeout = redis.options.commandTimeout
    this.commandTimeoutMs = typeof timeout === 'number' && timeout > 0 ? timeout : undefined
    // defineCommand sends EVALSHA and falls back to EVAL once per connection when Redis lacks it.
    if (!(redis as unknown as { gatehouseSlidingLog?: SlidingLog }).gatehouseSlidingLog) {
      redis.defineCommand('gatehouseSlidingLog', { lua: SCRIPT })
    }
  }

  /** A limiter with its own connection, closed by `close()`. */
  static connect(url: string, opts: RedisRateLimiterOptions = {}): RedisRateLimiter {
    return new RedisRateLimiter(openRedis(url, opts.logger ? { logger: opts.logger } : {}), {
      ...opts,
      ownsClient: true,
    })
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return (await this.run([{ key, limit, windowMs }], true))[0]!
  }

  hitAll(checks: readonly LimitCheck[]): Promise<RateLimitDecision[]> {
    return this.run(checks, true)
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    return (await this.run([{ key, limit, windowMs }], false))[0]!
  }

  private async run(checks: readonly LimitCheck[], count: boolean): Promise<RateLimitDecision[]> {
    if (count && this.commandTimeoutMs !== undefined && this.clockOffsetMs === undefined) {
      // No reply yet tells Redis's clock, so a hit could not carry its deadline: one that waited
      // in a frozen Redis would be counted when it resumes. Ask the clock first (TIME changes
      // nothing if it runs late); without an answer the hit is not sent at all.
      try {
        const [seconds, micros] = await this.redis.time()
        this.clockOffsetMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - Date.now()
      } catch (error) {
        return this.failed(error, checks)
      }
    }
    const args: (string | number)[] = []
    for (const c of checks) args.push(this.prefix + c.key)
    // The deadline in Redis time; unknown (0: none) until a first reply told us Redis's clock.
    const deadline =
      this.commandTimeoutMs !== undefined && this.clockOffsetMs !== undefined
        ? Date.now() + this.clockOffsetMs + this.commandTimeoutMs
        : 0
    args.push(`${this.instance}:${(this.seq++).toString(36)}`, count ? '1' : '0', deadline)
    for (const c of checks) args.push(c.limit, c.windowMs)
    const script = (this.redis as unknown as { gatehouseSlidingLog: SlidingLog }).gatehouseSlidingLog
    let out: number[]
    try {
      out = await script.call(this.redis, checks.length, ...args)
    } catch (error) {
      return this.failed(error, checks)
    }
    // Redis's clock in the reply, less ours now: the offset is off by at most the reply's transit.
    this.clockOffsetMs = out[out.length - 1]! - Date.now()
    if (out[0] === -1) return this.failed(new Error('reply came after the command timeout'), checks)
    if (this.failing) {
      this.failing = false
      this.logger?.info('rate limiter recovered: Redis answers again')
    }
    const allowed = out[0] === 1
    return checks.map((c, i) => {
      const used = out[1 + 3 * i]!
      const resetMs = out[2 + 3 * i]!
      const retryMs = out[3 + 3 * i]!
      return {
        allowed,
        limit: c.limit,
        remaining: Math.max(0, c.limit - used),
        retryAfterSeconds: !allowed && used >= c.limit ? Math.max(1, Math.ceil(retryMs / 1000)) : 0,
        resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
      }
    })
  }

  /** Redis did not answer: refuse (closed) or let the hit through uncounted (open). */
  private failed(error: unknown, checks: readonly LimitCheck[]): RateLimitDecision[] {
    if (!this.failing) {
      this.failing = true
      this.logger?.error(
        { err: error, onRedisError: this.failureMode },
        `rate limiter unavailable: Redis does not answer; failing ${this.failureMode}`,
      )
    }
    if (this.failureMode === 'closed') {
      throw errors.unavailable('Rate limiter unavailable; retry shortly', BACKING_RETRY_AFTER_SECONDS)
    }
    return checks.map((c) => ({
      allowed: true,
      limit: c.limit,
      remaining: c.limit,
      retryAfterSeconds: 0,
      resetSeconds: 0,
    }))
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit()
  }
}

/**
 * Where each limiter's windows live in Redis. The gateway and the router share one prefix on
 * purpose: a key's windows are one budget whichever of them it calls. Discovery (per IP) and AML
 * (per IP, single screenings) count apart.
 */
export const LIMIT_PREFIXES = {
  apiKeys: 'gatehouse:rl:',
  discovery: 'rl:discovery:',
  aml: 'rl:aml:',
  console: 'rl:console:',
} as const

/**
 * The one way a service makes its limiter: shared in Redis when it has a client (exact across
 * instances), in process otherwise. `ownsClient`: the limiter closes the client on `close()`.
 */
export function createRateLimiter(
  redis: Redis | undefined,
  opts: { prefix: string; onRedisError: RedisFailureMode; logger?: Logger; ownsClient?: boolean },
): RateLimiter {
  if (!redis) return new MemoryRateLimiter()
  return new RedisRateLimiter(redis, {
    prefix: opts.prefix,
    onRedisError: opts.onRedisError,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.ownsClient ? { ownsClient: true } : {}),
  })
}
