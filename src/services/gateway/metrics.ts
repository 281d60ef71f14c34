/**
 * The gateway's Prometheus series (the spec's six names). Durations in seconds with sub-millisecond
 * buckets; labels bounded: method, route template, agent service and agent name (a closed
 * catalogue), status class — never a key id or a raw path.
 */
import type { Metric } from 'prom-client'
import { Counter, createRegistry, DURATION_BUCKETS_SECONDS, Gauge, type Registry } from '../../kit/metrics.ts'

export interface GatewayMetrics {
  registry: Registry
  requests: RequestCounter
  duration: RequestHistogram
  active: ActiveRequests
  serviceHealth: Gauge<'service'>
  proxyRequests: Counter<'service' | 'agent' | 'status_class'>
  proxyErrors: Counter<'service' | 'agent' | 'reason'>
}

type Labels = Record<string, string>

/**
 * The two series every request touches, kept in plain maps keyed by a string the caller builds,
 * and formatted only when scraped. prom-client's own inc/observe validate and hash the label object
 * on every call, which cost more than the rate limiting itself; the exposition is identical.
 */
abstract class RequestSeries<Entry extends { labels: Labels }> {
  readonly name: string
  readonly help: string
  abstract readonly type: 'counter' | 'histogram'
  readonly aggregator = 'sum' as const
  protected series = new Map<string, Entry>()
  constructor(name: string, help: string) {
    this.name = name
    this.help = help
  }
  reset(): void {
    this.series.clear()
  }
}

/** One counter series: the caller keeps it and counts with `entry.value++`. */
export interface CounterEntry {
  labels: Labels
  value: number
}

/** One histogram series: the caller keeps it and records with `histogram.record(entry, value)`. */
export interface HistogramEntry {
  labels: Labels
  counts: number[]
  sum: number
  count: number
}

class RequestCounter extends RequestSeries<CounterEntry> {
  readonly type = 'counter'
  /**
   * The series under `key`, the caller's name for a label set, made with `labels` the first time
   * (`labels` is called only then). Callers keep the entry: a request counts with one increment.
   */
  entry(key: string, labels: () => Labels): CounterEntry {
    let entry = this.series.get(key)
    if (entry === undefined) {
      entry = { labels: labels(), value: 0 }
      this.series.set(key, entry)
    }
    return entry
  }
  async get() {
    const values = [...this.series.values()].map((e) => ({ labels: e.labels, value: e.value }))
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }
}

class RequestHistogram extends RequestSeries<HistogramEntry> {
  readonly type = 'histogram'
  private readonly bounds: readonly number[]
  constructor(name: string, help: string, bounds: readonly number[]) {
    super(name, help)
    this.bounds = bounds
  }
  /** The series under `key`, made with `labels()` the first time (as for the counter). */
  entry(key: string, labels: () => Labels): HistogramEntry {
    let entry = this.series.get(key)
    if (entry === undefined) {
      entry = { labels: labels(), counts: new Array(this.bounds.length).fill(0), sum: 0, count: 0 }
      this.series.set(key, entry)
    }
    return entry
  }
  /** Records `value` in the series `entry`. */
  record(entry: HistogramEntry, value: number): void {
    const bounds = this.bounds
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        entry.counts[i]!++
        break
      }
    }
    entry.sum += value
    entry.count++
  }
  async get() {
    const values: {
      labels: Record<string, string | number>
      value: number
      metricName: string
    }[] = []
    for (const e of this.series.values()) {
      let cumulative = 0
      this.bounds.forEach((le, i) => {
        cumulative += e.counts[i]!
        values.push({ labels: { ...e.labels, le }, value: cumulative, metricName: `${this.name}_bucket` })
      })
      values.push({ labels: { ...e.labels, le: '+Inf' }, value: e.count, metricName: `${this.name}_bucket` })
      values.push({ labels: e.labels, value: e.sum, metricName: `${this.name}_sum` })
      values.push({ labels: e.labels, value: e.count, metricName: `${this.name}_count` })
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }
}

/**
 * Requests in progress: a plain number moved by the request hooks, read by the gauge only when
 * scraped (prom-client's own inc/dec look up the label set on every call).
 */
class ActiveRequests {
  value = 0
  inc(): void {
    this.value++
  }
  dec(): void {
    this.value--
  }
}

export function createGatewayMetrics(opts: { processMetrics?: boolean } = {}): GatewayMetrics {
  const registry = createRegistry({ processMetrics: opts.processMetrics ?? true })
  const requests = new RequestCounter(
    'gateway_requests_total',
    'Requests answered, by method, route template, agent and status class',
  )
  const duration = new RequestHistogram(
    'gateway_request_duration_seconds',
    'Time from request arrival to the response being sent, in seconds',
    DURATION_BUCKETS_SECONDS,
  )
  registry.registerMetric(requests as unknown as Metric)
  registry.registerMetric(duration as unknown as Metric)
  const active = new ActiveRequests()
  new Gauge({
    name: 'gateway_active_requests',
    help: 'Requests in progress',
    registers: [registry],
    collect() {
      this.set(active.value)
    },
  })
  return {
    registry,
    requests,
    duration,
    active,
    serviceHealth: new Gauge({
      name: 'gateway_service_health',
      help: 'Backing service health as of the last check: 1 healthy, 0 unhealthy',
      labelNames: ['service'],
      registers: [registry],
    }),
    proxyRequests: new Counter({
      name: 'gateway_proxy_requests_total',
      help: 'Agent calls forwarded to AGENTS_URL, by agent and upstream status class (none: no answer)',
      labelNames: ['service', 'agent', 'status_class'],
      registers: [registry],
    }),
    proxyErrors: new Counter({
      name: 'gateway_proxy_errors_total',
      help: 'Forwarded agent calls that failed, by agent and reason (timeout, network, status, invalid_response)',
      labelNames: ['service', 'agent', 'reason'],
      registers: [registry],
    }),
  }
}
