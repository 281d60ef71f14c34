/**
 * The cache registry clients share. Entries are kept well past their freshness so that a registry
 * that is down can still be answered from the last good answer (source FALLBACK), while a fresh
 * entry saves the call altogether (source CACHE): ARES asks clients not to repeat identical
 * queries, and both registries are slow next to a cache.
 *
 * Two implementations behind one interface: in process (lru-cache) and Redis (shared by all
 * instances). Values are JSON.
 */
import { LRUCache } from 'lru-cache'
import type { Redis } from '../../kit/redis.ts'

export interface CachedValue<T> {
  value: T
  /** Epoch milliseconds when the value was fetched from the registry. */
  storedAt: number
}

export interface RegistryCache {
  get<T>(key: string): Promise<CachedValue<T> | undefined>
  /** Keeps the value for `keepMs` (the stale horizon, not the freshness). */
  set<T>(key: string, value: T, keepMs: number): Promise<void>
}

export class MemoryRegistryCache implements RegistryCache {
  private readonly lru: LRUCache<string, CachedValue<unknown>>
  constructor(opts: { maxEntries?: number } = {}) {
    this.lru = new LRUCache({ max: opts.maxEntries ?? 10_000, ttlAutopurge: false })
  }
  async get<T>(key: string): Promise<CachedValue<T> | undefined> {
    return this.lru.get(key) as CachedValue<T> | undefined
  }
  async set<T>(key: string, value: T, keepMs: number): Promise<void> {
    this.lru.set(key, { value, storedAt: Date.now() }, { ttl: keepMs })
  }
}

export class RedisRegistryCache implements RegistryCache {
  private readonly redis: Redis
  private readonly prefix: string
  constructor(redis: Redis, prefix = 'gatehouse:registry:') {
    this.redis = redis
    this.prefix = prefix
  }
  async get<T>(key: string): Promise<CachedValue<T> | undefined> {
    const raw = await this.redis.get(this.prefix + key)
    return raw ? (JSON.parse(raw) as CachedValue<T>) : undefined
  }
  async set<T>(key: string, value: T, keepMs: number): Promise<void> {
    const entry: CachedValue<T> = { value, storedAt: Date.now() }
    await this.redis.set(this.prefix + key, JSON.stringify(entry), 'PX', keepMs)
  }
}

export type Source = 'PRIMARY' | 'CACHE' | 'FALLBACK'

export interface RegistryAnswer<T> {
  data: T
  /** PRIMARY: asked the registry now; CACHE: a fresh cached answer; FALLBACK: the registry failed, a stale answer is given. */
  source: Source
  /** When the registry gave this answer (ISO 8601). */
  fetched_at: string
  /** Why the registry was not used (FALLBACK only). */
  error?: string
}

export interface CachePolicy {
  cache: RegistryCache
  /** An answer younger than this is used without asking the registry (ms). */
  freshMs: number
  /** An answer younger than this may stand in when the registry fails (ms). */
  staleMs: number
}

/** Cache-first, then the registry, then a stale answer when the registry fails. */
export async function cached<T>(
  policy: CachePolicy | undefined,
  key: string,
  fetcher: () => Promise<T>,
): Promise<RegistryAnswer<T>> {
  const hit = policy ? await policy.cache.get<T>(key).catch(() => undefined) : undefined
  if (hit && Date.now() - hit.storedAt < policy!.freshMs) {
    return { data: hit.value, source: 'CACHE', fetched_at: new Date(hit.storedAt).toISOString() }
  }
  try {
    const data = await fetcher()
    if (policy) await policy.cache.set(key, data, policy.staleMs).catch(() => undefined)
    return { data, source: 'PRIMARY', fetched_at: new Date().toISOString() }
  } catch (error) {
    if (hit && Date.now() - hit.storedAt < policy!.staleMs) {
      return {
        data: hit.value,
        source: 'FALLBACK',
        fetched_at: new Date(hit.storedAt).toISOString(),
        error: (error as Error).message,
      }
    }
    throw error
  }
}
