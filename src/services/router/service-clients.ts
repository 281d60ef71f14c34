/**
 * The platform's other services as the router calls them (over HTTP, never by import): knowledge
 * search, AML screening and the public discovery API. Used by the built-in job kinds, chain chat
 * tools and the MCP servers, so all three see the same errors: an unreachable service is a 502, a
 * slow one a 504, and a 4xx from the service comes back with the service's own message.
 */
import type { AmlSubject } from '../../engines/scout/dossier.ts'
import { AppError, codeOfStatus } from '../../kit/errors.ts'
import { HttpClient, UpstreamError } from '../../kit/http.ts'

export interface ServiceClientOptions {
  knowledgeUrl: string
  amlUrl: string
  /** The domain service (valuation, market data, contacts), for the listing analysis and contact search. */
  domainUrl?: string | undefined
  discoveryUrl: string
  /** Per call, ms. AML screening typically takes 15–20 s, so its own floor is 60 s. */
  timeoutMs: number
  fetch?: typeof fetch
}

export interface KbSearchInput {
  query: string
  collection?: string
  limit?: number
}

export type AmlScreenInput =
  | { first_name?: string; last_name: string; birth_date?: string }
  | { ico: string }
  // The dossier's subjects: a company by IČO and/or name, a person by the whole name.
  | AmlSubject

const CLIENT_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 503]

export class ServiceClients {
  private readonly knowledge: HttpClient
  private readonly aml: HttpClient
  private readonly discovery: HttpClient
  private readonly domain: HttpClient

  constructor(opts: ServiceClientOptions) {
    const common = { retries: 1, ...(opts.fetch ? { fetch: opts.fetch } : {}) }
    this.knowledge = new HttpClient({
      source: 'knowledge',
      baseUrl: opts.knowledgeUrl,
      timeoutMs: opts.timeoutMs,
      ...common,
    })
    this.aml = new HttpClient({
      source: 'aml',
      baseUrl: opts.amlUrl,
      timeoutMs: Math.max(opts.timeoutMs, 60_000),
      ...common,
    })
    this.domain = new HttpClient({
      source: 'domain',
      baseUrl: opts.domainUrl ?? 'http://127.0.0.1:8400',
      timeoutMs: opts.timeoutMs,
      ...common,
    })
    this.discovery = new HttpClient({
      source: 'discovery',
      baseUrl: opts.discoveryUrl,
      timeoutMs: opts.timeoutMs,
      ...common,
    })
  }

  kbSearch(input: KbSearchInput): Promise<unknown> {
    return call(this.knowledge, 'POST', '/rag/search', input)
  }

  kbCollections(): Promise<unknown> {
    return call(this.knowledge, 'GET', '/rag/collections')
  }

  amlScreen(input: AmlScreenInput): Promise<unknown> {
    return call(this.aml, 'POST', '/api/aml/screen/complete', input)
  }

  /** Values a flat (POST /api/estimate: a query, so safe to repeat). */
  domainEstimate(input: Record<string, unknown>): Promise<unknown> {
    return call(this.domain, 'POST', '/api/estimate', input, undefined, { idempotent: true })
  }

  /** Contacts by name, company, IČO, e-mail or phone (GET /api/contacts/search of the domain service). */
  domainContactSearch(input: { query: string; limit?: number | undefined }): Promise<unknown> {
    return call(this.domain, 'GET', '/api/contacts/search', undefined, {
      query: input.query,
      limit: input.limit,
    })
  }

  discoverySearch(input: { q: string; limit?: number }): Promise<unknown> {
    return call(this.discovery, 'GET', '/v1/search', undefined, { q: input.q, limit: input.limit })
  }

  discoveryServices(): Promise<unknown> {
    return call(this.discovery, 'GET', '/v1/services')
  }

  discoveryContent(id: string): Promise<unknown> {
    return call(this.discovery, 'GET', `/v1/content/${encodeURIComponent(id)}`)
  }
}

async function call(
  client: HttpClient,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  query?: Record<string, string | number | undefined>,
  opts: { idempotent?: boolean } = {},
): Promise<unknown> {
  try {
    const result = await client.request<unknown>(path, {
      method,
      ...(opts.idempotent ? { idempotent: true } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(query ? { query } : {}),
      acceptStatus: CLIENT_STATUSES,
    })
    if (result.status >= 400) throw fromServiceError(client.source, result.status, result.data)
    return unwrap(result.data)
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new AppError(
        error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error',
        `The ${client.source} service failed: ${error.message}`,
        { source: client.source, kind: error.kind },
      )
    }
    throw error
  }
}

/** The standard envelope's `data`, or the body as it is for services that answer bare JSON. */
function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && 'success' in body && 'data' in body)
    return (body as { data: unknown }).data
  return body
}

function fromServiceError(source: string, status: number, body: unknown): AppError {
  const b = body as { error?: { message?: string; code?: string } | string; message?: string } | undefined
  const message =
    (typeof b?.error === 'object' ? b.error.message : typeof b?.error === 'string' ? b.error : b?.message) ??
    `HTTP ${status}`
  // A service's own 4xx and 503 are passed on as they are; any other failure is the upstream's.
  const code = (status < 500 || status === 503 ? codeOfStatus(status) : undefined) ?? 'upstream_error'
  return new AppError(code, `${source}: ${message}`, { source, status })
}
