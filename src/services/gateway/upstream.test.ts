/**
 * Forwarding agent calls to AGENTS_URL: to a real agent runner (a second gateway), and to local
 * servers that fail in each way an upstream can (down, slow, broken).
 */
import { createServer, type RequestListener, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestGateway, TEST_ADMIN_KEY, type TestGateway } from './harness.ts'

const MORTGAGE = { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 }

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }
}

describe('forwarding to an agent runner', () => {
  let runner: TestGateway
  let edge: TestGateway
  let runnerKeyId: number
  let key: string

  beforeAll(async () => {
    runner = await startTestGateway()
    await runner.listen()
    const runnerKey = await runner.createKey({ name: 'edge gateway', tier: 'enterprise' })
    runnerKeyId = runnerKey.id
    edge = await startTestGateway({
      env: { AGENTS_URL: runner.url, AGENTS_API_KEY: runnerKey.key, AGENTS_TIMEOUT_SECONDS: '5' },
    })
    key = (await edge.createKey()).key
  })
  afterAll(async () => {
    await edge.stop()
    await runner.stop()
  })

  const post = (url: string, payload: Record<string, unknown>) =>
    edge.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload })

  it('answers with the runner’s result in the gateway’s success shape', async () => {
    const res = await post('/api/banking/mortgage_calculator', MORTGAGE)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      service: 'banking',
      agent: 'mortgage_calculator',
      request_id: res.headers['x-request-id'],
    })
    expect(body.result.monthly_payment).toBeCloseTo(15721.83, 2)
    const metrics = (await edge.app.inject('/metrics')).body
    expect(metrics).toContain(
      'gateway_proxy_requests_total{service="banking",agent="mortgage_calculator",status_class="2xx"} 1',
    )
    expect((await edge.app.inject('/')).json().mode).toBe(`forwarding to ${runner.url}`)
  })

  it('refuses a bad body at the edge, without a round trip to the runner', async () => {
    await runner.running.usage.flush()
    const before = await runner.app.inject({
      url: `/admin/keys/usage/${runnerKeyId}`,
      headers: { 'x-admin-key': TEST_ADMIN_KEY },
    })
    const res = await post('/api/banking/mortgage_calculator', { ...MORTGAGE, amount: 'lots' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request', field: 'amount' })
    await runner.running.usage.flush()
    const after = await runner.app.inject({
      url: `/admin/keys/usage/${runnerKeyId}`,
      headers: { 'x-admin-key': TEST_ADMIN_KEY },
    })
    expect(after.json().stats.total_requests).toBe(before.json().stats.total_requests)
  })

  it('answers 404 for an unknown agent without asking the runner', async () => {
    const res = await post('/api/banking/nope', {})
    expect(res.statusCode).toBe(404)
  })

  it('lists the runner as a required backing service in /health', async () => {
    const body = (await edge.app.inject('/health')).json()
    expect(body.services.agents).toMatchObject({ status: 'up', required: true, url: `${runner.url}/health` })
  })
})

describe('a failing agent runner', () => {
  // One edge gateway for the runner's failures (a gateway's start-up compiles the 88 agents'
  // routes): its runner is a local server whose answer each test sets, and which the last test
  // closes. The timeout, shorter, has a gateway of its own.
  let key: string
  let answer: RequestListener = () => undefined
  let runner: { server: Server; url: string }
  let gw: TestGateway
  const gateways: TestGateway[] = []
  const servers: Server[] = []

  async function edgeFor(url: string, timeoutSeconds = 5): Promise<TestGateway> {
    const edge = await startTestGateway({
      env: { AGENTS_URL: url, AGENTS_TIMEOUT_SECONDS: String(timeoutSeconds) },
    })
    gateways.push(edge)
    return edge
  }
  const call = (edge: TestGateway, apiKey = key) =>
    edge.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': apiKey },
      payload: MORTGAGE,
    })

  beforeAll(async () => {
    runner = await listen((req, res) => answer(req, res))
    servers.push(runner.server)
    gw = await edgeFor(runner.url)
    key = (await gw.createKey()).key
  })
  afterAll(async () => {
    for (const edge of gateways) await edge.stop()
    for (const s of servers) s.closeAllConnections()
    for (const s of servers) s.close()
  })

  it('answers 502 when the runner fails with a 5xx, without passing its body on', async () => {
    answer = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end('{"error":"boom: stack trace with secrets"}')
    }
    const res = await call(gw)
    expect(res.statusCode).toBe(502)
    expect(res.body).not.toContain('secrets')
    expect(res.json().error).toMatch(/answered HTTP 500/)
    expect((await gw.app.inject('/metrics')).body).toContain('status_class="5xx"} 1')
  })

  it('answers 502 when the runner answers something that is not a result', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"status":"ok"}')
    }
    const res = await call(gw)
    expect(res.statusCode).toBe(502)
    expect(res.json().error).toMatch(/invalid response/)
    expect((await gw.app.inject('/metrics')).body).toContain('reason="invalid_response"} 1')
  })

  it('answers 504 when the runner does not answer in time', async () => {
    const { server, url } = await listen(() => undefined) // accepts, never answers
    servers.push(server)
    const slow = await edgeFor(url, 1)
    const slowKey = (await slow.createKey()).key
    const started = Date.now()
    const res = await call(slow, slowKey)
    expect(res.statusCode).toBe(504)
    expect(res.json()).toMatchObject({
      code: 'upstream_timeout',
      error: 'Agent runner did not answer within 1 s',
    })
    // The 1 s timeout with 5 s of slack for a loaded machine's pauses (3 s left 2 s), far below
    // the 30 s default a timeout not passed on would leave: the runner never answers.
    expect(Date.now() - started).toBeLessThan(1000 + 5000)
    expect((await slow.app.inject('/metrics')).body).toContain('reason="timeout"} 1')
  })

  it('answers 502 in the gateway envelope when the runner is down, and counts the proxy error', async () => {
    runner.server.closeAllConnections()
    await new Promise((resolve) => runner.server.close(resolve)) // nothing listens there any more
    const res = await call(gw)
    expect(res.statusCode).toBe(502)
    expect(res.json()).toMatchObject({ code: 'upstream_error', upstream: 'agents' })
    expect(res.json().error).toMatch(/unreachable.*AGENTS_URL/)
    const metrics = (await gw.app.inject('/metrics')).body
    expect(metrics).toContain(
      'gateway_proxy_errors_total{service="banking",agent="mortgage_calculator",reason="network"} 1',
    )
    const health = await gw.app.inject('/health')
    expect(health.statusCode).toBe(503)
    expect(health.json().services.agents.status).toBe('down')
  })
})
