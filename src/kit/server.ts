/**
 * The server factory every service is built on. It fixes, once for the whole platform:
 * - request ids: an incoming `X-Request-Id` is kept when it is a UUID (so it cannot inject into
 *   logs), otherwise a random UUID is made; it is echoed on every response, errors included;
 * - validation on JSON Schema 2020-12 (Ajv2020, validation.ts) instead of Fastify's draft-07 default;
 * - one error handler that renders every failure (validation, body limits, media types, unknown
 *   routes, wrong methods, thrown AppErrors, crashes) in the service's envelope; a PostgreSQL or
 *   Redis outage is a 503 with `Retry-After` (see `unavailableError`), not a 500;
 * - 405 with an `Allow` header when the path exists under another method;
 * - credentials in the query string refused with 400 (see credentials.ts), on every service.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type Context, context } from '@opentelemetry/api'
import type { ErrorObject } from 'ajv'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from 'fastify'
import { type Bindings, type ChildLoggerOptions, symbols as pinoSymbols } from 'pino'
import { credentialParameter } from './credentials.ts'
import { type EnvelopeKind, renderError } from './envelope.ts'
import { AppError, errors, unavailableError } from './errors.ts'
import type { Logger } from './logger.ts'
import { endRequestSpan, startRequestSpan, traceIds, tracingExports } from './tracing.ts'
import {
  exceedsDepth,
  finiteAfterCoercion,
  MAX_JSON_DEPTH,
  sharedAjv,
  validationError,
} from './validation.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** The key a request's log lines carry its id under. */
const REQUEST_ID_LABEL = 'request_id'

/** Where a raw request keeps its trace context (see tracing.ts) from its first log line on. */
const TRACE = Symbol('gatehouse trace context')
type TracedRequest = IncomingMessage & { [TRACE]?: Context }

/** The trace context a request runs in (its service's span, a child of the caller's traceparent). */
function requestTrace(request: FastifyRequest): Context | undefined {
  return (request.raw as TracedRequest)[TRACE]
}

/** What a request's logger keeps until its first line needs its bindings (see `requestLoggerOf`). */
const LOG_REQUEST_ID = Symbol('request id')
const LOG_TRACE = Symbol('request trace')
type RequestLog = FastifyBaseLogger & { [LOG_REQUEST_ID]: string; [LOG_TRACE]: Context }

/**
 * Per parent logger, the prototype of its requests' loggers: its bindings (pino's chindings, the
 * JSON text every line of the logger carries) are built from the request's id and trace ids the
 * first time a line is written, then kept on the request's logger. Most requests of a busy service
 * log nothing (request lines off, no warning), and then their trace ids are never even drawn.
 */
const requestLogPrototypes = new WeakMap<object, object>()
function requestLogPrototype(parent: FastifyBaseLogger & Record<symbol, unknown>): object {
  let proto = requestLogPrototypes.get(parent)
  if (proto !== undefined) return proto
  const sym = pinoSymbols.chindingsSym
  const own = (target: object, value: unknown) =>
    Object.defineProperty(target, sym, { value, writable: true, configurable: true, enumerable: false })
  proto = Object.create(parent, {
    [sym]: {
      get(this: RequestLog) {
        const { traceId, spanId } = traceIds(this[LOG_TRACE])
        const bindings = `${parent[sym] as string},"${REQUEST_ID_LABEL}":"${this[LOG_REQUEST_ID]}","trace_id":"${traceId}","span_id":"${spanId}"`
        own(this, bindings)
        return bindings
      },
      // pino's setBindings() assigns new bindings: they become the logger's own.
      set(this: RequestLog, value: unknown) {
        own(this, value)
      },
      configurable: true,
    },
  }) as object
  requestLogPrototypes.set(parent, proto)
  return proto
}

/** A span that is not recorded takes no attributes: one empty object for all of them. */
const NO_ATTRIBUTES = Object.freeze({})

/** The last id `genReqId` made or accepted: a UUID already checked, not checked again. */
let checkedRequestId = ''

/**
 * Each request's logger: the service's logger with `"request_id":"<uuid>"` and its trace ids bound. pino's own
 * `child()` passes every bound value through the redaction of credential headers, and with the
 * platform's wildcard paths (`*.headers…`, see logger.ts) that is a path walk per value: about 5 µs
 * per request, more than validating the query. The id is a UUID (`genReqId` makes or checks it), a
 * string with nothing to redact, and trace ids are lowercase hex, so their JSON is appended to the
 * parent's bindings directly, as pino would write it, when the first line is written (see
 * `requestLogPrototype`). Anything else (a route's own log level or serializers, a logger other
 * than pino) goes through the logger's own `child()`.
 */
function requestLoggerOf(service: string) {
  return function requestLogger(
    logger: FastifyBaseLogger,
    bindings: Bindings,
    opts: ChildLoggerOptions,
    raw: IncomingMessage,
  ): FastifyBaseLogger {
    // The request's span starts with its logger, so every line it logs names its trace.
    const ctx = startRequestSpan(
      service,
      raw.headers,
      raw.method ?? 'GET',
      tracingExports()
        ? { 'http.request.method': raw.method ?? '', 'url.path': pathOf(raw.url) }
        : NO_ATTRIBUTES,
    )
    ;(raw as TracedRequest)[TRACE] = ctx
    const id = bindings[REQUEST_ID_LABEL]
    const parent = logger as FastifyBaseLogger & Record<symbol, unknown>
    let plain = typeof parent[pinoSymbols.chindingsSym] === 'string' && typeof id === 'string'
    if (plain) for (const _ in opts) plain = false
    if (plain) for (const name in bindings) if (name !== REQUEST_ID_LABEL) plain = false
    if (!plain || (id !== checkedRequestId && !UUID.test(id as string))) {
      const { traceId, spanId } = traceIds(ctx)
      return logger.child({ ...bindings, trace_id: traceId, span_id: spanId }, opts)
    }
    const child = Object.create(requestLogPrototype(parent)) as RequestLog
    child[LOG_REQUEST_ID] = id as string
    child[LOG_TRACE] = ctx
    return child
  }
}

/** A request URL's path, without its query (which may hold what a span must not). */
function pathOf(url: string | undefined): string {
  if (!url) return '/'
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

export interface ServerOptions {
  /** Service name, for logs. */
  name: string
  envelope: EnvelopeKind
  logger: Logger
  /** Largest accepted request body in bytes; larger bodies get 413 before they are parsed. */
  bodyLimit?: number
  /**
   * Peers (IPs, CIDR ranges) whose X-Forwarded-For names the client; `request.ip` is then the
   * address the last trusted proxy saw. Unset: the TRUSTED_PROXIES of the service being started
   * (see `withPlatformSettings`), none outside a service start. `false` trusts none whatever the
   * platform says; `true` trusts every peer (never in production: any client could pick its address).
   */
  trustProxy?: boolean | readonly string[]
  /** Log every request line (off in tests and benchmarks). */
  logRequests?: boolean
  /**
   * A web app's own "not found" page: a GET for an unknown path that asks for HTML gets what this
   * sends (a single-page app answers its index.html with 404 and shows its page) instead of the
   * JSON error; it answers false for paths it leaves to the JSON error (its API).
   */
  notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => false | FastifyReply
}

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  Logger,
  TypeBoxTypeProvider
>

/**
 * How long a drain keeps an idle kept-alive connection open after its last answer (ms), so that a
 * request already on its way gets a 503 and a close instead of a reset; then it is closed.
 */
export const DRAIN_IDLE_GRACE_MS = 1000

/** When a connection last finished an answer (or opened, before its first), `performance.now()`. */
const IDLE_SINCE = Symbol('idle since')
type TrackedSocket = Socket & { [IDLE_SINCE]: number; _httpMessage?: ServerResponse | null }

/** Seconds a client refused during a drain waits before retrying (another instance answers). */
const DRAIN_RETRY_AFTER_SECONDS = 1

const REGISTERED_ROUTES = new WeakMap<object, readonly RouteOptions[]>()

/**
 * Every route registered on an app made by `createServer`, as Fastify's route options (method, url,
 * schema, config), HEAD routes Fastify adds for GET included: what tests check the API document
 * against.
 */
export function registeredRoutes(app: FastifyInstance | App): readonly RouteOptions[] {
  const routes = REGISTERED_ROUTES.get(app)
  if (!routes) throw new Error('registeredRoutes: the app was not made by createServer')
  return routes
}

/** Longest path parameter the router matches, in characters (an id, a name; never a document). */
const MAX_PARAM_LENGTH = 500

/** The router's own refusals (see `frameworkErrors`) in the error vocabulary. */
function frameworkError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid_request', 'The path is not a valid URL: a percent-escape is malformed', {
        location: 'path',
        field: 'path',
        rule: 'percent-encoding',
      })
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('invalid_request', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`, {
        location: 'path',
        field: 'path',
        rule: `maxLength ${MAX_PARAM_LENGTH}`,
      })
    default:
      return toAppError(error)
  }
}

/** Bytes accepted in a request body unless a service or route says otherwise (1 MiB). */
const DEFAULT_BODY_LIMIT = 1024 * 1024

function bodyTooLarge(limitBytes: number): AppError {
  return new AppError('payload_too_large', `Request body is larger than ${limitBytes} bytes`, {
    field: 'body',
    rule: `maxBytes ${limitBytes}`,
  })
}

/** What the platform's common configuration fixes for every server a service builds. */
export interface PlatformSettings {
  trustedProxies: readonly string[]
}

const platform = new AsyncLocalStorage<PlatformSettings>()

/**
 * Runs a service's start with the platform settings in scope: every `createServer` inside it
 * (however deep in the service's own code) takes them as its defaults, so a common variable such
 * as TRUSTED_PROXIES holds for every service without each one passing it on.
 */
export function withPlatformSettings<T>(settings: PlatformSettings, start: () => T): T {
  return platform.run(settings, start)
}

/** How long a plugin may take to register before the start fails naming it (ms). */
const PLUGIN_TIMEOUT_MS = 60_000

export function createServer(opts: ServerOptions): App {
  const trust = opts.trustProxy ?? platform.getStore()?.trustedProxies ?? false
  const app = Fastify({
    loggerInstance: opts.logger.child({ service: opts.name }),
    logController: new LogController({
      disableRequestLogging: opts.logRequests === false,
      requestIdLogLabel: REQUEST_ID_LABEL,
    }),
    childLoggerFactory: requestLoggerOf(opts.name) as never,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      checkedRequestId =
        typeof incoming === 'string' && UUID.test(incoming) ? incoming.toLowerCase() : randomUUID()
      return checkedRequestId
    },
    bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Fastify gives each plugin 10 s to register. `npm start` boots every service in one process,
    // and on two busy cores their start-up work held Swagger UI's registration past that, failing
    // the whole start; a minute still names a plugin that never finishes.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // A list is compiled by proxy-addr; an empty one would still make every request walk it.
    trustProxy: typeof trust === 'boolean' ? trust : trust.length > 0 ? [...trust] : false,
    // Idle kept-alive connections are closed when the drain starts; requests that still arrive get
    // our own 503 (in the service's envelope, see the drain below), not Fastify's.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    // A path the router cannot even match (a malformed percent-escape, an overlong segment) is
    // refused before any hook runs: answer it in the service's envelope too, with its request id.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id)
      sendError(reply as FastifyReply, opts.envelope, frameworkError(error))
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App

  // Query strings, path parameters and headers are text: numbers and booleans are coerced.
  // Bodies are JSON: their types are what they say. One Ajv of each for the process.
  const textAjv = sharedAjv()
  const jsonAjv = sharedAjv({ coerce: false })
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? jsonAjv.compile(schema) : finiteAfterCoercion(textAjv.compile(schema), schema),
  )

  // Only JSON is parsed unless a service registers more (multipart for uploads): a text/plain
  // body must get 415, not a confusing 400.
  app.removeContentTypeParser('text/plain')

  // JSON is parsed by Fastify's own parser (prototype-poisoning checks included) only after a
  // linear, non-recursive scan has bounded its nesting: every later walk of the value (validation,
  // structuredClone, serialisation, a handler's own recursion) then stays far from the stack limit.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (exceedsDepth(text, MAX_JSON_DEPTH)) {
      done(
        new AppError('invalid_request', `Body nests deeper than ${MAX_JSON_DEPTH} levels`, {
          field: 'body',
          rule: `maxDepth ${MAX_JSON_DEPTH}`,
        }),
        undefined,
      )
      return
    }
    parseJson(request, text, done)
  })

  const routes: { methods: string[]; pattern: RegExp }[] = []
  const registered: RouteOptions[] = []
  REGISTERED_ROUTES.set(app, registered)
  app.addHook('onRoute', (route) => {
    // The handler runs in its request's trace context: the calls and statements it makes are
    // children of the request's span and carry its traceparent.
    const handler = route.handler
    route.handler = function traced(this: FastifyInstance, request, reply) {
      const ctx = requestTrace(request)
      return ctx ? context.with(ctx, handler, this, request, reply) : handler.call(this, request, reply)
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    routes.push({ methods: methods.map((m) => m.toUpperCase()), pattern: routePattern(route.url) })
    // The options object itself: hooks that run after this one (a scope marking its routes) show.
    registered.push(route)
  })

  // The drain (app.close()): from its start every response asks the client to close its
  // connection (`Connection: close`), the answers still being computed included, so no client
  // reuses a connection the server is about to close; a request that still reaches the service
  // gets a 503 in the service's envelope with Retry-After, which a load balancer retries on
  // another instance. Node would close every idle kept-alive connection at once, but under load
  // "idle" often means "its next request is still in the socket buffer", and closing it is a reset
  // the client cannot tell from a crash mid-request. So an idle connection is kept until
  // DRAIN_IDLE_GRACE_MS after its last answer, its late requests answered 503 and closed, and only
  // then closed (and from then on every 50 ms, as more become idle: an answer whose headers were
  // sent before the drain keeps its connection). One that has been idle that long already is no
  // busier than any connection a keep-alive timeout closes: when every idle connection has, they
  // are closed at once, so services stopped one after the other do not wait a grace each after
  // the same traffic. Connections are tracked (one Set entry and one timestamp per connection, not
  // per request) to find the answers in flight and how long the others have been idle.
  let draining = false
  const connections = new Set<TrackedSocket>()
  const server = app.server
  server.on('connection', (socket: TrackedSocket) => {
    socket[IDLE_SINCE] = performance.now()
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  app.addHook('preClose', (done) => {
    draining = true
    // The grace runs until the most recently active connection has been idle for it. One writing
    // an answer whose headers (keep-alive) went out before the drain is active now: its client may
    // send its next request as soon as the answer ends, so the grace runs in full from here.
    let lastActive = Number.NEGATIVE_INFINITY
    for (const socket of connections) {
      // The response a connection is writing now (Node's http server keeps it there).
      const response = socket._httpMessage
      if (!response) lastActive = Math.max(lastActive, socket[IDLE_SINCE])
      else if (response.headersSent) lastActive = performance.now()
      else response.shouldKeepAlive = false
    }
    const graceLeft = Math.max(0, lastActive + DRAIN_IDLE_GRACE_MS - performance.now())
    // server.close() (called next by Fastify) would close idle connections at once: defer that.
    const closeIdleNow = server.closeIdleConnections.bind(server)
    // A timer runs before the event loop reads the sockets: after a pause of the process (a long
    // GC, no core for it on a busy machine) the grace may have run out while a request waits
    // unread on an "idle" connection, and closing that is a reset. setImmediate runs after this
    // turn's reads, when such a request has made its connection busy.
    let pending: NodeJS.Immediate | undefined
    const closeIdle = () => {
      pending ??= setImmediate(() => {
        pending = undefined
        closeIdleNow()
      })
    }
    server.closeIdleConnections = () => undefined
    let reaper: NodeJS.Timeout | undefined
    // Unreferenced: open connections keep the process alive, these timers never do.
    const grace = setTimeout(() => {
      closeIdle()
      reaper = setInterval(closeIdle, 50).unref()
    }, graceLeft).unref()
    server.once('close', () => {
      clearTimeout(grace)
      clearInterval(reaper)
      if (pending) clearImmediate(pending)
      server.closeIdleConnections = closeIdleNow
    })
    done()
  })

  // Synchronous (callback) hook: it runs on every request, and an async one costs a promise each.
  // Credentials in the query string are refused before anything else sees the request (URLs end up
  // in logs, proxies and browser history; the logger redacts them from the refusal's log line).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (draining) {
      reply.header('connection', 'close')
      done(
        errors.unavailable('Service is shutting down; retry on another instance', DRAIN_RETRY_AFTER_SECONDS),
      )
      return
    }
    // Most requests have no query string at all: skip the scan then.
    if (request.url.indexOf('?') !== -1) {
      const name = credentialParameter(request.query)
      if (name !== undefined) {
        done(
          new AppError(
            'invalid_request',
            `Credentials are not accepted in the query string (parameter "${name}"); send them in a header (X-API-Key or Authorization: Bearer)`,
            { location: 'query', field: name, rule: 'credentials only in headers' },
          ),
        )
        return
      }
    }
    done()
  })

  // A connection is idle from its last answer on (see the drain above). A recorded request span
  // ends with its answer (only when spans are exported: see tracing.ts).
  const spans = tracingExports()
  app.addHook('onResponse', (request, reply, done) => {
    const socket = request.raw.socket as TrackedSocket | null
    if (socket) socket[IDLE_SINCE] = performance.now()
    if (spans) {
      const ctx = requestTrace(request)
      if (ctx) endRequestSpan(ctx, request.routeOptions.url, request.method, reply.statusCode)
    }
    done()
  })

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allowed = new Set<string>()
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m)
    if (allowed.size > 0 && !allowed.has(request.method)) {
      const allow = [...allowed].sort().join(', ')
      return sendError(
        reply,
        opts.envelope,
        new AppError(
          'method_not_allowed',
          `${request.method} is not allowed on ${path}; use ${allow}`,
          { method: request.method, allowed: [...allowed].sort() },
          { allow },
        ),
      )
    }
    if (opts.notFoundPage && request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      const page = opts.notFoundPage(request, reply)
      if (page !== false) return page
    }
    return sendError(
      reply,
      opts.envelope,
      new AppError('not_found', `No route ${request.method} ${path}`, { method: request.method, path }),
    )
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? bodyTooLarge(request.routeOptions.bodyLimit ?? opts.bodyLimit ?? DEFAULT_BODY_LIMIT)
        : toAppError(error)
    if (appError.code === 'service_unavailable') {
      // Expected while a backing service is down or the service drains: a warning, with the
      // underlying error when there is one (an AppError raised on purpose has nothing to add).
      if (error instanceof AppError) request.log.warn({ code: appError.code }, appError.message)
      else request.log.warn({ err: error }, appError.message)
    } else if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed')
    }
    return sendError(reply, opts.envelope, appError)
  })

  return app
}

export function sendError(reply: FastifyReply, kind: EnvelopeKind, error: AppError): FastifyReply {
  reply.header('cache-control', 'no-store')
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
  const body = renderError(kind, error, reply.request.id)
  // 5xx details are never shown: the message is replaced by a generic one.
  if (error.status >= 500 && error.code === 'internal_error') {
    return reply.code(error.status).send(renderError(kind, internalError(), reply.request.id))
  }
  return reply.code(error.status).send(body)
}

function internalError(): AppError {
  return new AppError('internal_error', 'Internal error; the request id identifies it in the logs')
}

/** Maps anything a handler or Fastify throws onto the error vocabulary. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const e = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string }
  if (e.validation && e.validation.length > 0) return validationError(e.validation[0]!, e.validationContext)
  // PostgreSQL or Redis unreachable: a retryable 503, not a 500 (the outage is logged, not shown).
  const unavailable = unavailableError(error)
  if (unavailable) return unavailable
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large', { rule: 'maxBytes' })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Content-Type must be application/json', {
        field: 'content-type',
        rule: 'application/json',
      })
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid_request', 'Content-Length does not match the body', {
        field: 'content-length',
      })
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_request', 'Body is empty but Content-Type is application/json', {
        field: 'body',
        rule: 'required',
      })
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_request', 'Body is not valid JSON', { field: 'body', rule: 'json' })
  }
  if (e instanceof SyntaxError || e.statusCode === 400) {
    return new AppError('invalid_request', 'Body is not valid JSON', { field: 'body', rule: 'json' })
  }
  if (e.statusCode === 413) return new AppError('payload_too_large', 'Request body is too large')
  if (e.statusCode === 415) return new AppError('unsupported_media_type', e.message)
  if (e.statusCode === 404) return new AppError('not_found', e.message)
  if (e.statusCode === 503)
    return new AppError('service_unavailable', 'Service is shutting down; retry shortly')
  return internalError()
}

/** Fastify route url → regex over a concrete path (`:param` is one segment, `*` the rest). */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*'
      if (part.startsWith(':')) return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}$`)
}

export type { FastifyReply, FastifyRequest }
