/**
 * Outbound HTTP for clients of outside services (ARES, ISIR, ČNB, LLM upstreams …): a timeout on
 * every call, retries with exponential backoff and jitter on network errors, 429 and 5xx (never on
 * other 4xx) — for idempotent methods, or a request carrying an idempotency key; a POST that may
 * have reached the service is retried only when the connection was refused (nothing was sent) —
 * waiting at least what `Retry-After` asks, a body size cap read while streaming, and an optional in-memory TTL cache for GETs. Failures are `UpstreamError`s that name
 * the source, so callers can say which source failed and answer with what they have.
 */

export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'invalid_response'

export class UpstreamError extends Error {
  readonly source: string
  readonly kind: UpstreamFailure
  readonly status: number | undefined
  /** How long the upstream asked us to wait before trying again (Retry-After), in ms. */
  readonly retryAfterMs: number | undefined
  /** True when the request surely never reached the upstream (the connection was refused). */
  readonly notSent: boolean
  constructor(
    source: string,
    kind: UpstreamFailure,
    message: string,
    status?: number,
    extra: { retryAfterMs?: number | undefined; notSent?: boolean } = {},
  ) {
    super(`${source}: ${message}`)
    this.name = 'UpstreamError'
    this.source = source
    this.kind = kind
    this.status = status
    this.retryAfterMs = extra.retryAfterMs
    this.notSent = extra.notSent ?? false
  }
}

export interface HttpClientOptions {
  /** Name of the upstream, used in errors and logs ("ares", "isir" …). */
  source: string
  baseUrl: string
  /** Per attempt, in milliseconds. */
  timeoutMs?: number
  /** Extra attempts after the first (0 = no retry). */
  retries?: number
  /** First backoff in milliseconds; doubles per attempt, with ±50 % jitter. */
  backoffMs?: number
  /** Cache successful GET responses for this many milliseconds (0 = no cache). */
  cacheTtlMs?: number
  /** Most entries kept in the cache (oldest evicted first). */
  cacheMaxEntries?: number
  /** Largest answer body read, in bytes (default 32 MiB); a larger one is an invalid response. */
  maxBytes?: number
  headers?: Record<string, string>
  fetch?: typeof fetch
}

export interface HttpResult<T> {
  data: T
  status: number
  /** True when the answer came from the cache, not the upstream. */
  cached: boolean
  headers: Headers
}

export interface RequestOptions {
  method?: string
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  body?: unknown
  /** Override the client's timeout for this call. */
  timeoutMs?: number
  signal?: AbortSignal
  /** Treat these statuses as answers, not failures (e.g. 404 "no such company"). */
  acceptStatus?: number[]
  responseType?: 'json' | 'text'
  /** Override the client's body cap (bytes) for this call. */
  maxBytes?: number
  /** Sent as `Idempotency-Key`; makes a POST safe to retry (the service answers a repeat once). */
  idempotencyKey?: string
  /** This POST only asks (a search, a SOAP query, an embedding): repeating it changes nothing. */
  idempotent?: boolean
}

/** Methods a repeat cannot change the outcome of (RFC 9110 § 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
/** Longest Retry-After honoured (ms): a longer wait is the caller's decision, not a retry's. */
const MAX_RETRY_AFTER_MS = 30_000

export class HttpClient {
  readonly source: string
  readonly baseUrl: string
  private readonly opts: Required<Omit<HttpClientOptions, 'headers' | 'fetch'>> & {
    headers: Record<string, string>
    fetch: typeof fetch
  }
  private readonly cache = new Map<string, { expires: number; result: HttpResult<unknown> }>()

  constructor(opts: HttpClientOptions) {
    this.source = opts.source
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '')
    this.opts = {
      source: opts.source,
      baseUrl: opts.baseUrl.replace(/\/+$/, ''),
      timeoutMs: opts.timeoutMs ?? 5000,
      retries: opts.retries ?? 2,
      backoffMs: opts.backoffMs ?? 200,
      cacheTtlMs: opts.cacheTtlMs ?? 0,
      cacheMaxEntries: opts.cacheMaxEntries ?? 1000,
      maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
      headers: { 'user-agent': 'gatehouse/0.1 (+https://gatehouse.cz)', ...opts.headers },
      fetch: opts.fetch ?? fetch,
    }
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(
      path.startsWith('http') ? path : `${this.opts.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`,
    )
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return url.toString()
  }

  async request<T>(path: string, req: RequestOptions = {}): Promise<HttpResult<T>> {
    const method = (req.method ?? (req.body === undefined ? 'GET' : 'POST')).toUpperCase()
    const url = this.url(path, req.query)
    const cacheable = method === 'GET' && this.opts.cacheTtlMs > 0
    if (cacheable) {
      const hit = this.cache.get(url)
      if (hit && hit.expires > Date.now()) return { ...(hit.result as HttpResult<T>), cached: true }
      if (hit) this.cache.delete(url)
    }
    const repeatable = IDEMPOTENT.has(method) || req.idempotent === true || req.idempotencyKey !== undefined
    let lastError: UpstreamError | undefined
    for (let attempt = 0; attempt <= this.opts.retries; attempt++) {
      if (attempt > 0) {
        const wait = Math.max(backoff(this.opts.backoffMs, attempt), lastError?.retryAfterMs ?? 0)
        await sleep(wait, req.signal)
      }
      try {
        const result = await this.once<T>(method, url, req)
        if (cacheable) this.remember(url, result)
        return result
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        lastError = error
        const transient =
          error.kind === 'timeout' ||
          error.kind === 'network' ||
          (error.kind === 'status' && (error.status === 429 || (error.status ?? 0) >= 500))
        if (!transient || !(repeatable || error.notSent) || req.signal?.aborted) break
      }
    }
    throw lastError ?? new UpstreamError(this.source, 'network', 'request failed')
  }

  getJson<T>(path: string, req: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<HttpResult<T>> {
    return this.request<T>(path, { ...req, method: 'GET' })
  }

  postJson<T>(
    path: string,
    body: unknown,
    req: Omit<RequestOptions, 'method' | 'body'> = {},
  ): Promise<HttpResult<T>> {
    return this.request<T>(path, { ...req, method: 'POST', body })
  }

  private async once<T>(method: string, url: string, req: RequestOptions): Promise<HttpResult<T>> {
    const timeoutMs = req.timeoutMs ?? this.opts.timeoutMs
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.opts.headers,
      ...req.headers,
      ...(req.idempotencyKey !== undefined ? { 'idempotency-key': req.idempotencyKey } : {}),
    }
    let body: string | undefined
    if (req.body !== undefined) {
      body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
      headers['content-type'] ??= 'application/json'
    }
    let response: Response
    try {
      response = await this.opts.fetch(url, { method, headers, body, signal })
    } catch (error) {
      if (timeout.aborted) throw new UpstreamError(this.source, 'timeout', `no answer within ${timeoutMs} ms`)
      const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
      throw new UpstreamError(this.source, 'network', `unreachable (${describe(error)})`, undefined, {
        notSent: refused,
      })
    }
    const accepted = response.ok || (req.acceptStatus ?? []).includes(response.status)
    let text: string
    const maxBytes = req.maxBytes ?? this.opts.maxBytes
    try {
      text = await readText(response, maxBytes)
    } catch (error) {
      if (error instanceof TooLarge)
        throw new UpstreamError(
          this.source,
          'invalid_response',
          `answered more than ${maxBytes} bytes`,
          response.status,
        )
      if (timeout.aborted) throw new UpstreamError(this.source, 'timeout', `no answer within ${timeoutMs} ms`)
      throw new UpstreamError(this.source, 'network', `connection broke (${describe(error)})`)
    }
    if (!accepted) {
      throw new UpstreamError(this.source, 'status', `answered HTTP ${response.status}`, response.status, {
        retryAfterMs: retryAfter(response.headers.get('retry-after')),
      })
    }
    let data: unknown = text
    if ((req.responseType ?? 'json') === 'json' && text.length > 0) {
      try {
        data = JSON.parse(text)
      } catch {
        throw new UpstreamError(
          this.source,
          'invalid_response',
          'answered with invalid JSON',
          response.status,
        )
      }
    }
    return { data: data as T, status: response.status, cached: false, headers: response.headers }
  }

  private remember(url: string, result: HttpResult<unknown>): void {
    if (this.cache.size >= this.opts.cacheMaxEntries) {
      const oldest = this.cache.keys().next().value
      if (oldest !== undefined) this.cache.delete(oldest)
    }
    this.cache.set(url, { expires: Date.now() + this.opts.cacheTtlMs, result })
  }
}

/** Default body cap of a client (bytes): far above any registry or LLM answer. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024

class TooLarge extends Error {}

/** The body as UTF-8 text, read chunk by chunk and abandoned once it passes maxBytes. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw new TooLarge()
  }
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new TooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString('utf8')
}

/** Retry-After as delay-seconds or an HTTP date, in ms (capped); undefined when absent or bad. */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined
  const seconds = /^\d{1,6}$/.test(value.trim())
    ? Number(value.trim()) * 1000
    : Date.parse(value) - Date.now()
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_AFTER_MS) : undefined
}

function backoff(baseMs: number, attempt: number): number {
  const exp = baseMs * 2 ** (attempt - 1)
  return exp * (0.5 + Math.random())
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

function describe(error: unknown): string {
  const e = error as { cause?: { code?: string; message?: string }; message?: string }
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error)
}
