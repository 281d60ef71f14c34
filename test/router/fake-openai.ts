/**
 * A local OpenAI-compatible server for router tests (node:http on 127.0.0.1). The model name picks
 * the behaviour:
 * - `good`: a completion with usage (streams 3 content chunks, then a usage chunk when asked, then [DONE]);
 * - `flaky`: 503 on the first call, then like `good`;
 * - `down`: always 500; `missing`: 404; `limited`: 400 with an OpenAI error body;
 * - `slow`: answers after 1.5 s; `broken-stream`: one chunk, then the connection drops;
 * - `endless`: streams a chunk every 50 ms for 5 s (counts streams cut short by the client);
 * - `tools`: returns tool_calls first (per `script`), then a final answer (the chain-chat tests).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeOpenAi {
  url: string
  requests: { path: string; body: Record<string, unknown> }[]
  /** Streams of model `endless` whose client went away before the end. */
  cutStreams: number
  /** Replies for model `tools`, consumed in order: tool calls or a final text. */
  script: ({ tool_calls: { name: string; arguments: unknown }[] } | { content: string })[]
  close(): Promise<void>
}

const usage = { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 }

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_800_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage,
  }
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = []
  const script: FakeOpenAi['script'] = []
  const calls = new Map<string, number>()
  const state = { cutStreams: 0 }

  async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }

  function json(res: ServerResponse, status: number, value: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-remaining-requests': '99' })
    res.end(JSON.stringify(value))
  }

  const server: Server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      return json(res, 200, { object: 'list', data: [{ id: 'good', object: 'model', owned_by: 'fake' }] })
    }
    if (req.method === 'POST' && req.url === '/v1/embeddings') {
      const b = await body(req)
      requests.push({ path: req.url, body: b })
      if (b.model === 'missing')
        return json(res, 404, {
          error: {
            message: 'The model `missing` does not exist',
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        })
      const inputs = Array.isArray(b.input) ? b.input : [b.input]
      return json(res, 200, {
        object: 'list',
        model: b.model,
        // The SDK asks for base64 (little-endian float32) unless told otherwise, as OpenAI sends it.
        data: inputs.map((_, index) => ({
          object: 'embedding',
          index,
          embedding:
            b.encoding_format === 'base64'
              ? Buffer.from(new Float32Array([0.1, 0.2, 0.3]).buffer).toString('base64')
              : [0.1, 0.2, 0.3],
        })),
        usage: { prompt_tokens: 4, total_tokens: 4 },
      })
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return json(res, 404, { error: 'no route' })
    const b = await body(req)
    requests.push({ path: req.url, body: b })
    const model = String(b.model)
    const n = (calls.get(model) ?? 0) + 1
    calls.set(model, n)

    if (model === 'down') return json(res, 500, { error: { message: 'overloaded' } })
    if (model === 'missing')
      return json(res, 404, {
        error: {
          message: 'The model `missing` does not exist',
          type: 'invalid_request_error',
          code: 'model_not_found',
        },
      })
    if (model === 'limited') {
      return json(res, 400, { error: { message: 'max_tokens is too large', type: 'invalid_request_error' } })
    }
    if (model === 'flaky' && n === 1) return json(res, 503, { error: { message: 'warming up' } })
    if (model === 'slow') await new Promise((r) => setTimeout(r, 1500))
    if (model === 'tools') {
      const next = script.shift() ?? { content: 'done' }
      const message =
        'tool_calls' in next
          ? {
              role: 'assistant',
              content: null,
              tool_calls: next.tool_calls.map((c, i) => ({
                id: `call_${n}_${i}`,
                type: 'function',
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            }
          : { role: 'assistant', content: next.content }
      return json(res, 200, {
        ...completion(model, ''),
        choices: [{ index: 0, message, finish_reason: 'tool_calls' in next ? 'tool_calls' : 'stop' }],
      })
    }

    if (b.stream !== true) return json(res, 200, completion(model, 'Dobrý den'))

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    // With include_usage, OpenAI puts `usage: null` on every chunk before the usage chunk.
    const withUsage = (b.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...(withUsage ? { usage: null } : {}),
      })}\n\n`
    res.write(': keep-alive\n\n')
    res.write(chunk({ role: 'assistant', content: 'Dob' }))
    if (model === 'endless') {
      let open = true
      res.on('close', () => {
        if (open) state.cutStreams++
        open = false
      })
      for (let i = 0; i < 100 && open; i++) {
        res.write(chunk({ content: `${i} ` }))
        await new Promise((r) => setTimeout(r, 50))
      }
      if (open) {
        open = false
        res.end('data: [DONE]\n\n')
      }
      return
    }
    if (model === 'broken-stream') {
      await new Promise((r) => setTimeout(r, 20))
      res.socket?.destroy()
      return
    }
    await new Promise((r) => setTimeout(r, 10))
    res.write(chunk({ content: 'rý ' }))
    res.write(chunk({ content: 'den' }, 'stop'))
    const opts = b.stream_options as { include_usage?: boolean } | undefined
    if (opts?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model, choices: [], usage })}\n\n`,
      )
    }
    res.write('data: [DONE]\n\n')
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get cutStreams() {
      return state.cutStreams
    },
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Splits an SSE body into its `data:` payloads (comments dropped). */
export function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length))
}
