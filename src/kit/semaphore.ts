/**
 * "At most N at once" for work that is expensive while it runs (a screening calling registers, a
 * conversion). `LocalSemaphore` counts in this process; `RedisSemaphore` counts in Redis, so the
 * bound holds across every instance of a service.
 *
 * The Redis semaphore holds each slot as a lease: a member of one sorted set scored by when it
 * expires (Redis time, ms). A holder renews its leases every third of the lease length; an
 * instance that dies (or loses Redis for longer than a lease) stops renewing and its slots come
 * free when the lease runs out, never later. A lua script makes "drop the expired, count, take"
 * atomic, so concurrent acquires on any number of instances never overshoot.
 *
 * When Redis cannot answer, acquiring fails closed like the rate limiters (RATE_LIMIT_ON_REDIS_ERROR):
 * a 503 `service_unavailable` with Retry-After; with `open` the process falls back to counting its
 * own slots (still bounded, per process) until Redis is back. Outage and recovery are logged once.
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { BACKING_RETRY_AFTER_SECONDS, errors } from './errors.ts'
import type { Logger } from './logger.ts'
import type { RedisFailureMode } from './ratelimit-redis.ts'

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void

export interface Semaphore {
  /** Slots in all. */
  readonly max: number
  /** How long `acquire` waits for a slot (ms). */
  readonly waitMs: number
  /** Slots this process holds now. */
  readonly inUse: number
  /**
   * Resolves with a release function, or with undefined when no slot came free within `waitMs`.
   * Rejects with a 503 AppError when the shared count cannot be reached (Redis, failing closed).
   */
  acquire(): Promise<Release | undefined>
  close(): Promise<void>
}

/** Slots counted in this process; a waiter is served in arrival order. */
export class LocalSemaphore implements Semaphore {
  private running = 0
  private readonly queue: (() => void)[] = []
  readonly max: number
  readonly waitMs: number

  constructor(max: number, waitMs: number) {
    this.max = max
    this.waitMs = waitMs
  }

  get inUse(): number {
    return this.running
  }

  async acquire(): Promise<Release | undefined> {
    if (this.running < this.max) {
      this.running++
      return this.releaser()
    }
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer)
        this.running++
        resolve(this.releaser())
      }
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(grant)
        if (i >= 0) this.queue.splice(i, 1)
        resolve(undefined)
      }, this.waitMs)
      this.queue.push(grant)
    })
  }

  private releaser(): Release {
    let done = false
    return () => {
      if (done) return
      done = true
      this.running--
      const next = this.queue.shift()
      if (next) next()
    }
  }

  async close(): Promise<void> {}
}

/**
 * KEYS[1]: the sorted set of leases. ARGV: member, max, lease (ms), deadline in Redis time (ms, 0
 * for none). Returns {1, now} when the lease was taken, {0, now} when every slot is held, and
 * {-1, now} past the deadline without touching anything: an acquire that waited in a frozen Redis
 * whose caller has already given up must not take a slot nobody will release.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local deadline = tonumber(ARGV[4])
if deadline > 0 and now > deadline then return { -1, now } end
local lease = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return { 0, now } end
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease)
return { 1, now }
`

/**
 * KEYS[1]: the sorted set. ARGV: lease (ms), then the members to extend. Only members still there
 * are extended (a lease that already expired is not brought back). Returns how many were.
 */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
local n = 0
for i = 2, #ARGV do
  n = n + redis.call('ZADD', KEYS[1], 'XX', 'CH', now + lease, ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], lease)
return n
`

type Script = (numKeys: number, ...args: (string | number)[]) => Promise<number[] | number>

export interface RedisSemaphoreOptions {
  /** The sorted set holding the leases (one per bound, e.g. `sem:aml:screenings`). */
  key: string
  max: number
  waitMs: number
  /** How long a slot stays held without renewal (ms, default 15 000): the cost of a dead instance. */
  leaseMs?: number
  /** How often a waiting acquire asks again (ms, default 25). */
  pollMs?: number
  /** 'closed' (default): 503 while Redis is unreachable; 'open': count this process's slots only. */
  onRedisError?: RedisFailureMode
  logger?: Logger
}

export class RedisSemaphore implements Semaphore {
  readonly max: number
  readonly waitMs: number
  private readonly redis: Redis
  private readonly key: string
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly failureMode: RedisFailureMode
  private readonly logger: Logger | undefined
  /** Used instead of Redis while it is unreachable, when failing open. */
  private readonly fallback: LocalSemaphore
  private readonly instance = randomBytes(6).toString('base64url')
  private seq = 0
  /** Leases this process holds, renewed together. */
  private readonly held = new Set<string>()
  private renewer: NodeJS.Timeout | undefined
  private failing = false
  /** Redis's clock minus ours (ms), from the last reply; undefined before the first. */
  private clockOffsetMs: number | undefined
  private readonly commandTimeoutMs: number | undefined
  /** Local waiters woken when this process releases a slot, so they need not wait for the next poll. */
  private readonly wakers = new Set<() => void>()

  constructor(redis: Redis, opts: RedisSemaphoreOptions) {
    this.redis = redis
    this.key = opts.key
    this.max = opts.max
    this.waitMs = opts.waitMs
    this.leaseMs = opts.leaseMs ?? 15_000
    this.pollMs = opts.pollMs ?? 25
    this.failureMode = opts.onRedisError ?? 'closed'
    this.logger = opts.logger
    this.fallback = new LocalSemaphore(opts.max, opts.waitMs)
    const timeout = redis.options.commandTimeout
    this.commandTimeoutMs = typeof timeout === 'number' && timeout > 0 ? timeout : undefined
    const commands = redis as unknown as Record<string, unknown>
    if (!commands.gatehouseSemAcquire) redis.defineCommand('gatehouseSemAcquire', { lua: ACQUIRE })
    if (!commands.gatehouseSemRenew) redis.defineCommand('gatehouseSemRenew', { lua: RENEW })
  }

  get inUse(): number {
    return this.held.size + this.fallback.inUse
  }

  private script(name: 'gatehouseSemAcquire' | 'gatehouseSemRenew'): Script {
    return (this.redis as unknown as Record<string, Script>)[name]!.bind(this.redis)
  }

  async acquire(): Promise<Release | undefined> {
    const started = Date.now()
    const member = `${this.instance}:${(this.seq++).toString(36)}`
    for (;;) {
      let taken: boolean
      try {
        taken = await this.tryTake(member)
      } catch (error) {
        return this.failed(error)
      }
      if (taken) return this.releaser(member)
      const left = this.waitMs - (Date.now() - started)
      if (left <= 0) return undefined
      // Another instance frees its slot unseen: ask again soon; a release here wakes us at once.
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          this.wakers.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(left, this.pollMs))
        this.wakers.add(wake)
      })
    }
  }

  /** One atomic attempt; throws when Redis does not answer (or answers after the caller's bound). */
  private async tryTake(member: string): Promise<boolean> {
    const deadline =
      this.commandTimeoutMs !== undefined && this.clockOffsetMs !== undefined
        ? Date.now() + this.clockOffsetMs + this.commandTimeoutMs
        : 0
    const out = (await this.script('gatehouseSemAcquire')(
      1,
      this.key,
      member,
      this.max,
      this.leaseMs,
      deadline,
    )) as number[]
    this.clockOffsetMs = out[1]! - Date.now()
    if (out[0] === -1) throw new Error('reply came after the command timeout')
    if (this.failing) {
      this.failing = false
      this.logger?.info({ key: this.key }, 'shared slots recovered: Redis answers again')
    }
    if (out[0] !== 1) return false
    this.held.add(member)
    this.renewer ??= setInterval(() => this.renew(), Math.max(50, Math.floor(this.leaseMs / 3))).unref()
    return true
  }

  private failed(error: unknown): Promise<Release | undefined> {
    if (!this.failing) {
      this.failing = true
      this.logger?.error(
        { err: error, key: this.key, onRedisError: this.failureMode },
        `shared slots unavailable: Redis does not answer; failing ${this.failureMode}`,
      )
    }
    if (this.failureMode === 'open') return this.fallback.acquire()
    throw errors.unavailable('Concurrency limit unavailable; retry shortly', BACKING_RETRY_AFTER_SECONDS)
  }

  private renew(): void {
    if (this.held.size === 0) {
      clearInterval(this.renewer)
      this.renewer = undefined
      return
    }
    // A failed renewal is retried on the next tick; the lease outlives two missed ones.
    this.script('gatehouseSemRenew')(1, this.key, this.leaseMs, ...this.held).catch(() => undefined)
  }

  private releaser(member: string): Release {
    let done = false
    return () => {
      if (done) return
      done = true
      this.held.delete(member)
      // When Redis cannot take the release, the lease runs out by itself (leaseMs at most).
      this.redis.zrem(this.key, member).then(
        () => {
          for (const wake of [...this.wakers]) wake()
        },
        () => undefined,
      )
    }
  }

  async close(): Promise<void> {
    clearInterval(this.renewer)
    this.renewer = undefined
    for (const wake of [...this.wakers]) wake()
  }
}
