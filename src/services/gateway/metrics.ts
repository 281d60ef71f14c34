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
  active: Gauge
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

class RequestCounter extends RequestSeries<{ labels: Labels; value: number }> {
  readonly type = 'counter'
  /**
   * Counts one under `key`, the caller's name for a label set; false when the key is new, and the
   * caller then calls `add` with its labels (built only then: this runs on every request).
   */
  inc(key: string): boolean {
    const entry = this.series.get(key)
    if (entry === undefined) return false
    entry.value++
    return true
  }
  add(key: string, labels: Labels): void {
    const entry = this.series.get(key)
    if (entry) entry.value++
    else this.series.set(key, { labels, value: 1 })
  }
  async get() {
    const values = [...this.series.values()].map((e) => ({ labels: e.labels, value: e.value }))
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
  }
}

class RequestHistogram extends RequestSeries<{
  labels: Labels
  counts: number[]
  sum: number
  count: number
}> {
  readonly type = 'histogram'
  private readonly bounds: readonly number[]
  constructor(name: string, help: string, bounds: readonly number[]) {
    super(name, help)
    this.bounds = bounds
  }
  /** Records `value` under `key`; false when the key is new (then call `add`, as for the counter). */
  observe(key: string, value: number): boolean {
    const entry = this.series.get(key)
    if (entry === undefined) return false
    const bounds = this.bounds
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        entry.counts[i]!++
        break
      }
    }
    entry.sum += value
    entry.count++
    return true
  }
  add(key: string, labels: Labels, value: number): void {
    if (!this.series.has(key)) {
      this.series.set(key, { labels, counts: new Array(this.bounds.length).fill(0), sum: 0, count: 0 })
    }
    this.observe(key, value)
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
  return {
    registry,
    requests,
    duration,
    active: new Gauge({
      name: 'gateway_active_requests',
      help: 'Requests in progress',
      registers: [registry],
    }),
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
