/**
 * The gateway's Prometheus series (the spec's six names). Durations in seconds with sub-millisecond
 * buckets; labels bounded: method, route template, agent service and agent name (a closed
 * catalogue), status class — never a key id or a raw path.
 */
import {
  Counter,
  createRegistry,
  DURATION_BUCKETS_SECONDS,
  Gauge,
  Histogram,
  type Registry,
} from '../../kit/metrics.ts'

export interface GatewayMetrics {
  registry: Registry
  requests: Counter<'method' | 'route' | 'service' | 'agent' | 'status_class'>
  duration: Histogram<'method' | 'route' | 'status_class'>
  active: Gauge
  serviceHealth: Gauge<'service'>
  proxyRequests: Counter<'service' | 'agent' | 'status_class'>
  proxyErrors: Counter<'service' | 'agent' | 'reason'>
}

export function createGatewayMetrics(opts: { processMetrics?: boolean } = {}): GatewayMetrics {
  const registry = createRegistry({ processMetrics: opts.processMetrics ?? true })
  return {
    registry,
    requests: new Counter({
      name: 'gateway_requests_total',
      help: 'Requests answered, by method, route template, agent and status class',
      labelNames: ['method', 'route', 'service', 'agent', 'status_class'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'gateway_request_duration_seconds',
      help: 'Time from request arrival to the response being sent, in seconds',
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS_SECONDS,
      registers: [registry],
    }),
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
