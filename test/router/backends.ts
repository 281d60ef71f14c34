/**
 * The storages router tests run against: SQLite always, PostgreSQL when it answers on
 * 127.0.0.1:5432 (or TEST_DATABASE_URL). With CI=true PostgreSQL is required: an unreachable server
 * fails the suite instead of skipping it.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '../../src/kit/db.ts'

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test'

let reachable: Promise<boolean> | undefined

export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.query('select 1')
      return true
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but unreachable: ${error}`)
      console.warn(`PostgreSQL tests skipped: ${PG_URL} unreachable (${(error as Error).message})`)
      return false
    } finally {
      await client.end().catch(() => undefined)
    }
  })()
  return reachable
}

export interface Backend {
  name: 'sqlite' | 'postgres'
  /** Opens one more connection to the same storage (a second router instance). */
  open(): Database
  cleanup(): Promise<void>
}

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-router-'))
  return {
    name: 'sqlite',
    open: () => openDatabase({ dataDir: dir, file: 'router.db' }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

export function postgresBackend(): Backend {
  const schema = `router_test_${randomBytes(5).toString('hex')}`
  return {
    name: 'postgres',
    open: () => openDatabase({ dataDir: '', databaseUrl: PG_URL, schema, poolSize: 5 }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    },
  }
}

/** SQLite always; PostgreSQL when reachable (required in CI). */
export async function backends(): Promise<Backend[]> {
  return (await postgresReachable()) ? [sqliteBackend(), postgresBackend()] : [sqliteBackend()]
}
