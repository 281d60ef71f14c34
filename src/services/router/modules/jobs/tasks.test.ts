/**
 * The router's task, job and worker API end to end over HTTP (inject), with the built-in workers
 * running: the envelope, validation, idempotency, built-in kinds, external workers, the truth log,
 * assistant configuration versions and authentication.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  eventually,
  type Harness,
  INTERNAL,
  routerHarness,
} from '../../../../../test/router/harness.ts'
import { KeyStore, type KeyTables } from '../../../../engines/keys/store.ts'
import { ConfigError } from '../../../../kit/config.ts'
import { checkProductionKeys, DEV_ADMIN_KEY, type RouterConfig } from '../../config.ts'

/** Worker calls carry the internal key (or a worker key); cancelling and redriving, an operator's. */
const WORKER = { 'x-api-key': INTERNAL }
const OPERATOR = { 'x-admin-key': ADMIN }

let h: Harness
beforeAll(async () => {
  h = await routerHarness({ env: { ROUTER_LEASE_SECONDS: '30' } })
})
afterAll(async () => h.close())

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await h.app.inject({ method: 'POST', url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}
async function get(url: string, headers: Record<string, string> = {}) {
  const res = await h.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, body: res.json() }
}
async function finished(taskId: string) {
  return eventually(async () => {
    const { body } = await get(`/tasks/${taskId}`)
    return ['SUCCEEDED', 'FAILED', 'DEAD', 'CANCELLED'].includes(body.data.task.status)
      ? body.data.task
      : undefined
  })
}

describe('tasks and built-in workers', () => {
  it('runs an echo task to SUCCEEDED and answers in the standard envelope', async () => {
    const res = await post('/tasks', { kind: 'echo', input: { hello: 'world' } })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(res.body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(typeof res.body.meta.processing_time_ms).toBe('number')
    expect(res.headers.location).toBe(`/tasks/${res.body.data.task.id}`)
    const task = await finished(res.body.data.task.id)
    expect(task.status).toBe('SUCCEEDED')
    expect(task.result).toEqual({ hello: 'world' })
  })

  it('refuses a kind no worker takes, naming the field', async () => {
    const res = await post('/tasks', { kind: 'nobody.takes.this', input: {} })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_REQUEST' } })
    expect(res.body.error.details.field).toBe('kind')
    expect(res.body.error.message).toMatch(/built-in kinds are .*echo/)
  })

  it('checks a built-in kind’s input before queueing it', async () => {
    const res = await post('/tasks', { kind: 'kb.search', input: { collection: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.error.details).toMatchObject({ field: 'input.query', rule: 'required' })
    expect((await get('/tasks?kind=kb.search')).body.data.total).toBe(0)
  })

  it('answers a repeated Idempotency-Key with the first task (200) instead of a second one', async () => {
    const first = await post('/tasks', { kind: 'echo', input: 1 }, { 'idempotency-key': 'order-77' })
    const again = await post('/tasks', { kind: 'echo', input: 1 }, { 'idempotency-key': 'order-77' })
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.data.created).toBe(false)
    expect(again.body.data.task.id).toBe(first.body.data.task.id)
    const clash = await post('/tasks', { kind: 'echo', input: 2, idempotency_key: 'order-77' })
    expect(clash.status).toBe(409)
  })

  it('retries a task whose service is down and dead-letters it after the last attempt', async () => {
    const res = await post('/tasks', {
      kind: 'kb.search',
      input: { query: 'skutečný majitel' },
      max_attempts: 2,
      backoff: { type: 'fixed', delay_ms: 10 },
    })
    const task = await finished(res.body.data.task.id)
    expect(task.status).toBe('DEAD')
    expect(task.attempts).toBe(2)
    expect(task.error).toMatchObject({ code: 'upstream_error', retryable: true })
    expect(task.error.message).toMatch(/knowledge/)
  })

  it('fails a call to an unknown agent at once, without retrying', async () => {
    const res = await post('/tasks', {
      kind: 'agent.call',
      input: { service: 'banking', agent: 'no_such_agent' },
    })
    const task = await finished(res.body.data.task.id)
    expect(task.status).toBe('FAILED')
    expect(task.attempts).toBe(1)
    expect(task.error.code).toBe('not_found')
  })

  it('filters jobs by status and pages them, and rejects an unknown status', async () => {
    const delayed = await post('/tasks', { kind: 'echo', input: 'later', delay_seconds: 3600 })
    const queued = await get('/jobs?status=QUEUED&limit=1')
    expect(queued.status).toBe(200)
    expect(queued.body.data.items.map((j: { id: string }) => j.id)).toContain(delayed.body.data.job.id)
    expect(queued.body.data).toMatchObject({ limit: 1, offset: 0 })
    const bad = await get('/jobs?status=WAITING')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('status')
    const cancelled = await post(`/jobs/${delayed.body.data.job.id}/cancel`, {}, OPERATOR)
    expect(cancelled.body.data.job.status).toBe('CANCELLED')
    const again = await post(`/jobs/${delayed.body.data.job.id}/cancel`, {}, OPERATOR)
    expect(again.status).toBe(409)
    const redriven = await post(`/jobs/${delayed.body.data.job.id}/retry`, {}, OPERATOR)
    expect(redriven.status).toBe(201)
    expect(redriven.body.data.task.id).toBe(delayed.body.data.task.id)
  })
})

describe('external assistant workers', () => {
  it('register, claim their kind, heartbeat and complete; the outcome goes to the truth log once', async () => {
    const reg = await post(
      '/gpt/register',
      {
        name: 'reviewer-gpt',
        kinds: ['ext.review'],
        capacity: 2,
        version: '0',
      },
      WORKER,
    )
    expect(reg.status).toBe(201)
    const workerId = reg.body.data.worker.id
    expect(reg.body.data.heartbeat_seconds).toBe(10)

    const task = await post('/tasks', { kind: 'ext.review', input: { doc: 'smlouva.pdf' }, priority: 5 })
    expect(task.status).toBe(201)
    const claim = await post('/gpt/jobs/claim', { worker_id: workerId, wait_seconds: 2 }, WORKER)
    expect(claim.body.data.jobs).toHaveLength(1)
    const job = claim.body.data.jobs[0]
    expect(job.input).toEqual({ doc: 'smlouva.pdf' })

    const beat = await post(`/jobs/${job.id}/heartbeat`, { lease_token: job.lease_token }, WORKER)
    expect(beat.status).toBe(200)
    const wrongToken = await post(`/jobs/${job.id}/complete`, { lease_token: 'stolen', result: {} }, WORKER)
    expect(wrongToken.status).toBe(409)
    const done = await post(
      `/jobs/${job.id}/complete`,
      {
        lease_token: job.lease_token,
        result: { verdict: 'ok' },
      },
      WORKER,
    )
    expect(done.body.data.job.status).toBe('SUCCEEDED')

    const noKey = await post('/truth-log/auto', { job_id: job.id })
    expect(noKey.status).toBe(401)
    const auto = await post('/truth-log/auto', { job_id: job.id }, { 'x-api-key': INTERNAL })
    expect(auto.status).toBe(201)
    expect(auto.body.data.entry).toMatchObject({
      worker: workerId,
      task: task.body.data.task.id,
      status: 'SUCCEEDED',
    })
    expect(JSON.parse(auto.body.data.entry.content).result).toEqual({ verdict: 'ok' })
    const repeat = await post('/truth-log/auto', { job_id: job.id }, { 'x-api-key': INTERNAL })
    expect(repeat.status).toBe(200)
    expect(repeat.body.data.entry.seq).toBe(auto.body.data.entry.seq)

    const workers = await get('/workers?kind=ext.review&online=true')
    expect(workers.body.data.items.map((w: { id: string }) => w.id)).toEqual([workerId])
  })

  it('records a permanent failure reported by a worker as FAILED', async () => {
    const reg = await post('/gpt/register', { name: 'w2', kinds: ['ext.fail'], capacity: 1 }, WORKER)
    await post('/tasks', { kind: 'ext.fail', input: null })
    const claim = await post('/gpt/jobs/claim', { worker_id: reg.body.data.worker.id }, WORKER)
    const job = claim.body.data.jobs[0]
    const failed = await post(
      `/jobs/${job.id}/fail`,
      {
        lease_token: job.lease_token,
        error: { code: 'unreadable', message: 'the PDF is encrypted' },
        retryable: false,
      },
      WORKER,
    )
    expect(failed.body.data.job).toMatchObject({ status: 'FAILED', error: { code: 'unreadable' } })
  })

  it('appends the outcome of a task created with truth_log when its job finishes', async () => {
    const res = await post('/tasks', { kind: 'echo', input: { audit: true }, truth_log: true })
    const taskId = res.body.data.task.id
    const entry = await eventually(async () => {
      const log = await get(`/truth-log?task=${taskId}`, { 'x-api-key': INTERNAL })
      return log.body.data.items[0]
    })
    expect(entry).toMatchObject({ task: taskId, status: 'SUCCEEDED', job_id: res.body.data.job.id })
    expect(JSON.parse(entry.content).result).toEqual({ audit: true })
  })

  it('refuses to record an unfinished job in the truth log', async () => {
    const t = await post('/tasks', { kind: 'echo', input: 'x', delay_seconds: 60 })
    const res = await post('/truth-log/auto', { job_id: t.body.data.job.id }, { 'x-api-key': INTERNAL })
    expect(res.status).toBe(409)
  })
})

describe('truth log', () => {
  it('appends with the internal key only, and the chain verifies', async () => {
    const entry = { worker: 'gpt-1', task: 'kyc-42', content: 'ARES checked', status: 'done' }
    expect((await post('/truth-log', entry)).status).toBe(401)
    expect((await post('/truth-log', entry, { 'x-api-key': 'nope' })).status).toBe(403)
    const res = await post('/truth-log', entry, { 'x-api-key': INTERNAL })
    expect(res.status).toBe(201)
    expect(res.body.data.entry.hash).toMatch(/^[0-9a-f]{64}$/)
    const missing = await post(
      '/truth-log',
      { worker: 'w', task: 't', content: 'c' },
      { 'x-api-key': INTERNAL },
    )
    expect(missing.status).toBe(400)
    expect(missing.body.error.details.field).toBe('status')
    const verify = await get('/truth-log/verify', { 'x-api-key': INTERNAL })
    expect(verify.body.data.ok).toBe(true)
  })
})

describe('assistant configuration', () => {
  it('publishes a version with the admin key, does not mint one without a change, and shows who runs which', async () => {
    expect((await post('/v1/gpt/sync', {})).status).toBe(401)
    expect((await post('/v1/gpt/sync', {}, { 'x-admin-key': 'wrong' })).status).toBe(403)
    const first = await post('/v1/gpt/sync', {}, { 'x-admin-key': ADMIN })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ changed: true, version: 1 })
    expect(first.body.data.tools).toBeGreaterThanOrEqual(7)
    const same = await post('/v1/gpt/sync', {}, { 'x-admin-key': ADMIN })
    expect(same.body.data).toMatchObject({ changed: false, version: 1 })
    const second = await post('/v1/gpt/sync', { instructions: 'Be brief.' }, { 'x-admin-key': ADMIN })
    expect(second.body.data).toMatchObject({ changed: true, version: 2, previous_version: 1 })

    const reg = await post(
      '/gpt/register',
      { name: 'gpt-old', kinds: ['ext.x'], capacity: 1, version: '1' },
      WORKER,
    )
    let status = await get('/v1/gpt/status')
    expect(status.body.data.current.version).toBe(2)
    const old = status.body.data.workers.find((w: { id: string }) => w.id === reg.body.data.worker.id)
    expect(old.up_to_date).toBe(false)
    await post('/gpt/heartbeat', { worker_id: reg.body.data.worker.id, version: '2' }, WORKER)
    status = await get('/v1/gpt/status')
    expect(
      status.body.data.workers.find((w: { id: string }) => w.id === reg.body.data.worker.id).up_to_date,
    ).toBe(true)
    expect((await get('/v1/gpt/config')).status).toBe(401)
    const config = await get('/v1/gpt/config', WORKER)
    expect(config.body.data.instructions).toBe('Be brief.')
    expect(
      config.body.data.tools.some(
        (t: { function?: { name: string } }) => t.function?.name === 'knowledge_search',
      ),
    ).toBe(true)
  })
})

describe('authentication', () => {
  it('requires a gateway key on ordinary routes when ROUTER_REQUIRE_API_KEY is on, but not on health', async () => {
    const keyed = await routerHarness({
      env: { ROUTER_REQUIRE_API_KEY: 'true' },
      start: false,
      keys: {
        verify: async (key) =>
          key === 'gk_good' ? { ok: true, keyId: '7' } : { ok: false, reason: 'unknown key' },
      },
    })
    try {
      const none = await keyed.app.inject({ method: 'GET', url: '/jobs' })
      expect(none.statusCode).toBe(401)
      expect(none.json().error.code).toBe('UNAUTHORIZED')
      const bad = await keyed.app.inject({ method: 'GET', url: '/jobs', headers: { 'x-api-key': 'gk_bad' } })
      expect(bad.statusCode).toBe(403)
      const bearer = await keyed.app.inject({
        method: 'GET',
        url: '/jobs',
        headers: { authorization: 'Bearer gk_good' },
      })
      expect(bearer.statusCode).toBe(200)
      const created = await keyed.app.inject({
        method: 'POST',
        url: '/tasks',
        headers: { 'x-api-key': 'gk_good' },
        payload: { kind: 'echo', input: 1 },
      })
      expect(created.json().data.task.requested_by).toBe('7')
      expect((await keyed.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
    } finally {
      await keyed.close()
    }
  })

  it('accepts keys issued by the gateway’s key store and refuses them once revoked', async () => {
    const keyed = await routerHarness({ env: { ROUTER_REQUIRE_API_KEY: 'true' }, start: false })
    try {
      const store = new KeyStore(keyed.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
      const { key, record } = await store.create({ name: 'router test' })
      const get = (k: string) =>
        keyed.app.inject({ method: 'GET', url: '/workers', headers: { authorization: `Bearer ${k}` } })
      expect((await get(key)).statusCode).toBe(200)
      await store.revoke(record.id)
      const revoked = await get(key)
      expect(revoked.statusCode).toBe(403)
      expect(revoked.json().error.message).toBe('Invalid or expired API key')
    } finally {
      await keyed.close()
    }
  })

  it('refuses to start in production with the development keys', () => {
    const config = { NODE_ENV: 'production', ADMIN_API_KEY: DEV_ADMIN_KEY, INTERNAL_API_KEY: 'x'.repeat(40) }
    expect(() => checkProductionKeys(config as RouterConfig)).toThrow(ConfigError)
    const good = { NODE_ENV: 'production', ADMIN_API_KEY: 'a'.repeat(32), INTERNAL_API_KEY: 'b'.repeat(32) }
    expect(() => checkProductionKeys(good as RouterConfig)).not.toThrow()
  })
})
