/**
 * A false positive remembered through the HTTP API, on both dialects (SQLite always, PostgreSQL
 * when reachable): three clients screened against the Czech 210/2008 list each match a listed
 * person; two of the hits are decided false positives and their cases closed as cleared. The
 * clients are then monitored, and a new version of the list changes all three entries. The
 * cleared entry that gained an alias is raised again, saying what changed since it was cleared;
 * the cleared entry whose names, birth dates and programmes stayed (it only gained a passport
 * number) raises nothing; the same change on the entry nobody cleared raises its alert. Screened
 * again against the new version, the first opens a case saying what changed and the second is
 * marked cleared before, with no case.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../../test/aml/lists.ts'
import { storageKinds } from '../../../../../test/support/storage.ts'
import {
  createScreener,
  importPaths,
  type ListVersion,
  loadHighRiskTable,
} from '../../../../engines/aml/index.ts'
import type { Database } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { MemoryRateLimiter } from '../../../../kit/ratelimit.ts'
import { LocalSemaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { AmlStore } from '../../store.ts'
import { ListsHolder } from '../lists/holder.ts'
import { loadLists } from '../lists/load.ts'
import { Monitor, type MonitorTarget } from '../monitor/monitor.ts'
import { MonitorStore } from '../monitor/store.ts'

const logger = createLogger({ level: 'silent' })
const ADMIN = 'remembered-test-admin-key'
const INTERNAL = 'remembered-test-internal-key'
const admin = { 'x-admin-key': ADMIN }
const as = (user: string) => ({ 'x-api-key': INTERNAL, 'x-acting-user': user })

/** Listed persons of the Czech list (NV 210/2008), as the clients give their names. */
const CLIENTS = {
  // Gains an alias in the new version: cleared, raised again.
  'K-ALIAS': {
    listId: 'NV210-03',
    first_name: 'Xavier',
    last_name: 'Alegría Loinaz',
    birth_date: '1958-11-26',
  },
  // Gains a passport number only: cleared, not raised.
  'K-PASSPORT': {
    listId: 'NV210-04',
    first_name: 'Iván',
    last_name: 'Apaolaza Sancho',
    birth_date: '1971-11-10',
  },
  // The same change, never cleared: raised.
  'K-OPEN': {
    listId: 'NV210-05',
    first_name: 'Eusebio',
    last_name: 'Arzallus Tapia',
    birth_date: '1957-11-08',
  },
} as const
type Reference = keyof typeof CLIENTS
const subject = (reference: Reference) => {
  const { listId: _, ...rest } = CLIENTS[reference]
  return rest
}

/** The next version of the list: the three entries changed as described above. */
function nextVersion(v: ListVersion): ListVersion {
  return {
    ...v,
    source: `${v.source} (next version)`,
    sha256: `${v.sha256.slice(0, -8)}00000002`,
    listDate: '2026-06-01',
    entities: v.entities.map((e) => {
      const entity = { ...e, listDate: '2026-06-01' }
      if (e.listId === CLIENTS['K-ALIAS'].listId)
        return {
          ...entity,
          names: [...e.names, { full: 'Xabier ALEGRIA LOINAZ', kind: 'alias' as const }],
        }
      if (e.listId === CLIENTS['K-PASSPORT'].listId || e.listId === CLIENTS['K-OPEN'].listId)
        return {
          ...entity,
          identifiers: [
            ...e.identifiers,
            { type: 'passport', value: `P${e.listId.slice(-2)}4711`, country: 'ES' },
          ],
        }
      return entity
    }),
  }
}

function ready(lists: ListsHolder, target: MonitorTarget): void {
  lists.ready(
    target.engine,
    createScreener({ engine: target.engine, versions: target.versions, highRisk: loadHighRiskTable() }),
    target.versions,
    1,
  )
}

describe.skipIf(!haveLists)('a remembered false positive in monitoring, over HTTP', async () => {
  const [current] = haveLists ? importPaths([join(SHARED_LISTS, 'cz')]).versions : []

  for (const kind of await storageKinds()) {
    describe(`on ${kind.name}`, () => {
      const storage = kind.create('aml_remembered', { file: 'aml.db' })
      let db: Database
      let store: AmlStore
      let target: MonitorTarget
      let monitor: Monitor
      let app: App
      let lists: ListsHolder
      const cases = new Map<Reference, string>()

      beforeAll(async () => {
        db = storage.open()
        await db.migrate()
        store = new AmlStore(db)
        await store.importVersion(current!)
        target = await loadLists(store, {})
        const monitors = new MonitorStore(db)
        monitor = new Monitor({ monitors, store, logger, target: () => target })
        lists = new ListsHolder()
        ready(lists, target)
        app = await buildApp({
          logger,
          store,
          lists,
          rateLimiter: new MemoryRateLimiter(),
          rateLimitPerMinute: 1000,
          slots: new LocalSemaphore(10, 100),
          logRequests: false,
          auditKeys: { adminKey: ADMIN, internalKey: INTERNAL },
          monitors,
          monitor,
          batchRunner: { kick: () => undefined },
        })
      }, 120_000)
      afterAll(async () => {
        await app?.close()
        await monitor?.close()
        await db?.close()
        await storage.cleanup()
      })

      const post = (path: string, user: string, payload: object) =>
        app.inject({ method: 'POST', url: `/api/aml/cases/${path}`, headers: as(user), payload })
      const alerts = async (reference: Reference) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/aml/monitor/alerts?status=all&reference=${reference}`,
          headers: admin,
        })
        expect(res.statusCode).toBe(200)
        return res.json().data.items
      }

      it('opens a case for each client, and clears two of them as false positives, four eyes', async () => {
        for (const reference of Object.keys(CLIENTS) as Reference[]) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/aml/screen/complete',
            headers: as('eva'),
            payload: subject(reference),
          })
          expect(res.statusCode, reference).toBe(200)
          const id = res.json().case_id
          expect(id, reference).toMatch(/^AMLC-/)
          const c = (await app.inject({ method: 'GET', url: `/api/aml/cases/${id}`, headers: admin })).json()
            .data
          expect(c.hits[0].listings[0].list_id).toBe(CLIENTS[reference].listId)
          cases.set(reference, id)
        }
        for (const reference of ['K-ALIAS', 'K-PASSPORT'] as const) {
          const id = cases.get(reference)!
          const decided = await post(`${id}/hits/1/decision`, 'eva', {
            decision: 'false_positive',
            comment: 'Our client is another person: other place of birth, Czech identity card',
          })
          expect(decided.statusCode).toBe(200)
          const closing = await post(`${id}/close`, 'eva', {
            outcome: 'cleared',
            comment: 'Not the listed person',
          })
          expect(closing.statusCode).toBe(200)
          if (closing.json().data.status === 'awaiting_approval') {
            const approved = await post(`${id}/approve`, 'adam', { comment: 'Checked the identity card' })
            expect(approved.statusCode).toBe(200)
          }
          const c = (await app.inject({ method: 'GET', url: `/api/aml/cases/${id}`, headers: admin })).json()
            .data
          expect(c).toMatchObject({ status: 'closed', outcome: 'cleared' })
        }
      })

      it('monitors the three clients: their baselines hold their hits and raise nothing', async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/aml/monitor',
          headers: admin,
          payload: {
            subjects: (Object.keys(CLIENTS) as Reference[]).map((reference) => ({
              reference,
              ...subject(reference),
            })),
          },
        })
        expect(res.statusCode).toBe(200)
        expect(res.json().data).toMatchObject({ enrolled: 3 })
        await monitor.idle()
        const listed = (
          await app.inject({ method: 'GET', url: '/api/aml/monitor?limit=10', headers: admin })
        ).json().data
        expect(listed.pending_baseline).toBe(0)
        for (const m of listed.items as { reference: Reference; hits: { list_id: string }[] }[])
          expect(m.hits.map((h) => h.list_id)).toContain(CLIENTS[m.reference].listId)
        for (const reference of Object.keys(CLIENTS) as Reference[])
          expect(await alerts(reference)).toEqual([])
      })

      it('raises the cleared hit whose entry gained an alias again, saying what changed since it was cleared', async () => {
        await store.importVersion(nextVersion(current!))
        target = await loadLists(store, {})
        monitor.kick()
        await monitor.idle()
        const raised = await alerts('K-ALIAS')
        expect(raised).toHaveLength(1)
        expect(raised[0]).toMatchObject({
          kind: 'changed_hit',
          cause: 'entry_changed',
          list: 'cz_210_2008',
          list_id: CLIENTS['K-ALIAS'].listId,
          changed_since_cleared: [
            {
              list: 'cz_210_2008',
              list_id: CLIENTS['K-ALIAS'].listId,
              cleared_in: cases.get('K-ALIAS'),
              changes: [{ field: 'names', added: ['Xabier ALEGRIA LOINAZ'], removed: [] }],
            },
          ],
        })
        // Its case says so too.
        const c = (
          await app.inject({ method: 'GET', url: `/api/aml/cases/${raised[0].case_id}`, headers: admin })
        ).json().data
        expect(c.hits[0].changed_since_cleared[0].changes[0]).toMatchObject({ field: 'names' })
      })

      it('raises nothing for the cleared hit whose names, birth dates and programmes stayed', async () => {
        expect(await alerts('K-PASSPORT')).toEqual([])
      })

      it('raises the same change for the client whose hit nobody cleared', async () => {
        const raised = await alerts('K-OPEN')
        expect(raised).toHaveLength(1)
        expect(raised[0]).toMatchObject({ kind: 'changed_hit', list_id: CLIENTS['K-OPEN'].listId })
        expect(raised[0].changes).toContainEqual(expect.objectContaining({ field: 'identifiers' }))
        expect(raised[0]).not.toHaveProperty('changed_since_cleared')
      })
      it('screening the clients again against the new version: the changed entry opens a case saying what changed, the other is marked cleared', async () => {
        ready(lists, target)
        const screen = async (reference: Reference) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/aml/screen/complete',
            headers: as('eva'),
            payload: subject(reference),
          })
          expect(res.statusCode, reference).toBe(200)
          return res.json()
        }
        const again = await screen('K-PASSPORT')
        expect(again.case_id).toBeNull()
        expect(again.modules.sanctions.data.entities[0].cleared_before).toMatchObject({
          case_id: cases.get('K-PASSPORT'),
        })
        const changed = await screen('K-ALIAS')
        expect(changed.case_id).toMatch(/^AMLC-/)
        const c = (
          await app.inject({ method: 'GET', url: `/api/aml/cases/${changed.case_id}`, headers: admin })
        ).json().data
        expect(c.hits[0].changed_since_cleared).toEqual([
          expect.objectContaining({
            cleared_in: cases.get('K-ALIAS'),
            changes: [{ field: 'names', added: ['Xabier ALEGRIA LOINAZ'], removed: [] }],
          }),
        ])
      })
    })
  }
})
