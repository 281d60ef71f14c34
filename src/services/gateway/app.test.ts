import { createServer, type Server } from 'node:http'
import { Writable } from 'node:stream'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agents as catalogue } from '../../agents/index.ts'
import { AGENT_SERVICE_COUNTS, AGENT_SERVICES } from '../../agents/types.ts'
import type { KeyTables } from '../../engines/keys/store.ts'
import { openDatabase } from '../../kit/db.ts'
import { createLogger } from '../../kit/logger.ts'
import { startTestGateway, TEST_ADMIN_KEY, type TestGateway } from './harness.ts'

const admin = { 'x-admin-key': TEST_ADMIN_KEY }
const MORTGAGE = { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 }

let gw: TestGateway
const logLines: string[] = []

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk))
      cb()
    },
  })
  gw = await startTestGateway({
    logger: createLogger({ level: 'trace' }, sink),
    logRequests: true,
  })
})
afterAll(async () => {
  await gw.stop()
})

const call = (key: string, url = '/api/services', extra: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': key, ...extra } })

describe('public routes', () => {
  it('GET / describes the gateway and where to start', async () => {
    const res = await gw.app.inject('/')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Gatehouse agent gateway',
      services: 11,
      agents: catalogue.length,
      mode: 'in-process',
      links: {
        docs: '/docs',
        redoc: '/redoc',
        openapi: '/openapi.json',
        health: '/health',
        metrics: '/metrics',
      },
    })
  })

  it('GET /health reports each backing service; optional ones down make it degraded, still 200', async () => {
    const res = await gw.app.inject('/health')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('degraded')
    expect(body.services.database).toMatchObject({ status: 'up', required: true, dialect: 'sqlite' })
    expect(body.services.agents).toMatchObject({ status: 'up', mode: 'in-process' })
    for (const name of ['knowledge', 'aml', 'router']) {
      expect(body.services[name]).toMatchObject({ status: 'down', required: false })
      expect(body.services[name].error).toMatch(/unreachable|no answer/)
    }
  })

  it('GET /metrics exposes the six gateway series, service health following /health', async () => {
    await call('gk_not_a_real_key_000000000000000000')
    const res = await gw.app.inject('/metrics')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    for (const name of [
      'gateway_requests_total',
      'gateway_request_duration_seconds',
      'gateway_active_requests',
      'gateway_service_health',
      'gateway_proxy_requests_total',
      'gateway_proxy_errors_total',
    ]) {
      expect(res.body).toContain(`# TYPE ${name}`)
    }
    // Only the scrape itself is in progress: every earlier request has left the gauge.
    expect(res.body).toContain('gateway_active_requests 1\n')
    expect(res.body).toContain('gateway_service_health{service="database"} 1')
    expect(res.body).toContain('gateway_service_health{service="knowledge"} 0')
    // Sub-millisecond buckets, seconds.
    expect(res.body).toMatch(/gateway_request_duration_seconds_bucket\{[^}]*le="0\.0005"\} \d+/)
    expect(res.body).toMatch(/gateway_request_duration_seconds_bucket\{[^}]*le="0\.0001"\} \d+/)
    expect(res.body).toMatch(
      /gateway_requests_total\{method="GET",route="\/api\/services",[^}]*status_class="4xx"\} \d+/,
    )
  })

  it('serves Swagger UI at /docs and Redoc at /redoc from local assets, never a CDN', async () => {
    const docs = await gw.app.inject('/docs/')
    const page = docs.statusCode === 302 ? await gw.app.inject(docs.headers.location as string) : docs
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('swagger-ui')
    expect(page.body).not.toMatch(/src="https?:\/\//)
    const redoc = await gw.app.inject('/redoc')
    expect(redoc.statusCode).toBe(200)
    expect(redoc.headers['content-type']).toMatch(/text\/html/)
    expect(redoc.body).toContain('<script src="/redoc/redoc.standalone.js">')
    expect(redoc.body).toContain('spec-url="/openapi.json"')
    expect(redoc.body).not.toMatch(/https?:\/\//)
    const bundle = await gw.app.inject('/redoc/redoc.standalone.js')
    expect(bundle.statusCode).toBe(200)
    expect(Number(bundle.headers['content-length'])).toBeGreaterThan(500_000)
  })

  it('GET /openapi.json is a valid OpenAPI 3.0 document describing every gateway route', async () => {
    const res = await gw.app.inject('/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\.0\./)
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/',
        '/health',
        '/metrics',
        '/api/services',
        '/api/agents',
        '/api/{service}/{agent}',
        '/admin/keys/generate',
        '/admin/keys/list',
        '/admin/keys/usage/{id}',
        '/admin/keys/usage/{id}/daily',
        '/admin/keys/revoke/{id}',
        '/admin/keys/rotate/{id}',
        '/admin/keys/{id}',
      ].sort(),
    )
    expect(doc.paths['/api/{service}/{agent}'].post.security).toEqual([{ apiKey: [] }, { bearer: [] }])
    expect(doc.paths['/admin/keys/generate'].post.security).toEqual([{ adminKey: [] }])
  })
})

describe('admin routes', () => {
  it('refuse a missing admin key with 401 and a wrong one with 403', async () => {
    const missing = await gw.app.inject('/admin/keys/list')
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toMatchObject({ error: 'Admin key required', code: 'unauthorized' })
    const wrong = await gw.app.inject({
      url: '/admin/keys/list',
      headers: { 'x-admin-key': `${TEST_ADMIN_KEY}x` },
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toMatchObject({ error: 'Invalid admin key', code: 'forbidden' })
  })

  it('generate answers the spec fields, with the full key shown once and only its prefix listed', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/admin/keys/generate',
      headers: admin,
      payload: { name: 'Acme KYC', description: 'onboarding', owner: 'it@acme.cz', expires_days: 90 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.warning).toMatch(/not shown again/)
    const data = body.key_data
    expect(data.key).toMatch(/^gk_[0-9A-Za-z]{32}$/)
    expect(data).toMatchObject({
      prefix: data.key.slice(0, 12),
      name: 'Acme KYC',
      rate_limit: 10000,
      requests_per_minute: 100,
    })
    expect(Number.isInteger(data.id)).toBe(true)
    expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(90 * 86_400_000)

    const list = await gw.app.inject({ url: '/admin/keys/list', headers: admin })
    expect(list.statusCode).toBe(200)
    const listed = list.json()
    expect(listed.count).toBe(listed.keys.length)
    const item = listed.keys.find((k: { id: number }) => k.id === data.id)
    expect(item).toMatchObject({
      id: data.id,
      prefix: data.prefix,
      name: 'Acme KYC',
      description: 'onboarding',
      owner: 'it@acme.cz',
      is_active: true,
      created_at: data.created_at,
      expires_at: data.expires_at,
    })
    expect(list.body).not.toContain(data.key)
    expect(list.body).not.toContain(data.key.slice(12))
    // Nor does any log line carry it (requests, issuance).
    await call(data.key)
    expect(logLines.join('')).not.toContain(data.key.slice(12))
  })

  it('creates a key with a tier, explicit numbers overriding it', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/admin/keys/generate',
      headers: admin,
      payload: { name: 'pro', tier: 'pro', rate_limit: 5000 },
    })
    expect(res.json().key_data).toMatchObject({ tier: 'pro', rate_limit: 5000, requests_per_minute: 300 })
  })

  it('refuses bad generation input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x', owner: 'nobody' }, 'owner'],
      [{ name: 'x', rate_limit: 0 }, 'rate_limit'],
      [{ name: 'x', requests_per_minute: 'many' }, 'requests_per_minute'],
      [{ name: 'x', expires_days: 0 }, 'expires_days'],
      [{ name: 'x', tier: 'gold' }, 'tier'],
      [{ name: 'x', rate_limt: 5 }, 'rate_limt'],
    ]
    for (const [payload, field] of cases) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/admin/keys/generate',
        headers: admin,
        payload,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'invalid_request', field })
      expect(res.json().error).toContain(field)
    }
  })

  it('answers 404 for a key that does not exist, and 400 for an id that is not one', async () => {
    for (const url of [
      '/admin/keys/usage/999999',
      '/admin/keys/usage/999999/daily',
      '/admin/keys/revoke/999999',
    ]) {
      const res = await gw.app.inject({
        method: url.includes('revoke') ? 'POST' : 'GET',
        url,
        headers: admin,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'not_found', error: 'API key 999999 not found' })
    }
    const bad = await gw.app.inject({ url: '/admin/keys/usage/abc', headers: admin })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'id', location: 'path' })
    const days = await gw.app.inject({ url: '/admin/keys/usage/1?days=0', headers: admin })
    expect(days.statusCode).toBe(400)
    expect(days.json()).toMatchObject({ field: 'days', location: 'query' })
    const tooMany = await gw.app.inject({ url: '/admin/keys/usage/1/daily?days=401', headers: admin })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({ field: 'days', location: 'query' })
  })
})

describe('authentication', () => {
  it('answers 401 "API key required" without a key', async () => {
    const res = await gw.app.inject('/api/services')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ error: 'API key required', code: 'unauthorized' })
    expect(res.headers['www-authenticate']).toContain('Bearer')
    const basic = await gw.app.inject({
      url: '/api/agents',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(basic.statusCode).toBe(401)
  })

  it('answers 403 "Invalid or expired API key" for an unknown key', async () => {
    for (const key of ['nonsense', `gk_${'A'.repeat(32)}`]) {
      const res = await call(key)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ error: 'Invalid or expired API key', code: 'forbidden' })
    }
  })

  it('accepts the key as X-API-Key or as Authorization: Bearer', async () => {
    const { key } = await gw.createKey()
    expect((await call(key)).statusCode).toBe(200)
    const bearer = await gw.app.inject({ url: '/api/services', headers: { authorization: `Bearer ${key}` } })
    expect(bearer.statusCode).toBe(200)
  })

  it('refuses keys in the query string with 400 naming the rule, even valid ones', async () => {
    const { key } = await gw.createKey()
    for (const param of ['api_key', 'apikey', 'key', 'token', 'access_token']) {
      const res = await gw.app.inject(`/api/services?${param}=${key}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        field: param,
        rule: 'credentials only in headers',
      })
    }
    // The refused requests are logged, but never with the key.
    expect(logLines.join('')).toContain('api_key=[redacted]')
    expect(logLines.join('')).not.toContain(key.slice(3))
  })

  it('refuses a revoked key on the very next request', async () => {
    const { key, id } = await gw.createKey()
    expect((await call(key)).statusCode).toBe(200)
    const revoke = await gw.app.inject({ method: 'POST', url: `/admin/keys/revoke/${id}`, headers: admin })
    expect(revoke.statusCode).toBe(200)
    expect(revoke.json()).toEqual({ success: true, message: `API key ${id} revoked` })
    const next = await call(key)
    expect(next.statusCode).toBe(403)
    expect(next.json().error).toBe('Invalid or expired API key')
    const again = await gw.app.inject({ method: 'POST', url: `/admin/keys/revoke/${id}`, headers: admin })
    expect(again.json()).toEqual({ success: true, message: `API key ${id} was already revoked` })
    const list = await gw.app.inject({ url: '/admin/keys/list', headers: admin })
    expect(list.json().keys.find((k: { id: number }) => k.id === id).is_active).toBe(false)
  })

  it('refuses a key from the moment it expires', async () => {
    const { key, id } = await gw.createKey()
    expect((await call(key)).statusCode).toBe(200)
    // Another process (a second instance, the CLI) moves the expiry into the past.
    const db = openDatabase({ dataDir: gw.config.DATA_DIR })
    await db
      .as<KeyTables>()
      .updateTable('gateway_api_keys')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute()
    await db.close()
    expect((await call(key)).statusCode).toBe(403)
  })
})

describe('limits', () => {
  it('answers 429 with the spec body, Retry-After and both policies once the minute is spent', async () => {
    const { key } = await gw.createKey({ requests_per_minute: 3, rate_limit: 50 })
    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await call(key)
      expect(res.statusCode).toBe(200)
      seen.push(res.headers.ratelimit as string)
      expect(res.headers['ratelimit-policy']).toBe('"minute";q=3;w=60, "day";q=50;w=86400')
    }
    expect(seen[2]).toMatch(/^"minute";r=0;t=\d+, "day";r=47;t=\d+$/)
    const limited = await call(key)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      error: 'Rate limit exceeded',
      code: 'rate_limited',
      limit: 3,
      window: '1 minute',
    })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59)
    expect(limited.headers['ratelimit-policy']).toBeDefined()
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
  })

  it('enforces the daily quota too, as window "1 day"', async () => {
    const { key } = await gw.createKey({ requests_per_minute: 100, rate_limit: 2 })
    await call(key)
    await call(key)
    const limited = await call(key)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: 'Rate limit exceeded', limit: 2, window: '1 day' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(86_000)
  })

  it('carries the limit headers on every authenticated response, errors included', async () => {
    const { key } = await gw.createKey()
    const notFound = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/no_such_agent',
      headers: { 'x-api-key': key },
      payload: {},
    })
    expect(notFound.statusCode).toBe(404)
    expect(notFound.headers['ratelimit-policy']).toBe('"minute";q=100;w=60, "day";q=10000;w=86400')
    expect(notFound.headers.ratelimit).toMatch(/"minute";r=99;/)
  })

  it('keeps counting when a key’s limits change (PATCH), and applies the new limit at once', async () => {
    const { key, id } = await gw.createKey({ requests_per_minute: 5 })
    for (let i = 0; i < 3; i++) expect((await call(key)).statusCode).toBe(200)
    const patch = await gw.app.inject({
      method: 'PATCH',
      url: `/admin/keys/${id}`,
      headers: admin,
      payload: { requests_per_minute: 4 },
    })
    expect(patch.statusCode).toBe(200)
    expect(patch.json()).toMatchObject({ success: true, key: { id, requests_per_minute: 4 } })
    expect((await call(key)).statusCode).toBe(200)
    expect((await call(key)).statusCode).toBe(429)
    const retier = await gw.app.inject({
      method: 'PATCH',
      url: `/admin/keys/${id}`,
      headers: admin,
      payload: { tier: 'enterprise' },
    })
    expect(retier.json().key).toMatchObject({ tier: 'enterprise', rate_limit: -1, requests_per_minute: -1 })
    const unlimited = await call(key)
    expect(unlimited.statusCode).toBe(200)
    expect(unlimited.headers['ratelimit-policy']).toBeUndefined()
  })

  it('refuses an empty or invalid change with 400 naming the field', async () => {
    const { id } = await gw.createKey()
    const empty = await gw.app.inject({
      method: 'PATCH',
      url: `/admin/keys/${id}`,
      headers: admin,
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
    const zero = await gw.app.inject({
      method: 'PATCH',
      url: `/admin/keys/${id}`,
      headers: admin,
      payload: { rate_limit: 0 },
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().field).toBe('rate_limit')
  })
})

describe('agents', () => {
  it('GET /api/services lists the 11 services with the spec’s agent counts (88 in all)', async () => {
    const { key } = await gw.createKey()
    const body = (await call(key, '/api/services')).json()
    expect(body.count).toBe(11)
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(AGENT_SERVICES)
    const counts = Object.fromEntries(
      body.services.map((s: { name: string; agents: number }) => [s.name, s.agents]),
    )
    expect(counts).toEqual(AGENT_SERVICE_COUNTS)
    expect(body.total_agents).toBe(88)
  })

  it('GET /api/agents gives each agent its name, service, description and input JSON Schema', async () => {
    const { key } = await gw.createKey()
    const body = (await call(key, '/api/agents')).json()
    expect(body.count).toBe(catalogue.length)
    for (const agent of body.agents) {
      expect(agent.name).toMatch(/^[a-z0-9_]+$/)
      expect(AGENT_SERVICES).toContain(agent.service)
      expect(agent.description.length).toBeGreaterThan(10)
      expect(agent.input_schema.type).toBe('object')
      expect(agent.path).toBe(`/api/${agent.service}/${agent.name}`)
    }
    const banking = (await call(key, '/api/agents?service=banking')).json()
    expect(banking.agents.every((a: { service: string }) => a.service === 'banking')).toBe(true)
    expect((await call(key, '/api/agents?service=nope')).statusCode).toBe(400)
  })

  it('POST /api/{service}/{agent} runs the agent and answers {service, agent, result, execution_time_ms, request_id}', async () => {
    const { key } = await gw.createKey()
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key },
      payload: MORTGAGE,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      service: 'banking',
      agent: 'mortgage_calculator',
      request_id: res.headers['x-request-id'],
    })
    expect(body.result.monthly_payment).toBeCloseTo(15721.83, 2)
    expect(body.execution_time_ms).toBeGreaterThanOrEqual(0)
  })

  it('refuses 1e309 (Infinity once parsed) in an agent input with 400 naming the field', async () => {
    const { key } = await gw.createKey()
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: '{"amount":1e309,"annual_rate_pct":4.79,"term_months":360}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request', field: 'amount' })
  })

  it('refuses a deeply nested agent input with 400 before it is walked', async () => {
    const { key } = await gw.createKey()
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: `{"amount":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request', field: 'body', rule: 'maxDepth 64' })
  })

  it('refuses a body that breaks the agent’s schema with 400 naming the field', async () => {
    const { key } = await gw.createKey()
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key },
      payload: { annual_rate_pct: 4.79, term_months: 360 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request', field: 'amount', rule: 'required' })
  })

  it('answers 404 for an unknown agent or service', async () => {
    const { key } = await gw.createKey()
    for (const url of ['/api/banking/nope', '/api/nope/loan_assessment']) {
      const res = await gw.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: {} })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('not_found')
      expect(res.json().error).toContain('GET /api/agents')
    }
  })
})

describe('usage', () => {
  it('logs every authenticated request by endpoint and status; /usage/{id} summarises them, /usage/{id}/daily counts them per day', async () => {
    const { key, id } = await gw.createKey({ requests_per_minute: 4 })
    const post = (payload: Record<string, unknown>) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/banking/mortgage_calculator',
        headers: { 'x-api-key': key },
        payload,
      })
    await post(MORTGAGE)
    await post({})
    await call(key, '/api/agents')
    await call(key, '/api/agents')
    await call(key, '/api/agents') // the fifth in the minute: 429
    await gw.running.usage.flush()
    const res = await gw.app.inject({ url: `/admin/keys/usage/${id}?days=7`, headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      key_id: id,
      stats: {
        total_requests: 5,
        by_endpoint: [
          { endpoint: '/api/agents', count: 3 },
          { endpoint: '/api/banking/mortgage_calculator', count: 2 },
        ],
        by_status: { '200': 3, '400': 1, '429': 1 },
        period_days: 7,
      },
    })
    // The default period is 30 days.
    const defaults = await gw.app.inject({ url: `/admin/keys/usage/${id}`, headers: admin })
    expect(defaults.json().stats.period_days).toBe(30)

    // Per day: all five today (two of them refused: 400 and 429), the six days before empty.
    const daily = await gw.app.inject({ url: `/admin/keys/usage/${id}/daily?days=7`, headers: admin })
    expect(daily.statusCode).toBe(200)
    const body = daily.json()
    expect(body.key_id).toBe(id)
    expect(body.days).toHaveLength(7)
    expect(body.days[6]).toEqual({ day: new Date().toISOString().slice(0, 10), requests: 5, errors: 2 })
    expect(body.days.slice(0, 6).every((d: { requests: number }) => d.requests === 0)).toBe(true)
    const month = await gw.app.inject({ url: `/admin/keys/usage/${id}/daily`, headers: admin })
    expect(month.json().days).toHaveLength(30)
  })

  it('never labels metrics with a key id or a raw path', async () => {
    const { id } = await gw.createKey()
    await gw.app.inject({ url: `/admin/keys/usage/${id}`, headers: admin })
    const metrics = (await gw.app.inject('/metrics')).body
    expect(metrics).toContain('route="/admin/keys/usage/{id}"')
    expect(metrics).not.toContain(`/admin/keys/usage/${id}"`)
    expect(metrics).not.toMatch(/key_id|gk_[0-9A-Za-z]{32}/)
  })
})

describe('health of the optional services', () => {
  let server: Server
  let healthy: TestGateway
  beforeAll(async () => {
    server = createServer((req, res) => {
      // Each platform service's health route: /health, and /rag/health for the knowledge base.
      res.writeHead(['/health', '/rag/health'].includes(req.url ?? '') ? 200 : 404, {
        'content-type': 'application/json',
      })
      res.end('{"status":"ok"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    healthy = await startTestGateway({ env: { KNOWLEDGE_URL: url, AML_URL: url, ROUTER_URL: url } })
  })
  afterAll(async () => {
    await healthy.stop()
    server.close()
  })

  it('is ok (200) when every service answers, and down (503) once the database is gone', async () => {
    const { key } = await healthy.createKey()
    const ok = await healthy.app.inject('/health')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().status).toBe('ok')
    expect(ok.json().services.knowledge).toMatchObject({ status: 'up', http_status: 200 })
    await healthy.running.close?.() // the database closes under the running app
    await new Promise((resolve) => setTimeout(resolve, 2100)) // past the health cache
    const down = await healthy.app.inject('/health')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toMatchObject({
      status: 'down',
      services: { database: { status: 'down', required: true } },
    })
    const metrics = await healthy.app.inject('/metrics')
    expect(metrics.body).toContain('gateway_service_health{service="database"} 0')
    // Keyed routes fail closed while the key store is gone.
    const keyed = await healthy.app.inject({ url: '/api/services', headers: { 'x-api-key': key } })
    expect(keyed.statusCode).toBe(503)
    expect(keyed.json()).toMatchObject({
      code: 'service_unavailable',
      error: 'API key store unavailable; retry shortly',
    })
    expect(keyed.headers['retry-after']).toBe('5')
  })
})
