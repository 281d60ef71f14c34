/**
 * WEB_ALLOWED_HOSTS, the operator's one way past the address check: exact internal hosts
 * (`host` or `host:port`), parsed and matched as WHATWG URLs spell them, and the guard's limits as
 * a service's config reads them.
 */
import { isIP } from 'node:net'
import { ConfigError, env, type Reader } from '../config.ts'

/** One WEB_ALLOWED_HOSTS entry: a host (any port) or a host and port. */
export interface AllowedHost {
  /** As WHATWG URL spells the host: lower-case, IPv4 dotted, IPv6 in brackets, no trailing dot. */
  host: string
  port?: number
}

/** The largest body kept by default, raw and decoded: 10 MiB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024

/**
 * Parses WEB_ALLOWED_HOSTS: comma-separated `host`, `host:port`, `[ipv6]:port` or a bare IPv6
 * address. Hosts are normalised as URLs spell them (so `127.0.0.1` and `LOCALHOST.` compare like
 * the URLs a caller sends). Wildcards, paths and schemes are refused: an entry opens one host.
 */
export function parseAllowedHosts(csv: string | undefined): AllowedHost[] {
  const out: AllowedHost[] = []
  for (const raw of (csv ?? '').split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    let hostPart = entry
    let portPart: string | undefined
    const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry)
    if (bracketed) {
      hostPart = `[${bracketed[1]}]`
      portPart = bracketed[2]
    } else if (isIP(entry) === 6) {
      hostPart = `[${entry}]`
    } else {
      const colon = entry.lastIndexOf(':')
      if (colon !== -1) {
        hostPart = entry.slice(0, colon)
        portPart = entry.slice(colon + 1)
      }
    }
    if (!/^[^/?#@\\*\s%]+$/.test(hostPart))
      throw new Error(`"${entry}" is not a host or host:port (no scheme, path, wildcard or user)`)
    let host: string
    try {
      host = stripDot(new URL(`http://${hostPart}/`).hostname)
    } catch {
      throw new Error(`"${entry}" is not a valid host`)
    }
    let port: number | undefined
    if (portPart !== undefined) {
      port = /^\d{1,5}$/.test(portPart) ? Number(portPart) : Number.NaN
      if (!(port >= 1 && port <= 65535)) throw new Error(`"${entry}": port must be 1–65535`)
    }
    out.push(port === undefined ? { host } : { host, port })
  }
  return out
}

/** True when an entry opens the URL's host (and port, when the entry names one). */
export function isAllowedHost(allowed: readonly AllowedHost[], url: URL): boolean {
  const host = stripDot(url.hostname)
  const port = effectivePort(url)
  return allowed.some((a) => a.host === host && (a.port === undefined || a.port === port))
}

export function stripDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host
}

/** The port a connection to the URL uses: its own, else 443 for https and 80 for http. */
export function effectivePort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

/** WEB_ALLOWED_HOSTS and the guard's limits, for a service's config spec. */
export const egressSpec = {
  WEB_ALLOWED_HOSTS: {
    describe:
      'comma-separated host or host:port entries the web fetches may reach even when internal (nothing else is)',
    read(name: string, raw: string | undefined): AllowedHost[] {
      try {
        return parseAllowedHosts(raw)
      } catch (error) {
        throw new ConfigError([`${name} ${(error as Error).message}`])
      }
    },
  } satisfies Reader<AllowedHost[]>,
  WEB_FETCH_TIMEOUT_SECONDS: env.int({
    default: 10,
    min: 1,
    max: 120,
    doc: 'whole outbound web fetch, redirects and body included',
  }),
  WEB_FETCH_MAX_BYTES: env.int({
    default: DEFAULT_MAX_BYTES,
    min: 1024,
    max: 512 * 1024 * 1024,
    doc: 'largest outbound web body kept, in bytes (raw and decoded)',
  }),
}

/** The guard's options from a config read with egressSpec. */
export function egressSettings(config: {
  WEB_ALLOWED_HOSTS: AllowedHost[]
  WEB_FETCH_TIMEOUT_SECONDS: number
  WEB_FETCH_MAX_BYTES: number
}): { allowedHosts: AllowedHost[]; timeoutMs: number; maxBytes: number } {
  return {
    allowedHosts: config.WEB_ALLOWED_HOSTS,
    timeoutMs: config.WEB_FETCH_TIMEOUT_SECONDS * 1000,
    maxBytes: config.WEB_FETCH_MAX_BYTES,
  }
}
