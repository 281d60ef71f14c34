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
      auditKeys: { adminKey: KEY, internalKey: `${KEY}-internal` },
      logRequests: false,
    })
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
