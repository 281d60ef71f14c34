/**
 * DNS pinning: the guard's HTTP agent connects only to addresses the guard vetted. Its `lookup`
 * answers from the addresses pinned for a name while a fetch of that name is under way, so a second
 * resolution (DNS rebinding) cannot happen and a name nobody pinned does not resolve at all.
 */
import type { LookupFunction } from 'node:net'
import { Agent } from 'undici'
import type { ResolvedAddress } from './vetting.ts'

export interface PinnedAgent {
  agent: Agent
  /** Pins a name to its vetted addresses until the returned release is called. */
  pin(hostname: string, addresses: ResolvedAddress[]): () => void
}

/** An agent whose connections reach only pinned addresses; `timeoutMs` bounds connect, headers and body. */
export function createPinnedAgent(timeoutMs: number): PinnedAgent {
  // Addresses vetted for a name, held while a fetch of that name is under way.
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
    connect: { lookup: pinnedLookup, timeout: timeoutMs },
    // The guard's own signal bounds every phase; these only keep undici from waiting longer.
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
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

  return { agent, pin }
}
