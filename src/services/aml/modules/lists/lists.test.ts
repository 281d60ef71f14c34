/**
 * List versions as the service shows and uses them, on SQLite and PostgreSQL: the newest version
 * of each list is active and screened, older ones are superseded and kept; records name the
 * versions a screening used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../../../../test/support/storage.ts'
import {
  createScreener,
  type ListEntity,
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
import { ListsHolder } from './holder.ts'
import { loadLists } from './load.ts'
import { ListsReloader, type ScreenerFor } from './reloader.ts'

const logger = createLogger({ level: 'silent' })
const ADMIN = 'aml-lists-test-admin-key'

const entity = (
  list: string,
  listId: string,
  names: string[],
  extra: Partial<ListEntity> = {},
): ListEntity => ({
  list,
  listId,
  type: 'person',
  names: names.map((full, i) => ({ full, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  programmes: ['TEST'],
  listDate: '2000-01-01',
  ...extra,
})

export const testVersion = (
  list: string,
  listDate: string,
  entities: ListEntity[],
  namesOnly = false,
): ListVersion => ({
  list,
  title: `${list} test list`,
  format: namesOnly ? 'names-json' : 'test',
  source: `${list}_${listDate}${namesOnly ? '_names' : ''}.json`,
  sha256: `${list}-${listDate}-${namesOnly ? 'names' : 'full'}`,
  listDate,
  namesOnly,
  entities: entities.map((e) => ({ ...e, listDate })),
})

// Two full versions of a list and a newer names-only one (as the shared OFAC files are), and a
// list in one version.
const sdn2021 = testVersion('ofac_sdn', '2021-07-07', [
  entity('ofac_sdn', '100', ['Radomir KOVALENKO'], { birthDates: ['1961-02-03'] }),
])
const sdn2024 = testVersion('ofac_sdn', '2024-05-03', [
  entity('ofac_sdn', '100', ['Radomir KOVALENKO'], { birthDates: ['1961-02-03'] }),
  entity('ofac_sdn', '102', ['Zakhar BELOGORTSEV'], { birthDates: ['1970-03-02'] }),
])
const sdn2026 = testVersion(
  'ofac_sdn',
  '2026-06-10',
  [
    entity('ofac_sdn', '2026-06-10#1', ['Zakhar BELOGORTSEV']),
    entity('ofac_sdn', '2026-06-10#2', ['Ulyana TRESHCHEVA']),
  ],
  true,
)
const un = testVersion('un', '2026-02-27', [entity('un', 'QDi.1', ['Omar ABDIRASHIDOV'])])

/** One service instance over `db`, its lists loaded from the store as at start-up. */
export async function instance(
  db: Database,
  reloadMs = 0,
): Promise<{ app: App; store: AmlStore; lists: ListsHolder; reloader: ListsReloader }> {
  const store = new AmlStore(db)
  const lists = new ListsHolder()
  const screenerFor: ScreenerFor = (engine, versions) =>
    createScreener({ engine, versions, highRisk: loadHighRiskTable() })
  const loaded = await loadLists(store, {})
  lists.ready(loaded.engine, screenerFor(loaded.engine, loaded.versions), loaded.versions, 1)
  const reloader = new ListsReloader({ store, lists, screenerFor, logger, intervalMs: reloadMs })
  reloader.start()
  const app = await buildApp({
    logger,
    store,
    lists,
    rateLimiter: new MemoryRateLimiter(),
    rateLimitPerMinute: 1000,
    slots: new LocalSemaphore(4, 100),
    logRequests: false,
    auditKeys: { adminKey: ADMIN, internalKey: 'aml-lists-test-internal-key' },
    batchRunner: { kick: () => {} },
    monitor: { kick: () => {} },
  })
  app.addHook('onClose', () => reloader.close())
  return { app, store, lists, reloader }
}

export const screen = async (app: App, body: object) =>
  (await app.inject({ method: 'POST', url: '/api/aml/screen/complete', payload: body })).json()

export const record = async (app: App, id: string) =>
  (await app.inject({ url: `/api/aml/screenings/${id}`, headers: { 'x-admin-key': ADMIN } })).json().data

for (const kind of await storageKinds()) {
  describe(`AML list versions on ${kind.name}`, () => {
    const storage = kind.create('aml_lists', { file: 'aml.db' })
    let db: Database
    let app: App
    const connections: Database[] = []
    const open = () => {
      const connection = storage.open()
      connections.push(connection)
      return connection
    }

    beforeAll(async () => {
      db = storage.open()
      await db.migrate()
      const store = new AmlStore(db)
      for (const v of [sdn2021, sdn2024, sdn2026, un]) await store.importVersion(v)
      app = (await instance(db)).app
    })
    afterAll(async () => {
      await app?.close()
      await db?.close()
      for (const c of connections) await c.close()
      await storage.cleanup()
    })

    it('lists each stored version as active (the newest of its list) or superseded, and what this instance screens', async () => {
      const res = await app.inject({ url: '/api/aml/lists' })
      expect(res.statusCode).toBe(200)
      const versions = res.json().data.versions as Record<string, unknown>[]
      const by = (source: string) => versions.find((v) => v.source === source)!
      const active = by(sdn2026.source)
      expect(active).toMatchObject({ list: 'ofac_sdn', status: 'active', in_use: true, names_only: true })
      expect(by(un.source)).toMatchObject({ status: 'active', in_use: true })
      // The names-only newest version takes ids and birth dates from the full versions it
      // superseded: they are superseded, and say for which version they lend details.
      expect(active.details_from).toEqual([by(sdn2024.source).id, by(sdn2021.source).id])
      for (const old of [sdn2024, sdn2021])
        expect(by(old.source)).toMatchObject({
          status: 'superseded',
          superseded_by: active.id,
          details_for: active.id,
          in_use: true,
        })
      expect(
        versions
          .filter((v) => v.status === 'active')
          .map((v) => v.list)
          .sort(),
      ).toEqual(['ofac_sdn', 'un'])
    })

    it('does not screen an entry only a superseded version names', async () => {
      const body = await screen(app, { first_name: 'Radomir', last_name: 'Kovalenko' })
      expect(body.modules.sanctions.data.matches).toEqual([])
      const listed = await screen(app, {
        first_name: 'Zakhar',
        last_name: 'Belogortsev',
        birth_date: '1970-03-02',
      })
      expect(listed.modules.sanctions.data.matches[0]).toMatchObject({ list: 'ofac_sdn', list_id: '102' })
    })

    it('names one version per list in the answer and the record: the active one screened, with the versions it took details from', async () => {
      const body = await screen(app, { first_name: 'Ulyana', last_name: 'Treshcheva' })
      const lists = body.modules.sanctions.data.lists as Record<string, unknown>[]
      expect(lists.map((l) => l.list).sort()).toEqual(['ofac_sdn', 'un'])
      const sdn = lists.find((l) => l.list === 'ofac_sdn')!
      expect(sdn).toMatchObject({ source: sdn2026.source, list_date: '2026-06-10', sha256: sdn2026.sha256 })
      expect((sdn.details_from as { list_date: string }[]).map((d) => d.list_date)).toEqual([
        '2024-05-03',
        '2021-07-07',
      ])
      const rec = await record(app, body.screening_id)
      expect(rec.list_versions).toHaveLength(2)
      expect(rec.list_versions.find((v: { list: string }) => v.list === 'ofac_sdn')).toMatchObject({
        source: sdn2026.source,
        sha256: sdn2026.sha256,
        names_only: true,
        status: 'active',
        details_from: [
          { source: sdn2024.source, sha256: sdn2024.sha256, list_date: '2024-05-03' },
          { source: sdn2021.source, sha256: sdn2021.sha256, list_date: '2021-07-07' },
        ],
      })
    })

    it('a version one instance imports is screened by another without a restart, once it reloads', async () => {
      const a = await instance(open())
      const b = await instance(open())
      try {
        const sdn2027 = testVersion(
          'ofac_sdn',
          '2027-01-15',
          [
            entity('ofac_sdn', '2027-01-15#1', ['Zakhar BELOGORTSEV']),
            entity('ofac_sdn', '2027-01-15#2', ['Vsevolod KRAPIVNITSKY']),
          ],
          true,
        )
        const earlier = await screen(b.app, { name: 'Vsevolod Krapivnitsky' })
        expect(earlier.modules.sanctions.data.matches).toEqual([])
        await a.store.importVersion(sdn2027)
        // Before it looks, B still screens with what it loaded, and says so.
        const before = (await b.app.inject({ url: '/api/aml/lists' })).json().data.versions
        expect(before.find((v: { source: string }) => v.source === sdn2027.source)).toMatchObject({
          status: 'active',
          in_use: false,
        })
        expect(await b.reloader.check()).toBe('reloaded')
        expect(await b.reloader.check()).toBe('unchanged')
        const after = (await b.app.inject({ url: '/api/aml/lists' })).json().data.versions
        const byB = (source: string) => after.find((v: { source: string }) => v.source === source)
        expect(byB(sdn2027.source)).toMatchObject({ status: 'active', in_use: true })
        expect(byB(sdn2026.source)).toMatchObject({ status: 'superseded', in_use: false })
        const hit = await screen(b.app, { name: 'Vsevolod Krapivnitsky' })
        expect(hit.modules.sanctions.data.matches[0]).toMatchObject({
          list: 'ofac_sdn',
          list_id: '2027-01-15#2',
        })
        const rec = await record(b.app, hit.screening_id)
        expect(rec.list_versions.find((v: { list: string }) => v.list === 'ofac_sdn')).toMatchObject({
          source: sdn2027.source,
          status: 'active',
        })
        // The record of the screening made before says its version was superseded since, and by what.
        const then = await record(b.app, earlier.screening_id)
        expect(then.list_versions.find((v: { list: string }) => v.list === 'ofac_sdn')).toMatchObject({
          source: sdn2026.source,
          status: 'superseded',
          superseded_by: { source: sdn2027.source, list_date: '2027-01-15' },
        })
      } finally {
        await a.app.close()
        await b.app.close()
      }
    })

    it('reloads by itself on its interval', async () => {
      const a = await instance(open())
      const b = await instance(open(), 50)
      try {
        const un2027 = testVersion('un', '2027-02-01', [entity('un', 'QDi.2', ['Yusuf MAHAMEDOV'])])
        await a.store.importVersion(un2027)
        let found = false
        for (let i = 0; i < 100 && !found; i++) {
          await new Promise((r) => setTimeout(r, 50))
          found = (await screen(b.app, { name: 'Yusuf Mahamedov' })).modules.sanctions.data.matches.length > 0
        }
        expect(found).toBe(true)
        expect((await screen(b.app, { name: 'Omar Abdirashidov' })).modules.sanctions.data.matches).toEqual(
          [],
        )
      } finally {
        await a.app.close()
        await b.app.close()
      }
    })

    it('reproduces an old screening against the versions its record names, after a newer version delisted the hit', async () => {
      const a = await instance(open())
      try {
        const then = await screen(a.app, { first_name: 'Vsevolod', last_name: 'Krapivnitsky' })
        expect(then.modules.sanctions.data.matches[0]).toMatchObject({ list_id: '2027-01-15#2' })
        const sdn2028 = testVersion(
          'ofac_sdn',
          '2028-03-01',
          [entity('ofac_sdn', '2028-03-01#1', ['Zakhar BELOGORTSEV'])],
          true,
        )
        await a.store.importVersion(sdn2028)
        expect(await a.reloader.check()).toBe('reloaded')
        const now = await screen(a.app, { first_name: 'Vsevolod', last_name: 'Krapivnitsky' })
        expect(now.modules.sanctions.data.matches).toEqual([])

        const rescreen = (id: string, headers: Record<string, string> = { 'x-admin-key': ADMIN }) =>
          a.app.inject({ method: 'POST', url: `/api/aml/screenings/${id}/rescreen`, headers })
        const old = await rescreen(then.screening_id)
        expect(old.statusCode).toBe(200)
        const data = old.json().data
        expect(data).toMatchObject({
          screening_id: then.screening_id,
          engine: 'rebuilt',
          reproduced: true,
          differences: [],
          threshold: then.modules.sanctions.data.threshold,
        })
        expect(data.matches).toHaveLength(1)
        expect(data.matches[0]).toMatchObject({
          list: 'ofac_sdn',
          list_id: '2027-01-15#2',
          score: then.modules.sanctions.data.matches[0].score,
        })
        expect(data.list_versions.find((v: { list: string }) => v.list === 'ofac_sdn')).toMatchObject({
          list_date: '2027-01-15',
          status: 'superseded',
        })
        // A record of the versions in use is reproduced by the engine in use.
        const current = (await rescreen(now.screening_id)).json().data
        expect(current).toMatchObject({ engine: 'in_use', reproduced: true, matches: [] })

        expect((await rescreen(then.screening_id, {})).statusCode).toBe(401)
        expect((await rescreen('AML-20000101-999999')).statusCode).toBe(404)
      } finally {
        await a.app.close()
      }
    })

    it('refuses to reproduce a record that names no stored version, saying why', async () => {
      const a = await instance(open())
      try {
        await a.store.saveScreening({
          screening_id: 'AML-20000102-000001',
          created_at: '2000-01-02T00:00:00.000Z',
          subject_type: 'person',
          risk_level: 'LOW',
          input: { first_name: 'Jan', last_name: 'Novák' },
          list_versions: [{ list: 'un', source: 'gone.xml', list_date: '1999-01-01', sha256: 'not-stored' }],
          result: {},
        })
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/aml/screenings/AML-20000102-000001/rescreen',
          headers: { 'x-admin-key': ADMIN },
        })
        expect(res.statusCode).toBe(409)
        expect(res.json().error.message).toMatch(/un 1999-01-01 .*not in the store/)
        // A stored input that no longer reads as a subject is the record's problem, not the caller's.
        await a.store.saveScreening({
          screening_id: 'AML-20000102-000002',
          created_at: '2000-01-02T00:00:00.000Z',
          subject_type: 'person',
          risk_level: 'LOW',
          input: {},
          list_versions: [{ list: 'un', source: un.source, list_date: un.listDate, sha256: un.sha256 }],
          result: {},
        })
        const unreadable = await a.app.inject({
          method: 'POST',
          url: '/api/aml/screenings/AML-20000102-000002/rescreen',
          headers: { 'x-admin-key': ADMIN },
        })
        expect(unreadable.statusCode).toBe(409)
        expect(unreadable.json().error.message).toMatch(/stored input is not a subject/)
      } finally {
        await a.app.close()
      }
    })
  })
}
