/**
 * The router's own stores on PostgreSQL (the scale-out storage), through the HTTP API: tasks run
 * by the built-in workers, memory, assistant configuration versions, the truth log, LLM usage
 * sums, agent statistics and chat messages. Skipped without PostgreSQL, required in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/router/fake-openai.ts'
import { ADMIN, eventually, type Harness, INTERNAL, routerHarness } from '../../../test/router/harness.ts'
import { backing } from '../../../test/support/backing.ts'
import { postgresStorage, type Storage } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'

const postgres = await backing.postgres()

describe.runIf(postgres.available)('router on PostgreSQL', () => {
  let backend: Storage
  let db: Database
  let llm: FakeOpenAi
  let h: Harness
  beforeAll(async () => {
    backend = postgresStorage(postgres.url, 'router_test', { poolSize: 5 })
    db = backend.open()
    llm = await startFakeOpenAi()
    h = await routerHarness({ database: db, env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'tools' } })
  })
  afterAll(async () => {
    await h.close()
    await db.close()
    await backend.cleanup()
    await llm.close()
  })

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await h.app.inject({ method: 'POST', url, payload: payload as object, headers })
    return { status: res.statusCode, body: res.json() }
  }
  const get = async (url: string, headers: Record<string, string> = {}) =>
    (await h.app.inject({ method: 'GET', url, headers })).json()

  it('runs tasks and keeps agent statistics', async () => {
    const ok = await post('/tasks', {
      kind: 'agent.call',
      input: {
        service: 'banking',
        agent: 'mortgage_calculator',
        input: { amount: 2_000_000, annual_rate_pct: 5, term_months: 240 },
      },
    })
    const task = await eventually(async () => {
      const t = (await get(`/tasks/${ok.body.data.task.id}`)).data.task
      return t.status === 'SUCCEEDED' ? t : undefined
    })
    expect(task.result.monthly_payment).toBeGreaterThan(13_000)
    const stats = (await get('/v1/agents/registry/stats?service=banking')).data
    expect(stats.agents[0]).toMatchObject({ agent: 'mortgage_calculator', calls: 1, errors: 0 })
    expect((await get('/jobs?status=SUCCEEDED')).data.total).toBe(1)
  })

  it('stores and finds memories without duplicates', async () => {
    await post('/v1/memory/add', { text: 'Preferuje schůzky v pondělí.', user_id: 'u1', infer: false })
    const again = await post('/v1/memory/add', {
      text: 'preferuje schůzky v pondělí.',
      user_id: 'u1',
      infer: false,
    })
    expect(again.body.data.results[0].event).toBe('NONE')
    const found = await post('/v1/memory/search', { query: 'pondělí', user_id: 'u1' })
    expect(found.body.data.results).toHaveLength(1)
  })

  it('versions the assistant configuration and chains the truth log', async () => {
    expect((await post('/v1/gpt/sync', {}, { 'x-admin-key': ADMIN })).body.data.version).toBe(1)
    expect((await post('/v1/gpt/sync', {}, { 'x-admin-key': ADMIN })).body.data.changed).toBe(false)
    for (let i = 0; i < 3; i++) {
      await post(
        '/truth-log',
        { worker: 'w', task: `t${i}`, content: 'c', status: 'ok' },
        { 'x-api-key': INTERNAL },
      )
    }
    expect((await get('/truth-log/verify', { 'x-api-key': INTERNAL })).data).toMatchObject({
      ok: true,
      entries: 3,
    })
  })

  it('stores chat messages one per row and sums LLM usage', async () => {
    llm.script.push({ content: 'Dobrý den.' })
    const chat = await post('/v1/chain/chat', { message: 'Ahoj' })
    const messages = (await get(`/v1/chain/conversations/${chat.body.data.conversation_id}`)).data.messages
    expect(messages.map((m: { role: string; seq: number }) => [m.role, m.seq])).toEqual([
      ['user', 1],
      ['assistant', 2],
    ])
    const usage = (await get('/v1/llm/usage')).data.models
    expect(usage).toEqual([
      expect.objectContaining({ model: 'tools', requests: 1, total_tokens: 14, errors: 0 }),
    ])
  })
})
