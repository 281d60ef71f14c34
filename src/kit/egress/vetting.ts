/**
 * Vetting one URL (the first or a redirect hop) before anything connects: scheme, credentials,
 * internal names, then the name resolved here, once, and every address it resolves to checked
 * against the public ranges (addresses.ts). What passes carries the addresses a connection to it
 * may use (pinning.ts holds them while the request runs).
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { abortable } from '../concurrency.ts'
import { forbiddenRange, internalName } from './addresses.ts'
import { type AllowedHost, effectivePort, isAllowedHost, stripDot } from './allowed-hosts.ts'
import { EgressRefused, redact } from './refusal.ts'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a name to every address it has (the default: dns.lookup with all: true). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** A URL that passed the guard, with the addresses a connection to it may use. */
export interface Vetted {
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

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'NXDOMAIN'])

/**
 * Checks a URL and resolves its name; throws EgressRefused. `hop` is 0 for the caller's URL and
 * the redirect's number otherwise: a refused redirect names its hop (the caller's URL was fine, the
 * site sent it there).
 */
export async function vet(
  input: string | URL,
  policy: { allowed: readonly AllowedHost[]; resolve: Resolver },
  signal?: AbortSignal,
  hop = 0,
): Promise<Vetted> {
  const where = hop === 0 ? {} : { hop }
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
    throw new EgressRefused('egress_credentials', `${subject}: must not carry a user name or password`, shown)
  if (url.hostname === '') throw new EgressRefused('egress_invalid_url', `${subject}: has no host`, shown)
  const open = isAllowedHost(policy.allowed, url)
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
    answers = await abortable(policy.resolve(hostname), signal)
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
