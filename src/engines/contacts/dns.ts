/**
 * Mail-exchanger lookups for e-mail checks: MX records of a domain, the RFC 5321 § 5.1 fallback
 * to the domain's own A/AAAA address when it publishes no MX, and RFC 7505 "null MX" (a single
 * MX "." that says the domain accepts no mail). A real resolver (node:dns) with a per-query
 * timeout, a retry, a configurable server list (tests point it at a local UDP responder) and a
 * small TTL cache of definite answers. A server that does not answer is a failure naming the
 * source "dns", never a guess.
 */
import { Resolver } from 'node:dns/promises'

interface MxRecord {
  exchange: string
  priority: number
}

type MailDomainStatus =
  /** MX records found. */
  | 'mx'
  /** No MX, but the domain has an address: mail goes there (RFC 5321 § 5.1 implicit MX). */
  | 'implicit_mx'
  /** The domain publishes a null MX (RFC 7505): it accepts no mail. */
  | 'null_mx'
  /** The domain exists but has neither MX nor address records. */
  | 'no_mail'
  /** The domain does not exist (NXDOMAIN). */
  | 'nxdomain'
  /** The resolver could not answer (timeout, refused, SERVFAIL): unknown, not negative. */
  | 'failed'

interface MailDomainAnswer {
  domain: string
  status: MailDomainStatus
  /** Sorted by priority (lowest first). */
  mx: MxRecord[]
  /** Addresses used when there is no MX. */
  addresses: string[]
  /** The resolver's error code when status is "failed" (ETIMEOUT, ECONNREFUSED, ESERVFAIL …). */
  error?: string
  /** True when the answer came from the cache. */
  cached: boolean
}

export interface DnsLookup {
  /** Where mail for the domain goes. Never throws: failures come back as status "failed". */
  mailDomain(domain: string): Promise<MailDomainAnswer>
  /** Whether the name resolves to any address or mail exchanger (for domain guessing). */
  exists(
    domain: string,
  ): Promise<{ status: 'exists' | 'nxdomain' | 'failed'; error?: string; cached: boolean }>
  /** The servers asked ("system" when the operating system's resolver configuration is used). */
  readonly servers: string[]
}

export interface DnsOptions {
  /** "host" or "host:port"; empty = the system's resolvers. */
  servers?: string[]
  /** Per query attempt, milliseconds. */
  timeoutMs?: number
  /** Attempts per query (c-ares retries on timeout). */
  tries?: number
  /** How long a definite answer (found / not found) is reused, milliseconds. */
  cacheTtlMs?: number
  cacheMaxEntries?: number
}

const NOT_FOUND = new Set(['ENOTFOUND'])
const NO_DATA = new Set(['ENODATA'])

export function createDnsLookup(opts: DnsOptions = {}): DnsLookup {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 })
  if (opts.servers && opts.servers.length > 0) resolver.setServers(opts.servers)
  const ttl = opts.cacheTtlMs ?? 10 * 60_000
  const max = opts.cacheMaxEntries ?? 5000
  const cache = new Map<string, { expires: number; value: unknown }>()

  function remember<T>(key: string, value: T): T {
    if (ttl <= 0) return value
    if (cache.size >= max) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(key, { expires: Date.now() + ttl, value })
    return value
  }
  function recall<T>(key: string): T | undefined {
    const hit = cache.get(key)
    if (!hit) return undefined
    if (hit.expires <= Date.now()) {
      cache.delete(key)
      return undefined
    }
    return hit.value as T
  }

  async function addresses(domain: string): Promise<{ list: string[]; code?: string }> {
    const list: string[] = []
    let code: string | undefined
    for (const query of [() => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
      try {
        list.push(...(await query()))
      } catch (error) {
        const c = errorCode(error)
        if (!NO_DATA.has(c)) code ??= c
      }
    }
    return code === undefined ? { list } : { list, code }
  }

  return {
    servers: opts.servers && opts.servers.length > 0 ? [...opts.servers] : ['system'],

    async mailDomain(input) {
      const domain = input.toLowerCase().replace(/\.$/, '')
      const key = `mail:${domain}`
      const hit = recall<Omit<MailDomainAnswer, 'cached'>>(key)
      if (hit) return { ...hit, cached: true }
      let mx: MxRecord[] = []
      try {
        mx = (await resolver.resolveMx(domain)).map((r) => ({ exchange: r.exchange, priority: r.priority }))
      } catch (error) {
        const code = errorCode(error)
        if (NOT_FOUND.has(code)) {
          return { ...remember(key, { domain, status: 'nxdomain', mx: [], addresses: [] }), cached: false }
        }
        if (!NO_DATA.has(code)) {
          return { domain, status: 'failed', mx: [], addresses: [], error: code, cached: false }
        }
      }
      mx.sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange))
      if (mx.length === 1 && (mx[0]!.exchange === '' || mx[0]!.exchange === '.')) {
        return { ...remember(key, { domain, status: 'null_mx', mx, addresses: [] }), cached: false }
      }
      if (mx.length > 0) {
        return { ...remember(key, { domain, status: 'mx', mx, addresses: [] }), cached: false }
      }
      const addr = await addresses(domain)
      if (addr.list.length > 0) {
        return {
          ...remember(key, { domain, status: 'implicit_mx', mx: [], addresses: addr.list }),
          cached: false,
        }
      }
      if (addr.code && NOT_FOUND.has(addr.code)) {
        return { ...remember(key, { domain, status: 'nxdomain', mx: [], addresses: [] }), cached: false }
      }
      if (addr.code)
        return { domain, status: 'failed', mx: [], addresses: [], error: addr.code, cached: false }
      return { ...remember(key, { domain, status: 'no_mail', mx: [], addresses: [] }), cached: false }
    },

    async exists(input) {
      const domain = input.toLowerCase().replace(/\.$/, '')
      const answer = await this.mailDomain(domain)
      switch (answer.status) {
        case 'nxdomain':
          return { status: 'nxdomain', cached: answer.cached }
        case 'failed':
          return { status: 'failed', error: answer.error ?? 'unknown', cached: answer.cached }
        default:
          return { status: 'exists', cached: answer.cached }
      }
    },
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : 'EUNKNOWN'
}
