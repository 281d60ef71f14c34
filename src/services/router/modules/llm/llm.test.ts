/**
 * /v1/llm/chat and /v1/llm/models against a local fake OpenAI-compatible server: relaying as is,
 * retries, fallback models, timeouts, streaming relayed event by event, and usage accounting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, sseData, startFakeOpenAi } from '../../../../../test/router/fake-openai.ts'
import { eventually, type Harness, routerHarness } from '../../../../../test/router/harness.ts'

let fake: FakeOpenAi
let h: Harness
beforeAll(async () => {
  fake = await startFakeOpenAi()
  h = await routerHarness({
    start: false,
    env: {
      LLM_BASE_URL: fake.url,
      LLM_MODEL: 'good',
      LLM_TIMEOUT_SECONDS: '1',
      LLM_RETRIES: '1',
      LLM_FALLBACK_MODELS: '',
    },
  })
})
afterAll(async () => {
  await h.close()
  await fake.close()
})

const chat = (payload: Record<string, unknown>, app = h.app) =>
  app.inject({
    method: 'POST',
    url: '/v1/llm/chat',
    payload: { messages: [{ role: 'user', content: 'Ahoj' }], ...payload },
  })

describe('LLM proxy', () => {
  it('answers 503 with what to set when no upstream is configured', async () => {
    const bare = await routerHarness({ start: false })
    try {
      const res = await chat({}, bare.app)
      expect(res.statusCode).toBe(503)
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE')
      expect(res.json().error.message).toMatch(/LLM_BASE_URL/)
      expect((await bare.app.inject({ method: 'GET', url: '/v1/llm/models' })).statusCode).toBe(503)
    } finally {
      await bare.close()
    }
  })

  it('relays a completion exactly as the upstream sent it and accounts its usage', async () => {
    const res = await chat({})
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      object: 'chat.completion',
      model: 'good',
      usage: { total_tokens: 14 },
    })
    expect(res.json().choices[0].message.content).toBe('Dobrý den')
    expect(res.headers['x-ratelimit-remaining-requests']).toBe('99')
    const usage = await h.app.inject({ method: 'GET', url: '/v1/llm/usage' })
    const good = usage.json().data.models.find((m: { model: string }) => m.model === 'good')
    expect(good.total_tokens).toBeGreaterThanOrEqual(14)
  })

  it('retries an upstream 503 before answering', async () => {
    const res = await chat({ model: 'flaky' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-gatehouse-attempts']).toBe('2')
  })

  it('falls back to the next model when one keeps failing or does not exist', async () => {
    const fallback = await routerHarness({
      start: false,
      env: {
        LLM_BASE_URL: fake.url,
        LLM_MODEL: 'down',
        LLM_FALLBACK_MODELS: 'missing, good',
        LLM_RETRIES: '1',
      },
    })
    try {
      const before = fake.requests.length
      const res = await chat({}, fallback.app)
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-gatehouse-model']).toBe('good')
      // down ×2 (one retry), missing ×1 (404: no retry), good ×1
      expect(fake.requests.slice(before).map((r) => r.body.model)).toEqual([
        'down',
        'down',
        'missing',
        'good',
      ])
    } finally {
      await fallback.close()
    }
  })

  it('relays the upstream’s own client error as it came', async () => {
    const res = await chat({ model: 'limited' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: { message: 'max_tokens is too large', type: 'invalid_request_error' },
    })
  })

  it('answers 502 in the envelope when every model failed, and 504 when the upstream is too slow', async () => {
    const down = await chat({ model: 'down' })
    expect(down.statusCode).toBe(502)
    expect(down.json()).toMatchObject({ success: false, error: { code: 'UPSTREAM_ERROR' } })
    const slow = await chat({ model: 'slow' })
    expect(slow.statusCode).toBe(504)
    expect(slow.json().error.code).toBe('UPSTREAM_TIMEOUT')
  })

  it('relays a stream event by event and hides the usage chunk the client did not ask for', async () => {
    const res = await chat({ stream: true })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(res.headers['cache-control']).toBe('no-cache, no-transform')
    expect(res.body).toContain(': keep-alive')
    const data = sseData(res.body)
    expect(data.at(-1)).toBe('[DONE]')
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d))
    expect(chunks.map((c) => c.choices[0]?.delta.content).join('')).toBe('Dobrý den')
    expect(chunks.some((c) => c.usage)).toBe(false)
    // The upstream was asked for usage all the same, so the stream is accounted.
    expect(fake.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true })
  })

  it('passes the usage chunk through when the client asked for it', async () => {
    const res = await chat({ stream: true, stream_options: { include_usage: true } })
    const chunks = sseData(res.body)
      .slice(0, -1)
      .map((d) => JSON.parse(d))
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 14 } })
  })

  it('ends a stream that breaks midway with an error event', async () => {
    const res = await chat({ model: 'broken-stream', stream: true })
    expect(res.statusCode).toBe(200)
    const data = sseData(res.body)
    expect(JSON.parse(data[0]!).choices[0].delta.content).toBe('Dob')
    expect(JSON.parse(data.at(-1)!)).toMatchObject({ error: { type: 'upstream_error' } })
  })

  it('lists the upstream’s models', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/llm/models' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data[0].id).toBe('good')
  })

  it('refuses a body without messages, naming the field', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/llm/chat', payload: { model: 'good' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details.field).toBe('messages')
  })
})

describe('LLM proxy over a real socket', () => {
  it('streams to an HTTP client and answers plain requests', async () => {
    const url = await h.app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`${url}/v1/llm/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Ahoj' }], stream: true }),
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(sseData(text).at(-1)).toBe('[DONE]')
    const plain = await fetch(`${url}/v1/llm/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Ahoj' }] }),
    })
    expect(plain.status).toBe(200)
    expect(((await plain.json()) as { model: string }).model).toBe('good')
  })

  it('cuts the upstream stream when the client goes away, and accounts it', async () => {
    const url = h.app.server.listening
      ? `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`
      : await h.app.listen({ port: 0, host: '127.0.0.1' })
    const controller = new AbortController()
    const res = await fetch(`${url}/v1/llm/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'endless', messages: [{ role: 'user', content: 'Ahoj' }], stream: true }),
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    await eventually(async () => (fake.cutStreams === 1 ? true : undefined), 3000)
    const usage = await eventually(async () => {
      const rows = (await h.app.inject({ method: 'GET', url: '/v1/llm/usage' })).json().data.models
      return rows.find((m: { model: string }) => m.model === 'endless')
    }, 3000)
    expect(usage.requests).toBe(1)
  })
})
