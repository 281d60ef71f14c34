/**
 * Test support for suites that need the real backing services (PostgreSQL, Redis). A suite asks
 * `backing.postgres()` / `backing.redis()` at collection time (top-level await) and skips itself
 * when the service is unreachable, printing why. With `CI=true` an unreachable service is a
 * failure, not a skip: CI must prove the scale-out paths.
 *
 * Reads CI, TEST_DATABASE_URL and TEST_REDIS_URL (defaults: the loopback services of a dev box and
 * of CI: PostgreSQL as `postgres` on 127.0.0.1:5432, database `test`; Redis on 127.0.0.1:6379).
 * Tests and benchmarks only; product code never imports test/support.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import pg from 'pg'

export interface Availability {
  available: boolean
  url: string
  /** Why the suite is skipped (empty when available). */
  reason: string
}

export const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test'
const DEFAULT_REDIS = 'redis://127.0.0.1:6379'

const required = (): boolean => process.env.CI === 'true' || process.env.CI === '1'

const cache = new Map<string, Promise<Availability>>()

function probe(name: string, url: string, check: () => Promise<void>): Promise<Availability> {
  let result = cache.get(url)
  if (!result) {
    result = check().then(
      () => ({ available: true, url, reason: '' }),
      (error: unknown) => {
        const reason = `${name} at ${url} is not reachable (${(error as Error).message})`
        if (required()) throw new Error(`${reason}; it is required when CI=true`)
        process.stderr.write(`skipping ${name} tests: ${reason}\n`)
        return { available: false, url, reason }
      },
    )
    cache.set(url, result)
  }
  return result
}

export const backing = {
  postgres(): Promise<Availability> {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES
    return probe('PostgreSQL', url, async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
      try {
        await client.connect()
        await client.query('SELECT 1')
      } finally {
        await client.end().catch(() => undefined)
      }
    })
  },
  redis(): Promise<Availability> {
    const url = process.env.TEST_REDIS_URL || DEFAULT_REDIS
    return probe('Redis', url, async () => {
      const client = new Redis(url, {
        lazyConnect: true,
        connectTimeout: 1000,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      })
      try {
        await client.connect()
        await client.ping()
      } finally {
        client.disconnect()
      }
    })
  },
}

/** A PostgreSQL schema name no other suite (or run) uses. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
}

/** Drops a schema made by `uniqueSchema` (and everything in it). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end()
  }
}

/** A Redis key prefix no other suite (or run) uses. */
export function uniquePrefix(prefix: string): string {
  return `test:${prefix}:${process.pid}:${randomBytes(4).toString('hex')}:`
}
