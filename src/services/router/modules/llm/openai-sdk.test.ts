/**
 * The official OpenAI SDK (the `openai` package), unchanged, pointed at the router: with
 * baseURL …/v1/llm and with …/v1, chat (plain and streamed, with and without usage), models,
 * embeddings, and the upstream's errors raised as the SDK's own error classes.
 */
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../../test/router/fake-openai.ts'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'

let fake: FakeOpenAi
let h: Harness
let base: string
beforeAll(async () => {
  fake = await startFakeOpenAi()
  h = await routerHarness({
    start: false,
    env: { LLM_BASE_URL: fake.url, LLM_MODEL: 'good', LLM_RETRIES: '0', LLM_FALLBACK_MODELS: '' },
  })
  base = await h.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await h.close()
  await fake.close()
})

const messages = [{ role: 'user' as const, content: 'Ahoj' }]

describe.each([
  ['/v1/llm', '…/v1/llm'],
  ['/v1', '…/v1'],
])('the OpenAI SDK with baseURL %s', (path) => {
  const client = () => new OpenAI({ baseURL: `${base}${path}`, apiKey: 'unused', maxRetries: 0 })

  it('chats', async () => {
    const answer = await client().chat.completions.create({ model: 'good', messages })
    expect(answer.choices[0]!.message.content).toBe('Dobrý den')
    expect(answer.usage?.total_tokens).toBe(14)
  })

  it('streams, without usage chunks it did not ask for, and with them when it did', async () => {
    const plain = await client().chat.completions.create({ model: 'good', messages, stream: true })
    const chunks = []
    for await (const c of plain) chunks.push(c)
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toContain('Dob')
    expect(chunks.every((c) => !('usage' in c))).toBe(true)

    const counted = await client().chat.completions.create({
      model: 'good',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    })
    let usage: OpenAI.CompletionUsage | null | undefined
    for await (const c of counted) if (c.usage) usage = c.usage
    expect(usage?.total_tokens).toBe(14)
  })

  it('lists the models', async () => {
    const page = await client().models.list()
    expect(page.data.map((m) => m.id)).toEqual(['good'])
  })

  it('embeds', async () => {
    const res = await client().embeddings.create({ model: 'embed', input: ['a', 'b'] })
    expect(res.data).toHaveLength(2)
    expect(res.data[0]!.embedding.map((x) => Math.round(x * 1000) / 1000)).toEqual([0.1, 0.2, 0.3])
  })

  it("raises the upstream's errors as the SDK's own: 404 model_not_found and 400", async () => {
    const missing = await client()
      .chat.completions.create({ model: 'missing', messages })
      .catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError)
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found')
    const limited = await client()
      .chat.completions.create({ model: 'limited', messages })
      .catch((e: unknown) => e)
    expect(limited).toBeInstanceOf(OpenAI.BadRequestError)
    const noEmbedding = await client()
      .embeddings.create({ model: 'missing', input: 'a' })
      .catch((e: unknown) => e)
    expect(noEmbedding).toBeInstanceOf(OpenAI.NotFoundError)
  })
})

describe('accounting', () => {
  it('counts a stream broken midway as an error in /v1/llm/usage', async () => {
    const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: 'unused', maxRetries: 0 })
    const stream = await client.chat.completions.create({ model: 'broken-stream', messages, stream: true })
    await (async () => {
      for await (const _ of stream) {
        // read to the end (or the error event)
      }
    })().catch(() => undefined)
    const rows = (await h.app.inject({ method: 'GET', url: '/v1/llm/usage' })).json().data.models
    expect(rows.find((m: { model: string }) => m.model === 'broken-stream')).toMatchObject({ errors: 1 })
  })
})
