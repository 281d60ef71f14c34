/**
 * Embeddings from an OpenAI-compatible upstream (`POST {EMBEDDINGS_BASE_URL}/embeddings`: OpenAI,
 * Azure-compatible proxies, Ollama, vLLM, LocalAI, text-embeddings-inference …). A base URL with no
 * path gets "/v1". Timeouts and retries (network errors, 429, 5xx) come from the platform's HTTP
 * client; batches of up to 64 inputs per request. Vectors are re-normalised on arrival, since not
 * every server returns unit vectors.
 */
import { HttpClient, UpstreamError } from '../../../kit/http.ts'
import { type Embedder, EmbedderError, l2normalize } from './types.ts'

export interface OpenAiEmbedderOptions {
  baseUrl: string
  apiKey?: string | undefined
  model: string
  /** Ask for shorter vectors (text-embedding-3-* support it). */
  dimensions?: number | undefined
  timeoutMs?: number
  retries?: number
  batchSize?: number
  fetch?: typeof fetch
}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: number[] }>
  model?: string
}

export function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw)
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/v1'
  return url.toString().replace(/\/+$/, '')
}

export function createOpenAiEmbedder(opts: OpenAiEmbedderOptions): Embedder {
  const http = new HttpClient({
    source: 'embeddings',
    baseUrl: normalizeBaseUrl(opts.baseUrl),
    timeoutMs: opts.timeoutMs ?? 30_000,
    retries: opts.retries ?? 2,
    headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  })
  let dimensions = opts.dimensions
  const batchSize = opts.batchSize ?? 64
  return {
    kind: 'openai',
    id: `openai:${opts.model}${opts.dimensions ? `/${opts.dimensions}` : ''}`,
    get dimensions() {
      return dimensions
    },
    async embed(texts) {
      const out: Float32Array[] = []
      for (let i = 0; i < texts.length; i += batchSize) {
        const input = texts.slice(i, i + batchSize)
        let data: EmbeddingsResponse
        try {
          ;({ data } = await http.postJson<EmbeddingsResponse>(
            '/embeddings',
            {
              model: opts.model,
              input,
              ...(opts.dimensions ? { dimensions: opts.dimensions } : {}),
            },
            { idempotent: true },
          ))
        } catch (error) {
          if (error instanceof UpstreamError) {
            throw new EmbedderError(`embeddings upstream failed: ${error.message}`, {
              retryable: error.kind !== 'status' || (error.status ?? 0) >= 500 || error.status === 429,
              cause: error,
            })
          }
          throw error
        }
        const items = data?.data
        if (!Array.isArray(items) || items.length !== input.length) {
          throw new EmbedderError(
            `embeddings upstream answered ${Array.isArray(items) ? items.length : 'no'} vectors for ${input.length} inputs`,
          )
        }
        const ordered = [...items].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        for (const item of ordered) {
          const e = item.embedding
          if (
            !Array.isArray(e) ||
            e.length === 0 ||
            !e.every((x) => typeof x === 'number' && Number.isFinite(x))
          ) {
            throw new EmbedderError('embeddings upstream answered a vector that is not an array of numbers')
          }
          if (dimensions !== undefined && e.length !== dimensions) {
            throw new EmbedderError(
              `embeddings upstream answered ${e.length} dimensions; expected ${dimensions}`,
            )
          }
          dimensions = e.length
          out.push(l2normalize(Float32Array.from(e)))
        }
      }
      return out
    },
    describe() {
      return { kind: 'openai', dimensions, model: opts.model, available: true }
    },
  }
}
