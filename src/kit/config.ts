/**
 * Typed configuration, parsed once from the environment at start-up. A spec is a record of
 * variable readers; `parseEnv` runs every reader, collects every problem and throws one
 * `ConfigError` naming each bad variable, so a misconfigured deployment fails before it listens.
 * Nothing outside this module (and the CLI entry that passes `process.env` in) reads `process.env`.
 */

import { isAbsolute, resolve } from 'node:path'

/** The folder of package.json: relative paths in variables are taken from here. */
const PROJECT_ROOT = resolve(import.meta.dirname, '../..')

import ipaddr from 'ipaddr.js'

export type Env = Readonly<Record<string, string | undefined>>

export interface Reader<T> {
  read(name: string, raw: string | undefined): T
  /** Shown by `gatehouse config` and in docs. */
  describe: string
}

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

class Problem extends Error {}

function present(raw: string | undefined): raw is string {
  return raw !== undefined && raw.trim() !== ''
}

export const env = {
  string(opts: { default: string; doc?: string }): Reader<string> {
    return { describe: opts.doc ?? '', read: (_n, raw) => (present(raw) ? raw.trim() : opts.default) }
  },
  /**
   * A folder or file: a relative value is taken from the project root, not from the current
   * directory, so `cd src && gatehouse keys list` opens the same database as `npm start`.
   */
  path(opts: { default: string; doc?: string }): Reader<string> {
    return {
      describe: opts.doc ?? '',
      read: (_n, raw) => {
        const value = present(raw) ? raw.trim() : opts.default
        return value === '' || isAbsolute(value) ? value : resolve(PROJECT_ROOT, value)
      },
    }
  },
  optionalString(opts: { doc?: string } = {}): Reader<string | undefined> {
    return { describe: opts.doc ?? '', read: (_n, raw) => (present(raw) ? raw.trim() : undefined) }
  },
  int(opts: { default: number; min?: number; max?: number; doc?: string }): Reader<number> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return opts.default
        if (!/^-?\d+$/.test(raw.trim())) throw new Problem(`must be an integer, got "${raw}"`)
        const value = Number(raw)
        if (opts.min !== undefined && value < opts.min)
          throw new Problem(`must be >= ${opts.min}, got ${value}`)
        if (opts.max !== undefined && value > opts.max)
          throw new Problem(`must be <= ${opts.max}, got ${value}`)
        return value
      },
    }
  },
  /** A decimal number ("0.82", "1e-3"), within min..max when given. */
  number(opts: { default: number; min?: number; max?: number; doc?: string }): Reader<number> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return opts.default
        const value = Number(raw.trim())
        if (!Number.isFinite(value)) throw new Problem(`must be a number, got "${raw}"`)
        if (opts.min !== undefined && value < opts.min)
          throw new Problem(`must be >= ${opts.min}, got ${value}`)
        if (opts.max !== undefined && value > opts.max)
          throw new Problem(`must be <= ${opts.max}, got ${value}`)
        return value
      },
    }
  },
  port(opts: { default: number; doc?: string }): Reader<number> {
    return env.int({ default: opts.default, min: 0, max: 65535, doc: opts.doc })
  },
  bool(opts: { default: boolean; doc?: string }): Reader<boolean> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return opts.default
        const v = raw.trim().toLowerCase()
        if (['1', 'true', 'yes', 'on'].includes(v)) return true
        if (['0', 'false', 'no', 'off'].includes(v)) return false
        throw new Problem(`must be true or false, got "${raw}"`)
      },
    }
  },
  oneOf<const T extends string>(values: readonly T[], opts: { default: T; doc?: string }): Reader<T> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return opts.default
        const v = raw.trim() as T
        if (!values.includes(v)) throw new Problem(`must be one of ${values.join(', ')}, got "${raw}"`)
        return v
      },
    }
  },
  /** An absolute URL with one of the given protocols; unset gives undefined. */
  url(opts: { protocols: readonly string[]; doc?: string }): Reader<string | undefined> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return undefined
        let parsed: URL
        try {
          parsed = new URL(raw.trim())
        } catch {
          throw new Problem(`must be a URL, got "${raw}"`)
        }
        if (!opts.protocols.includes(parsed.protocol.replace(/:$/, ''))) {
          throw new Problem(`must use ${opts.protocols.join(' or ')}, got "${parsed.protocol}"`)
        }
        return raw.trim()
      },
    }
  },
  /**
   * A comma-separated list of IP addresses and CIDR ranges, IPv4 (dotted decimal only) or IPv6;
   * unset gives an empty list. Each entry is checked, so a typo fails the start, not a request.
   */
  addresses(opts: { doc?: string } = {}): Reader<string[]> {
    return {
      describe: opts.doc ?? '',
      read(_n, raw) {
        if (!present(raw)) return []
        const entries = raw
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)
        const bad = entries.filter((e) => !isAddressOrRange(e))
        if (bad.length > 0)
          throw new Problem(`must be IP addresses or CIDR ranges, got ${bad.map((b) => `"${b}"`).join(', ')}`)
        return entries
      },
    }
  },
}

function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text)
}

function isAddressOrRange(entry: string): boolean {
  const slash = entry.indexOf('/')
  if (slash === -1) return isAddress(entry)
  const address = entry.slice(0, slash)
  const bits = entry.slice(slash + 1)
  if (!isAddress(address) || !/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (address.includes(':') ? 128 : 32)
}

export type Spec = Record<string, Reader<unknown>>
export type Parsed<S extends Spec> = { [K in keyof S]: S[K] extends Reader<infer T> ? T : never }

/** Parses the spec against the environment; throws one ConfigError listing every bad variable. */
export function parseEnv<S extends Spec>(spec: S, source: Env): Parsed<S> {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [name, reader] of Object.entries(spec)) {
    try {
      out[name] = reader.read(name, source[name])
    } catch (error) {
      if (!(error instanceof Problem)) throw error
      problems.push(`${name} ${error.message}`)
    }
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return out as Parsed<S>
}

/** Variables every service reads. Service-specific ones live in services/<name>/config.ts. */
export const commonSpec = {
  NODE_ENV: env.oneOf(['development', 'production', 'test'], { default: 'development' }),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  LOG_FORMAT: env.oneOf(['auto', 'json', 'pretty'], {
    default: 'auto',
    doc: 'auto: readable lines at a terminal, JSON otherwise (a log collector, a pipe)',
  }),
  HOST: env.string({ default: '127.0.0.1', doc: 'interface every service binds to' }),
  DATA_DIR: env.path({
    default: './data/local',
    doc: 'embedded storage (SQLite files); a relative path is taken from the project root',
  }),
  DATABASE_URL: env.url({ protocols: ['postgres', 'postgresql'], doc: 'PostgreSQL instead of SQLite' }),
  REDIS_URL: env.url({ protocols: ['redis', 'rediss'], doc: 'Redis for limits, counters, caches' }),
  /** Bound on one Redis command (ms): a hung Redis fails requests with 503 after this, not never. */
  REDIS_COMMAND_TIMEOUT_MS: env.int({
    default: 500,
    min: 10,
    max: 60_000,
    doc: 'ms one Redis command may take before it fails (503)',
  }),
  /** What the shared rate limiters do while Redis is unreachable: refuse (503) or let requests through. */
  RATE_LIMIT_ON_REDIS_ERROR: env.oneOf(['closed', 'open'], {
    default: 'closed',
    doc: 'closed: 503 while Redis is unreachable; open: requests pass unlimited until it is back',
  }),
  /**
   * Peers whose X-Forwarded-For is believed: requests from them are counted (rate limits, logs) as
   * the client they forward for. Anyone else could name any address, so the default trusts none.
   */
  TRUSTED_PROXIES: env.addresses({
    doc: 'comma-separated IPs/CIDRs of reverse proxies (e.g. the router) whose X-Forwarded-For names the client',
  }),
  /** Seconds SIGTERM waits for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: env.int({ default: 10, min: 1, max: 600 }),
  // OpenTelemetry (the standard variables, see src/kit/tracing.ts): spans are exported over
  // OTLP/HTTP only when an endpoint is set; traceparent is accepted and passed on either way.
  OTEL_EXPORTER_OTLP_ENDPOINT: env.url({
    protocols: ['http', 'https'],
    doc: 'OTLP/HTTP collector base URL (traces go to <url>/v1/traces); unset: no spans exported',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: env.url({
    protocols: ['http', 'https'],
    doc: 'full OTLP/HTTP traces URL, instead of OTEL_EXPORTER_OTLP_ENDPOINT',
  }),
  OTEL_EXPORTER_OTLP_PROTOCOL: env.oneOf(['http/protobuf', 'http/json'], {
    default: 'http/protobuf',
    doc: 'OTLP encoding (gRPC is not offered)',
  }),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: env.oneOf(['', 'http/protobuf', 'http/json'], {
    default: '',
    doc: 'OTLP encoding for traces; unset: OTEL_EXPORTER_OTLP_PROTOCOL',
  }),
  OTEL_SERVICE_NAME: env.string({
    default: '',
    doc: 'service.name of the spans; unset: gatehouse-<service> (several services: <name>-<service>)',
  }),
  OTEL_TRACES_EXPORTER: env.oneOf(['otlp', 'none'], { default: 'otlp', doc: 'none: export no spans' }),
  OTEL_SDK_DISABLED: env.bool({ default: false, doc: 'true: export no spans' }),
}

export type CommonConfig = Parsed<typeof commonSpec>
