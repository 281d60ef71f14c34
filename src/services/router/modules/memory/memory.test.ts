/**
 * Memory over HTTP (mem0's shape): add raw text or messages, scoped; a fact already there is kept
 * or updated, never duplicated; search ranks by meaning and words within a scope, with filters
 * and top_k; infer=true extracts facts with the language model (a local fake upstream).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../../test/router/fake-openai.ts'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await routerHarness({ start: false })
})
afterAll(async () => h.close())

async function add(payload: Record<string, unknown>, app = h.app) {
  const res = await app.inject({ method: 'POST', url: '/v1/memory/add', payload })
  return { status: res.statusCode, body: res.json() }
}
async function search(payload: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/memory/search', payload })
  return { status: res.statusCode, body: res.json() }
}

describe('memory', () => {
  it('stores text as it is when no language model is configured, and says so', async () => {
    const res = await add({
      text: 'Klient preferuje komunikaci e-mailem.',
      user_id: 'alice',
      metadata: { topic: 'contact' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.inferred).toBe(false)
    expect(res.body.data.results).toEqual([
      expect.objectContaining({ event: 'ADD', memory: 'Klient preferuje komunikaci e-mailem.' }),
    ])
  })

  it('keeps an identical fact instead of adding it again', async () => {
    const res = await add({ text: 'klient preferuje   komunikaci e-mailem.', user_id: 'alice' })
    expect(res.body.data.results[0].event).toBe('NONE')
    const all = await h.app.inject({ method: 'GET', url: '/v1/memory?user_id=alice' })
    expect(all.json().data.results).toHaveLength(1)
  })

  it('updates a near-identical fact (above the similarity threshold) and keeps its history', async () => {
    const res = await add({
      text: 'Klient preferuje komunikaci emailem',
      user_id: 'alice',
      metadata: { source: 'call' },
    })
    const result = res.body.data.results[0]
    expect(result.event).toBe('UPDATE')
    expect(result.previous_memory).toBe('Klient preferuje komunikaci e-mailem.')
    expect(result.similarity).toBeGreaterThanOrEqual(0.85)
    const memory = await h.app.inject({ method: 'GET', url: `/v1/memory/${result.id}` })
    expect(memory.json().data).toMatchObject({
      memory: 'Klient preferuje komunikaci emailem',
      metadata: { topic: 'contact', source: 'call' },
    })
    const history = await h.app.inject({ method: 'GET', url: `/v1/memory/${result.id}/history` })
    expect(history.json().data.history.map((e: { event: string }) => e.event)).toEqual(['ADD', 'UPDATE'])
  })

  it('adds a different fact in the same scope, and the same fact in another scope', async () => {
    const phone = await add({ text: 'Klient preferuje komunikaci telefonem.', user_id: 'dave' })
    const email = await add({ text: 'Klient preferuje komunikaci e-mailem.', user_id: 'dave' })
    expect(email.body.data.results[0].event).toBe('ADD')
    expect(phone.body.data.results[0].event).toBe('ADD')
    const other = await add({ text: 'Firma sídlí v Brně a má 40 zaměstnanců.', user_id: 'alice' })
    expect(other.body.data.results[0].event).toBe('ADD')
    const bob = await add({ text: 'Klient preferuje komunikaci emailem', user_id: 'bob' })
    expect(bob.body.data.results[0].event).toBe('ADD')
  })

  it('stores each message of a conversation when infer is off', async () => {
    const res = await add({
      messages: [
        { role: 'user', content: 'Jsem vegetarián.' },
        { role: 'assistant', content: 'Dobře, budu to mít na paměti.' },
      ],
      user_id: 'carol',
      agent_id: 'concierge',
      infer: false,
    })
    expect(res.body.data.results.map((r: { event: string }) => r.event)).toEqual(['ADD', 'ADD'])
  })

  it('searches within a scope, best match first, limited by top_k', async () => {
    await add({
      text: 'Preferuje schůzky v pondělí ráno.',
      user_id: 'alice',
      metadata: { topic: 'calendar' },
    })
    const res = await search({ query: 'jak komunikovat s klientem, e-mail?', user_id: 'alice', top_k: 2 })
    expect(res.status).toBe(200)
    const results = res.body.data.results
    expect(results).toHaveLength(2)
    expect(results[0].memory).toBe('Klient preferuje komunikaci emailem')
    expect(results[0].user_id).toBe('alice')
    expect(results[0].score).toBeGreaterThan(results[1].score)
  })

  it('finds a memory written in the other language through the term list', async () => {
    await add({ text: 'Preferuje schůzky v pondělí ráno.', user_id: 'dana' })
    await add({ text: 'The client asked us to return the security deposit by Friday.', user_id: 'dana' })
    const res = await search({ query: 'vrácení jistoty nájemci', user_id: 'dana', top_k: 2 })
    const [first, second] = res.body.data.results
    expect(first.memory).toBe('The client asked us to return the security deposit by Friday.')
    // Met by meaning through the translations, not by rank alone.
    expect(first.similarity).toBeGreaterThan(0.2)
    expect(first.similarity).toBeGreaterThan(second.similarity + 0.1)
  })

  it('applies metadata filters and takes the scope from filters as mem0 v2 does', async () => {
    const res = await search({
      query: 'pondělí',
      filters: { user_id: 'alice', metadata: { topic: 'calendar' } },
    })
    expect(res.body.data.results.map((r: { memory: string }) => r.memory)).toEqual([
      'Preferuje schůzky v pondělí ráno.',
    ])
    const none = await search({
      query: 'pondělí',
      filters: { AND: [{ user_id: 'alice' }, { topic: { in: ['x'] } }] },
      user_id: 'alice',
    })
    expect(none.body.data.results).toEqual([])
  })

  it('refuses a request without a scope or without content, naming the field', async () => {
    const noScope = await add({ text: 'something' })
    expect(noScope.status).toBe(400)
    expect(noScope.body.error.details.field).toBe('user_id')
    const noText = await add({ user_id: 'alice' })
    expect(noText.status).toBe(400)
    expect(noText.body.error.details.field).toBe('messages')
    const badOp = await search({ query: 'x', user_id: 'alice', filters: { topic: { like: 'c%' } } })
    expect(badOp.status).toBe(400)
  })

  it('deletes a memory', async () => {
    const res = await add({ text: 'Dočasná poznámka', run_id: 'run-1' })
    const id = res.body.data.results[0].id
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/memory/${id}` })).statusCode).toBe(200)
    expect((await h.app.inject({ method: 'GET', url: `/v1/memory/${id}` })).statusCode).toBe(404)
  })
})

describe('memory with a language model', () => {
  let fake: FakeOpenAi
  let withLlm: Harness
  beforeAll(async () => {
    fake = await startFakeOpenAi()
    withLlm = await routerHarness({ start: false, env: { LLM_BASE_URL: fake.url, LLM_MODEL: 'tools' } })
  })
  afterAll(async () => {
    await withLlm.close()
    await fake.close()
  })

  it('extracts facts from a conversation by default (infer) and stores them', async () => {
    fake.script.push({
      content: JSON.stringify({ facts: ['Jmenuje se Jana Nováková.', 'Kupuje byt v Praze.'] }),
    })
    const res = await add(
      {
        messages: [{ role: 'user', content: 'Dobrý den, jsem Jana Nováková a kupuji byt v Praze.' }],
        user_id: 'jana',
      },
      withLlm.app,
    )
    expect(res.body.data.inferred).toBe(true)
    expect(res.body.data.results.map((r: { memory: string }) => r.memory)).toEqual([
      'Jmenuje se Jana Nováková.',
      'Kupuje byt v Praze.',
    ])
    expect(fake.requests.at(-1)!.body.response_format).toEqual({ type: 'json_object' })
  })
})
