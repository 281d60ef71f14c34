/**
 * Opening a SQLite file that another process holds a write lock on waits for the lock (the busy
 * timeout) instead of failing at once: the timeout must be in force before the first statement,
 * since switching a fresh file to WAL needs that lock too. So does a `writeTransaction` that reads
 * before it writes, where a plain transaction fails at once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, writeTransaction } from './db.ts'

/** Another thread (its own connection, as another process has) holds the write lock for 300 ms. */
async function holdWriteLock(file: string, statements: string): Promise<Worker> {
  const holder = new Worker(
    `const { DatabaseSync } = require('node:sqlite')
     const { parentPort, workerData } = require('node:worker_threads')
     const db = new DatabaseSync(workerData.file, { timeout: 5000 })
     db.exec(workerData.statements)
     parentPort.postMessage('locked')
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
     db.exec('COMMIT')
     db.close()`,
    { eval: true, workerData: { file, statements } },
  )
  await new Promise((resolve) => holder.once('message', resolve))
  return holder
}

describe('opening a SQLite file another connection is writing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-busy-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('waits for the writer to finish instead of failing with "database is locked"', async () => {
    // Another thread opens the new file in rollback mode and takes the write lock.
    const holder = await holdWriteLock(
      join(dir, 'gatehouse.db'),
      'CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)',
    )
    const started = Date.now()
    const db = openDatabase({ dataDir: dir })
    try {
      await db.migrate()
      expect(Date.now() - started).toBeGreaterThanOrEqual(100)
    } finally {
      await db.close()
      await holder.terminate()
    }
  })
})

describe('a transaction that reads, then writes, while another connection writes the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-busy-rw-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('waits for the other writer (writeTransaction), where a plain transaction fails at once', async () => {
    const db = openDatabase({ dataDir: dir })
    const k = db.as<{ t: { x: number } }>()
    await sql`CREATE TABLE t (x integer)`.execute(k)
    const readThenWrite = async (tx: typeof k) => {
      const n = (await tx.selectFrom('t').select('x').execute()).length
      await tx.insertInto('t').values({ x: n }).execute()
    }
    const file = join(dir, 'gatehouse.db')
    let holder = await holdWriteLock(file, 'BEGIN IMMEDIATE; INSERT INTO t VALUES (100)')
    try {
      await expect(k.transaction().execute(readThenWrite)).rejects.toThrow('database is locked')
    } finally {
      await holder.terminate()
    }
    holder = await holdWriteLock(file, 'BEGIN IMMEDIATE; INSERT INTO t VALUES (200)')
    try {
      await writeTransaction(k, 't', readThenWrite)
      // It ran after the other writer's commit, and saw its row.
      expect((await k.selectFrom('t').select('x').orderBy('x').execute()).map((r) => r.x)).toEqual([1, 200])
    } finally {
      await holder.terminate()
      await db.close()
    }
  })
})
