import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOpenAiEmbedder, normalizeBaseUrl } from './openai.ts'
import { EmbedderError } from './types.ts'

// A local OpenAI-compatible /v1/embeddings: vector = [length of text, count of "a", 1], so answers
// are checkable; behaviour switches per test.
let server: Server
let base = ''
let mode: 'ok' | 'fail-once' | 'fail' | 'wrong-count' | 'slow' = 'ok'
let calls: Array<{
  auth: string | undefined
  body: { model: string; input: string[]; dimensions?: number }
}> = []

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = ''
    req.on('data', (c) => {
      data += c
    })
    req.on('end', () => resolve(data))
  })
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req))
    calls.push({ auth: req.headers.authorization, body })
    if (req.url !== '/v1/embeddings') {
      res.writeHead(404).end()
      return
    }
    if (mode === 'fail' || (mode === 'fail-once' && calls.length === 1)) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
      return
    }
    if (mode === 'slow') await new Promise((r) => setTimeout(r, 500))
    const inputs: string[] = body.input
    const data = (mode === 'wrong-count' ? inputs.slice(1) : inputs)
      .map((text, index) => ({ index, embedding: [text.length, (text.match(/a/g) ?? []).length, 1] }))
      .reverse() // servers may answer out of order; the index says where each belongs
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data, model: body.model }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  mode = 'ok'
  calls = []
})

describe('openai embedder against a local OpenAI-compatible server', () => {
  it('posts batches to /v1/embeddings with the key and model, and returns unit vectors in input order', async () => {
    const embedder = createOpenAiEmbedder({
      baseUrl: base,
      apiKey: 'sk-test',
      model: 'text-embedding-3-small',
      batchSize: 2,
    })
    const vectors = await embedder.embed(['a', 'bbbb', 'aa'], 'document')
    expect(calls).toHaveLength(2)
    expect(calls[0]).toMatchObject({
      auth: 'Bearer sk-test',
      body: { model: 'text-embedding-3-small', input: ['a', 'bbbb'] },
    })
    const norm = (v: number[]) => v.map((x) => x / Math.hypot(...v))
    expect([...vectors[0]!]).toEqual(norm([1, 1, 1]).map((x) => Math.fround(x)))
    expect([...vectors[1]!]).toEqual(norm([4, 0, 1]).map((x) => Math.fround(x)))
    expect([...vectors[2]!]).toEqual(norm([2, 2, 1]).map((x) => Math.fround(x)))
    expect(embedder.dimensions).toBe(3)
    expect(embedder.id).toBe('openai:text-embedding-3-small')
  })

  it('asks for shorter vectors when dimensions are configured', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl: `${base}/v1`, model: 'm', dimensions: 3 })
    await embedder.embed(['x'], 'query')
    expect(calls[0]!.body.dimensions).toBe(3)
    expect(embedder.id).toBe('openai:m/3')
  })

  it('retries a 5xx once and succeeds', async () => {
    mode = 'fail-once'
    const embedder = createOpenAiEmbedder({ baseUrl: base, model: 'm', retries: 1 })
    await expect(embedder.embed(['x'], 'query')).resolves.toHaveLength(1)
    expect(calls).toHaveLength(2)
  })

  it('fails with an EmbedderError naming the upstream when it keeps failing', async () => {
    mode = 'fail'
    const embedder = createOpenAiEmbedder({ baseUrl: base, model: 'm', retries: 1 })
    await expect(embedder.embed(['x'], 'query')).rejects.toThrow(/embeddings upstream failed/)
  })

  it('refuses an answer with the wrong number of vectors', async () => {
    mode = 'wrong-count'
    const embedder = createOpenAiEmbedder({ baseUrl: base, model: 'm' })
    await expect(embedder.embed(['a', 'b'], 'query')).rejects.toBeInstanceOf(EmbedderError)
  })

  it('gives up after its timeout', async () => {
    mode = 'slow'
    const embedder = createOpenAiEmbedder({ baseUrl: base, model: 'm', timeoutMs: 100, retries: 0 })
    await expect(embedder.embed(['a'], 'query')).rejects.toThrow(/no answer within 100 ms/)
  })

  it('adds /v1 to a base URL without a path', () => {
    expect(normalizeBaseUrl('http://localhost:11434')).toBe('http://localhost:11434/v1')
    expect(normalizeBaseUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1')
  })
})
