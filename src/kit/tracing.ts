/**
 * One trace across services (OpenTelemetry, W3C Trace Context).
 *
 * Every request a service receives gets a span context: a child of the caller's `traceparent`
 * when it sends one, a new trace otherwise. Its handler runs inside that context, so every
 * outbound call made with fetch (service to service, registries, the LLM) carries `traceparent`
 * (the undici instrumentation injects it) and every database statement is a child span
 * (db.ts wraps the dialect). Every request's log lines carry its `trace_id` and `span_id`.
 *
 * Spans are recorded and exported over OTLP/HTTP only when an endpoint is set
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, protocol http/protobuf or
 * http/json); otherwise the span contexts are plain ids (non-recording spans): the trace still
 * passes through the service to the next one and into its logs, at the cost of two random ids,
 * drawn only when a log line or an outbound call reads them.
 *
 * Several services may run in one process (`gatehouse serve`): each has its own tracer provider
 * (its own `service.name`), and the context carries the tracer of the service whose request it
 * is, so a client span is attributed to the service that made the call.
 */
import { randomFillSync } from 'node:crypto'
import diagnostics from 'node:diagnostics_channel'
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  type Exception,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import type { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici'
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base'
import { redactUrl } from './credentials.ts'

/** The OTEL_* settings the platform reads (the standard names; see config.ts). */
export interface TracingSettings {
  OTEL_SDK_DISABLED?: boolean | undefined
  OTEL_TRACES_EXPORTER?: 'otlp' | 'none' | undefined
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined
  OTEL_EXPORTER_OTLP_PROTOCOL?: 'http/protobuf' | 'http/json' | undefined
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: '' | 'http/protobuf' | 'http/json' | undefined
  OTEL_SERVICE_NAME?: string | undefined
}

/** Where spans go, once an endpoint is set: each service's provider and name. */
interface Export {
  serviceName: (service: string) => string
  provider: (serviceName: string) => BasicTracerProvider
}

let exporting: Export | undefined
let undici: UndiciInstrumentation | undefined
const providers = new Map<string, BasicTracerProvider>()
const tracers = new Map<string, Tracer>()
let installed = false

/** The tracer of the service a context belongs to (set by the service's request span). */
const SERVICE_TRACER = createContextKey('gatehouse service tracer')

/**
 * Installs context propagation for the process (idempotent): the async-local context manager, the
 * W3C `traceparent` propagator, the tracer provider that routes each span to its service's
 * tracer, and `traceparent` on every request fetch (or the egress guard) makes. Runs on the first
 * `createServer`, so every service (and every test building an app) propagates traces whether or
 * not it exports them. The SDK, the exporters and the fetch instrumentation are loaded only when
 * spans are exported (they take a noticeable part of a second to load).
 */
function installTracing(): void {
  if (installed) return
  installed = true
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(serviceRouter)
  diagnostics.subscribe(REQUEST_CREATED, passTraceOn)
}

/** undici's channel (Node's fetch and the egress guard) for a request about to be sent. */
const REQUEST_CREATED = 'undici:request:create'

/**
 * While nothing is exported: a request made inside a traced context carries `traceparent` with a
 * span id of its own (the hop), as the instrumentation would send it; outside one it carries none.
 */
function passTraceOn(message: unknown): void {
  const request = (message as { request?: { addHeader?: (name: string, value: string) => unknown } }).request
  if (typeof request?.addHeader !== 'function') return
  const active = context.active()
  const parent = trace.getSpanContext(active)
  if (!parent || !trace.isSpanContextValid(parent)) return
  const carrier: Record<string, string> = {}
  propagation.inject(trace.setSpan(active, idsOnly.startSpan('HTTP', undefined, active)), carrier)
  for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value)
}

/**
 * Starts exporting spans when an endpoint is set (the standard OTEL_* variables). Called once
 * per process before the services start; a later call with other settings is ignored, as one
 * process has one exporter. `grpc` is not offered: the platform ships no gRPC stack.
 */
export async function configureTracing(settings: TracingSettings, servicesInProcess: number): Promise<void> {
  installTracing()
  if (exporting || settings.OTEL_SDK_DISABLED || settings.OTEL_TRACES_EXPORTER === 'none') return
  const traces = settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  const base = settings.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!traces && !base) return
  // The general endpoint is a base URL: the traces signal's path is appended (OTLP exporter spec);
  // the traces endpoint is taken as it is.
  const url = traces ?? `${withoutTrailingSlashes(base!)}/v1/traces`
  const protocol =
    settings.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || settings.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf'
  const named = settings.OTEL_SERVICE_NAME || undefined
  const [sdk, resources, exporter, instrumentation] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    protocol === 'http/json'
      ? import('@opentelemetry/exporter-trace-otlp-http')
      : import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/instrumentation-undici'),
  ])
  exporting = {
    // One service in the process takes OTEL_SERVICE_NAME as it is; several keep theirs apart.
    serviceName: (service) =>
      named ? (servicesInProcess === 1 ? named : `${named}-${service}`) : `gatehouse-${service}`,
    provider: (serviceName) =>
      new sdk.BasicTracerProvider({
        resource: resources.detectResources({ detectors: [resources.envDetector] }).merge(
          resources.resourceFromAttributes({
            'service.name': serviceName,
            'service.namespace': 'gatehouse',
          }),
        ),
        spanProcessors: [new sdk.BatchSpanProcessor(new exporter.OTLPTraceExporter({ url }))],
      }),
  }
  // Exported: the instrumentation records each call as a client span and sends its traceparent.
  diagnostics.unsubscribe(REQUEST_CREATED, passTraceOn)
  if (!undici) {
    undici = new instrumentation.UndiciInstrumentation({
      // A call made outside any request (a list download at start-up) is not a trace of its own.
      requireParentforSpans: true,
      // A URL's credentials (an API key in the query) never reach an exported span.
      startSpanHook: (request) => {
        const full = redactUrl(`${request.origin}${request.path}`)
        const query = full.indexOf('?')
        return { 'url.full': full, 'url.query': query < 0 ? '' : full.slice(query) }
      },
    })
    undici.setTracerProvider(serviceRouter)
  }
  undici.enable()
  tracers.clear()
}

/** The URL without the slashes it ends with (a loop: `/\/+$/` would backtrack on many slashes). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length
  while (end > 0 && url[end - 1] === '/') end--
  return url.slice(0, end)
}

/** Whether spans are recorded and exported (an OTLP endpoint is set). */
export function tracingExports(): boolean {
  return exporting !== undefined
}

/** Sends every recorded span that is still buffered (on shutdown, before the process ends). */
export async function flushTracing(): Promise<void> {
  await Promise.all([...providers.values()].map((p) => p.forceFlush().catch(() => undefined)))
}

/** Flushes and stops every exporter (the process is ending). */
export async function shutdownTracing(): Promise<void> {
  await Promise.all([...providers.values()].map((p) => p.shutdown().catch(() => undefined)))
  providers.clear()
  tracers.clear()
  exporting = undefined
  undici?.disable()
  if (installed) diagnostics.subscribe(REQUEST_CREATED, passTraceOn)
}

/** The tracer of one service: recording and exporting when configured, ids only otherwise. */
function serviceTracer(service: string): Tracer {
  const known = tracers.get(service)
  if (known) return known
  let tracer: Tracer = idsOnly
  if (exporting) {
    let provider = providers.get(service)
    if (!provider) {
      provider = exporting.provider(exporting.serviceName(service))
      providers.set(service, provider)
    }
    tracer = provider.getTracer('gatehouse')
  }
  tracers.set(service, tracer)
  return tracer
}

/** The context of one incoming request: the caller's trace continued by this service's span. */
export function startRequestSpan(
  service: string,
  headers: Record<string, string | string[] | undefined>,
  method: string,
  attributes: Attributes,
): Context {
  installTracing()
  const tracer = serviceTracer(service)
  const extracted = propagation.extract(ROOT_CONTEXT, headers)
  // Most requests carry no traceparent: their parent is the service's root, made once.
  const parent = extracted === ROOT_CONTEXT ? serviceRoot(tracer) : extracted.setValue(SERVICE_TRACER, tracer)
  // Nothing records: the span (its ids only) is made when something first asks for it.
  if (tracer === idsOnly) return new UnstartedSpanContext(parent)
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes }, parent)
  return trace.setSpan(parent, span)
}

/** The key OpenTelemetry keeps a context's span under (`trace.setSpan`, `trace.getSpan`). */
const SPAN_KEY = spanKey()
function spanKey(): symbol {
  // The API's own key (createContextKey is Symbol.for of its description): a release that changed
  // it would leave every request without its span, so the process says so when it starts.
  const key = createContextKey('OpenTelemetry Context Key SPAN')
  const probe = trace.wrapSpanContext({ traceId: '', spanId: '', traceFlags: TraceFlags.NONE })
  if (trace.getSpan(ROOT_CONTEXT.setValue(key, probe)) !== probe) {
    throw new Error('tracing: @opentelemetry/api no longer keeps the span under its documented key')
  }
  return key
}

/**
 * A request's context while nothing records: its parent's values, and a span with ids of its own
 * made the first time a log line, an outbound call or a child span asks for it. A request nobody
 * logs or calls out from makes no span and no copy of its parent's values (an OpenTelemetry
 * context copies its map, and makes three functions, on every `setValue`).
 */
class UnstartedSpanContext implements Context {
  private readonly parent: Context
  private span: Span | undefined
  constructor(parent: Context) {
    this.parent = parent
  }
  getValue(key: symbol): unknown {
    return key === SPAN_KEY ? this.started() : this.parent.getValue(key)
  }
  setValue(key: symbol, value: unknown): Context {
    return trace.setSpan(this.parent, this.started()).setValue(key, value)
  }
  deleteValue(key: symbol): Context {
    return trace.setSpan(this.parent, this.started()).deleteValue(key)
  }
  private started(): Span {
    this.span ??= idsOnly.startSpan('', undefined, this.parent)
    return this.span
  }
}

const roots = new WeakMap<Tracer, Context>()
/** The root context with the service's tracer in it (contexts are immutable: one per tracer). */
function serviceRoot(tracer: Tracer): Context {
  let root = roots.get(tracer)
  if (root === undefined) {
    root = ROOT_CONTEXT.setValue(SERVICE_TRACER, tracer)
    roots.set(tracer, root)
  }
  return root
}

/** Ends a request's span with its status (a 5xx is an error; a 4xx is the caller's). */
export function endRequestSpan(
  ctx: Context,
  route: string | undefined,
  method: string,
  status: number,
): void {
  const span = trace.getSpan(ctx)
  if (!span?.isRecording()) return
  if (route) {
    span.updateName(`${method} ${route}`)
    span.setAttribute('http.route', route)
  }
  span.setAttribute('http.response.status_code', status)
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
  span.end()
}

/** `trace_id` and `span_id` of a context (both empty strings when it has none). */
export function traceIds(ctx: Context): { traceId: string; spanId: string } {
  const sc = trace.getSpanContext(ctx)
  return sc ? { traceId: sc.traceId, spanId: sc.spanId } : { traceId: '', spanId: '' }
}

/**
 * Runs `work` as a client span of the current request's service (a database statement), or
 * just runs it when nothing records.
 */
export async function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  const active = context.active()
  const tracer = active.getValue(SERVICE_TRACER) as Tracer | undefined
  if (!tracer || tracer === idsOnly) return work()
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, active)
  try {
    return await context.with(trace.setSpan(active, span), work)
  } catch (error) {
    span.recordException(error as Exception)
    span.setStatus({ code: SpanStatusCode.ERROR })
    throw error
  } finally {
    span.end()
  }
}

// ---- ids without recording ----------------------------------------------------------------------

/** Random bytes drawn from a pool refilled 4 KiB at a time (one syscall per ~170 requests). */
const pool = Buffer.alloc(4096)
let poolOffset = pool.length
function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes)
  poolOffset += bytes
  return hex
}

/**
 * A span context whose ids are drawn when something first reads them (a log line, a call passing
 * the trace on): a request nobody logs or calls out from costs no random bytes and no hex strings.
 */
class LazySpanContext implements SpanContext {
  readonly traceFlags: number
  private trace: string | undefined
  private span: string | undefined
  constructor(traceId: string | undefined, traceFlags: number) {
    this.trace = traceId
    this.traceFlags = traceFlags
  }
  get traceId(): string {
    this.trace ??= randomHex(16)
    return this.trace
  }
  get spanId(): string {
    this.span ??= randomHex(8)
    return this.span
  }
}

/**
 * A tracer that records nothing but gives every span its own id in the caller's trace (or a new
 * trace), keeping the caller's sampled flag: the next service, and the logs, see one trace.
 */
const idsOnly: Tracer = {
  startSpan(_name: string, _options?: SpanOptions, ctx?: Context): Span {
    const parent = trace.getSpanContext(ctx ?? context.active())
    // A parent whose ids were never drawn is valid by construction: reading them would draw them.
    const valid =
      parent !== undefined && (parent instanceof LazySpanContext || trace.isSpanContextValid(parent))
    return trace.wrapSpanContext(
      valid
        ? new LazySpanContext(parent.traceId, parent.traceFlags)
        : new LazySpanContext(undefined, TraceFlags.NONE),
    )
  },
  startActiveSpan(name: string, ...rest: unknown[]) {
    const fn = rest.pop() as (span: Span) => unknown
    const [options, ctx] = rest as [SpanOptions | undefined, Context | undefined]
    const parent = ctx ?? context.active()
    const span = idsOnly.startSpan(name, options, parent)
    return context.with(trace.setSpan(parent, span), fn, undefined, span)
  },
} as Tracer

/** The global provider: each span goes to the tracer of the service whose context it is in. */
const routed: Tracer = {
  startSpan(name: string, options?: SpanOptions, ctx?: Context): Span {
    const active = ctx ?? context.active()
    const tracer = (active.getValue(SERVICE_TRACER) as Tracer | undefined) ?? idsOnly
    return tracer.startSpan(name, options, active)
  },
  startActiveSpan(name: string, ...rest: unknown[]) {
    const fn = rest.pop() as (span: Span) => unknown
    const [options, ctx] = rest as [SpanOptions | undefined, Context | undefined]
    const parent = ctx ?? context.active()
    const span = routed.startSpan(name, options, parent)
    return context.with(trace.setSpan(parent, span), fn, undefined, span)
  },
} as Tracer
const serviceRouter: TracerProvider = { getTracer: () => routed }
