/**
 * The console's backend talks to the other services over HTTP, like any client (no service
 * imports another): through the typed client of each callee's generated types (src/client/types),
 * so a field a callee renames fails compilation here. The operator keys are added here, on the
 * server: the browser never sees them.
 * An upstream's 4xx comes back as the same error (code, message, details) so the page can show
 * it; an unreachable or failing upstream is a 502/504 naming the service.
 */

import type { Client } from 'openapi-fetch'
import type { Paths as AmlPaths } from '../../client/types/aml.ts'
import type { Paths as GatewayPaths } from '../../client/types/gateway.ts'
import type { Paths as KnowledgePaths } from '../../client/types/knowledge.ts'
import type { Paths as RouterPaths } from '../../client/types/router.ts'
import { AppError, codeOfStatus, ERROR_STATUS, type ErrorCode } from '../../kit/errors.ts'
import { HttpClient, UpstreamError } from '../../kit/http.ts'
import type { OperatorKeys } from '../../kit/operator-keys.ts'
import { serviceClient } from '../../kit/service-client.ts'
import { trimEndOf } from '../../kit/text.ts'

export const UPSTREAMS = ['gateway', 'aml', 'router', 'knowledge', 'domain', 'discovery'] as const
export type UpstreamName = (typeof UPSTREAMS)[number]

/** Where each service says it is healthy. */
const HEALTH_PATHS: Record<UpstreamName, string> = {
  gateway: '/health',
  aml: '/health',
  router: '/health',
  knowledge: '/rag/health',
  domain: '/health',
  discovery: '/healthz',
}

/** The services the console calls, each as the typed client of its generated types. */
export interface UpstreamClients {
  gateway: Client<GatewayPaths>
  aml: Client<AmlPaths>
  router: Client<RouterPaths>
  knowledge: Client<KnowledgePaths>
}

/** Which operator key goes with a call: X-Admin-Key, X-API-Key (internal), or none. */
export type KeyName = 'admin' | 'internal' | 'none'

export interface HealthReport {
  service: UpstreamName
  url: string
  up: boolean
  status: number | null
  latency_ms: number
  error: string | null
}

const ALL_4XX = Array.from({ length: 100 }, (_, i) => 400 + i)

export class Upstreams {
  readonly urls: Record<UpstreamName, string>
  private readonly clients: Record<KeyName, UpstreamClients>
  private readonly keys: OperatorKeys
  private readonly fetch: typeof fetch

  constructor(
    urls: Record<UpstreamName, string>,
    keys: OperatorKeys,
    opts: { timeoutMs?: number; retries?: number; fetch?: typeof fetch } = {},
  ) {
    this.urls = urls
    this.keys = keys
    this.fetch = opts.fetch ?? fetch
    const clients = (headers: Record<string, string>): UpstreamClients => {
      const http = (source: keyof UpstreamClients) =>
        new HttpClient({
          source,
          baseUrl: urls[source],
          // A screening with every registry module can take several seconds (budgets of 2–5 s).
          timeoutMs: opts.timeoutMs ?? 30_000,
          // One more try on a dropped connection or a 5xx (idempotent calls only, see HttpClient).
          retries: opts.retries ?? 1,
          headers,
          ...(opts.fetch ? { fetch: opts.fetch } : {}),
        })
      const accept = { acceptStatus: ALL_4XX }
      return {
        gateway: serviceClient(http('gateway'), accept),
        aml: serviceClient(http('aml'), accept),
        router: serviceClient(http('router'), accept),
        knowledge: serviceClient(http('knowledge'), accept),
      }
    }
    this.clients = {
      admin: clients({ 'x-admin-key': keys.adminKey }),
      internal: clients({ 'x-api-key': keys.internalKey }),
      none: clients({}),
    }
  }

  /**
   * One call to `service` with `key`: `send` makes it on the service's typed client, and its 2xx
   * body is the answer. A 4xx comes back as the same error; a refused operator key, an unreachable
   * or failing service as the console's own.
   */
  async call<S extends keyof UpstreamClients, T>(
    service: S,
    key: KeyName,
    send: (client: UpstreamClients[S]) => Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    try {
      const { data, error, response } = await send(this.clients[key][service])
      // A refused operator key is the console's misconfiguration, not the signed-in user's fault;
      // a 403 about something else (four eyes on a case) is the service's answer to the user.
      if (response.status === 401 || (response.status === 403 && refusesKey(error)))
        throw new AppError(
          'upstream_error',
          `The ${service} service refused the console's operator key (check ADMIN_API_KEY and INTERNAL_API_KEY)`,
          { service },
        )
      if (response.status >= 400) throw upstreamRefusal(service, response.status, error)
      return data as T
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      if (error.kind === 'timeout')
        throw new AppError('upstream_timeout', `The ${service} service did not answer in time`, { service })
      if (error.status === 503)
        throw new AppError(
          'service_unavailable',
          `The ${service} service is not ready yet`,
          { service },
          { 'retry-after': String(Math.ceil((error.retryAfterMs ?? 5000) / 1000)) },
        )
      throw new AppError('upstream_error', `The ${service} service could not be reached or failed`, {
        service,
      })
    }
  }

  /**
   * A client book (the file's bytes as uploaded) sent to the AML service as a batch
   * (POST /api/aml/screen/batch, multipart `file`) with the internal key: the batch's answer.
   */
  async uploadClientBook<T>(file: Buffer, fileName: string, actingUser: string): Promise<T> {
    const url = `${trimEndOf(this.urls.aml, '/')}/api/aml/screen/batch`
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), fileName)
    let res: Response
    try {
      res = await this.fetch(url, {
        method: 'POST',
        headers: {
          'x-api-key': this.keys.internalKey,
          'x-acting-user': actingUser,
          accept: 'application/json',
        },
        body: form,
        // Every row is checked before the batch is stored: 100,000 rows take seconds.
        signal: AbortSignal.timeout(60_000),
      })
    } catch {
      throw new AppError('upstream_error', 'The aml service could not be reached or failed', {
        service: 'aml',
      })
    }
    const answer = (await res.json().catch(() => undefined)) as unknown
    if (res.status === 202 || res.status === 200) return answer as T
    if (res.status === 401 || res.status === 403)
      throw new AppError(
        'upstream_error',
        "The aml service refused the console's operator key (check ADMIN_API_KEY and INTERNAL_API_KEY)",
        { service: 'aml' },
      )
    if (res.status < 500) throw upstreamRefusal('aml', res.status, answer)
    throw new AppError(
      'upstream_error',
      `The aml service could not take the client book (HTTP ${res.status})`,
      {
        service: 'aml',
      },
    )
  }

  /**
   * A document printed to PDF by the router's browser (POST /v1/browser/pdf/html, with the internal
   * key; ADR 0005). The router not answering is a 503 that says printing from the browser still
   * works; its own refusals keep their status and message.
   */
  async pdf(html: string): Promise<Buffer> {
    const url = `${trimEndOf(this.urls.router, '/')}/v1/browser/pdf/html`
    let res: Response
    try {
      res = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/pdf',
          'x-api-key': this.keys.internalKey,
        },
        body: JSON.stringify({ html, timeout_ms: 20_000 }),
        // The router's own budget is 20 s; 5 s more for the answer to arrive.
        signal: AbortSignal.timeout(25_000),
      })
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new AppError('upstream_timeout', 'The router did not make the PDF in time', {
          service: 'router',
        })
      throw new AppError(
        'service_unavailable',
        'The router, which prints the PDF, cannot be reached',
        { service: 'router', url: this.urls.router },
        { 'retry-after': '30' },
      )
    }
    const body = Buffer.from(await res.arrayBuffer())
    if (res.status === 200) return body
    if (res.status === 401 || res.status === 403)
      throw new AppError(
        'upstream_error',
        'The router refused the console’s internal key (check INTERNAL_API_KEY)',
        { service: 'router' },
      )
    let answer: unknown
    try {
      answer = JSON.parse(body.toString('utf8'))
    } catch {
      answer = undefined
    }
    if (res.status === 503) {
      const message = (answer as { error?: { message?: string } } | undefined)?.error?.message
      throw new AppError(
        'service_unavailable',
        `The router cannot make PDFs now${message ? `: ${message}` : ''}`,
        { service: 'router' },
        { 'retry-after': res.headers.get('retry-after') ?? '30' },
      )
    }
    if (res.status < 500) throw upstreamRefusal('router', res.status, answer)
    throw new AppError('upstream_error', `The router could not make the PDF (HTTP ${res.status})`, {
      service: 'router',
    })
  }

  /** Each service's health route, asked at once; a service that does not answer in 2 s is down. */
  async health(): Promise<HealthReport[]> {
    return Promise.all(
      UPSTREAMS.map(async (service) => {
        const started = performance.now()
        const url = `${trimEndOf(this.urls[service], '/')}${HEALTH_PATHS[service]}`
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
          await res.arrayBuffer()
          return {
            service,
            url,
            up: res.status === 200,
            status: res.status,
            latency_ms: Math.round(performance.now() - started),
            error: null,
          }
        } catch (error) {
          return {
            service,
            url,
            up: false,
            status: null,
            latency_ms: Math.round(performance.now() - started),
            error: (error as Error).name === 'TimeoutError' ? 'no answer in 2 s' : 'unreachable',
          }
        }
      }),
    )
  }
}

/** Whether a 403 refuses the operator key itself (it names no rule), not the action (four eyes). */
function refusesKey(body: unknown): boolean {
  const b = (body ?? {}) as Record<string, unknown>
  const nested = typeof b.error === 'object' && b.error !== null ? (b.error as Record<string, unknown>) : b
  const details = (nested.details ?? b.details) as Record<string, unknown> | undefined
  return details?.rule === undefined
}

/** An upstream's 4xx as the console's error: the code it named (any envelope), else its status's. */
function upstreamRefusal(service: UpstreamName, status: number, body: unknown): AppError {
  const b = (body ?? {}) as Record<string, unknown>
  const nested =
    typeof b.error === 'object' && b.error !== null ? (b.error as Record<string, unknown>) : undefined
  const named = String(nested?.code ?? b.code ?? '').toLowerCase()
  const code: ErrorCode =
    named && named in ERROR_STATUS && ERROR_STATUS[named as keyof typeof ERROR_STATUS] === status
      ? (named as ErrorCode)
      : (codeOfStatus(status) ?? 'invalid_request')
  const message =
    (nested?.message as string | undefined) ??
    (typeof b.error === 'string' ? b.error : undefined) ??
    (b.message as string | undefined) ??
    `The ${service} service answered ${status}`
  const details = (nested?.details ?? b.details) as Record<string, unknown> | undefined
  return new AppError(code, message, { ...details, service })
}
