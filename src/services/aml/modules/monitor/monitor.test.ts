/**
 * Ongoing monitoring end to end on real lists: subjects enrolled while the store holds the OFAC
 * SDN list of July 2021 (and the Czech 210/2008 list), then the official SDN file of 3 May 2024
 * imported: exactly the expected alerts — a person designated since (new hit, listed), one
 * delisted (removed hit), one whose entry changed (changed hit, with what changed), one found
 * only through an alias the new file no longer carries (removed hit, entry changed), a company by
 * IČO found in the new file's remarks — and none for an unchanged entry, a clean client or the
 * list that did not change. Alerts are acknowledged with who and why, and posted to a webhook,
 * signed.
 */
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../../test/aml/lists.ts'
import { type ReplayServer, startReplayServer } from '../../../../../test/aml/replay-server.ts'
import {
  createScreener,
  diffEntities,
  type ListEntity,
  loadHighRiskTable,
} from '../../../../engines/aml/index.ts'
import { AresClient } from '../../../../engines/registries/ares.ts'
import { IsirClient } from '../../../../engines/registries/isir.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { MemoryRateLimiter } from '../../../../kit/ratelimit.ts'
import { LocalSemaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { monitorWebhook } from '../../config.ts'
import { AmlStore } from '../../store.ts'
import type { CaseStore } from '../cases/store.ts'
import { ListsHolder } from '../lists/holder.ts'
import { importIntoStore, loadLists } from '../lists/load.ts'
import { classify } from './alerts.ts'
import { Monitor, type MonitorTarget } from './monitor.ts'
import { MonitorStore } from './store.ts'
import { AlertWebhook } from './webhook.ts'

const logger = createLogger({ level: 'silent' })
const ADMIN = 'monitor-test-admin-key'
const admin = { 'x-admin-key': ADMIN }
const SECRET = 'monitor-test-webhook-secret'
const OFAC_2021 = join(SHARED_LISTS, 'ofac', 'sdn_2021-07')
const OFAC_2024 = join(SHARED_LISTS, 'ofac', 'sdn_2024-05-03.csv')
const CZ = join(SHARED_LISTS, 'cz')

const SUBJECTS = [
  // Designated after July 2021 (OFAC 40789).
  { reference: 'K-ADDED', first_name: 'Aleksandr', last_name: 'Udodov' },
  // On the 2021 list, delisted by 2024 (OFAC 1572).
  { reference: 'K-DELISTED', first_name: 'Manuel Antonio', last_name: 'NORIEGA' },
  // On both; the 2024 file carries no aliases or addresses, so the entry changed (OFAC 2674).
  { reference: 'K-CHANGED', first_name: 'Abu', last_name: 'ABBAS' },
  // The same entry, found in 2021 only through its alias "Muhammad ZAYDAN".
  { reference: 'K-ALIAS', name: 'Muhammad ZAYDAN' },
  // UMATEX GROUP EUROPE S.R.O., "Reg. No. 05556121" in the 2024 remarks (OFAC 40863).
  { reference: 'K-ICO', ico: '05556121' },
  // On both, unchanged (OFAC 2678).
  { reference: 'K-UNCHANGED', first_name: 'Abd Al Aziz', last_name: 'AWDA' },
  // On the Czech list, which does not change, and on the SDN list, unchanged (OFAC 7179).
  { reference: 'K-CZ', first_name: 'Itziar', last_name: 'Alberdi Uranga' },
  { reference: 'K-CLEAN', first_name: 'Jan', last_name: 'Novák', birth_date: '1980-05-01' },
]

describe.skipIf(!haveLists)('ongoing monitoring', () => {
  let db: Database
  let store: AmlStore
  let monitors: MonitorStore
  let target: MonitorTarget
  let oldTarget: MonitorTarget
  let monitor: Monitor
  let a: App
  let hook: Server
  let replay: ReplayServer
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  let hookStatus = 200

  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        if (hookStatus === 200) received.push({ headers: req.headers, body })
        res.statusCode = hookStatus
        res.end()
      })
    })
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
    replay = await startReplayServer()
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    store = new AmlStore(db)
    monitors = new MonitorStore(db)
    await importIntoStore(store, [OFAC_2021, CZ])
    target = oldTarget = await loadLists(store, {})
    monitor = new Monitor({
      monitors,
      store,
      logger,
      target: () => target,
      webhook: new AlertWebhook({
        url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/aml`,
        secret: SECRET,
        retries: 0,
      }),
    })
    const lists = new ListsHolder()
    lists.ready(
      oldTarget.engine,
      createScreener({
        engine: oldTarget.engine,
        versions: oldTarget.versions,
        highRisk: loadHighRiskTable(),
        ares: new AresClient({ baseUrl: replay.aresUrl, retries: 0 }),
        isir: new IsirClient({ url: replay.isirUrl, retries: 0 }),
      }),
      oldTarget.versions,
      1,
    )
    a = await buildApp({
      logger,
      store,
      lists,
      rateLimiter: new MemoryRateLimiter(),
      rateLimitPerMinute: 10,
      slots: new LocalSemaphore(10, 1000),
      auditKeys: { adminKey: ADMIN, internalKey: 'monitor-test-internal-key' },
      logRequests: false,
      monitors,
      monitor,
    })
  }, 120_000)

  afterAll(async () => {
    await a?.close()
    await monitor?.close()
    await db?.close()
    hook?.close()
    await replay?.close()
  })

  const alerts = async (query = '') => {
    const res = await a.inject({ method: 'GET', url: `/api/aml/monitor/alerts${query}`, headers: admin })
    expect(res.statusCode).toBe(200)
    return res.json().data
  }

  it('enrols subjects with their references and screens each once for its baseline, raising nothing', async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: { subjects: SUBJECTS },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      enrolled: 8,
      updated: 0,
      unchanged: 0,
      skipped_without_reference: 0,
      monitored: 8,
    })
    await monitor.idle()
    const list = (await a.inject({ method: 'GET', url: '/api/aml/monitor?limit=100', headers: admin })).json()
      .data
    expect(list).toMatchObject({ total: 8, pending_baseline: 0 })
    const hits = Object.fromEntries(
      list.items.map((m: { reference: string; hits: { list_id: string }[] }) => [
        m.reference,
        m.hits.map((h) => h.list_id),
      ]),
    )
    expect(hits).toMatchObject({
      'K-ADDED': [],
      'K-DELISTED': ['1572'],
      'K-CHANGED': ['2674'],
      'K-ALIAS': ['2674'],
      'K-ICO': [],
      'K-UNCHANGED': ['2678'],
      'K-CZ': ['NV210-01', '7179'],
      'K-CLEAN': [],
    })
    expect((await alerts()).total).toBe(0)
    // The same subjects again change nothing; another subject under a reference replaces it.
    const again = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: { subjects: SUBJECTS.slice(0, 2) },
    })
    expect(again.json().data).toMatchObject({ enrolled: 0, updated: 0, unchanged: 2 })
  })

  it('refuses bad enrolments naming the field, and needs an operator key', async () => {
    const post = (payload: unknown, headers: Record<string, string> = admin) =>
      a.inject({ method: 'POST', url: '/api/aml/monitor', headers, payload: payload as object })
    expect((await post({ subjects: [{ last_name: 'Novák' }] })).json().error.details.field).toBe(
      'subjects.0.reference',
    )
    expect((await post({ subjects: [{ reference: 'X', ico: '12345678' }] })).json().error.details.field).toBe(
      'subjects.0.ico',
    )
    const twice = await post({
      subjects: [
        { reference: 'X', last_name: 'A' },
        { reference: 'X', last_name: 'B' },
      ],
    })
    expect(twice.json().error.details).toMatchObject({ field: 'subjects.1.reference', rule: 'unique' })
    expect((await post({})).json().error.details.field).toBe('subjects')
    expect(
      (await post({ subjects: [{ reference: 'X', last_name: 'A' }], batch_id: 'AMLB-20261124-000001' }))
        .statusCode,
    ).toBe(400)
    expect((await post({ batch_id: 'AMLB-20261124-999999' })).statusCode).toBe(404)
    expect((await post({ subjects: SUBJECTS }, {})).statusCode).toBe(401)
    expect((await a.inject({ method: 'GET', url: '/api/aml/monitor/alerts' })).statusCode).toBe(401)
  })

  it('leaves re-screening to a process with the current lists: one with older lists only screens new enrolments', async () => {
    await importIntoStore(store, [OFAC_2024])
    // `target` is still the July 2021 engine: this process has not loaded the new file.
    await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: { subjects: [{ reference: 'K-LATE', first_name: 'Helmer', last_name: 'HERRERA BUITRAGO' }] },
    })
    await monitor.idle()
    const report = await monitor.pass()
    expect(report).toMatchObject({ current: false, rescreened: 0 })
    expect((await alerts()).total).toBe(0)
    const late = (
      await a.inject({ method: 'GET', url: '/api/aml/monitor?reference=K-LATE', headers: admin })
    ).json().data
    expect(late.items[0].hits.map((h: { list_id: string }) => h.list_id)).toEqual(['4106'])
  })

  it('re-screens every subject once the new version is loaded, and records exactly the expected alerts', async () => {
    target = await loadLists(store, {})
    const report = await monitor.pass()
    expect(report).toMatchObject({
      current: true,
      rescreened: 9,
      baselines: 0,
      changedLists: ['ofac_sdn'],
      alerts: { new_hit: 2, changed_hit: 1, removed_hit: 3 },
    })
    const { items, total } = await alerts('?limit=100')
    expect(total).toBe(6)
    const seen = items
      .map((x: { reference: string; kind: string; cause: string; list: string; list_id: string }) =>
        [x.reference, x.kind, x.cause, x.list, x.list_id].join(' '),
      )
      .sort()
    expect(seen).toEqual(
      [
        'K-ADDED new_hit listed ofac_sdn 40789',
        'K-ALIAS removed_hit entry_changed ofac_sdn 2674',
        'K-CHANGED changed_hit entry_changed ofac_sdn 2674',
        'K-DELISTED removed_hit delisted ofac_sdn 1572',
        'K-ICO new_hit listed ofac_sdn 40863',
        // Enrolled while the process had the 2021 lists: re-screened from there, and delisted since.
        'K-LATE removed_hit delisted ofac_sdn 4106',
      ].sort(),
    )
    const changed = items.find((x: { kind: string }) => x.kind === 'changed_hit')
    expect(changed).toMatchObject({
      matched_name: 'Abu ABBAS',
      score: 1,
      previous_score: 1,
      entry: { list: 'ofac_sdn', list_id: '2674', type: 'person', list_date: '2024-05-03' },
      from_versions: [{ list: 'ofac_sdn', list_date: '2021-07' }],
      to_versions: [{ list: 'ofac_sdn', list_date: '2024-05-03' }],
      acknowledged: null,
    })
    expect(changed.changes.find((c: { field: string }) => c.field === 'names').removed).toContain(
      'Muhammad ZAYDAN (alias)',
    )
    const added = items.find((x: { reference: string }) => x.reference === 'K-ADDED')
    expect(added).toMatchObject({
      previous_score: null,
      subject: { first_name: 'Aleksandr' },
      subject_label: 'Aleksandr Udodov',
    })
    expect(added.score).toBeGreaterThanOrEqual(0.86)
    // Hits on the list that did not change are kept, and unchanged hits on the one that did.
    const cz = (
      await a.inject({ method: 'GET', url: '/api/aml/monitor?reference=K-CZ', headers: admin })
    ).json().data
    expect(cz.items[0].hits.map((h: { list_id: string }) => h.list_id).sort()).toEqual(['7179', 'NV210-01'])
    // A second pass finds nothing more to do.
    expect(await monitor.pass()).toMatchObject({
      rescreened: 0,
      alerts: { new_hit: 0, changed_hit: 0, removed_hit: 0 },
    })
    expect((await alerts()).total).toBe(6)
  })

  it('posts every alert to the webhook, signed, once; a receiver that fails is tried again later', async () => {
    hookStatus = 503
    expect(await monitor.deliver()).toEqual({ delivered: 0, failed: 1 })
    const pending = (await alerts('?limit=100')).items.filter(
      (x: { webhook: { attempts: number } }) => x.webhook.attempts > 0,
    )
    expect(pending).toHaveLength(1)
    expect(pending[0].webhook).toMatchObject({ status: 'pending', attempts: 1 })
    hookStatus = 200
    expect(await monitor.deliver()).toEqual({ delivered: 6, failed: 0 })
    expect(await monitor.deliver()).toEqual({ delivered: 0, failed: 0 })
    expect(received).toHaveLength(6)
    for (const r of received) {
      const timestamp = Number(r.headers['gatehouse-timestamp'])
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60)
      const expected = `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${r.body}`).digest('hex')}`
      expect(r.headers['gatehouse-signature']).toBe(expected)
      expect(r.headers['gatehouse-event']).toBe('aml.monitor.alert')
      const body = JSON.parse(r.body)
      expect(body.type).toBe('aml.monitor.alert')
      expect(r.headers['idempotency-key']).toBe(body.alert.alert_id)
    }
    expect(
      (await alerts('?limit=100')).items.every(
        (x: { webhook: { status: string } }) => x.webhook.status === 'delivered',
      ),
    ).toBe(true)
  })

  it('acknowledges an alert with who and why, once', async () => {
    const { items } = await alerts('?kind=removed_hit&reference=K-DELISTED')
    expect(items).toHaveLength(1)
    const url = `/api/aml/monitor/alerts/${items[0].alert_id}/ack`
    const ack = await a.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { by: 'Jana Dvořáková', reason: 'Delisted by OFAC; client relationship unchanged' },
    })
    expect(ack.statusCode).toBe(200)
    expect(ack.json().data.acknowledged).toMatchObject({
      by: 'Jana Dvořáková',
      reason: 'Delisted by OFAC; client relationship unchanged',
    })
    const again = await a.inject({ method: 'POST', url, headers: admin, payload: { by: 'X', reason: 'Y' } })
    expect(again.statusCode).toBe(409)
    expect(
      (await a.inject({ method: 'POST', url, headers: admin, payload: { by: ' ', reason: 'Y' } })).json()
        .error.details.field,
    ).toBe('by')
    expect(
      (await a.inject({ method: 'POST', url, headers: admin, payload: { by: 'X' } })).json().error.details
        .field,
    ).toBe('reason')
    const missing = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor/alerts/AMLA-20260101-999999/ack',
      headers: admin,
      payload: { by: 'X', reason: 'Y' },
    })
    expect(missing.statusCode).toBe(404)
    expect((await alerts()).total).toBe(5)
    expect(
      (await alerts('?status=acknowledged')).items.map((x: { reference: string }) => x.reference),
    ).toEqual(['K-DELISTED'])
    expect((await alerts('?status=all')).total).toBe(6)
  })

  it('unenrols a subject, keeping its alerts', async () => {
    const del = await a.inject({ method: 'DELETE', url: '/api/aml/monitor/K-ADDED', headers: admin })
    expect(del.statusCode).toBe(200)
    expect(del.json().data).toEqual({ reference: 'K-ADDED', removed: true })
    expect(
      (await a.inject({ method: 'DELETE', url: '/api/aml/monitor/K-ADDED', headers: admin })).statusCode,
    ).toBe(404)
    expect((await alerts('?reference=K-ADDED')).total).toBe(1)
  })

  it('enrols the referenced subjects of a completed batch, and no batch that is still running', async () => {
    const batch = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      headers: admin,
      payload: {
        subjects: [
          { reference: 'B-1', first_name: 'Jiří', last_name: 'Dvořák' },
          { first_name: 'Eva', last_name: 'Svobodová' },
          { reference: 'B-2', first_name: 'Aleksandr', last_name: 'Udodov' },
          { reference: 'B-3', ico: '05556121' },
        ],
      },
    })
    const id = batch.json().data.batch_id
    const early = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: { batch_id: id },
    })
    if (early.statusCode !== 200) expect(early.statusCode).toBe(409)
    for (let i = 0; i < 200; i++) {
      const s = (await a.inject({ method: 'GET', url: `/api/aml/screen/batch/${id}`, headers: admin })).json()
        .data
      if (s.status === 'completed') break
      await new Promise((r) => setTimeout(r, 25))
    }
    // One of its references is enrolled directly first (as the README does), with another subject.
    const direct = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: {
        subjects: [{ reference: 'B-1', first_name: 'Jiří', last_name: 'Dvořák', birth_date: '1975-02-03' }],
      },
    })
    expect(direct.statusCode).toBe(200)
    const res = await a.inject({
      method: 'POST',
      url: '/api/aml/monitor',
      headers: admin,
      payload: { batch_id: id },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      enrolled: 2,
      updated: 1,
      unchanged: 0,
      skipped_without_reference: 1,
    })
    await monitor.idle()
    const b2 = (
      await a.inject({ method: 'GET', url: '/api/aml/monitor?reference=B-2', headers: admin })
    ).json().data
    expect(b2.items[0]).toMatchObject({
      batch_id: id,
      baseline: 'ready',
      subject: { first_name: 'Aleksandr' },
    })
    expect(b2.items[0].hits.map((h: { list_id: string }) => h.list_id)).toEqual(['40789'])
    // A company given by IČO alone is monitored by the name its screening got from ARES too.
    const b3 = (
      await a.inject({ method: 'GET', url: '/api/aml/monitor?reference=B-3', headers: admin })
    ).json().data
    expect(b3.items[0].subject).toEqual({ ico: '05556121', company_name: 'UMATEX GROUP EUROPE s.r.o.' })
  })
})

describe('a monitor closed before its lists were ready', () => {
  it('stays stopped when they become ready: no poll is armed and the store is never asked', async () => {
    const lock = vi.fn(async () => false)
    const lists = new ListsHolder()
    const monitor = new Monitor({
      monitors: { lock } as unknown as MonitorStore,
      store: {} as AmlStore,
      cases: {} as CaseStore,
      logger,
      target: () => ({ engine: {} as MonitorTarget['engine'], versions: [] }),
      pollMs: 10,
    })
    // As the service wires it (app.ts): start once the lists are ready, close with the app.
    lists.onReady(() => monitor.start())
    await monitor.close()
    vi.useFakeTimers()
    try {
      lists.ready({} as never, {} as never, [], 0)
      expect(vi.getTimerCount()).toBe(0)
      await vi.advanceTimersByTimeAsync(100)
    } finally {
      vi.useRealTimers()
    }
    await monitor.idle()
    expect(lock).not.toHaveBeenCalled()
  })
})

describe('what an alert says changed', () => {
  const e = (listId: string, names: string[]): ListEntity => ({
    list: 'uk',
    listId,
    type: 'person',
    names: names.map((full, i) => ({ full, kind: i === 0 ? 'primary' : 'alias' })),
    birthDates: [],
    nationalities: [],
    countries: [],
    identifiers: [],
    programmes: [],
    listDate: '2026-01-01',
  })
  const hit = (list_id: string, score = 0.9) => ({ list: 'uk', list_id, matched_name: list_id, score })

  it('tells a new listing, a changed entry, a delisting and a score that crossed the threshold apart', () => {
    const diff = diffEntities(
      [e('1', ['A', 'B']), e('2', ['C']), e('5', ['E'])],
      [e('1', ['A']), e('3', ['D']), e('5', ['E'])],
    )
    const out = classify([hit('1'), hit('2'), hit('5')], [hit('1'), hit('3'), hit('4')], diff)
    expect(out.map((a) => `${a.kind} ${a.cause} ${(a.after ?? a.before)!.list_id}`).sort()).toEqual([
      'changed_hit entry_changed 1',
      'new_hit listed 3',
      'new_hit rescored 4',
      'removed_hit delisted 2',
      'removed_hit rescored 5',
    ])
  })

  it('raises nothing for an entry that only changed its row id', () => {
    const diff = diffEntities([e('2026-01-01#5', ['Ivan PETROV'])], [e('2026-06-01#9', ['Ivan PETROV'])])
    expect(classify([hit('2026-01-01#5')], [hit('2026-06-01#9')], diff)).toEqual([])
  })
})

describe('the monitoring webhook settings', () => {
  const url = 'https://siem.example.cz/hooks/aml'
  it('needs a secret of 16 characters with the URL, and https in production', () => {
    expect(monitorWebhook({ NODE_ENV: 'development' })).toBeUndefined()
    expect(() => monitorWebhook({ NODE_ENV: 'development', AML_MONITOR_WEBHOOK_URL: url })).toThrow(
      /needs AML_MONITOR_WEBHOOK_SECRET/,
    )
    expect(() =>
      monitorWebhook({
        NODE_ENV: 'development',
        AML_MONITOR_WEBHOOK_URL: url,
        AML_MONITOR_WEBHOOK_SECRET: 'short',
      }),
    ).toThrow(/at least 16/)
    expect(() =>
      monitorWebhook({
        NODE_ENV: 'production',
        AML_MONITOR_WEBHOOK_URL: 'http://siem.internal/hook',
        AML_MONITOR_WEBHOOK_SECRET: SECRET,
      }),
    ).toThrow(/must be https/)
    expect(() => monitorWebhook({ NODE_ENV: 'development', AML_MONITOR_WEBHOOK_SECRET: SECRET })).toThrow(
      /URL is not/,
    )
    expect(
      monitorWebhook({
        NODE_ENV: 'production',
        AML_MONITOR_WEBHOOK_URL: url,
        AML_MONITOR_WEBHOOK_SECRET: SECRET,
      })?.url,
    ).toBe(url)
  })
})
