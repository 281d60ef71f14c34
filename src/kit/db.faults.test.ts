import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ThrowawayPostgres, throwaway } from '../../test/support/throwaway.ts'
import { type Database, openDatabase, PG_CONNECT_TIMEOUT_MS } from './db.ts'
import { isAppError, unavailableError } from './errors.ts'
import { createLogger } from './logger.ts'
import { createServer } from './server.ts'

const skip = throwaway.unavailable()

/** Waits until `check` passes (bounded), returning how long it took in ms. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`not recovered within ${timeoutMs} ms`)
}

describe.skipIf(skip)('PostgreSQL faults', () => {
  let pg: ThrowawayPostgres
  let db: Database
  const logged: unknown[] = []

  beforeAll(async () => {
    pg = await throwaway.postgres()
    const logger = createLogger(
      { level: 'warn' },
      { write: (line: string) => void logged.push(JSON.parse(line)) },
    )
    db = openDatabase({ dataDir: '', databaseUrl: pg.url, logger, poolSize: 3 })
  })
  afterAll(async () => {
    await db?.close()
    pg?.destroy()
  })

  const ping = async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(db.as())).rows[0]?.one === 1

  it('survives a crash of the server (idle connections dropped), failing fast, then recovers by itself', async () => {
    // Fill the pool with idle connections: their loss is what used to crash the process.
    await Promise.all([ping(), ping(), ping()])
    pg.stop('immediate')
    await new Promise((r) => setTimeout(r, 100))
    const started = Date.now()
    const error = await ping().then(
      () => undefined,
      (e: unknown) => e,
    )
    // A refused connection fails at once, an attempt within its timeout; 5 s of slack for a loaded
    // machine, which keeps the worker off a core for a second or more (a fixed 3 s cap left 1 s).
    // A pool that waited for the server instead would not answer before the restart below.
    expect(Date.now() - started).toBeLessThan(PG_CONNECT_TIMEOUT_MS + 5000)
    const mapped = unavailableError(error)
    expect(mapped?.status).toBe(503)
    expect(mapped?.headers['retry-after']).toMatch(/^\d+$/)
    pg.start()
    expect(await until(ping, 10_000)).toBeLessThan(10_000)
    expect(logged.some((l) => (l as { msg?: string }).msg?.includes('PostgreSQL'))).toBe(true)
  })

  it('maps an operator restart (57P01 admin_shutdown) to 503 and recovers', async () => {
    await Promise.all([ping(), ping()])
    pg.stop('fast')
    const error = await ping().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(unavailableError(error)?.code).toBe('service_unavailable')
    pg.start()
    await until(ping, 10_000)
  })

  it('answers requests during the outage with a 503 in the envelope, with Retry-After', async () => {
    const app = createServer({
      name: 'faulty',
      envelope: 'standard',
      logger: createLogger({ level: 'silent' }),
      logRequests: false,
    })
    app.get('/rows', async () => ({ ok: await ping() }))
    expect((await app.inject('/rows')).statusCode).toBe(200)
    pg.stop('immediate')
    try {
      const res = await app.inject('/rows')
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toMatch(/^\d+$/)
      expect(res.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
      expect(res.body).not.toMatch(/ECONNREFUSED|terminat/i)
    } finally {
      pg.start()
    }
    await until(async () => (await app.inject('/rows')).statusCode === 200, 10_000)
    await app.close()
  })

  it('does not map ordinary query errors to 503', async () => {
    const error = await sql`SELECT * FROM no_such_table`.execute(db.as()).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeDefined()
    expect(unavailableError(error)).toBeUndefined()
    expect(isAppError(error)).toBe(false)
  })
})
