/**
 * The monitoring store on both dialects (SQLite always, PostgreSQL when reachable; required with
 * CI=true): enrolment by reference, one lock holder at a time, a re-screened chunk written only
 * while the lock is held and only over subjects still at the versions it started from, alerts
 * raised once per re-screening, acknowledgements and webhook attempts.
 */
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
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
        monitors.saveScreened(
          'p1',
          later(200_000),
          null,
          'k1',
          T0,
          [{ reference: 'A', subject: person('A'), hits: [] }],
          [],
        ),
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
          { reference: 'A', subject: person('A'), hits: [hit] },
          { reference: 'B', subject: person('Other'), hits: [] },
          { reference: 'C', subject: person('C'), hits: [] },
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
        { reference: 'A', subject: person('A'), hits: [] },
        { reference: 'B', subject: person('Other'), hits: [hit] },
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

    it.skipIf(kind.name !== 'sqlite')(
      'enrols while another process writes the same file: waits for it instead of failing "database is locked"',
      async () => {
        // Another service on the same file (its own connection, as another process has) takes the
        // write lock and keeps it for 300 ms, as a writer busy with a large transaction does.
        const holder = new Worker(
          `const { DatabaseSync } = require('node:sqlite')
           const { parentPort, workerData } = require('node:worker_threads')
           const db = new DatabaseSync(workerData, { timeout: 5000 })
           db.exec('BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS other_service (x)')
           parentPort.postMessage('locked')
           Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
           db.exec('COMMIT')
           db.close()`,
          { eval: true, workerData: join(storage.dir!, 'aml.db') },
        )
        try {
          await new Promise((resolve) => holder.once('message', resolve))
          // K-1 is enrolled already (its subject read first, then replaced): a read, then a write.
          await monitors.enrol(
            [{ reference: 'K-1', subject: person('Novák'), subjectType: 'person' }],
            'admin',
            T0,
          )
          expect(
            await monitors.enrol(
              [
                {
                  reference: 'K-1',
                  subject: { ...person('Novák'), birth_date: '1980-05-01' },
                  subjectType: 'person',
                },
              ],
              'admin',
              T0,
            ),
          ).toEqual({ enrolled: 0, updated: 1, unchanged: 0 })
        } finally {
          await holder.terminate()
        }
      },
    )

    it('enrols references already enrolled again, at once from two writers, without failing', async () => {
      // Two instances enrolling the same client book at once (PostgreSQL: two pooled connections;
      // SQLite: one connection per process, so both go through it in turn).
      const other = new MonitorStore(storage.name === 'postgres' ? db2 : db)
      for (let round = 0; round < 5; round++) {
        const rows = ['1', '2', '3'].map((n) => ({
          reference: `R${round}-${n}`,
          subject: person(`Round${round}${n}`),
          subjectType: 'person' as const,
        }))
        const [first, second] = await Promise.all([
          monitors.enrol(rows, 'admin', T0),
          other.enrol(rows, 'internal', T0),
        ])
        // Whichever came second found the first one's subjects: nothing enrolled twice.
        expect([first, second]).toContainEqual({ enrolled: 3, updated: 0, unchanged: 0 })
        expect([first, second]).toContainEqual({ enrolled: 0, updated: 0, unchanged: 3 })
      }
    })

    it('keeps a subject re-enrolled while its baseline was being screened pending, not screened as the old subject', async () => {
      await monitors.enrol(
        [{ reference: 'S', subject: person('Before'), subjectType: 'person' }],
        'admin',
        T0,
      )
      const [read] = (await monitors.withKey(null, undefined, 1000)).filter((m) => m.reference === 'S')
      // The batch of the same client book enrols S with another subject while the pass screens.
      await monitors.enrol([{ reference: 'S', subject: person('After'), subjectType: 'person' }], 'admin', T0)
      const hit = { list: 'un', list_id: 'QDi.2', matched_name: 'Before', score: 0.99 }
      await monitors.saveScreened(
        'p1',
        later(150_000),
        null,
        'un:2',
        later(2000),
        [{ reference: 'S', subject: read!.subject, hits: [hit] }],
        [],
      )
      expect((await monitors.get('S'))!).toMatchObject({
        subject: person('After'),
        hits: null,
        versions_key: null,
      })
      await monitors.saveScreened(
        'p1',
        later(150_000),
        null,
        'un:2',
        later(3000),
        [{ reference: 'S', subject: person('After'), hits: [] }],
        [],
      )
      expect((await monitors.get('S'))!).toMatchObject({
        subject: person('After'),
        hits: [],
        versions_key: 'un:2',
      })
    })

    it('enrols while a monitoring pass writes the same subjects, both done, neither failing', async () => {
      const other = new MonitorStore(storage.name === 'postgres' ? db2 : db)
      const refs = Array.from({ length: 40 }, (_, i) => `P${String(i).padStart(2, '0')}`)
      await monitors.enrol(
        refs.map((reference) => ({ reference, subject: person(reference), subjectType: 'person' as const })),
        'admin',
        T0,
      )
      for (let round = 0; round < 5; round++) {
        const before = (reference: string) => person(round === 0 ? reference : `${reference}-${round - 1}`)
        const screened = refs.map((reference) => ({ reference, subject: before(reference), hits: [] }))
        // The enrolment updates the subjects one by one, in the reverse order of the pass's update.
        const changed = [...refs].reverse().map((reference) => ({
          reference,
          subject: person(`${reference}-${round}`),
          subjectType: 'person' as const,
        }))
        await Promise.all([
          monitors.saveScreened('p1', later(150_000), null, `un:${round + 3}`, later(4000), screened, []),
          other.enrol(changed, 'internal', T0),
        ])
        for (const reference of refs) {
          const m = (await monitors.get(reference))!
          expect(m.subject).toEqual(person(`${reference}-${round}`))
          // Whichever wrote first, the new subject waits for its own baseline.
          expect(m).toMatchObject({ hits: null, versions_key: null })
        }
      }
    })
  })
}
