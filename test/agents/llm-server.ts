/** A local OpenAI-compatible chat-completions server for agents' LLM paths: answers with a fixed text or fails. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LlmTestServer {
  baseUrl: string
  /** Bodies of the requests received. */
  requests: Record<string, unknown>[]
  close(): Promise<void>
}

export async function startLlmServer(answer: string | { status: number }): Promise<LlmTestServer> {
  const requests: Record<string, unknown>[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      requests.push(JSON.parse(raw || '{}'))
      res.setHeader('content-type', 'application/json')
      if (typeof answer !== 'string') {
        res.statusCode = answer.status
        res.end(JSON.stringify({ error: { message: 'upstream failure' } }))
        return
      }
      res.end(
        JSON.stringify({
          id: 'cmpl-test',
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
