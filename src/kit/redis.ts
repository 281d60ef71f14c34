/**
 * Redis connection (ioredis) for limits, counters and caches shared across instances. Every
 * command is bounded: connecting takes at most `connectTimeoutMs`, and each command (sent, queued
 * while reconnecting, or waiting on a Redis that stopped answering, e.g. frozen by SIGSTOP) fails
 * after `commandTimeoutMs` (REDIS_COMMAND_TIMEOUT_MS, default 500 ms) with "Command timed out",
 * which the kit answers as a 503 (see `unavailableError`). The client reconnects by itself.
 */
import { Redis } from 'ioredis'
import type { Logger } from './logger.ts'

/** Default bound on one Redis command, from sending to reply (ms). */
const REDIS_COMMAND_TIMEOUT_MS = 500

export interface RedisOptions {
  /** Bound on opening the connection (ms, default 2000). */
  connectTimeoutMs?: number
  /** Bound on each command (ms, default REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number
  keyPrefix?: string
  /** Where connection errors are reported (otherwise ioredis prints them to stderr). */
  logger?: Logger
}

export function openRedis(url: string, opts: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    commandTimeout: opts.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    ...(opts.keyPrefix ? { keyPrefix: opts.keyPrefix } : {}),
  })
  // A lost connection is emitted as 'error' on every reconnect attempt; the commands in flight fail
  // on their own, so this is only worth a line in the log, once per outage.
  let down = false
  redis.on('error', (error: Error) => {
    if (down) return
    down = true
    opts.logger?.warn({ err: error }, 'Redis connection lost; reconnecting')
  })
  redis.on('ready', () => {
    if (!down) return
    down = false
    opts.logger?.info('Redis connection restored')
  })
  return redis
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
