/**
 * Health of everything behind the gateway. Each probe runs with a short timeout, all at once; the
 * answer is kept for `cacheMs` so /health (a public route) cannot be used to flood the services it
 * probes. Required services (the database, Redis when configured, the agent runner when AGENTS_URL
 * is set) decide the status: all up is `ok`, a required one down is `down` (503); an optional one
 * (knowledge, AML, router) down is `degraded`, still 200: agent calls do not need them.
 */

type ServiceState = 'up' | 'down'

export interface Probe {
  name: string
  required: boolean
  /** Resolves with details when healthy; throws (or rejects) with the reason otherwise. */
  check(signal: AbortSignal): Promise<Record<string, unknown>>
}

export interface ServiceHealth {
  status: ServiceState
  required: boolean
  latency_ms: number
  error?: string
  [detail: string]: unknown
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down'
  checked_at: string
  services: Record<string, ServiceHealth>
}

export class HealthChecker {
  private readonly probes: readonly Probe[]
  private readonly timeoutMs: number
  private readonly cacheMs: number
  private readonly onReport: (report: HealthReport) => void
  private last: { at: number; report: Promise<HealthReport> } | undefined

  constructor(opts: {
    probes: readonly Probe[]
    timeoutMs: number
    cacheMs?: number
    onReport?: (report: HealthReport) => void
  }) {
    this.probes = opts.probes
    this.timeoutMs = opts.timeoutMs
    this.cacheMs = opts.cacheMs ?? 2000
    this.onReport = opts.onReport ?? (() => undefined)
  }

  /** The current report; concurrent callers within `cacheMs` share one round of probes. */
  report(): Promise<HealthReport> {
    const now = Date.now()
    if (this.last && now - this.last.at < this.cacheMs) return this.last.report
    const report = this.run()
    this.last = { at: now, report }
    return report
  }

  private async run(): Promise<HealthReport> {
    const results = await Promise.all(this.probes.map((p) => this.one(p)))
    const services: Record<string, ServiceHealth> = {}
    for (const [i, probe] of this.probes.entries()) services[probe.name] = results[i]!
    const requiredDown = results.some((r) => r.required && r.status === 'down')
    const anyDown = results.some((r) => r.status === 'down')
    const report: HealthReport = {
      status: requiredDown ? 'down' : anyDown ? 'degraded' : 'ok',
      checked_at: new Date().toISOString(),
      services,
    }
    this.onReport(report)
    return report
  }

  private async one(probe: Probe): Promise<ServiceHealth> {
    const started = performance.now()
    const signal = AbortSignal.timeout(this.timeoutMs)
    const timedOut = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error(`no answer within ${this.timeoutMs} ms`))),
    )
    try {
      const details = await Promise.race([probe.check(signal), timedOut])
      return { status: 'up', required: probe.required, latency_ms: elapsed(started), ...details }
    } catch (error) {
      return {
        status: 'down',
        required: probe.required,
        latency_ms: elapsed(started),
        error: (error as Error).message,
      }
    }
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100
}

/** Probes `${baseUrl}${path}`: 2xx is up; any other answer still proves the service is reachable,
 * except a 5xx, which is down. */
export function httpProbe(name: string, baseUrl: string, opts: { required: boolean; path?: string }): Probe {
  const url = `${baseUrl.replace(/\/+$/, '')}${opts.path ?? '/health'}`
  return {
    name,
    required: opts.required,
    async check(signal) {
      let response: Response
      try {
        response = await fetch(url, { signal, headers: { accept: 'application/json' } })
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code
        throw new Error(`${url} unreachable${cause ? ` (${cause})` : ''}`)
      }
      await response.body?.cancel()
      if (response.status >= 500) throw new Error(`${url} answered HTTP ${response.status}`)
      return { url, http_status: response.status }
    },
  }
}
