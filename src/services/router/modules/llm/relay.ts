/**
 * The LLM relay behind /v1/llm/chat, /v1/llm/models, the llm.chat job kind and the chain chat: it
 * forwards OpenAI chat-completions requests to LLM_BASE_URL as they are, and adds what a proxy
 * must (the LiteLLM/OpenRouter recipe):
 * - a timeout per attempt (LLM_TIMEOUT_SECONDS until the first byte, then LLM_STREAM_IDLE_SECONDS
 *   of silence at most between chunks);
 * - retries on network errors, timeouts, 408, 429 (Retry-After honoured up to 10 s) and 5xx, with
 *   exponential backoff, and only before the first byte reaches the client;
 * - a fallback list (LLM_FALLBACK_MODELS) tried in order once a model's retries are spent or the
 *   upstream says the model does not exist (404);
 * - usage accounting in the database for every request, streamed or not: the relay asks the
 *   upstream for `stream_options.include_usage` and strips that extra chunk again when the client
 *   did not ask for it, so the client sees the stream it would have seen without the proxy.
 */
import { AppError, type ErrorCode } from '../../../../kit/errors.ts'
import { notConfigured } from '../../../../kit/llm.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { LlmUsageLog } from './usage-log.ts'

export interface RelaySettings {
  baseUrl: string | undefined
  apiKey: string | undefined
  model: string
  fallbackModels: string[]
  /** Per attempt until the first byte (ms). */
  timeoutMs: number
  /** Longest silence between streamed chunks (ms). */
  idleMs: number
  /** Extra attempts per model. */
  retries: number
  /** First backoff (ms); doubles per attempt. */
  backoffMs?: number
  fetch?: typeof fetch
}

export interface CallInfo {
  route: string
  caller?: string | null | undefined
  signal?: AbortSignal | undefined
}

/** An upstream answer whose headers (and, for streams, first chunk) arrived. */
export interface OpenedResponse {
  response: Response
  model: string
  attempts: number
  /** Streams only: the first chunk, already read to prove the stream started. */
  first?: Uint8Array
  reader?: ReadableStreamDefaultReader<Uint8Array>
  controller: AbortController
}

interface Usage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

const RETRY_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504])

export class LlmRelay {
  readonly configured: boolean
  readonly defaultModel: string
  private readonly s: RelaySettings & { backoffMs: number; fetch: typeof fetch }
  private readonly usage: LlmUsageLog
  private readonly logger: Logger | undefined

  constructor(settings: RelaySettings, usage: LlmUsageLog, logger?: Logger) {
    this.configured = Boolean(settings.baseUrl)
    this.defaultModel = settings.model
    this.s = { backoffMs: 250, fetch, ...settings }
    this.usage = usage
    this.logger = logger
  }

  private url(path: string): string {
    if (!this.s.baseUrl) throw notConfigured()
    return `${this.s.baseUrl.replace(/\/+$/, '')}${path}`
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(this.s.apiKey ? { authorization: `Bearer ${this.s.apiKey}` } : {}),
    }
  }

  /** Models tried for a request: the one asked for (or LLM_MODEL), then each fallback once. */
  modelsFor(requested: unknown): string[] {
    const first = typeof requested === 'string' && requested.length > 0 ? requested : this.defaultModel
    return [first, ...this.s.fallbackModels.filter((m) => m !== first)]
  }

  /** POST /embeddings to the upstream (no retries: the caller's SDK retries), as it answers. */
  async embeddings(
    body: Record<string, unknown>,
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.s.timeoutMs)
    try {
      const response = await this.s.fetch(this.url('/embeddings'), {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(body),
        signal: controller.signal,
      })
      return { status: response.status, text: await response.text(), headers: response.headers }
    } catch (error) {
      if (error instanceof AppError) throw error
      throw upstreamFailure(
        controller.signal.aborted ? 'timeout' : 'network',
        describe(error),
        this.s.timeoutMs,
      )
    } finally {
      clearTimeout(timer)
    }
  }

  /** GET /models from the upstream, as it answers. */
  async models(): Promise<{ status: number; text: string; headers: Headers }> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.s.timeoutMs)
    try {
      const response = await this.s.fetch(this.url('/models'), {
        headers: this.headers(),
        signal: controller.signal,
      })
      return { status: response.status, text: await response.text(), headers: response.headers }
    } catch (error) {
      if (error instanceof AppError) throw error
      throw upstreamFailure(
        controller.signal.aborted ? 'timeout' : 'network',
        describe(error),
        this.s.timeoutMs,
      )
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Sends a chat-completions body, retrying and falling back until an upstream answers with a
   * response the client should see: a success (for streams: with the first chunk read), or a
   * client error that another attempt would not change (400, 401, 403, 413, 422).
   */
  async open(body: Record<string, unknown>, info: CallInfo): Promise<OpenedResponse> {
    const stream = body.stream === true
    const upstreamBody = stream
      ? { ...body, stream_options: { ...(body.stream_options as object | undefined), include_usage: true } }
      : body
    let attempts = 0
    let last: { kind: 'timeout' | 'network' | 'status'; detail: string; status?: number } | undefined
    // The last model-not-found answer, relayed as it came when no model was found anywhere: an
    // OpenAI SDK raises NotFoundError for it, not a server error.
    let notFound: { text: string; headers: Headers; model: string } | undefined
    for (const model of this.modelsFor(body.model)) {
      for (let retry = 0; retry <= this.s.retries; retry++) {
        if (info.signal?.aborted)
          throw new AppError('upstream_error', 'The client went away', { source: 'llm' })
        attempts++
        const controller = new AbortController()
        const onAbort = () => controller.abort()
        info.signal?.addEventListener('abort', onAbort, { once: true })
        const timer = setTimeout(() => controller.abort(), this.s.timeoutMs)
        let retryAfterMs = 0
        try {
          const response = await this.s.fetch(this.url('/chat/completions'), {
            method: 'POST',
            headers: this.headers(),
            body: JSON.stringify({ ...upstreamBody, model }),
            signal: controller.signal,
          })
          if (response.ok) {
            if (!stream) {
              // The whole body is the "first byte" of a non-streamed answer: read it under the timeout.
              const text = await response.text()
              clearTimeout(timer)
              return {
                response: new Response(text, { status: response.status, headers: response.headers }),
                model,
                attempts,
                controller,
              }
            }
            const reader = response.body!.getReader()
            const first = await reader.read()
            clearTimeout(timer)
            return {
              response,
              model,
              attempts,
              controller,
              reader,
              first: first.value ?? new Uint8Array(),
            }
          }
          clearTimeout(timer)
          last = { kind: 'status', status: response.status, detail: `answered HTTP ${response.status}` }
          if (response.status === 404) {
            notFound = { text: await response.text(), headers: response.headers, model }
            break // this model does not exist upstream: next fallback
          }
          if (!RETRY_STATUSES.has(response.status)) return { response, model, attempts, controller }
          retryAfterMs = Math.min(10_000, Number(response.headers.get('retry-after') ?? 0) * 1000 || 0)
          await response.body?.cancel()
        } catch (error) {
          clearTimeout(timer)
          last =
            controller.signal.aborted && !info.signal?.aborted
              ? { kind: 'timeout', detail: `no answer within ${this.s.timeoutMs} ms` }
              : { kind: 'network', detail: describe(error) }
        } finally {
          info.signal?.removeEventListener('abort', onAbort)
        }
        if (retry < this.s.retries) await sleep(Math.max(retryAfterMs, this.s.backoffMs * 2 ** retry))
        this.logger?.warn({ model, attempt: attempts, problem: last?.detail }, 'LLM upstream attempt failed')
      }
    }
    if (notFound && last?.kind === 'status' && last.status === 404)
      return {
        response: new Response(notFound.text, { status: 404, headers: notFound.headers }),
        model: notFound.model,
        attempts,
        controller: new AbortController(),
      }
    const failure = upstreamFailure(
      last?.kind ?? 'network',
      last?.detail ?? 'no attempt made',
      this.s.timeoutMs,
    )
    await this.account(info, body, {
      status: failure.status,
      attempts,
      stream,
      latencyMs: 0,
      error: failure.message,
    })
    throw failure
  }

  /** One non-streamed completion as parsed JSON; upstream client errors become AppErrors. */
  async complete(
    body: Record<string, unknown>,
    info: CallInfo,
  ): Promise<{ completion: Record<string, unknown>; model: string; attempts: number }> {
    const started = performance.now()
    const opened = await this.open({ ...body, stream: false }, info)
    const text = await opened.response.text()
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new AppError('upstream_error', 'The language model answered with invalid JSON', { source: 'llm' })
    }
    await this.account(info, body, {
      status: opened.response.status,
      attempts: opened.attempts,
      stream: false,
      latencyMs: performance.now() - started,
      served: (parsed.model as string | undefined) ?? opened.model,
      usage: parsed.usage as Usage | undefined,
    })
    if (!opened.response.ok) throw fromUpstreamError(opened.response.status, parsed)
    return { completion: parsed, model: opened.model, attempts: opened.attempts }
  }

  /** Records one request in the usage log (never fails the request). */
  async account(
    info: CallInfo,
    body: Record<string, unknown>,
    r: {
      status: number
      attempts: number
      stream: boolean
      latencyMs: number
      served?: string | undefined
      usage?: Usage | undefined
      error?: string | undefined
    },
  ): Promise<void> {
    try {
      await this.usage.recordLlm({
        caller: info.caller ?? null,
        route: info.route,
        model_requested: this.modelsFor(body.model)[0]!,
        model_served: r.served ?? null,
        stream: r.stream,
        status: r.status,
        attempts: r.attempts,
        prompt_tokens: r.usage?.prompt_tokens ?? null,
        completion_tokens: r.usage?.completion_tokens ?? null,
        total_tokens: r.usage?.total_tokens ?? null,
        latency_ms: Math.round(r.latencyMs),
        error: r.error ?? null,
      })
    } catch (error) {
      this.logger?.error({ err: error }, 'could not record LLM usage')
    }
  }
}

function upstreamFailure(
  kind: 'timeout' | 'network' | 'status',
  detail: string,
  timeoutMs: number,
): AppError {
  if (kind === 'timeout') {
    return new AppError('upstream_timeout', `The language model did not answer within ${timeoutMs} ms`, {
      source: 'llm',
    })
  }
  return new AppError('upstream_error', `The language model upstream failed: ${detail}`, { source: 'llm' })
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'upstream_error',
  403: 'upstream_error',
  404: 'not_found',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limited',
}

function fromUpstreamError(status: number, body: unknown): AppError {
  const b = body as { error?: { message?: string } | string } | undefined
  const message =
    typeof b?.error === 'object' ? b.error.message : typeof b?.error === 'string' ? b.error : undefined
  return new AppError(
    STATUS_CODES[status] ?? 'upstream_error',
    `The language model refused the request (HTTP ${status})${message ? `: ${message}` : ''}`,
    { source: 'llm', status },
  )
}

function describe(error: unknown): string {
  const e = error as { cause?: { code?: string; message?: string }; message?: string }
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
