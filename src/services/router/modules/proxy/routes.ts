/**
 * Proxy routes to the platform's services:
 * - `/rag/*` → KNOWLEDGE_URL: the knowledge base's read routes for every caller the router lets in
 *   (`POST /rag/search`, `POST /rag/ask` → `/ask`, `GET /rag/collections`, `/rag/health`,
 *   `/rag/stats` → `/stats`, `/rag/documents`, `/rag/documents/{id}`); anything else (deleting,
 *   uploading: `/rag/upload` → `/upload`) changes what everyone is answered from, so it is forwarded
 *   only for an operator (the router's admin or internal key), with the router's internal key;
 * - `/aml/*` → AML_URL under its API prefix (`/aml/screen/complete` → `{AML_URL}/api/aml/screen/complete`).
 * Bodies of any type (JSON, multipart uploads) pass through as bytes; answers stream back as they
 * arrive. The caller's credentials for the router (keys, cookies) and any X-Acting-User are not
 * forwarded. Failures come back in the standard envelope: the service's own envelope when it sent
 * one, otherwise one made from its status; an unreachable service is 502 and one slower than
 * ROUTER_PROXY_TIMEOUT_SECONDS is 504.
 */
import { Readable } from 'node:stream'
import { AppError, codeOfStatus } from '../../../../kit/errors.ts'
import { keyOf, type OperatorKeys } from '../../../../kit/operator-keys.ts'
import type { App, FastifyReply, FastifyRequest } from '../../../../kit/server.ts'
import { relayedAnswer } from './schemas.ts'

interface ProxyTarget {
  /** Name used in errors ("knowledge", "aml"). */
  name: string
  /** The router path every forwarded request stays under ("/rag/"). */
  prefix: string
  baseUrl: string
  /**
   * The service's path for the router's, and whether any caller may make the request (`open`) or
   * only an operator, whose request then carries the router's internal key.
   */
  route: (method: string, path: string) => { path: string; open: boolean }
  /** Why a request that is not open was refused (403), for a caller without an operator key. */
  refusal: string
}

/** The knowledge base's read routes (method, router path): every caller the router admits. */
const KNOWLEDGE_READS: [string, RegExp][] = [
  ['POST', /^\/rag\/search$/],
  ['GET', /^\/rag\/(collections|health|documents)$/],
  ['GET', /^\/rag\/documents\/[^/]+$/],
]
/** Router paths of knowledge routes that live outside /rag/ at the service. */
const KNOWLEDGE_RENAMED: Record<string, string> = {
  '/rag/ask': '/ask',
  '/rag/stats': '/stats',
  '/rag/upload': '/upload',
}

function knowledgeRoute(method: string, path: string): { path: string; open: boolean } {
  const asGet = method === 'HEAD' ? 'GET' : method
  const open =
    KNOWLEDGE_READS.some(([m, pattern]) => m === asGet && pattern.test(path)) ||
    (asGet === 'POST' && path === '/rag/ask') ||
    (asGet === 'GET' && path === '/rag/stats')
  return { path: KNOWLEDGE_RENAMED[path] ?? path, open }
}

const KNOWLEDGE_REFUSAL =
  'The router forwards only the knowledge base’s read routes to API keys (POST /rag/search, POST /rag/ask, GET /rag/collections, /rag/health, /rag/stats, /rag/documents, /rag/documents/{id}); uploading or deleting documents takes an operator key (X-Admin-Key: ADMIN_API_KEY or X-API-Key: INTERNAL_API_KEY)'

/**
 * Never forwarded: hop-by-hop headers, the router's own credentials, what fetch recomputes, the
 * caller's trace context (the forwarded request carries the router's own span as its parent), and
 * X-Acting-User: a service trusts the name it carries beside the internal key (ADR 0006), which
 * only the console, signing its users in, may send; a router caller must not name who acts.
 */
const REQUEST_SKIP = new Set([
  'traceparent',
  'tracestate',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'authorization',
  'x-api-key',
  'x-admin-key',
  'x-acting-user',
  'cookie',
  'proxy-authorization',
  'te',
  'trailer',
])
/** fetch has already decoded the body, so length and encoding no longer describe it. */
const RESPONSE_SKIP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
])

export interface ProxyDeps {
  /** Targets of /rag/* and /aml/*. */
  knowledgeUrl: string
  amlUrl: string
  /** Per request (ms). */
  timeoutMs: number
  /** The router's own operator keys: who may change the knowledge base through it. */
  operatorKeys: OperatorKeys
}

export function registerProxies(app: App, deps: ProxyDeps): void {
  const targets: [string, ProxyTarget][] = [
    [
      '/rag/*',
      {
        name: 'knowledge',
        prefix: '/rag/',
        baseUrl: deps.knowledgeUrl,
        route: knowledgeRoute,
        refusal: KNOWLEDGE_REFUSAL,
      },
    ],
    [
      '/aml/*',
      {
        name: 'aml',
        prefix: '/aml/',
        baseUrl: deps.amlUrl,
        route: (_method, p) => ({ path: p.replace(/^\/aml/, '/api/aml'), open: true }),
        refusal: '',
      },
    ],
  ]
  app.register(async (scope) => {
    // Bodies are relayed as bytes, whatever their type.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    )
    for (const [url, target] of targets) {
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
        url,
        // An operator key passes the router's own check too (keys required or not): the handler
        // then decides what it may reach.
        config: { auth: 'key_or_operator' },
        schema: {
          response: relayedAnswer(target.name),
        },
        handler: (request, reply) => forward(request, reply, target, deps),
      })
    }
  })
}

async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  target: ProxyTarget,
  { timeoutMs, operatorKeys }: ProxyDeps,
): Promise<FastifyReply> {
  const [path, query] = splitUrl(request.url)
  assertConfined(path, target.prefix)
  const route = target.route(request.method, path)
  const operator = !route.open && keyOf(request, operatorKeys) !== undefined
  if (!route.open && !operator) throw new AppError('forbidden', target.refusal, { header: 'X-Admin-Key' })
  const url = `${target.baseUrl.replace(/\/+$/, '')}${route.path}${query}`
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || REQUEST_SKIP.has(name)) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  if (operator) headers.set('x-api-key', operatorKeys.internalKey)
  headers.set('x-request-id', request.id)
  headers.set('x-forwarded-for', request.ip)
  headers.set('x-forwarded-host', request.headers.host ?? '')
  const timeout = AbortSignal.timeout(timeoutMs)
  const clientGone = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) clientGone.abort()
  })
  const hasBody = !['GET', 'HEAD'].includes(request.method) && Buffer.isBuffer(request.body)
  let response: Response
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      ...(hasBody ? { body: request.body as Buffer } : {}),
      signal: AbortSignal.any([timeout, clientGone.signal]),
      redirect: 'manual',
    })
  } catch (error) {
    if (timeout.aborted) {
      throw new AppError(
        'upstream_timeout',
        `The ${target.name} service did not answer within ${timeoutMs} ms`,
        {
          source: target.name,
        },
      )
    }
    throw new AppError(
      'upstream_error',
      `The ${target.name} service is unreachable at ${target.baseUrl} (${describe(error)}); is it running?`,
      { source: target.name },
    )
  }

  if (response.status >= 400) throw await asEnvelopeError(response, target.name)

  reply.code(response.status)
  for (const [name, value] of response.headers) {
    if (!RESPONSE_SKIP.has(name) && name !== 'x-request-id') reply.header(name, value)
  }
  if (!response.body || request.method === 'HEAD') return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}

async function asEnvelopeError(response: Response, source: string): Promise<AppError> {
  const text = await response.text().catch(() => '')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const b = body as {
    success?: boolean
    error?: { code?: string; message?: string } | string
    message?: string
  }
  // The service's own 4xx, 503 and 504 are passed on as they are; any other failure is the upstream's.
  const status = response.status
  const code =
    (status < 500 || status === 503 || status === 504 ? codeOfStatus(status) : undefined) ?? 'upstream_error'
  const retryAfter = response.headers.get('retry-after')
  const headers: Record<string, string> = retryAfter ? { 'retry-after': retryAfter } : {}
  if (typeof b?.error === 'object' && b.error.message) {
    return new AppError(code, b.error.message, { source, upstream_status: response.status }, headers)
  }
  const message =
    (typeof b?.error === 'string' ? b.error : b?.message) ??
    (text.trim().slice(0, 200) || `The ${source} service answered HTTP ${response.status}`)
  // A 5xx from the service is a bad gateway from the caller's side (its message is still shown,
  // because it names the service's failure, not ours).
  if (response.status >= 500 && code === 'upstream_error') {
    return new AppError(
      'upstream_error',
      `The ${source} service failed (HTTP ${response.status}): ${message}`,
      {
        source,
        upstream_status: response.status,
      },
    )
  }
  return new AppError(code, message, { source, upstream_status: response.status }, headers)
}

/**
 * A forwarded path must stay under its prefix at the service too. fetch resolves `..` and `%2e%2e`
 * before sending (WHATWG URL), and a service may decode once more, so any segment that is a dot
 * segment after up to three rounds of percent-decoding, and any encoded or back slash, is refused
 * outright rather than normalised: a legitimate client never sends one.
 */
function assertConfined(path: string, prefix: string): void {
  const refuse = () => {
    throw new AppError(
      'invalid_request',
      `The path must stay under ${prefix}: no dot segments or encoded slashes`,
      {
        field: 'path',
        rule: `stays under ${prefix}`,
      },
    )
  }
  if (!path.startsWith(prefix)) refuse()
  let decoded = path
  for (let round = 0; round < 3; round++) {
    if (/%2f|%5c|\\/i.test(decoded)) refuse()
    if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) refuse()
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      refuse()
      return
    }
    if (next === decoded) break
    decoded = next
  }
  if (new URL(path, 'http://router.invalid').pathname !== path) refuse()
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?')
  return i < 0 ? [url, ''] : [url.slice(0, i), url.slice(i)]
}

function describe(error: unknown): string {
  const e = error as { cause?: { code?: string; message?: string }; message?: string }
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(error)
}
