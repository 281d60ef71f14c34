/**
 * Nobody anonymous controls jobs: registering, heartbeating, claiming, completing and failing need
 * the internal key or a worker key an admin issued; built-in kinds run only inside the router; a
 * worker's entry belongs to the credential that registered it; cancel and retry need an operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, INTERNAL, routerHarness } from '../../../../../test/router/harness.ts'

let h: Harness
beforeAll(async () => {
  // No built-in workers run: built-in kinds stay reserved all the same.
  h = await routerHarness({ env: { ROUTER_WORKERS: '0' } })
})
afterAll(async () => h.close())

async function call(method: 'POST' | 'GET' | 'DELETE', url: string, payload?: unknown, headers = {}) {
  const res = await h.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) })
  return { status: res.statusCode, body: res.json() }
}

async function issue(name: string): Promise<{ id: string; key: string }> {
  const res = await call('POST', '/workers/credentials', { name }, { 'x-admin-key': ADMIN })
  expect(res.status).toBe(201)
  return res.body.data.credential
}

describe('worker authentication', () => {
  it('refuses anonymous register, heartbeat, claim, complete and fail with 401', async () => {
    const anonymous = [
      ['/gpt/register', { name: 'x', kinds: ['ext.a'], capacity: 1 }],
      ['/gpt/heartbeat', { worker_id: crypto.randomUUID() }],
      ['/gpt/jobs/claim', { worker_id: crypto.randomUUID() }],
      [`/jobs/${crypto.randomUUID()}/heartbeat`, { lease_token: 't' }],
      [`/jobs/${crypto.randomUUID()}/complete`, { lease_token: 't', result: { level: 'LOW' } }],
      [`/jobs/${crypto.randomUUID()}/fail`, { lease_token: 't', error: { message: 'm' } }],
    ] as const
    for (const [url, body] of anonymous) {
      const res = await call('POST', url, body)
      expect(res.status, url).toBe(401)
      expect(res.body.success).toBe(false)
    }
    const forged = await call(
      'POST',
      '/gpt/register',
      { name: 'x', kinds: ['ext.a'], capacity: 1 },
      {
        authorization: 'Bearer wk_forged',
      },
    )
    expect(forged.status).toBe(403)
  })

  it('never lets an outside worker take a built-in kind such as aml.screen', async () => {
    const { key } = await issue('outsider')
    const res = await call(
      'POST',
      '/gpt/register',
      { name: 'forger', kinds: ['aml.screen'], capacity: 1 },
      { authorization: `Bearer ${key}` },
    )
    expect(res.status).toBe(403)
    expect(res.body.error.message).toMatch(/Built-in kinds run only inside the router/)
    const internal = await call(
      'POST',
      '/gpt/register',
      { name: 'forger', kinds: ['ext.a', 'aml.screen'], capacity: 1 },
      { 'x-api-key': INTERNAL },
    )
    expect(internal.status).toBe(403)
  })

  it("keeps a worker's entry to the credential that registered it", async () => {
    const alice = await issue('alice')
    const mallory = await issue('mallory')
    const reg = await call(
      'POST',
      '/gpt/register',
      { name: 'alice-worker', kinds: ['ext.alice'], capacity: 1 },
      { authorization: `Bearer ${alice.key}` },
    )
    expect(reg.status).toBe(201)
    const workerId = reg.body.data.worker.id
    const asMallory = { 'x-worker-key': mallory.key }
    const takeover = await call(
      'POST',
      '/gpt/register',
      { worker_id: workerId, name: 'evil', kinds: ['ext.alice', 'ext.more'], capacity: 9 },
      asMallory,
    )
    expect(takeover.status).toBe(403)
    expect((await call('POST', '/gpt/heartbeat', { worker_id: workerId }, asMallory)).status).toBe(403)
    await call('POST', '/tasks', { kind: 'ext.alice', input: 1 })
    expect((await call('POST', '/gpt/jobs/claim', { worker_id: workerId }, asMallory)).status).toBe(403)
    const worker = await call('GET', '/workers?kind=ext.alice')
    expect(worker.body.data.items[0]).toMatchObject({ id: workerId, name: 'alice-worker', capacity: 1 })

    // Alice re-registers under her id and claims; the lease token is hers alone.
    const again = await call(
      'POST',
      '/gpt/register',
      { worker_id: workerId, name: 'alice-worker', kinds: ['ext.alice'], capacity: 2 },
      { authorization: `Bearer ${alice.key}` },
    )
    expect(again.status).toBe(201)
    const claim = await call(
      'POST',
      '/gpt/jobs/claim',
      { worker_id: workerId },
      { 'x-worker-key': alice.key },
    )
    expect(claim.body.data.jobs).toHaveLength(1)
  })

  it('refuses a revoked worker key on its next call', async () => {
    const cred = await issue('temp')
    const auth = { authorization: `Bearer ${cred.key}` }
    const reg = await call('POST', '/gpt/register', { name: 'temp', kinds: ['ext.temp'], capacity: 1 }, auth)
    expect(reg.status).toBe(201)
    const revoked = await call('DELETE', `/workers/credentials/${cred.id}`, undefined, {
      'x-admin-key': ADMIN,
    })
    expect(revoked.body.data.credential.revoked_at).not.toBeNull()
    const beat = await call('POST', '/gpt/heartbeat', { worker_id: reg.body.data.worker.id }, auth)
    expect(beat.status).toBe(403)
    const list = await call('GET', '/workers/credentials', undefined, { 'x-admin-key': ADMIN })
    expect(JSON.stringify(list.body)).not.toContain(cred.key)
    expect((await call('GET', '/workers/credentials')).status).toBe(401)
  })

  it('lets only an operator cancel or retry a job', async () => {
    const task = await call('POST', '/tasks', { kind: 'ext.none', input: null, delay_seconds: 60 }).catch(
      () => undefined,
    )
    // No worker takes ext.none, so queue one of a kind a registered worker takes.
    expect(task?.status).toBe(400)
    const t = await call('POST', '/tasks', { kind: 'ext.alice', input: 2, delay_seconds: 60 })
    const jobId = t.body.data.job.id
    expect((await call('POST', `/jobs/${jobId}/cancel`)).status).toBe(401)
    expect((await call('POST', `/jobs/${jobId}/cancel`, undefined, { 'x-admin-key': 'wrong' })).status).toBe(
      403,
    )
    expect((await call('POST', `/jobs/${jobId}/cancel`, undefined, { 'x-api-key': INTERNAL })).status).toBe(
      200,
    )
    expect((await call('POST', `/jobs/${jobId}/retry`)).status).toBe(401)
    expect((await call('POST', `/jobs/${jobId}/retry`, undefined, { 'x-admin-key': ADMIN })).status).toBe(201)
  })
})

describe('external worker long poll', () => {
  it('waits for work over real HTTP instead of returning at once', async () => {
    const reg = await call(
      'POST',
      '/gpt/register',
      { name: 'poller', kinds: ['ext.poll'], capacity: 1 },
      { 'x-api-key': INTERNAL },
    )
    // Over a real socket, not inject: the request body stream is destroyed once read there.
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 })
    const started = performance.now()
    const res = await fetch(`${address}/gpt/jobs/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': INTERNAL },
      body: JSON.stringify({ worker_id: reg.body.data.worker.id, wait_seconds: 1 }),
    })
    const waited = performance.now() - started
    expect(((await res.json()) as { data: { jobs: unknown[] } }).data.jobs).toEqual([])
    expect(waited).toBeGreaterThanOrEqual(900)
  })
})
