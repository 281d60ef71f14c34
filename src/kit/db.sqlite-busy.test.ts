/**
 * Opening a SQLite file that another process holds a write lock on waits for the lock (the busy
 * timeout) instead of failing at once: the timeout must be in force before the first statement,
 * since switching a fresh file to WAL needs that lock too.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './db.ts'

describe('opening a SQLite file another connection is writing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-busy-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('waits for the writer to finish instead of failing with "database is locked"', async () => {
    // Another thread (its own connection, as another process would have) opens the new file in
    // rollback mode, takes the write lock and keeps it for 300 ms.
    const holder = new Worker(
      `const { DatabaseSync } = require('node:sqlite')
       const { parentPort, workerData } = require('node:worker_threads')
       const db = new DatabaseSync(workerData)
       db.exec('CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)')
       parentPort.postMessage('locked')
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
       db.exec('COMMIT')
       db.close()`,
      { eval: true, workerData: join(dir, 'gatehouse.db') },
    )
    await new Promise((resolve) => holder.once('message', resolve))
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
