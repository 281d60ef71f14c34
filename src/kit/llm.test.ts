import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { LlmClient } from './llm.ts'

let server: Server
let base: string
let lastBody: Record<string, unknown> = {}
let lastAuth: string | undefined

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      lastBody = JSON.parse(raw)
      lastAuth = req.headers.authorization
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          id: 'cmpl-1',
          model: lastBody.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: 'Dobrý den' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

describe('LlmClient', () => {
  it('says how to enable it when no upstream is configured', async () => {
    const llm = new LlmClient({ model: 'm', timeoutMs: 1000 })
    expect(llm.configured).toBe(false)
    const error = await llm.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503 })
    expect((error as Error).message).toContain('LLM_BASE_URL')
  })

  it('sends the default model and the bearer key, and returns the text', async () => {
    const llm = new LlmClient({ baseUrl: base, apiKey: 'sk-test', model: 'small-model', timeoutMs: 1000 })
    const { text, completion } = await llm.complete({ messages: [{ role: 'user', content: 'Ahoj' }] })
    expect(text).toBe('Dobrý den')
    expect(completion.usage?.total_tokens).toBe(5)
    expect(lastBody).toMatchObject({ model: 'small-model', stream: false })
    expect(lastAuth).toBe('Bearer sk-test')
  })

  it('turns an unreachable upstream into a 502 naming the source', async () => {
    const llm = new LlmClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 500, retries: 0 })
    await expect(llm.chat({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'upstream_error',
      details: { source: 'llm', kind: 'network' },
    })
  })
})
