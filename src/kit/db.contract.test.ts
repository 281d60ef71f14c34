/**
 * The storage contract: what every service may rely on from `openDatabase`, run against SQLite
 * (node:sqlite, the embedded default) and PostgreSQL (DATABASE_URL). PostgreSQL runs when
 * reachable and is required with CI=true.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../test/support/storage.ts'
import { type Database, dialectOf, MIGRATIONS_DIR, openDatabase, WalChangeCounter } from './db.ts'

interface Tables {
  contract_items: {
    id: number | undefined
    name: string
    qty: number
    at_ms: number
    ratio: number | null
    active: boolean | number
    note: string | null
  }
}

const kinds = await storageKinds()

const migrationFiles = readdirSync(MIGRATIONS_DIR)
  .filter((f) => /^\d{4}_[a-z0-9_]+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort()

for (const kind of kinds) {
  describe(`Database contract: ${kind.name}`, () => {
    const target = kind.create('dbcontract')
    let db: Database
    beforeAll(async () => {
      db = target.open()
      const kysely = db.as<unknown>()
      await kysely.schema
        .createTable('contract_items')
        .addColumn('id', target.name === 'postgres' ? 'serial' : 'integer', (c) =>
          target.name === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addColumn('ratio', 'real')
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('note', 'text')
        .execute()
    })
    afterAll(async () => {
      await db.close()
      await target.cleanup()
    })

    it('names its dialect, and dialectOf agrees', () => {
      expect(db.dialect).toBe(target.name)
      expect(dialectOf(db.as<unknown>())).toBe(target.name)
    })

    it('applies every migration once, in name order, and then reports nothing to do', async () => {
      const empty = kind.create('dbcontract_fresh')
      const fresh = empty.open()
      try {
        expect(await fresh.migrate()).toEqual(migrationFiles)
        expect(await fresh.migrate()).toEqual([])
      } finally {
        await fresh.close()
        await empty.cleanup()
      }
    })

    it('returns generated ids and reads every column type back as written', async () => {
      const k = db.as<Tables>()
      const at = Date.UTC(2026, 0, 31, 12, 0, 0, 123)
      const inserted = await k
        .insertInto('contract_items')
        .values({ name: 'alpha', qty: 3, at_ms: at, ratio: 0.25, active: true, note: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect(typeof inserted.id).toBe('number')
      const row = await k
        .selectFrom('contract_items')
        .selectAll()
        .where('id', '=', inserted.id!)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ name: 'alpha', qty: 3, at_ms: at, ratio: 0.25, note: null })
      // Booleans: SQLite stores 1/0, PostgreSQL true/false; both are truthy/falsy as written.
      expect(Boolean(row.active)).toBe(true)
    })

    it('counts as numbers on both dialects (bigint aggregates included)', async () => {
      const k = db.as<Tables>()
      const { n } = await k
        .selectFrom('contract_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(typeof n).toBe('number')
    })

    it('commits a transaction as a whole and rolls a failed one back completely', async () => {
      const k = db.as<Tables>()
      await k.transaction().execute(async (tx) => {
        await tx
          .insertInto('contract_items')
          .values([
            { name: 'tx-1', qty: 1, at_ms: 1, ratio: null, active: false, note: 'x' },
            { name: 'tx-2', qty: 2, at_ms: 2, ratio: null, active: false, note: 'y' },
          ])
          .execute()
      })
      await expect(
        k.transaction().execute(async (tx) => {
          await tx
            .insertInto('contract_items')
            .values({ name: 'tx-3', qty: 3, at_ms: 3, ratio: null, active: false, note: null })
            .execute()
          // Violates the unique name: the whole transaction must be undone, tx-3 included.
          await tx
            .insertInto('contract_items')
            .values({ name: 'tx-1', qty: 9, at_ms: 9, ratio: null, active: false, note: null })
            .execute()
        }),
      ).rejects.toThrow()
      const names = await k
        .selectFrom('contract_items')
        .select('name')
        .where('name', 'like', 'tx-%')
        .orderBy('name')
        .execute()
      expect(names.map((r) => r.name)).toEqual(['tx-1', 'tx-2'])
    })

    it('keeps concurrent transactions apart (no lost updates)', async () => {
      const k = db.as<Tables>()
      await k
        .insertInto('contract_items')
        .values({ name: 'counter', qty: 0, at_ms: 0, ratio: null, active: true, note: null })
        .execute()
      await Promise.all(
        Array.from({ length: 20 }, () =>
          k.transaction().execute(async (tx) => {
            await tx
              .updateTable('contract_items')
              .set((eb) => ({ qty: eb('qty', '+', 1) }))
              .where('name', '=', 'counter')
              .execute()
          }),
        ),
      )
      const row = await k
        .selectFrom('contract_items')
        .select('qty')
        .where('name', '=', 'counter')
        .executeTakeFirstOrThrow()
      expect(row.qty).toBe(20)
    })

    it('inserts a batch of 1000 rows in one statement', async () => {
      const k = db.as<Tables>()
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        name: `batch-${i}`,
        qty: i,
        at_ms: 1_700_000_000_000 + i,
        ratio: null,
        active: i % 2 === 0,
        note: null,
      }))
      await k.insertInto('contract_items').values(rows).execute()
      const { n, total } = await k
        .selectFrom('contract_items')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('qty').as('total')])
        .where('name', 'like', 'batch-%')
        .executeTakeFirstOrThrow()
      expect(n).toBe(1000)
      expect(Number(total)).toBe((999 * 1000) / 2)
    })

    it('runs raw SQL through the same connection', async () => {
      const result = await sql<{ one: number }>`SELECT 1 AS one`.execute(db.as<unknown>())
      expect(Number(result.rows[0]!.one)).toBe(1)
    })

    it('runs many distinct statements (beyond the statement cache) correctly', async () => {
      const k = db.as<Tables>()
      for (let i = 0; i < 600; i++) {
        // A different IN-list length each time makes 600 distinct SQL texts.
        const names = Array.from({ length: (i % 40) + 1 }, (_, j) => `batch-${j}`)
        const rows = await k.selectFrom('contract_items').select('name').where('name', 'in', names).execute()
        expect(rows).toHaveLength(names.length)
      }
    })

    it('refuses work after close', async () => {
      const other = target.open()
      await other.close()
      await expect(sql`SELECT 1`.execute(other.as<unknown>())).rejects.toThrow()
    })
  })
}

describe('SQLite dataVersion', () => {
  it('moves after every commit, from this connection or another, and stays put while nobody writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dv-'))
    const a = openDatabase({ dataDir: dir })
    const b = openDatabase({ dataDir: dir })
    try {
      await sql`CREATE TABLE t (x integer)`.execute(a.as<unknown>())
      const before = b.dataVersion!()
      expect(b.dataVersion!()).toBe(before)
      await sql`SELECT * FROM t`.execute(a.as<unknown>())
      expect(b.dataVersion!()).toBe(before)
      await sql`INSERT INTO t VALUES (1)`.execute(a.as<unknown>())
      const afterOther = b.dataVersion!()
      expect(afterOther).not.toBe(before)
      await sql`INSERT INTO t VALUES (2)`.execute(b.as<unknown>())
      expect(b.dataVersion!()).not.toBe(afterOther)
    } finally {
      await a.close()
      await b.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('sees a commit made while a checkpoint restarted the WAL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dv-'))
    const a = openDatabase({ dataDir: dir })
    const b = openDatabase({ dataDir: dir })
    try {
      await sql`CREATE TABLE t (x integer)`.execute(a.as<unknown>())
      await sql`INSERT INTO t VALUES (1)`.execute(a.as<unknown>())
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(a.as<unknown>())
      const before = b.dataVersion!()
      // The next commit starts the WAL over from its first frame (new salts in the header).
      await sql`INSERT INTO t VALUES (2)`.execute(a.as<unknown>())
      expect(b.dataVersion!()).not.toBe(before)
    } finally {
      await a.close()
      await b.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads nothing from a missing, short or uninitialised WAL index (the pragma answers then)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dv-'))
    try {
      expect(new WalChangeCounter(join(dir, 'missing-shm')).read()).toBeUndefined()
      writeFileSync(join(dir, 'short-shm'), Buffer.alloc(40, 1))
      expect(new WalChangeCounter(join(dir, 'short-shm')).read()).toBeUndefined()
      writeFileSync(join(dir, 'blank-shm'), Buffer.alloc(96, 0))
      expect(new WalChangeCounter(join(dir, 'blank-shm')).read()).toBeUndefined()
      const header = Buffer.alloc(96, 0)
      header[12] = 1 // isInit
      writeFileSync(join(dir, 'ready-shm'), header)
      const counter = new WalChangeCounter(join(dir, 'ready-shm'))
      const first = counter.read()
      expect(first).toBeTypeOf('number')
      expect(counter.read()).toBe(first)
      header[16] = 7 // mxFrame: a commit
      writeFileSync(join(dir, 'ready-shm'), header)
      expect(counter.read()).not.toBe(first)
      counter.close()
      expect(() => counter.read()).toThrow('database is closed')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is absent on PostgreSQL', () => {
    const pg = openDatabase({ dataDir: '', databaseUrl: 'postgres://127.0.0.1:1/none' })
    expect(pg.dataVersion).toBeUndefined()
    return pg.close()
  })
})
