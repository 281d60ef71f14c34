/**
 * Prometheus metrics. Each service owns one registry (so `/metrics` shows only its series) and
 * names its series with its own prefix. Durations are in seconds; the buckets start well below a
 * millisecond because most routes here answer in under one. Labels are bounded: route templates and
 * status classes, never raw paths, ids or keys.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { App } from './server.ts'

export const DURATION_BUCKETS_SECONDS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
]

/**
 * prom-client's defaults include three gauges named with a counter's `_total` suffix, which
 * `promtool check metrics` refuses; the same counts stay, by type, in `nodejs_active_handles`,
 * `nodejs_active_requests` and `nodejs_active_resources`.
 */
const MISNAMED_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
]

export function createRegistry(opts: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry()
  if (opts.processMetrics) {
    collectDefaultMetrics({ register: registry })
    for (const name of MISNAMED_GAUGES) registry.removeSingleMetric(name)
  }
  return registry
}

export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`
}
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx']

export { Counter, Gauge, Registry }

export interface HttpMetricsOptions {
  /** The series prefix and the service's name: `aml` gives aml_requests_total … */
  service: string
  /** Node.js process metrics beside the service's own (default true). */
  processMetrics?: boolean
  /** Route options of GET /metrics (the router marks it public). */
  routeConfig?: Record<string, unknown>
}

/**
 * Requests counted and timed per route template and status class, and GET /metrics serving
 * them with the process metrics in the Prometheus text format (checked by `promtool check
 * metrics` in the tests). The gateway keeps its own, richer series (per agent).
 */
export function registerHttpMetrics(app: App, opts: HttpMetricsOptions): Registry {
  const registry = createRegistry({ processMetrics: opts.processMetrics ?? true })
  const labelNames = ['method', 'route', 'status_class'] as const
  const requests = new Counter({
    name: `${opts.service}_requests_total`,
    help: 'Requests answered, by method, route template and status class',
    labelNames,
    registers: [registry],
  })
  const duration = new Histogram({
    name: `${opts.service}_request_duration_seconds`,
    help: 'Time from request arrival to the response being sent, in seconds',
    labelNames,
    buckets: DURATION_BUCKETS_SECONDS,
    registers: [registry],
  })
  // One labels object per method, route template and status class, made on first use: the hook
  // runs on every response, synchronously (an async hook costs a promise each).
  const seen = new Map<string, { method: string; route: string; status_class: string }>()
  app.addHook('onResponse', (request, reply, done) => {
    // The template, never the raw path: ids and keys stay out of the labels.
    const route = request.routeOptions.url ?? 'unmatched'
    const statusClassOf = statusClass(reply.statusCode)
    const key = `${request.method} ${statusClassOf} ${route}`
    let labels = seen.get(key)
    if (!labels) {
      labels = { method: request.method, route, status_class: statusClassOf }
      seen.set(key, labels)
    }
    requests.inc(labels)
    duration.observe(labels, reply.elapsedTime / 1000)
    done()
  })
  app.get(
    '/metrics',
    {
      ...(opts.routeConfig ? { config: opts.routeConfig } : {}),
      schema: {
        summary: 'Prometheus metrics (text exposition format)',
        response: {
          200: {
            description: `The ${opts.service}_* series and the process metrics, Prometheus text format 0.0.4.`,
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('content-type', registry.contentType)
      reply.header('cache-control', 'no-store')
      return registry.metrics()
    },
  )
  return registry
}
