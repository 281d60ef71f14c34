/**
 * Prometheus metrics. Each service owns one registry (so `/metrics` shows only its series) and
 * names its series with its own prefix. Durations are in seconds; the buckets start well below a
 * millisecond because most routes here answer in under one. Labels are bounded: route templates and
 * status classes, never raw paths, ids or keys.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export const DURATION_BUCKETS_SECONDS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
]

export function createRegistry(opts: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry()
  if (opts.processMetrics) collectDefaultMetrics({ register: registry })
  return registry
}

export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`
}
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx']

export { Counter, Gauge, Histogram, Registry }
