/**
 * The egress guard: the one way a fetch that a caller's URL can cause leaves the platform (pages,
 * every redirect hop, robots.txt, linked documents, crawler links, the browser's requests).
 *
 * - Only http and https, no credentials in the URL, no internal names (localhost, *.local,
 *   *.internal, single-label names).
 * - The guard resolves the name itself (once per hop) and refuses the URL when any answer is not a
 *   public unicast address (egress/vetting.ts; egress/addresses.ts has the ranges, IPv4-mapped,
 *   NAT64 and 6to4 forms checked by the IPv4 they embed). The connection then goes to those vetted
 *   addresses and nowhere else: the HTTP agent's `lookup` answers only from the addresses this
 *   guard pinned for the name (egress/pinning.ts), so a second resolution (DNS rebinding) cannot
 *   happen.
 * - Redirects are followed here, hop by hop, each hop checked like the first (egress/redirects.ts).
 * - Body size (raw and decoded) and total time (DNS, connect, every hop, body) are capped
 *   (egress/body.ts).
 * - An operator opens exact internal hosts (`host` or `host:port`) with WEB_ALLOWED_HOSTS
 *   (egress/allowed-hosts.ts); nothing else is ever allowed.
 *
 * Refusals are `EgressRefused` (an AppError with an `egress_*` code and its HTTP status), thrown
 * before any connection is attempted. `createEgress` is the guard's one entry point.
 */
import { type AllowedHost, DEFAULT_MAX_BYTES } from './egress/allowed-hosts.ts'
import { decodeText, discard, readCapped } from './egress/body.ts'
import { createPinnedAgent } from './egress/pinning.ts'
import { headersForHop, nextHop, redirectLocation } from './egress/redirects.ts'
import { EgressRefused, isEgressRefused, redact } from './egress/refusal.ts'
import { type Resolver, systemResolver, type Vetted, vet } from './egress/vetting.ts'

export { forbiddenRange } from './egress/addresses.ts'
export { egressSettings, egressSpec, parseAllowedHosts } from './egress/allowed-hosts.ts'
export { type EgressCode, EgressRefused, isEgressRefused } from './egress/refusal.ts'
export type { ResolvedAddress } from './egress/vetting.ts'

export interface EgressOptions {
  /** WEB_ALLOWED_HOSTS, parsed (see parseAllowedHosts); the only way past the address check. */
  allowedHosts?: AllowedHost[]
  /** Largest body kept, raw and decoded, in bytes (default 10 MiB). */
  maxBytes?: number
  /** Whole fetch, every hop and the body included, in milliseconds (default 10 s). */
  timeoutMs?: number
  /** Redirects followed (default 5); one more is EGRESS_TOO_MANY_REDIRECTS. */
  maxRedirects?: number
  userAgent?: string
  /** Name resolution; tests inject one. */
  resolve?: Resolver
}

interface EgressFetchInit {
  method?: 'GET' | 'HEAD'
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Per-call limits, each at most the guard's own. */
  maxBytes?: number
  timeoutMs?: number
  maxRedirects?: number
}

export interface GuardedResponse {
  /** Where the answer finally came from (after redirects). */
  url: string
  status: number
  /** The answer's headers; content-encoding and content-length are dropped when the body was decoded. */
  headers: Headers
  /** The body, decoded from gzip/deflate/br, at most maxBytes. */
  body: Buffer
  /** Every URL redirected to, in order. */
  redirects: string[]
  /** The body as text: charset from Content-Type, else a <meta charset>, else UTF-8. */
  text(): string
}

export interface Egress {
  /** Checks a URL (scheme, credentials, name, every resolved address); throws EgressRefused. */
  check(url: string | URL, signal?: AbortSignal): Promise<Vetted>
  /** GET (or HEAD) through the guard; answers any HTTP status, throws EgressRefused. */
  fetch(url: string | URL, init?: EgressFetchInit): Promise<GuardedResponse>
  /** Closes the guard's kept-alive connections. */
  close(): Promise<void>
}

const DEFAULTS = {
  maxBytes: DEFAULT_MAX_BYTES,
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: 'gatehouse/0.1 (+https://gatehouse.cz)',
}

export function createEgress(options: EgressOptions = {}): Egress {
  const policy = { allowed: options.allowedHosts ?? [], resolve: options.resolve ?? systemResolver }
  const limits = {
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  }
  const userAgent = options.userAgent ?? DEFAULTS.userAgent
  const { agent, pin } = createPinnedAgent(limits.timeoutMs)

  async function guardedFetch(input: string | URL, init: EgressFetchInit = {}): Promise<GuardedResponse> {
    const maxBytes = Math.min(init.maxBytes ?? limits.maxBytes, limits.maxBytes)
    const timeoutMs = Math.min(init.timeoutMs ?? limits.timeoutMs, limits.timeoutMs)
    const maxRedirects = Math.min(init.maxRedirects ?? limits.maxRedirects, limits.maxRedirects)
    const method = init.method ?? 'GET'
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    const timedOut = (hop: number, url: URL | string) =>
      new EgressRefused('egress_timeout', `url: no complete answer within ${timeoutMs} ms`, {
        url: typeof url === 'string' ? url.slice(0, 200) : redact(url),
        limit_ms: timeoutMs,
        ...(hop > 0 ? { hop } : {}),
      })
    let headers: Record<string, string> = {
      'user-agent': userAgent,
      accept: '*/*',
      ...callerHeaders(init.headers ?? {}),
      'accept-encoding': 'gzip, deflate, br',
    }
    const redirects: string[] = []
    let current: URL | string = input
    for (let hop = 0; ; hop++) {
      let vetted: Vetted
      try {
        vetted = await vet(current, policy, signal, hop)
      } catch (error) {
        if (timeout.aborted && !isEgressRefused(error)) throw timedOut(hop, String(current))
        throw error
      }
      const url = vetted.url
      const release = pin(url.hostname, vetted.addresses)
      try {
        let response: Awaited<ReturnType<typeof agent.request>>
        try {
          response = await agent.request({
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method,
            headers,
            signal,
          })
        } catch (error) {
          if (timeout.aborted) throw timedOut(hop, url)
          if (init.signal?.aborted) throw init.signal.reason
          throw new EgressRefused('egress_upstream', `url: ${url.host} failed (${describe(error)})`, {
            url: redact(url),
            ...(hop > 0 ? { hop } : {}),
          })
        }
        const status = response.statusCode
        const location = redirectLocation(status, response.headers)
        if (location !== undefined) {
          discard(response.body)
          const next = nextHop(location, url, hop, maxRedirects)
          headers = headersForHop(headers, url, next)
          redirects.push(next.toString())
          current = next
          continue
        }
        const responseHeaders = toHeaders(response.headers)
        let body: Buffer
        try {
          if (method === 'HEAD') {
            discard(response.body)
            body = Buffer.alloc(0)
          } else body = await readCapped(response.body, responseHeaders, maxBytes, signal, url, hop)
        } catch (error) {
          if (isEgressRefused(error)) throw error
          if (timeout.aborted) throw timedOut(hop, url)
          if (init.signal?.aborted) throw init.signal.reason
          throw new EgressRefused('egress_upstream', `url: ${url.host} broke off (${describe(error)})`, {
            url: redact(url),
          })
        }
        return {
          url: url.toString(),
          status,
          headers: responseHeaders,
          body,
          redirects,
          text: () => decodeText(body, responseHeaders.get('content-type')),
        }
      } finally {
        release()
      }
    }
  }

  return {
    check: (url, signal) => vet(url, policy, signal),
    fetch: guardedFetch,
    close: () => agent.close(),
  }
}

/** Headers the guard sets itself or that would change where or how the request goes. */
const RESERVED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
  'expect',
  'proxy-authorization',
  'proxy-connection',
])

/** A caller's headers, lower-cased, without the reserved ones. */
function callerHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), v] as const)
      .filter(([k]) => !RESERVED_HEADERS.has(k)),
  )
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    try {
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
    } catch {
      // A header value WHATWG Headers refuses (control characters) is dropped, not fatal.
    }
  }
  return headers
}

function describe(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string }; message?: string }
  return e.cause?.code ?? e.code ?? e.message ?? String(error)
}
