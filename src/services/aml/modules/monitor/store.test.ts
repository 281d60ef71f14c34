/**
 * The monitoring store on both dialects (SQLite always, PostgreSQL when reachable; required with
 * CI=true): enrolment by reference, one lock holder at a time, a re-screened chunk written only
 * while the lock is held and only over subjects still at the versions it started from, alerts
 * raised once per re-screening, acknowledgements and webhook attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../../../../test/support/storage.ts'
import type { Database } from '../../../../kit/db.ts'
import { LockLost, MonitorStore } from './store.ts'

const T0 = new Date('2026-11-24T10:00:00Z')
const later = (ms: number) => new Date(T0.getTime() + ms)
const person = (last_name: string) => ({ first_name: 'Jan', last_name })

for (const kind of await storageKinds()) {
  describe(`AML monitoring store on ${kind.name}`, () => {
    const storage = kind.create('aml_monitor', { file: 'aml.db' })
    let db: Database
    let db2: Database
    let monitors: MonitorStore

    beforeAll(async () => {
      db = storage.open()
      await db.migrate()
      db2 = storage.open()
      monitors = new MonitorStore(db)
    })
    afterAll(async () => {
      await db.close()
      await db2.close()
      await storage.cleanup()
    })

    it('enrols by reference: new ones, the same subject again unchanged, another subject replacing it', async () => {
      const rows = ['A', 'B', 'C'].map((r) => ({
        reference: r,
        subject: person(r),
        subjectType: 'person' as const,
      }))
      expect(await monitors.enrol(rows, 'admin', T0)).toEqual({ enrolled: 3, updated: 0, unchanged: 0 })
      expect(
        await monitors.enrol(
          [rows[0]!, { reference: 'B', subject: person('Other'), subjectType: 'person' }],
          'internal',
          T0,
        ),
      ).toEqual({ enrolled: 0, updated: 1, unchanged: 1 })
      expect((await monitors.get('B'))!).toMatchObject({
        subject: person('Other'),
        enrolled_by: 'internal',
        hits: null,
      })
      expect(await monitors.pendingBaselines()).toBe(3)
      expect((await monitors.list({ offset: 1, limit: 1 })).items.map((m) => m.reference)).toEqual(['B'])
    })

    it('lets one process hold the lock, another only once it ran out', async () => {
      expect(await monitors.lock('p1', T0, later(60_000))).toBe(true)
      const other = new MonitorStore(db2)
      expect(await other.lock('p2', later(30_000), later(90_000))).toBe(false)
      expect(await monitors.lock('p1', later(30_000), later(90_000))).toBe(true)
      expect(await monitors.lockHolder()).toEqual({ owner: 'p1', until: later(90_000).toISOString() })
      expect(await other.lock('p2', later(91_000), later(150_000))).toBe(true)
      await expect(
        monitors.saveScreened('p1', later(200_000), null, 'k1', T0, [{ reference: 'A', hits: [] }], []),
      ).rejects.toThrow(LockLost)
      expect((await monitors.get('A'))!.versions_key).toBeNull()
      await other.unlock('p2')
      expect(await monitors.lock('p1', later(92_000), later(150_000))).toBe(true)
    })

    it('writes a chunk over the subjects still at the versions it started from, and each alert once', async () => {
      const hit = { list: 'un', list_id: 'QDi.1', matched_name: 'X', score: 0.97 }
      await monitors.saveScreened(
        'p1',
        later(150_000),
        null,
        'un:1',
        T0,
        [
          { reference: 'A', hits: [hit] },
          { reference: 'B', hits: [] },
          { reference: 'C', hits: [] },
        ],
        [],
      )
      expect(await monitors.otherKeys('un:2')).toEqual([{ key: 'un:1', subjects: 3 }])
      // B is re-enrolled meanwhile: its fresh state (no baseline yet) is kept.
      await monitors.enrol([{ reference: 'B', subject: person('Third'), subjectType: 'person' }], 'admin', T0)
      const alert = {
        reference: 'A',
        kind: 'removed_hit' as const,
        cause: 'delisted' as const,
        list: 'un',
        list_id: 'QDi.1',
        body: { matched_name: 'X', previous_score: 0.97 },
        webhook_status: 'pending',
      }
      const screened = [
        { reference: 'A', hits: [] },
        { reference: 'B', hits: [hit] },
      ]
      await monitors.saveScreened('p1', later(150_000), 'un:1', 'un:2', later(1000), screened, [
        { ...alert, alert_id: 'AMLA-20261124-000001' },
      ])
      await monitors.saveScreened('p1', later(150_000), 'un:1', 'un:2', later(1000), screened, [
        { ...alert, alert_id: 'AMLA-20261124-000002' },
      ])
      expect((await monitors.get('A'))!).toMatchObject({ hits: [], versions_key: 'un:2' })
      expect((await monitors.get('B'))!).toMatchObject({ hits: null, versions_key: null })
      expect((await monitors.get('C'))!).toMatchObject({ versions_key: 'un:1' })
      const { total, items } = await monitors.alerts({ offset: 0, limit: 10, status: 'open' })
      expect(total).toBe(1)
      expect(items[0]).toMatchObject({
        alert_id: 'AMLA-20261124-000001',
        kind: 'removed_hit',
        body: { previous_score: 0.97 },
        acknowledged: null,
        webhook: { status: 'pending', attempts: 0, error: null },
      })
    })

    it('acknowledges once, and gives up on a webhook after its last attempt', async () => {
      for (let i = 1; i <= 4; i++) await monitors.notDelivered('AMLA-20261124-000001', `HTTP 503 (${i})`, 5)
      expect((await monitors.alert('AMLA-20261124-000001'))!.webhook).toEqual({
        status: 'pending',
        attempts: 4,
        error: 'HTTP 503 (4)',
      })
      expect(await monitors.undelivered(10)).toHaveLength(1)
      await monitors.notDelivered('AMLA-20261124-000001', 'HTTP 503 (5)', 5)
      expect((await monitors.alert('AMLA-20261124-000001'))!.webhook.status).toBe('failed')
      expect(await monitors.undelivered(10)).toHaveLength(0)
      expect(await monitors.acknowledge('AMLA-20261124-000001', 'Eva', 'checked', later(5000))).toBe(true)
      expect(await monitors.acknowledge('AMLA-20261124-000001', 'Petr', 'again', later(6000))).toBe(false)
      expect((await monitors.alert('AMLA-20261124-000001'))!.acknowledged).toEqual({
        at: later(5000).toISOString(),
        by: 'Eva',
        reason: 'checked',
      })
      expect((await monitors.alerts({ offset: 0, limit: 10, status: 'acknowledged' })).total).toBe(1)
      expect(await monitors.remove('A')).toBe(true)
      expect(await monitors.remove('A')).toBe(false)
      expect((await monitors.alerts({ offset: 0, limit: 10, status: 'all', reference: 'A' })).total).toBe(1)
    })
  })
}
