/**
 * Every 2xx answer of every route the AML service documents carries the Content-Type its
 * description gives (application/json), itself and through the router: the /aml/* proxy and the
 * MCP tools. A route added without an entry in `REQUESTS` fails the walk, so none is left out.
 */
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScreener, loadHighRiskTable } from '../../src/engines/aml/index.ts'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { MemoryRateLimiter } from '../../src/kit/ratelimit.ts'
import { LocalSemaphore } from '../../src/kit/semaphore.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp } from '../../src/services/aml/app.ts'
import { ListsHolder } from '../../src/services/aml/modules/lists/holder.ts'
import { importIntoStore, loadLists } from '../../src/services/aml/modules/lists/load.ts'
import { MonitorStore } from '../../src/services/aml/modules/monitor/store.ts'
import { AmlStore } from '../../src/services/aml/store.ts'
import { ADMIN, type Harness, routerHarness } from '../router/harness.ts'
import { fetchOpenApi, operationsOf } from '../support/openapi.ts'
import { haveLists, SHARED_LISTS } from './lists.ts'

const KEY = 'content-type-admin-key'
const admin = { 'x-admin-key': KEY }
const ALERT = 'AMLA-20261127-000001'
const INTERNAL = `${KEY}-internal`
const as = (user: string) => ({ 'x-api-key': INTERNAL, 'x-acting-user': user })
/** Cases made before the walk: one open, two whose closure waits for approval. */
const cases = { open: '', toApprove: '', toReject: '' }

interface Request {
  method: string
  url: string
  headers?: Record<string, string>
  payload?: object
}

/** One request per documented operation that the service answers with a 2xx. */
const REQUESTS: Record<string, (ids: Record<string, string>) => Request> = {
  'get /health': () => ({ method: 'GET', url: '/health' }),
  'get /api/aml/lists': () => ({ method: 'GET', url: '/api/aml/lists' }),
  'post /api/aml/screen/complete': () => ({
    method: 'POST',
    url: '/api/aml/screen/complete',
    payload: { first_name: 'Jan', last_name: 'Novák' },
  }),
  'get /api/aml/screenings': () => ({ method: 'GET', url: '/api/aml/screenings', headers: admin }),
  'get /api/aml/screenings/{screening_id}': (ids) => ({
    method: 'GET',
    url: `/api/aml/screenings/${ids.screening_id}`,
    headers: admin,
  }),
  'post /api/aml/screenings/{screening_id}/rescreen': (ids) => ({
    method: 'POST',
    url: `/api/aml/screenings/${ids.screening_id}/rescreen`,
    headers: admin,
  }),
  'post /api/aml/screen/batch': () => ({
    method: 'POST',
    url: '/api/aml/screen/batch',
    headers: admin,
    payload: { subjects: [{ first_name: 'Jan', last_name: 'Novák', reference: 'B-1' }] },
  }),
  'get /api/aml/screen/batch/{batch_id}': (ids) => ({
    method: 'GET',
    url: `/api/aml/screen/batch/${ids.batch_id}`,
    headers: admin,
  }),
  'post /api/aml/monitor': () => ({
    method: 'POST',
    url: '/api/aml/monitor',
    headers: admin,
    payload: { subjects: [{ first_name: 'Eva', last_name: 'Dvořáková', reference: 'M-1' }] },
  }),
  'get /api/aml/monitor': () => ({ method: 'GET', url: '/api/aml/monitor', headers: admin }),
  'delete /api/aml/monitor/{reference}': () => ({
    method: 'DELETE',
    url: '/api/aml/monitor/M-1',
    headers: admin,
  }),
  'get /api/aml/monitor/alerts': () => ({ method: 'GET', url: '/api/aml/monitor/alerts', headers: admin }),
  'get /api/aml/cases': () => ({ method: 'GET', url: '/api/aml/cases?status=active', headers: admin }),
  'get /api/aml/cases/{case_id}': () => ({
    method: 'GET',
    url: `/api/aml/cases/${cases.open}`,
    headers: admin,
  }),
  'post /api/aml/cases/{case_id}/assign': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.open}/assign`,
    headers: as('eva'),
    payload: { assignee: 'eva' },
  }),
  'post /api/aml/cases/{case_id}/hits/{hit_no}/decision': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.open}/hits/1/decision`,
    headers: as('eva'),
    payload: { decision: 'needs_more_information', comment: 'asked the client for a passport copy' },
  }),
  'post /api/aml/cases/{case_id}/comment': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.open}/comment`,
    headers: as('eva'),
    payload: { comment: 'called the client' },
  }),
  'post /api/aml/cases/{case_id}/close': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.open}/close`,
    headers: as('eva'),
    payload: { outcome: 'escalated', comment: 'for the MLRO' },
  }),
  'post /api/aml/cases/{case_id}/approve': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.toApprove}/approve`,
    headers: as('adam'),
    payload: { comment: 'checked' },
  }),
  'post /api/aml/cases/{case_id}/reject': () => ({
    method: 'POST',
    url: `/api/aml/cases/${cases.toReject}/reject`,
    headers: as('adam'),
    payload: { comment: 'look again at the birth date' },
  }),
  'post /api/aml/monitor/alerts/{alert_id}/ack': () => ({
    method: 'POST',
    url: `/api/aml/monitor/alerts/${ALERT}/ack`,
    headers: admin,
    payload: { by: 'compliance officer', reason: 'not the listed person: different birth date' },
  }),
}

describe.skipIf(!haveLists)('Content-Type of the AML answers', () => {
  let db: Database
  let app: App
  let router: Harness

  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new AmlStore(db)
    await importIntoStore(store, [join(SHARED_LISTS, 'cz')])
    const loaded = await loadLists(store, {})
    const lists = new ListsHolder()
    const screener = createScreener({
      engine: loaded.engine,
      versions: loaded.versions,
      highRisk: loadHighRiskTable(),
    })
    lists.ready(loaded.engine, screener, loaded.versions, 1)
    const monitors = new MonitorStore(db)
    // An open alert to acknowledge, as a monitoring pass writes it.
    const now = new Date()
    const until = new Date(now.getTime() + 60_000)
    await monitors.lock('content-type-test', now, until)
    await monitors.saveScreened(
      'content-type-test',
      until,
      null,
      'test',
      now,
      [],
      [
        {
          alert_id: ALERT,
          webhook_status: 'none',
          reference: 'M-0',
          kind: 'new_hit',
          cause: 'listed',
          list: 'cz_210_2008',
          list_id: 'NV210-1',
          body: { matched_name: 'Listed Name', score: 0.97 },
        },
      ],
    )
    await monitors.unlock('content-type-test')
    app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store,
      lists,
      monitors,
      rateLimiter: new MemoryRateLimiter(),
      rateLimitPerMinute: 1000,
      slots: new LocalSemaphore(10, 1000),
      auditKeys: { adminKey: KEY, internalKey: INTERNAL },
      logRequests: false,
    })
    // A person on the Czech list, screened three times: three cases.
    const opened: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        headers: as('eva'),
        payload: { first_name: 'Itziar', last_name: 'Alberdi Uranga' },
      })
      opened.push(res.json().case_id)
    }
    ;[cases.open, cases.toApprove, cases.toReject] = opened as [string, string, string]
    for (const id of [cases.toApprove, cases.toReject]) {
      await app.inject({
        method: 'POST',
        url: `/api/aml/cases/${id}/hits/1/decision`,
        headers: as('eva'),
        payload: { decision: 'false_positive', comment: 'another person: born 1990' },
      })
      await app.inject({
        method: 'POST',
        url: `/api/aml/cases/${id}/close`,
        headers: as('eva'),
        payload: { outcome: 'cleared', comment: 'not the listed person' },
      })
    }
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    router = await routerHarness({ start: false, env: { AML_URL: url } })
  }, 120_000)

  afterAll(async () => {
    await router?.close()
    await app?.close()
    await db?.close()
  })

  it('gives every 2xx of every documented route the Content-Type it documents', async () => {
    const doc = await fetchOpenApi(app)
    const operations = operationsOf(doc).filter(({ path }) => path === '/health' || path.startsWith('/api/'))
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      Object.keys(REQUESTS).sort(),
    )
    const ids: Record<string, string> = {}
    const answers: string[] = []
    for (const { method, path, operation } of operations) {
      const res = await app.inject(REQUESTS[`${method} ${path}`]!(ids) as never)
      const body = res.body ? JSON.parse(res.body) : {}
      ids.screening_id ??= body.screening_id
      ids.batch_id ??= body.data?.batch_id
      const documented = Object.keys(
        (operation.responses?.[String(res.statusCode)] as { content?: object } | undefined)?.content ?? {},
      )
      answers.push(`${method} ${path} → ${res.statusCode} ${res.headers['content-type'] ?? '(none)'}`)
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 200)}`).toBeLessThan(300)
      expect(documented, `${method} ${path}`).toContain('application/json')
    }
    expect(answers.filter((a) => !a.endsWith('application/json; charset=utf-8'))).toEqual([])
  })

  it('answers a screening in JSON through the router’s /aml/* proxy', async () => {
    const res = await router.app.inject({
      method: 'POST',
      url: '/aml/screen/complete',
      headers: { 'x-admin-key': ADMIN },
      payload: { first_name: 'Jan', last_name: 'Novák' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json().screening_id).toMatch(/^AML-/)
  })

  it('labels every answer of the router’s MCP screening tool, over Streamable HTTP and SSE', async () => {
    const base = await router.app.listen({ port: 0, host: '127.0.0.1' })
    const seen: string[] = []
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init)
      // Answers to the POSTs that carry the messages (the SSE stream itself is text/event-stream).
      if (res.status < 300 && (init?.method ?? 'GET') === 'POST') {
        const body = await res.clone().text()
        if (body.length > 0) seen.push(`${res.status} ${res.headers.get('content-type') ?? '(none)'}`)
      }
      return res
    }
    for (const transport of [
      new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/aml-screening`), { fetch: recording }),
      new SSEClientTransport(new URL(`${base}/mcp/aml-screening/sse`), { fetch: recording }),
    ]) {
      const client = new Client({ name: 'content-type-test', version: '1.0.0' })
      await client.connect(transport)
      try {
        const result = await client.callTool({
          name: 'aml_screening_person',
          arguments: { first_name: 'Jan', last_name: 'Novák' },
        })
        expect(result.isError).toBeFalsy()
      } finally {
        await client.close()
      }
    }
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((s) => s.endsWith('(none)'))).toEqual([])
  })
})
