/**
 * The relay's answers against an upstream that adds fields of its own, as OpenRouter, vLLM or
 * Ollama do: each arrives byte for byte as the upstream sent it (the response schemas describe,
 * they never reshape), and each fits the OpenAI object the router's /openapi.json names for it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'
import { createAjv } from '../../../../kit/validation.ts'

/** Answers with provider extras at every level, fields OpenAI sends left out, and nulls. */
const ANSWERS: Record<string, string> = {
  'POST /v1/chat/completions': JSON.stringify({
    id: 'gen-1764259200-abc',
    provider: 'Fireworks',
    model: 'meta-llama/llama-3.1-70b-instruct',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: 'tool_calls',
        native_finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          reasoning: 'Nejdřív ověřím IČO.',
          tool_calls: [
            {
              id: 'call_0',
              index: 0,
              type: 'function',
              function: { name: 'ares', arguments: '{"ico":"27074358"}' },
            },
          ],
        },
      },
    ],
    system_fingerprint: null,
    usage: {
      prompt_tokens: 21,
      completion_tokens: 9,
      total_tokens: 30,
      cost: 0.000_031_5,
      prompt_tokens_details: { cached_tokens: 0 },
    },
  }),
  'GET /v1/models': JSON.stringify({
    object: 'list',
    data: [
      {
        id: 'qwen2.5:7b',
        object: 'model',
        created: 1_730_000_000,
        owned_by: 'library',
        context_length: 32_768,
        pricing: { prompt: '0.0000001', completion: '0.0000002' },
      },
      { id: 'bare-model' },
    ],
  }),
  'POST /v1/embeddings': JSON.stringify({
    object: 'list',
    id: 'emb-7',
    provider: 'Nebius',
    data: [{ object: 'embedding', index: 0, embedding: [0.125, -0.5, 1e-7] }],
    model: 'BAAI/bge-m3',
    usage: { prompt_tokens: 3, total_tokens: 3 },
  }),
}

let upstream: Server
let h: Harness
let doc: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }> }>
  >
  components: { schemas: Record<string, object> }
}
beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    for await (const _ of req) {
      // the request body is not needed: every answer is fixed
    }
    const answer = ANSWERS[`${req.method} ${req.url}`]
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' })
    res.end(answer ?? '{"error":{"message":"no route"}}')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const { port } = upstream.address() as AddressInfo
  h = await routerHarness({
    start: false,
    env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'any', LLM_RETRIES: '0' },
  })
  doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()
})
afterAll(async () => {
  await h?.close()
  await new Promise((resolve) => upstream.close(resolve))
})

const messages = [{ role: 'user', content: 'Ahoj' }]
const cases = [
  ...['/v1/chat/completions', '/v1/llm/chat', '/v1/llm/chat/completions'].map((url) => ({
    method: 'POST' as const,
    url,
    payload: { messages } as object | undefined,
    upstream: 'POST /v1/chat/completions',
    schema: 'ChatCompletion',
  })),
  ...['/v1/models', '/v1/llm/models'].map((url) => ({
    method: 'GET' as const,
    url,
    payload: undefined,
    upstream: 'GET /v1/models',
    schema: 'ModelList',
  })),
  ...['/v1/embeddings', '/v1/llm/embeddings'].map((url) => ({
    method: 'POST' as const,
    url,
    payload: { input: 'Ahoj' } as object | undefined,
    upstream: 'POST /v1/embeddings',
    schema: 'EmbeddingList',
  })),
]

describe('relayed OpenAI answers', () => {
  it.each(cases)(
    '$method $url arrives exactly as the upstream sent it, provider fields and all',
    async (c) => {
      const res = await h.app.inject({
        method: c.method,
        url: c.url,
        ...(c.payload ? { payload: c.payload } : {}),
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body).toBe(ANSWERS[c.upstream])
    },
  )

  it.each(cases)('$method $url is described as $schema, which the provider’s answer fits', async (c) => {
    const success = doc.paths[c.url]![c.method.toLowerCase()]!.responses['2XX']!
    expect(success.content['application/json']!.schema.$ref).toBe(`#/components/schemas/${c.schema}`)
    const schema = doc.components.schemas[c.schema]
    const validate = createAjv({ defaults: false, coerce: false, allErrors: true }).compile(schema!)
    expect(validate(JSON.parse(ANSWERS[c.upstream]!)), JSON.stringify(validate.errors)).toBe(true)
  })
})
