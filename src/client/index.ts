/**
 * The typed client of the platform: one openapi-fetch client per service, typed from the
 * services' own OpenAPI documents (src/client/types, `npm run client:generate`), so a wrong path,
 * a missing field or a misread answer is a compile error.
 *
 *   const gh = gatehouse({ apiKey: process.env.GATEHOUSE_KEY })
 *   const screening = await unwrap(gh.aml.POST('/api/aml/screen/complete', { body: { name: 'Jan Novák' } }))
 *
 * What it hides: the three error envelopes the spec fixes (discovery's `{error:{code,message}}`,
 * the gateway's `{error, code}`, everyone else's `{success:false, error:{…}}`) become one
 * `GatehouseError` with status, code, field and rule, thrown for every non-2xx answer; a 429 or
 * 503 that says when to come back (Retry-After) is retried after that wait — GET, HEAD, PUT,
 * DELETE and OPTIONS always, a POST only when it carries an Idempotency-Key, since repeating it
 * could act twice.
 */
import createClient, { type Client } from 'openapi-fetch'
import type { Paths as AmlPaths } from './types/aml.ts'
import type { Paths as DiscoveryPaths } from './types/discovery.ts'
import type { Paths as DomainPaths } from './types/domain.ts'
import type { Paths as GatewayPaths } from './types/gateway.ts'
import type { Paths as KnowledgePaths } from './types/knowledge.ts'
import type { Paths as RouterPaths } from './types/router.ts'

export type ServiceName = 'discovery' | 'gateway' | 'router' | 'knowledge' | 'aml' | 'domain'

/** Where `npm start` puts each service (the README's table). */
export const DEFAULT_URLS: Record<ServiceName, string> = {
  discovery: 'http://127.0.0.1:8080',
  gateway: 'http://127.0.0.1:8000',
  router: 'http://127.0.0.1:8100',
  knowledge: 'http://127.0.0.1:8200',
  aml: 'http://127.0.0.1:8300',
  domain: 'http://127.0.0.1:8400',
}

/**
 * Every option may be given as undefined (`apiKey: process.env.GATEHOUSE_KEY`), which is the same
 * as leaving it out: the type holds under exactOptionalPropertyTypes.
 */
export interface GatehouseOptions {
  /** Base URLs of the services that do not listen where `npm start` puts them. */
  urls?: Partial<Record<ServiceName, string>> | undefined
  /** Sent as X-API-Key: a gateway key, or the internal key for service-to-service calls. */
  apiKey?: string | undefined
  /** Sent as X-Admin-Key, for the operator routes. */
  adminKey?: string | undefined
  /** Retries after a 429 or 503 with Retry-After (default 2). */
  retries?: number | undefined
  /** A Retry-After longer than this (seconds, default 30) is not waited for: the error is thrown. */
  maxRetryAfterSeconds?: number | undefined
  /** Per attempt (ms, default 30,000). */
  timeoutMs?: number | undefined
  /** The fetch to use (default: the global one). */
  fetch?: ((request: Request) => Promise<Response>) | undefined
}

/** Any non-2xx answer of any service, whatever its envelope. */
export class GatehouseError extends Error {
  override readonly name = 'GatehouseError'
  readonly service: ServiceName
  readonly status: number
  /** The platform's error code, lower case: invalid_request, unauthorized, rate_limited … */
  readonly code: string
  /** The request field at fault, when the service named it. */
  readonly field: string | undefined
  /** The rule the field broke, when the service named it. */
  readonly rule: string | undefined
  readonly requestId: string | undefined
  /** Seconds the service asked to wait before trying again (429, 503). */
  readonly retryAfterSeconds: number | undefined
  /** The whole answer, as parsed. */
  readonly body: unknown

  constructor(init: {
    service: ServiceName
    status: number
    code: string
    message: string
    field: string | undefined
    rule: string | undefined
    requestId: string | undefined
    retryAfterSeconds: number | undefined
    body: unknown
  }) {
    super(init.message)
    this.service = init.service
    this.status = init.status
    this.code = init.code
    this.field = init.field
    this.rule = init.rule
    this.requestId = init.requestId
    this.retryAfterSeconds = init.retryAfterSeconds
    this.body = init.body
  }
}

/** The fields any of the envelopes may carry, each of unknown type until checked. */
interface Json {
  error?: unknown
  code?: unknown
  message?: unknown
  details?: unknown
  meta?: unknown
  request_id?: unknown
  field?: unknown
  rule?: unknown
}
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** Reads any of the three envelopes. */
export function errorOf(service: ServiceName, response: Response, body: unknown): GatehouseError {
  let code: string | undefined
  let message: string | undefined
  let details: Json = {}
  let requestId: string | undefined
  if (isObject(body)) {
    if (isObject(body.error)) {
      // standard {success:false, error:{code, message, details}, meta} and discovery {error:{…}, request_id}
      code = text(body.error.code)
      message = text(body.error.message)
      if (isObject(body.error.details)) details = body.error.details
      requestId = text(isObject(body.meta) ? body.meta.request_id : body.request_id)
    } else if (typeof body.error === 'string') {
      // gateway {error, code, request_id, …details}
      code = text(body.code)
      message = body.error
      details = body
      requestId = text(body.request_id)
    }
  }
  return new GatehouseError({
    service,
    status: response.status,
    code: (code ?? `http_${response.status}`).toLowerCase(),
    message: message ?? `${service} answered HTTP ${response.status}`,
    field: text(details.field),
    rule: text(details.rule),
    requestId: requestId ?? response.headers.get('x-request-id') ?? undefined,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    body,
  })
}

/** Retry-After as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

function fetcher(service: ServiceName, options: GatehouseOptions): (request: Request) => Promise<Response> {
  const base = options.fetch ?? ((request: Request) => fetch(request))
  const retries = options.retries ?? 2
  const maxWait = options.maxRetryAfterSeconds ?? 30
  const timeoutMs = options.timeoutMs ?? 30_000
  return async (request) => {
    const repeatable = IDEMPOTENT.has(request.method) || request.headers.has('idempotency-key')
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= retries
      // A body can be sent once: every attempt but the last sends a copy.
      const sent = last ? request : request.clone()
      const signal = AbortSignal.any([sent.signal, AbortSignal.timeout(timeoutMs)])
      const response = await base(new Request(sent, { signal }))
      if (response.ok) return response
      const raw = await response.text()
      let body: unknown = raw
      try {
        body = raw === '' ? undefined : JSON.parse(raw)
      } catch {
        // not JSON: kept as text
      }
      const error = errorOf(service, response, body)
      const wait = error.retryAfterSeconds
      const retryable = (response.status === 429 || response.status === 503) && wait !== undefined
      if (last || !retryable || wait > maxWait) throw error
      await new Promise((resolve) => setTimeout(resolve, wait * 1000))
    }
  }
}

export interface Gatehouse {
  discovery: Client<DiscoveryPaths>
  gateway: Client<GatewayPaths>
  router: Client<RouterPaths>
  knowledge: Client<KnowledgePaths>
  aml: Client<AmlPaths>
  domain: Client<DomainPaths>
}

export function gatehouse(options: GatehouseOptions = {}): Gatehouse {
  const headers: Record<string, string> = {}
  if (options.apiKey) headers['x-api-key'] = options.apiKey
  if (options.adminKey) headers['x-admin-key'] = options.adminKey
  const make = <P extends {}>(service: ServiceName) =>
    createClient<P>({
      baseUrl: options.urls?.[service] ?? DEFAULT_URLS[service],
      headers,
      fetch: fetcher(service, options),
    })
  return {
    discovery: make<DiscoveryPaths>('discovery'),
    gateway: make<GatewayPaths>('gateway'),
    router: make<RouterPaths>('router'),
    knowledge: make<KnowledgePaths>('knowledge'),
    aml: make<AmlPaths>('aml'),
    domain: make<DomainPaths>('domain'),
  }
}

/**
 * The body of a successful answer. Every non-2xx answer was already thrown as a GatehouseError,
 * so an openapi-fetch result here always holds `data`.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown }>): Promise<T> {
  const { data } = await call
  return data as T
}
