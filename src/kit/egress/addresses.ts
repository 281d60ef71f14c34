/**
 * Which addresses and names the egress guard refuses. An address is public only when it is global
 * unicast: IPv4 outside every special-purpose block of the IANA registry (RFC 6890 and successors),
 * IPv6 inside 2000::/3 outside the special blocks there. IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 they embed; forms whose
 * destination the guard cannot judge (IPv4-compatible, local-use NAT64, Teredo) are refused.
 * Addresses are parsed by ipaddr.js, only after node:net's isIP accepted them as canonical text
 * (and, for IPv6, after WHATWG URL rewrote them in hex groups).
 */
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

function ranges(list: [string, string][]): [Range, string][] {
  return list.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name])
}

const IPV4 = ranges([
  ['0.0.0.0/8', 'this network / unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local, cloud metadata'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved, broadcast'],
])

// Checked in order; the embedding forms come before the global-unicast test.
const IPV6_REFUSED = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0/96', 'IPv4-translated'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/32', 'Teredo'],
  ['2001::/23', 'IETF protocol assignments'],
  ['2001:db8::/32', 'documentation'],
  ['2620:4f:8000::/48', 'AS112'],
  ['3fff::/20', 'documentation'],
  ['fc00::/7', 'unique local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
])
const MAPPED: Range = ipaddr.parseCIDR('::ffff:0:0/96')
const NAT64: Range = ipaddr.parseCIDR('64:ff9b::/96')
const SIX_TO_FOUR: Range = ipaddr.parseCIDR('2002::/16')
const GLOBAL_UNICAST: Range = ipaddr.parseCIDR('2000::/3')

function ipv4Range(address: ipaddr.IPv4): string | undefined {
  return IPV4.find(([range]) => address.match(range))?.[1]
}

function embedded(bytes: number[], from: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.slice(from, from + 4))
}

/**
 * Why an address may not be reached ("loopback", "NAT64 of private" …), or undefined when it is
 * public. Anything that is not canonical IPv4 or IPv6 text is refused.
 */
export function forbiddenRange(address: string): string | undefined {
  const family = isIP(address)
  if (family === 0) return 'not an IP address'
  if (family === 4) return ipv4Range(ipaddr.IPv4.parse(address))
  // WHATWG URL spells IPv6 canonically (hex groups): ipaddr.js reads "::a.b.c.d" as IPv4-mapped.
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1))
  const bytes = v6.toByteArray()
  const inner = (name: string, v4: ipaddr.IPv4) => {
    const range = ipv4Range(v4)
    return range ? `${name} of ${v4.toString()}: ${range}` : undefined
  }
  if (v6.match(MAPPED)) return inner('IPv4-mapped', embedded(bytes, 12))
  if (v6.match(NAT64)) return inner('NAT64', embedded(bytes, 12))
  if (v6.match(SIX_TO_FOUR)) return inner('6to4', embedded(bytes, 2))
  const refused = IPV6_REFUSED.find(([range]) => v6.match(range))
  if (refused) return refused[1]
  if (!v6.match(GLOBAL_UNICAST)) return 'not global unicast'
  return undefined
}

/**
 * Why a host name is internal by its spelling alone, or undefined. Such names resolve (if at all)
 * through local resolvers or search domains to internal hosts, whatever public DNS says.
 */
export function internalName(hostname: string): string | undefined {
  const name = hostname.toLowerCase()
  if (name === 'localhost' || name.endsWith('.localhost')) return 'localhost'
  if (!name.includes('.')) return 'single-label name'
  if (name.endsWith('.local')) return 'mDNS .local'
  if (name.endsWith('.internal')) return 'private-use .internal (cloud metadata)'
  if (name.endsWith('.home.arpa')) return 'home network .home.arpa'
  if (name.endsWith('.localdomain')) return '.localdomain'
  return undefined
}
