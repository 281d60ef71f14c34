/**
 * The platform's client for an OpenAI-compatible chat-completions upstream (LLM_BASE_URL): used by
 * the knowledge base's generated answers, agents' narrative explanations and the router's chain
 * chat. Without LLM_BASE_URL the client is `configured: false` and `chat` throws a 503 AppError
 * that says how to enable it, so callers either fall back to their rule-based method or surface it.
 * (The router's /v1/llm/chat relays raw requests and streams itself; it reuses `llmSpec`.)
 */
import { env } from './config.ts'
import { AppError } from './errors.ts'
import { HttpClient, UpstreamError } from './http.ts'

export const llmSpec = {
  LLM_BASE_URL: env.url({
    protocols: ['http', 'https'],
    doc: 'OpenAI-compatible upstream, e.g. http://127.0.0.1:11434/v1',
  }),
  LLM_API_KEY: env.optionalString({ doc: 'bearer token for the upstream' }),
  LLM_MODEL: env.string({ default: 'gpt-4o-mini', doc: 'model asked for when a caller names none' }),
  LLM_TIMEOUT_SECONDS: env.int({ default: 60, min: 1, max: 600, doc: 'per attempt' }),
}

export interface LlmSettings {
  baseUrl?: string | undefined
  apiKey?: string | undefined
  model: string
  timeoutMs: number
  retries?: number
  fetch?: typeof fetch
}

export function llmSettings(config: {
  LLM_BASE_URL?: string | undefined
  LLM_API_KEY?: string | undefined
  LLM_MODEL: string
  LLM_TIMEOUT_SECONDS: number
}): LlmSettings {
  return {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
  }
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  name?: string
  tool_call_id?: string
  tool_calls?: ToolCall[]
}

export interface ToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export interface ToolSpec {
  type: 'function'
  function: { name: string; description?: string; parameters?: Record<string, unknown> }
}

export interface ChatRequest {
  messages: ChatMessage[]
  model?: string
  temperature?: number
  max_tokens?: number
  tools?: ToolSpec[]
  response_format?: { type: 'json_object' | 'text' }
}

export interface ChatCompletion {
  id: string
  model: string
  choices: { index: number; message: ChatMessage; finish_reason: string | null }[]
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
}

export class LlmClient {
  readonly configured: boolean
  readonly model: string
  private readonly http: HttpClient | undefined

  constructor(settings: LlmSettings) {
    this.configured = Boolean(settings.baseUrl)
    this.model = settings.model
    this.http = settings.baseUrl
      ? new HttpClient({
          source: 'llm',
          baseUrl: settings.baseUrl,
          timeoutMs: settings.timeoutMs,
          retries: settings.retries ?? 1,
          headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
          ...(settings.fetch ? { fetch: settings.fetch } : {}),
        })
      : undefined
  }

  /**
   * One chat completion (non-streaming). Throws a 503 AppError when no upstream is configured.
   * `timeoutMs` overrides LLM_TIMEOUT_SECONDS for this call (per attempt); `signal` ends it and
   * its retries early (a caller's overall deadline).
   */
  async chat(
    request: ChatRequest,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<ChatCompletion> {
    if (!this.http) throw notConfigured()
    try {
      const { data } = await this.http.postJson<ChatCompletion>(
        '/chat/completions',
        {
          ...request,
          model: request.model ?? this.model,
          stream: false,
        },
        // A completion changes nothing upstream (it costs tokens): a failed one may be asked again.
        {
          idempotent: true,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        },
      )
      if (!data || !Array.isArray(data.choices) || data.choices.length === 0) {
        throw new UpstreamError('llm', 'invalid_response', 'answered without choices')
      }
      return data
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw new AppError(
          error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error',
          `Language model upstream failed: ${error.message}`,
          {
            source: 'llm',
            kind: error.kind,
          },
        )
      }
      throw error
    }
  }

  /** Convenience: the text of the first choice. */
  async complete(request: ChatRequest): Promise<{ text: string; completion: ChatCompletion }> {
    const completion = await this.chat(request)
    return { text: completion.choices[0]?.message.content ?? '', completion }
  }
}

export function notConfigured(): AppError {
  return new AppError(
    'service_unavailable',
    'No language model is configured: set LLM_BASE_URL to an OpenAI-compatible endpoint (and LLM_API_KEY, LLM_MODEL if needed)',
    { variable: 'LLM_BASE_URL' },
  )
}
