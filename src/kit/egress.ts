/**
 * The egress guard: the one way a fetch that a caller's URL can cause leaves the platform (pages,
 * every redirect hop, robots.txt, linked documents, crawler links, the browser's requests).
 *
 * - Only http and https, no credentials in the URL, no internal names (localhost, *.local,
 *   *.internal, single-label names).
 * - The guard resolves the name itself (once per hop) and refuses the URL when any answer is not a
 *   public unicast address (src/kit/egress/addresses.ts has the ranges, IPv4-mapped, NAT64 and 6to4
 *   forms checked by the IPv4 they embed). The connection then goes to those vetted addresses and
 *   nowhere else: the HTTP agent's `lookup` answers only from the addresses this guard pinned for
 *   the name, so a second resolution (DNS rebinding) cannot happen.
 * - Redirects are followed here, hop by hop, each hop checked like the first.
 * - Body size (raw and decoded) and total time (DNS, connect, every hop, body) are capped.
 * - An operator opens exact internal hosts (`host` or `host:port`) with WEB_ALLOWED_HOSTS;
 *   nothing else is ever allowed.
 *
 * Refusals are `EgressRefused` (an AppError with an `egress_*` code and its HTTP status), thrown
 * before any connection is attempted.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { Agent } from 'undici'
import { ConfigError, env, type Reader } from './config.ts'
import { forbiddenRange, internalName } from './egress/addresses.ts'
import { AppError, type ErrorDetails, type RefinedErrorCode } from './errors.ts'

export { forbiddenRange } from './egress/addresses.ts'

/** Stable codes of a refusal; the standard envelope shows them upper-case (EGRESS_SCHEME …). */
export type EgressCode = Extract<RefinedErrorCode, `egress_${string}`>

export class EgressRefused extends AppError {
  override readonly code: EgressCode
  constructor(code: EgressCode, message: string, details: ErrorDetails = {}) {
    super(code, message, { field: 'url', rule: code, ...details })
    this.name = 'EgressRefused'
    this.code = code
  }
}

export function isEgressRefused(error: unknown): error is EgressRefused {
  return error instanceof EgressRefused
}

/** One WEB_ALLOWED_HOSTS entry: a host (any port) or a host and port. */
export interface AllowedHost {
  /** As WHATWG URL spells the host: lower-case, IPv4 dotted, IPv6 in brackets, no trailing dot. */
  host: string
  port?: number
}

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a name to every address it has (the default: dns.lookup with all: true). */
type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

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

/** A URL that passed the guard, with the addresses a connection to it may use. */
interface Vetted {
  url: URL
  /** The host without brackets (a name, or an IP literal). */
  hostname: string
  /** The effective port (80/443 when the URL names none). */
  port: number
  /** Every address the name resolved to (all checked), or the literal itself. */
  addresses: ResolvedAddress[]
  /** True when a WEB_ALLOWED_HOSTS entry opened this host (the address check was skipped). */
  allowed: boolean
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
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: 'gatehouse/0.1 (+https://gatehouse.cz)',
}

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
    default: DEFAULTS.maxBytes,
    min: 1024,
    max: 512 * 1024 * 1024,
    doc: 'largest outbound web body kept, in bytes (raw and decoded)',
  }),
}

export function egressSettings(config: {
  WEB_ALLOWED_HOSTS: AllowedHost[]
  WEB_FETCH_TIMEOUT_SECONDS: number
  WEB_FETCH_MAX_BYTES: number
}): EgressOptions {
  return {
    allowedHosts: config.WEB_ALLOWED_HOSTS,
    timeoutMs: config.WEB_FETCH_TIMEOUT_SECONDS * 1000,
    maxBytes: config.WEB_FETCH_MAX_BYTES,
  }
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'NXDOMAIN'])

export function createEgress(options: EgressOptions = {}): Egress {
  const allowed = options.allowedHosts ?? []
  const limits = {
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  }
  const userAgent = options.userAgent ?? DEFAULTS.userAgent
  const resolve = options.resolve ?? systemResolver

  // Addresses vetted for a name, held while a fetch of that name is under way. The agent's lookup
  // answers only from here, so a socket can only ever open to an address this guard checked.
  const pins = new Map<string, { addresses: ResolvedAddress[]; holders: number }>()
  const pinnedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0
    const list = (pins.get(hostname)?.addresses ?? []).filter((a) => family === 0 || a.family === family)
    const first = list[0]
    if (!first) {
      const error = Object.assign(new Error(`${hostname} was not vetted by the egress guard`), {
        code: 'ENOTFOUND',
      })
      return callback(error, '', 0)
    }
    if (lookupOptions.all) return callback(null, list)
    return callback(null, first.address, first.family)
  }
  const agent = new Agent({
    connect: { lookup: pinnedLookup, timeout: limits.timeoutMs },
    // The guard's own signal bounds every phase; these only keep undici from waiting longer.
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
  })

  function pin(hostname: string, addresses: ResolvedAddress[]): () => void {
    const held = pins.get(hostname)
    if (held) {
      held.addresses = addresses
      held.holders++
    } else pins.set(hostname, { addresses, holders: 1 })
    return () => {
      const now = pins.get(hostname)
      if (now && --now.holders === 0) pins.delete(hostname)
    }
  }

  function isAllowed(url: URL): boolean {
    const host = stripDot(url.hostname)
    const port = effectivePort(url)
    return allowed.some((a) => a.host === host && (a.port === undefined || a.port === port))
  }

  async function check(input: string | URL, signal?: AbortSignal, hop = 0): Promise<Vetted> {
    const where = hop === 0 ? {} : { hop }
    // A refused redirect names its hop: the caller's URL was fine, the site sent it there.
    const subject = hop === 0 ? 'url' : `redirect ${hop}`
    let url: URL
    try {
      url = input instanceof URL ? new URL(input.href) : new URL(input)
    } catch {
      throw new EgressRefused('egress_invalid_url', `${subject}: must be an absolute http(s) URL`, where)
    }
    const shown = { url: redact(url), ...where }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new EgressRefused(
        'egress_scheme',
        `${subject}: scheme ${url.protocol.slice(0, 20)} is not allowed (http or https only)`,
        shown,
      )
    if (url.username !== '' || url.password !== '')
      throw new EgressRefused(
        'egress_credentials',
        `${subject}: must not carry a user name or password`,
        shown,
      )
    if (url.hostname === '') throw new EgressRefused('egress_invalid_url', `${subject}: has no host`, shown)
    const open = isAllowed(url)
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
    const port = effectivePort(url)
    const literal = isIP(hostname)
    if (literal !== 0) {
      const range = forbiddenRange(hostname)
      if (range && !open)
        throw new EgressRefused(
          'egress_private_address',
          `${subject}: ${hostname} is not a public address (${range})`,
          { ...shown, range },
        )
      return {
        url,
        hostname,
        port,
        addresses: [{ address: hostname, family: literal === 6 ? 6 : 4 }],
        allowed: open,
      }
    }
    const internal = internalName(stripDot(hostname))
    if (internal && !open)
      throw new EgressRefused(
        'egress_private_address',
        `${subject}: ${hostname} is an internal name (${internal})`,
        {
          ...shown,
          range: internal,
        },
      )
    let answers: ResolvedAddress[]
    try {
      answers = await abortable(resolve(hostname), signal)
    } catch (error) {
      if (signal?.aborted) throw error
      const code = (error as { code?: string }).code ?? ''
      if (NOT_FOUND.has(code))
        throw new EgressRefused('egress_unresolvable', `${subject}: ${hostname} does not resolve`, shown)
      throw new EgressRefused(
        'egress_upstream',
        `${subject}: looking up ${hostname} failed (${code || 'error'})`,
        shown,
      )
    }
    if (answers.length === 0)
      throw new EgressRefused('egress_unresolvable', `${subject}: ${hostname} has no address`, shown)
    for (const answer of answers) {
      const family = isIP(answer.address)
      const range = family === 0 ? 'not an IP address' : forbiddenRange(answer.address)
      // The address itself is not shown: it would map the internal network for the caller.
      if (range && !open)
        throw new EgressRefused(
          'egress_private_address',
          `${subject}: ${hostname} resolves to an address that is not public (${range})`,
          { ...shown, range },
        )
      if (family === 0)
        throw new EgressRefused(
          'egress_upstream',
          `${subject}: ${hostname} resolved to a malformed address`,
          shown,
        )
    }
    const addresses = answers.map((a) => ({ address: a.address, family: isIP(a.address) as 4 | 6 }))
    return { url, hostname, port, addresses, allowed: open }
  }

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
        vetted = await check(current, signal, hop)
      } catch (error) {
        if (timeout.aborted && !isEgressRefused(error)) throw timedOut(hop, String(current))
        throw error
      }
      const url = vetted.url
      const release = pin(url.hostname, vetted.addresses)
      try {
        let response: Awaited<ReturnType<Agent['request']>>
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
        const location = header(response.headers, 'location')
        if (status >= 300 && status < 400 && status !== 304 && location !== undefined) {
          discard(response.body)
          let next: URL
          try {
            next = new URL(location, url)
          } catch {
            throw new EgressRefused('egress_upstream', `url: ${url.host} redirected to an invalid URL`, {
              url: redact(url),
              hop: hop + 1,
            })
          }
          if (hop >= maxRedirects)
            throw new EgressRefused('egress_too_many_redirects', `url: more than ${maxRedirects} redirects`, {
              url: redact(url),
              limit: maxRedirects,
            })
          // Credentials a caller set for one origin never follow a redirect to another.
          if (next.origin !== url.origin) headers = withoutCredentials(headers)
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
        const finalUrl = url.toString()
        return {
          url: finalUrl,
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
    check: (url, signal) => check(url, signal),
    fetch: guardedFetch,
    close: () => agent.close(),
  }
}

/** Reads a body up to maxBytes raw and maxBytes decoded; over either, EGRESS_TOO_LARGE. */
async function readCapped(
  body: Readable,
  headers: Headers,
  maxBytes: number,
  signal: AbortSignal,
  url: URL,
  hop: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new EgressRefused('egress_too_large', `url: the answer is larger than ${maxBytes} bytes`, {
      url: redact(url),
      limit_bytes: maxBytes,
      ...(hop > 0 ? { hop } : {}),
    })
  const declared = Number(headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(body)
    throw tooLarge()
  }
  const encoding = (headers.get('content-encoding') ?? '').trim().toLowerCase()
  const decoder = decoderFor(encoding)
  let raw = 0
  async function* countRaw(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      raw += chunk.length
      if (raw > maxBytes) throw tooLarge()
      yield chunk
    }
  }
  const chunks: Buffer[] = []
  let size = 0
  async function collect(source: AsyncIterable<Buffer>): Promise<void> {
    for await (const chunk of source) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge()
      chunks.push(chunk)
    }
  }
  if (decoder) await pipeline(body, countRaw, decoder, collect, { signal })
  else await pipeline(body, countRaw, collect, { signal })
  if (decoder) {
    headers.delete('content-encoding')
    headers.delete('content-length')
  }
  return Buffer.concat(chunks, size)
}

/** Drops a body unread (its connection closes); the abort it raises is expected, not an error. */
function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

function decoderFor(encoding: string): Transform | undefined {
  // Truncated streams are common on the web; take what arrived instead of failing the page.
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip(flush)
  if (encoding === 'deflate') return zlib.createInflate(flush)
  if (encoding === 'br')
    return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
  return undefined
}

/** Decodes a body: the Content-Type charset, else a <meta charset> near the top, else UTF-8. */
function decodeText(body: Buffer, contentType: string | null): string {
  const declared = /charset\s*=\s*"?([A-Za-z0-9_.:-]{1,40})/i.exec(contentType ?? '')?.[1]
  const head = body.subarray(0, 2048).toString('latin1')
  const meta = /<meta[^>]{0,200}?charset\s*=\s*["']?([A-Za-z0-9_.:-]{1,40})/i.exec(head)?.[1]
  for (const label of [declared, meta]) {
    if (!label) continue
    try {
      return new TextDecoder(label).decode(body)
    } catch {
      // An unknown label: try the next source.
    }
  }
  return new TextDecoder('utf-8').decode(body)
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

function stripDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host
}

function effectivePort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

/** The URL as shown in errors: no user info, no query (it may carry tokens), at most 200 characters. */
function redact(url: URL): string {
  const shown = `${url.protocol}//${url.host}${url.pathname}`
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown
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

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const { authorization: _a, cookie: _c, ...rest } = headers
  return rest
}

type RawHeaders = Record<string, string | string[] | undefined>

function header(headers: RawHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function toHeaders(raw: RawHeaders): Headers {
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
