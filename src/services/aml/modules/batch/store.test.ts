/**
 * The batch store on both dialects (SQLite always, PostgreSQL when reachable; required with
 * CI=true): leases decide who screens a batch, a chunk is written whole or not at all, and ids
 * reserved by two instances at once never overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../../../../test/support/storage.ts'
import type { Database } from '../../../../kit/db.ts'
import { AmlStore } from '../../store.ts'
import { BatchStore, type DoneRow, LeaseLost, type PendingRow, type BatchStore as Store } from './store.ts'

const T0 = new Date('2026-11-22T10:00:00Z')
const later = (ms: number) => new Date(T0.getTime() + ms)

function done(rows: PendingRow[], level = 'LOW'): DoneRow[] {
  return rows.map((r) => ({
    ...r,
    screening_id: `AML-20261122-${String(r.idx + 1).padStart(6, '0')}`,
    level,
    score: level === 'LOW' ? 0 : 90,
    completeness: 1,
    review_required: false,
    hits: level === 'LOW' ? [] : [{ list: 'un', list_id: 'QDi.1', matched_name: 'X', score: 0.97 }],
    audit: {
      created_at: T0.toISOString(),
      subject_type: 'person',
      input: r.input,
      list_versions: [],
      result: JSON.stringify({ screening_id: `AML-20261122-${String(r.idx + 1).padStart(6, '0')}` }),
    },
  }))
}

for (const kind of await storageKinds()) {
  describe(`AML batch store on ${kind.name}`, () => {
    const storage = kind.create('aml_batch', { file: 'aml.db' })
    let db: Database
    let db2: Database
    let batches: Store
    let aml: AmlStore

    beforeAll(async () => {
      db = storage.open()
      await db.migrate()
      db2 = storage.open()
      batches = new BatchStore(db)
      aml = new AmlStore(db)
      await batches.create({
        batchId: 'AMLB-20261122-000001',
        createdAt: T0.toISOString(),
        createdBy: 'admin',
        source: 'csv',
        fileName: 'book.csv',
        ignoredColumns: ['Poznámka'],
        rows: Array.from({ length: 5 }, (_, i) => ({
          reference: i === 2 ? undefined : `R${i}`,
          input: { first_name: 'Jan', last_name: `Novák${i}` },
          line: i + 2,
        })),
      })
    })
    afterAll(async () => {
      await db.close()
      await db2.close()
      await storage.cleanup()
    })

    it('lets one process take a queued batch, and another only once its lease ran out', async () => {
      expect(await batches.activeCount('admin')).toBe(1)
      expect(await batches.activeCount('internal')).toBe(0)
      const taken = await batches.claim('a', T0, 60_000)
      expect(taken).toMatchObject({
        batch_id: 'AMLB-20261122-000001',
        status: 'running',
        total: 5,
        done: 0,
        ignored_columns: ['Poznámka'],
        file_name: 'book.csv',
        started_at: T0.toISOString(),
      })
      expect(await batches.claim('b', later(59_000), 60_000)).toBeUndefined()
      expect(await batches.renew('AMLB-20261122-000001', 'a', later(120_000))).toBe(true)
      expect(await batches.claim('b', later(90_000), 60_000)).toBeUndefined()
      const takenOver = await new BatchStore(db2).claim('b', later(121_000), 60_000)
      expect(takenOver?.batch_id).toBe('AMLB-20261122-000001')
      expect(await batches.renew('AMLB-20261122-000001', 'a', later(200_000))).toBe(false)
    })

    it('writes a chunk whole while the lease is held, and nothing once it is lost', async () => {
      const first = await batches.pending('AMLB-20261122-000001', 2)
      expect(first.map((r) => [r.idx, r.reference, r.line])).toEqual([
        [0, 'R0', 2],
        [1, 'R1', 3],
      ])
      await expect(
        batches.saveChunk('AMLB-20261122-000001', 'a', done(first), later(300_000)),
      ).rejects.toThrow(LeaseLost)
      expect((await batches.get('AMLB-20261122-000001'))!.done).toBe(0)
      await batches.saveChunk('AMLB-20261122-000001', 'b', done(first), later(300_000))
      const rest = await batches.pending('AMLB-20261122-000001', 10)
      expect(rest.map((r) => r.idx)).toEqual([2, 3, 4])
      await batches.saveChunk('AMLB-20261122-000001', 'b', done(rest, 'CRITICAL'), later(300_000))
      expect(await batches.pending('AMLB-20261122-000001', 10)).toEqual([])
      expect((await batches.get('AMLB-20261122-000001'))!.done).toBe(5)
      await batches.finish('AMLB-20261122-000001', 'b', 'completed')
      expect(await batches.get('AMLB-20261122-000001')).toMatchObject({ status: 'completed' })
      expect(await batches.activeCount('admin')).toBe(0)
    })

    it('counts levels and pages the results, by level and hits, in batch order', async () => {
      expect(await batches.summary('AMLB-20261122-000001')).toEqual({
        levels: { LOW: 2, CRITICAL: 3 },
        withHits: 3,
      })
      const page = await batches.rows('AMLB-20261122-000001', { offset: 1, limit: 2 })
      expect(page.total).toBe(5)
      expect(page.rows.map((r) => r.index)).toEqual([1, 2])
      expect(page.rows[1]).toMatchObject({ reference: null, level: 'CRITICAL', review_required: false })
      const critical = await batches.rows('AMLB-20261122-000001', { offset: 0, limit: 10, level: 'CRITICAL' })
      expect(critical.rows.map((r) => r.index)).toEqual([2, 3, 4])
      const hits = await batches.rows('AMLB-20261122-000001', { offset: 0, limit: 10, hitsOnly: true })
      expect(hits.total).toBe(3)
      const all = []
      for await (const r of batches.results('AMLB-20261122-000001', 2)) all.push(r)
      expect(all.map((r) => [r.index, (r.result as { screening_id: string }).screening_id])).toEqual(
        [0, 1, 2, 3, 4].map((i) => [i, `AML-20261122-${String(i + 1).padStart(6, '0')}`]),
      )
    })

    it('reserves ranges of screening numbers that never overlap across instances', async () => {
      const other = new AmlStore(db2)
      const firsts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? aml : other).reserve('screening:test', 50)),
      )
      const numbers = firsts.flatMap((f) => Array.from({ length: 50 }, (_, k) => f + k))
      expect(new Set(numbers).size).toBe(1000)
      expect(Math.min(...numbers)).toBe(1)
      expect(await aml.next('screening:test')).toBe(1001)
    })
  })
}
