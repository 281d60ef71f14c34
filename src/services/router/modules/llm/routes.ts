/**
 * /v1/llm/chat, /v1/llm/models and /v1/llm/embeddings — also at the paths an OpenAI SDK calls
 * (/v1/chat/completions, /v1/models, /v1/embeddings, and under /v1/llm/): OpenAI in and out. Successful answers and the
 * upstream's own client errors are relayed as the upstream sent them (an OpenAI SDK pointed at the
 * router works unchanged); failures of the relay itself (no upstream configured, upstream down,
 * timeouts) use the standard error envelope. Streams are relayed event by event as they arrive.
 */

import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { type Static, Type } from 'typebox'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { notConfigured } from '../../../../kit/llm.ts'
import type { App } from '../../../../kit/server.ts'
import type { LlmRelay } from './relay.ts'
import {
  ChatAnswer,
  ChatBody,
  EmbeddingsAnswer,
  EmbeddingsBody,
  ModelsAnswer,
  UpstreamError,
} from './schemas.ts'
import type { LlmUsageLog } from './usage-log.ts'

/** Hop-by-hop and length headers are the relay's own business, never copied from upstream. */
const SKIP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'server',
])

/** The spec's path, and the paths an OpenAI SDK calls with baseURL …/v1/llm or …/v1. */
const CHAT_PATHS = ['/v1/llm/chat', '/v1/llm/chat/completions', '/v1/chat/completions']
const MODEL_PATHS = ['/v1/llm/models', '/v1/models']
const EMBEDDING_PATHS = ['/v1/llm/embeddings', '/v1/embeddings']

export interface LlmDeps {
  relay: LlmRelay
  usage: LlmUsageLog
  /** Longest silence between streamed chunks before the stream is cut (ms). */
  idleMs: number
}

export function registerLlm(app: App, deps: LlmDeps): void {
  const relay = deps.relay

  for (const path of MODEL_PATHS)
    app.get(
      path,
      {
        schema: {
          response: {
            '2xx': ModelsAnswer,
            '4xx': UpstreamError,
          },
        },
      },
      async (_request, reply) => {
        if (!relay.configured) throw notConfigured()
        const answer = await relay.models()
        reply.header('content-type', answer.headers.get('content-type') ?? 'application/json')
        return reply.code(answer.status).send(relayed<Static<typeof ModelsAnswer>>(answer.text))
      },
    )

  for (const path of EMBEDDING_PATHS)
    app.post(
      path,
      {
        schema: {
          body: EmbeddingsBody,
          response: {
            '4xx': UpstreamError,
            '2xx': EmbeddingsAnswer,
          },
        },
        bodyLimit: 8 * 1024 * 1024,
      },
      async (request, reply) => {
        if (!relay.configured) throw notConfigured()
        const body = request.body as Record<string, unknown>
        const started = performance.now()
        const answer = await relay.embeddings({ ...body, model: body.model ?? relay.defaultModel })
        let parsed: { model?: string; usage?: Record<string, number> } | undefined
        try {
          parsed = JSON.parse(answer.text) as typeof parsed
        } catch {
          parsed = undefined
        }
        await relay.account({ route: path, caller: request.apiKeyId ?? null }, body, {
          status: answer.status,
          attempts: 1,
          stream: false,
          latencyMs: performance.now() - started,
          served: parsed?.model ?? String(body.model ?? relay.defaultModel),
          usage: parsed?.usage,
          ...(answer.status >= 400 ? { error: answer.text.slice(0, 500) } : {}),
        })
        reply.header('content-type', answer.headers.get('content-type') ?? 'application/json')
        return reply.code(answer.status).send(relayed<Static<typeof EmbeddingsAnswer>>(answer.text))
      },
    )

  app.get(
    '/v1/llm/usage',
    {
      schema: {
        querystring: Type.Object(
          { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })) },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({
              period_days: Type.Integer(),
              models: Type.Array(
                Type.Object({
                  model: Type.String(),
                  requests: Type.Integer(),
                  errors: Type.Integer(),
                  prompt_tokens: Type.Integer(),
                  completion_tokens: Type.Integer(),
                  total_tokens: Type.Integer(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const days = request.query.days ?? 30
      return ok(reply, { period_days: days, models: await deps.usage.llmUsage(days) })
    },
  )

  for (const path of CHAT_PATHS)
    app.post(
      path,
      {
        schema: {
          body: ChatBody,
          response: {
            '4xx': UpstreamError,
            '2xx': ChatAnswer,
          },
        },
        bodyLimit: 8 * 1024 * 1024,
      },
      async (request, reply) => {
        if (!relay.configured) throw notConfigured()
        const body = request.body as Record<string, unknown>
        const info = { route: path, caller: request.apiKeyId ?? null }
        const started = performance.now()
        const clientGone = new AbortController()
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) clientGone.abort()
        })

        if (body.stream !== true) {
          const opened = await relay.open(body, { ...info, signal: clientGone.signal })
          const text = await opened.response.text()
          let parsed: { model?: string; usage?: Record<string, number> } | undefined
          try {
            parsed = JSON.parse(text) as typeof parsed
          } catch {
            parsed = undefined
          }
          await relay.account(info, body, {
            status: opened.response.status,
            attempts: opened.attempts,
            stream: false,
            latencyMs: performance.now() - started,
            served: parsed?.model ?? opened.model,
            usage: parsed?.usage,
          })
          copyHeaders(opened.response.headers, reply.raw)
          reply.header('content-type', opened.response.headers.get('content-type') ?? 'application/json')
          reply.header('x-gatehouse-model', opened.model)
          reply.header('x-gatehouse-attempts', String(opened.attempts))
          return reply.code(opened.response.status).send(text)
        }

        const opened = await relay.open(body, { ...info, signal: clientGone.signal })
        if (!opened.reader) {
          // A client error from the upstream (400, 401 …): relay it as it came.
          const text = await opened.response.text()
          await relay.account(info, body, {
            status: opened.response.status,
            attempts: opened.attempts,
            stream: true,
            latencyMs: performance.now() - started,
            error: text.slice(0, 500),
          })
          reply.header('content-type', opened.response.headers.get('content-type') ?? 'application/json')
          return reply.code(opened.response.status).send(text)
        }

        // From here on bytes reach the client: no retry or fallback any more.
        const wantsUsage =
          (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true
        const raw = reply.raw
        reply.hijack()
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
          'x-request-id': request.id,
          'x-gatehouse-model': opened.model,
          'x-gatehouse-attempts': String(opened.attempts),
        })

        let usage: Record<string, number> | undefined
        let served: string | undefined
        let error: string | undefined
        const parser = createParser({
          onEvent(event: EventSourceMessage) {
            if (event.data !== '[DONE]') {
              try {
                const chunk = JSON.parse(event.data) as {
                  model?: string
                  usage?: Record<string, number> | null
                  choices?: unknown[]
                }
                served ??= chunk.model
                if (chunk.usage) usage = chunk.usage
                // The usage-only chunk the relay asked for on its own account: the client never sees it.
                if (!wantsUsage && chunk.usage && Array.isArray(chunk.choices) && chunk.choices.length === 0)
                  return
                // `usage: null` on every chunk is the answer to include_usage, which the client did not ask for.
                if (!wantsUsage && 'usage' in chunk) {
                  const { usage: _dropped, ...rest } = chunk
                  raw.write(serialize({ ...event, data: JSON.stringify(rest) }))
                  return
                }
              } catch {
                // Not JSON: relayed as it is.
              }
            }
            raw.write(serialize(event))
          },
          onComment(comment: string) {
            raw.write(`: ${comment}\n\n`)
          },
        })

        const decoder = new TextDecoder()
        let idle: NodeJS.Timeout | undefined
        const armIdle = () => {
          clearTimeout(idle)
          idle = setTimeout(() => opened.controller.abort(), deps.idleMs)
        }
        try {
          parser.feed(decoder.decode(opened.first, { stream: true }))
          armIdle()
          for (;;) {
            if (clientGone.signal.aborted) {
              opened.controller.abort()
              error = 'client disconnected'
              break
            }
            const { done, value } = await opened.reader.read()
            if (done) break
            armIdle()
            parser.feed(decoder.decode(value, { stream: true }))
          }
          parser.feed(decoder.decode())
        } catch (cause) {
          error = clientGone.signal.aborted
            ? 'client disconnected'
            : opened.controller.signal.aborted
              ? `stream idle for more than ${deps.idleMs} ms`
              : `stream broke: ${(cause as Error).message}`
          // After the 200 an error can only travel as an event (as OpenRouter does).
          if (!clientGone.signal.aborted) {
            raw.write(`data: ${JSON.stringify({ error: { message: error, type: 'upstream_error' } })}\n\n`)
          }
        } finally {
          clearTimeout(idle)
          raw.end()
        }
        await relay.account(info, body, {
          status: 200,
          attempts: opened.attempts,
          stream: true,
          latencyMs: performance.now() - started,
          served: served ?? opened.model,
          usage,
          error,
        })
        return reply
      },
    )
}

/**
 * An upstream's answer as it came: text is sent as it is, never through the response schema's
 * serializer (which would drop the fields a provider adds and rewrite values), so the schema only
 * describes it. The cast tells the typed reply so.
 */
function relayed<T>(text: string): T {
  return text as unknown as T
}

function serialize(event: EventSourceMessage): string {
  let out = ''
  if (event.id !== undefined) out += `id: ${event.id}\n`
  if (event.event !== undefined) out += `event: ${event.event}\n`
  for (const line of event.data.split('\n')) out += `data: ${line}\n`
  return `${out}\n`
}

function copyHeaders(from: Headers, to: import('node:http').ServerResponse): void {
  for (const [name, value] of from) {
    if (SKIP_HEADERS.has(name) || name.startsWith('access-control-')) continue
    if (name.startsWith('x-ratelimit') || name.startsWith('openai-') || name === 'x-request-id') {
      // Upstream request ids and limits are useful to the caller; our own request id stays ours.
      if (name !== 'x-request-id') to.setHeader(name, value)
    }
  }
}
