/**
 * Redis connection (ioredis) for limits, counters and caches shared across instances. Connecting is
 * lazy and bounded: a Redis that is down fails the first command within `connectTimeoutMs` with a
 * message that names REDIS_URL, instead of hanging start-up.
 */
import { Redis } from 'ioredis'

export function openRedis(url: string, opts: { connectTimeoutMs?: number; keyPrefix?: string } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    ...(opts.keyPrefix ? { keyPrefix: opts.keyPrefix } : {}),
  })
}

/** Resolves when Redis answers PING; rejects with an actionable message otherwise. */
export async function assertRedis(redis: Redis, url: string): Promise<void> {
  try {
    await redis.ping()
  } catch (error) {
    throw new Error(
      `Redis at REDIS_URL=${url} is not reachable (${(error as Error).message}); start Redis or unset REDIS_URL`,
    )
  }
}

export type { Redis }
