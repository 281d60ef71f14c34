/**
 * The scout runs table on both storages: a finished run is recorded once, portal-failed lists the
 * runs with failed sources newest first (by requester and by source), and a retry takes a run off
 * the list exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Storage, storageKinds } from '../../../../../test/support/storage.ts'
import type { Database } from '../../../../kit/db.ts'
import { ScoutRunStore } from './store.ts'

for (const kind of await storageKinds()) {
  describe(`scout runs on ${kind.name}`, () => {
    let storage: Storage
    let db: Database
    let clock = Date.parse('2026-11-24T10:00:00Z')
    let runs: ScoutRunStore
    beforeAll(async () => {
      storage = kind.create('scout_runs')
      db = storage.open()
      await db.migrate()
      runs = new ScoutRunStore(db, { now: () => clock })
    })
    afterAll(async () => {
      await db?.close()
      await storage?.cleanup()
    })

    const run = (id: string, failed: { source: string; reason: string }[], requested_by = 'key:a') => ({
      id,
      task_id: `task-${id}`,
      requested_by,
      ico: '27082440',
      name: null,
      failed,
      retry_of: null,
    })

    it('records a finished run once and reads it back', async () => {
      await runs.record(run('r1', [{ source: 'ares', reason: 'ARES answered HTTP 503' }]))
      clock += 1000
      await runs.record(run('r1', []))
      expect(await runs.get('r1')).toMatchObject({
        id: 'r1',
        failed: [{ source: 'ares', reason: 'ARES answered HTTP 503' }],
        finished_at: '2026-11-24T10:00:00.000Z',
        retried_by: null,
      })
      expect(await runs.get('nope')).toBeUndefined()
    })

    it('lists runs with failed sources, newest first, by requester and by source', async () => {
      clock += 1000
      await runs.record(run('r2', [{ source: 'isir', reason: 'timeout after 30 s' }], 'key:b'))
      clock += 1000
      await runs.record(run('r3', []))
      const all = await runs.listFailed({ limit: 10, offset: 0 })
      expect(all.total).toBe(2)
      expect(all.items.map((r) => r.id)).toEqual(['r2', 'r1'])
      expect(
        (await runs.listFailed({ requested_by: 'key:a', limit: 10, offset: 0 })).items.map((r) => r.id),
      ).toEqual(['r1'])
      expect(
        (await runs.listFailed({ source: 'isir', limit: 10, offset: 0 })).items.map((r) => r.id),
      ).toEqual(['r2'])
      expect(await runs.listFailed({ limit: 1, offset: 1 })).toMatchObject({
        total: 2,
        items: [{ id: 'r1' }],
      })
    })

    it('takes a retried run off the list, once', async () => {
      expect(await runs.markRetried('r1', 'r4')).toBe(true)
      expect(await runs.markRetried('r1', 'r5')).toBe(false)
      expect((await runs.get('r1'))?.retried_by).toBe('r4')
      expect((await runs.listFailed({ limit: 10, offset: 0 })).items.map((r) => r.id)).toEqual(['r2'])
    })
  })
}
