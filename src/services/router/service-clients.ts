/**
 * The platform's other services as the router calls them (over HTTP, never by import): knowledge
 * search, AML screening, the domain's valuation and contacts, and the public discovery API. Each is
 * the typed client of the callee's generated types (src/client/types), so a field the callee
 * renames is a compile error here. Used by the built-in job kinds, chain chat tools, the MCP
 * servers and the scout's dossier, so all see the same errors: an unreachable service is a 502, a
 * slow one a 504, and a 4xx from the service comes back with the service's own message.
 */
import type { Client } from 'openapi-fetch'
import type { Paths as AmlPaths } from '../../client/types/aml.ts'
import type { Paths as DiscoveryPaths } from '../../client/types/discovery.ts'
import type { Paths as DomainPaths } from '../../client/types/domain.ts'
import type { Paths as KnowledgePaths } from '../../client/types/knowledge.ts'
import { AppError, codeOfStatus } from '../../kit/errors.ts'
import { HttpClient, UpstreamError } from '../../kit/http.ts'
import { serviceClient, type Unwrapped, unwrapEnvelope } from '../../kit/service-client.ts'

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

type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never

/** What POST /rag/search of the knowledge service takes. */
export type KbSearchInput = JsonBody<KnowledgePaths['/rag/search']['post']>
/** What POST /api/aml/screen/complete of the AML service takes: a person, or a company by IČO and/or name. */
export type AmlScreenInput = JsonBody<AmlPaths['/api/aml/screen/complete']['post']>
/** What POST /api/estimate of the domain service takes. */
export type EstimateInput = JsonBody<DomainPaths['/api/estimate']['post']>

/** A service's own refusals, passed on as they are; any other status is the upstream failing. */
const CLIENT_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 503]

export class ServiceClients {
  private readonly knowledge: Client<KnowledgePaths>
  private readonly aml: Client<AmlPaths>
  private readonly discovery: Client<DiscoveryPaths>
  private readonly domain: Client<DomainPaths>

  constructor(opts: ServiceClientOptions) {
    const http = (source: string, baseUrl: string, timeoutMs = opts.timeoutMs) =>
      new HttpClient({ source, baseUrl, timeoutMs, retries: 1, ...(opts.fetch ? { fetch: opts.fetch } : {}) })
    const accept = { acceptStatus: CLIENT_STATUSES }
    this.knowledge = serviceClient(http('knowledge', opts.knowledgeUrl), accept)
    this.aml = serviceClient(http('aml', opts.amlUrl, Math.max(opts.timeoutMs, 60_000)), accept)
    this.domain = serviceClient(http('domain', opts.domainUrl ?? 'http://127.0.0.1:8400'), {
      ...accept,
      // POST /api/estimate is a query: safe to repeat.
      idempotent: true,
    })
    this.discovery = serviceClient(http('discovery', opts.discoveryUrl), accept)
  }

  kbSearch(input: KbSearchInput) {
    return call('knowledge', this.knowledge.POST('/rag/search', { body: input }))
  }

  kbCollections() {
    return call('knowledge', this.knowledge.GET('/rag/collections'))
  }

  amlScreen(input: AmlScreenInput) {
    return call('aml', this.aml.POST('/api/aml/screen/complete', { body: input }))
  }

  /** Values a flat (POST /api/estimate: a query, so safe to repeat). */
  domainEstimate(input: EstimateInput) {
    return call('domain', this.domain.POST('/api/estimate', { body: input }))
  }

  /** Contacts by name, company, IČO, e-mail or phone (GET /api/contacts/search of the domain service). */
  domainContactSearch(input: { query: string; limit?: number | undefined }) {
    const query = { query: input.query, ...(input.limit !== undefined ? { limit: input.limit } : {}) }
    return call('domain', this.domain.GET('/api/contacts/search', { params: { query } }))
  }

  discoverySearch(input: { q: string; limit?: number }) {
    return call('discovery', this.discovery.GET('/v1/search', { params: { query: input } }))
  }

  discoveryServices() {
    return call('discovery', this.discovery.GET('/v1/services'))
  }

  discoveryContent(id: string) {
    return call('discovery', this.discovery.GET('/v1/content/{id}', { params: { path: { id } } }))
  }
}

async function call<T>(
  source: string,
  sent: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Unwrapped<T>> {
  try {
    const { data, error, response } = await sent
    if (!response.ok) throw fromServiceError(source, response.status, error)
    return unwrapEnvelope(data as T)
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw new AppError(
        error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error',
        `The ${source} service failed: ${error.message}`,
        { source, kind: error.kind },
      )
    }
    throw error
  }
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
