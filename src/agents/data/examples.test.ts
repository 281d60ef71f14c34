/**
 * Every worked example of the data and aml agents runs through the dispatcher (input and output
 * validated against the agent's schemas) with all sources replayed locally, and answers fully:
 * no source fails in an example. Each example's concrete values are asserted in the agent's tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DnsTestServer, startDnsServer } from '../../../test/agents/dns-server.ts'
import { type Replay, startReplay } from '../../../test/sources/replay.ts'
import { replayDeps, SOURCE_ROUTES, testDispatcher } from '../../../test/sources/routes.ts'
import { amlAgents } from '../aml/index.ts'
import type { Dispatcher } from '../dispatch.ts'
import { AGENT_SERVICE_COUNTS } from '../types.ts'
import { dataAgents } from './index.ts'

let replay: Replay
let dns: DnsTestServer
let d: Dispatcher
beforeAll(async () => {
  replay = await startReplay(SOURCE_ROUTES)
  dns = await startDnsServer({
    'example-shop.cz': { mx: [{ priority: 10, exchange: 'mx1.example-shop.cz' }] },
    'no-mail.example.cz': { mx: [{ priority: 0, exchange: '.' }] },
  })
  d = testDispatcher([...dataAgents, ...amlAgents], replayDeps(replay.url, { DNS_SERVERS: dns.address }))
})
afterAll(async () => {
  await replay.close()
  await dns.close()
})

// A Monday after the examples' dates, so every dated example lies in the past.
const NOW = new Date('2026-11-23T09:00:00Z')

describe('data and aml agents', () => {
  it('have the counts of the spec (data 16, aml 7) and the spec’s example names', () => {
    expect(dataAgents).toHaveLength(AGENT_SERVICE_COUNTS.data)
    expect(amlAgents).toHaveLength(AGENT_SERVICE_COUNTS.aml)
    expect(dataAgents.map((a) => a.name)).toContain('ares_lookup')
    expect(amlAgents.map((a) => a.name)).toContain('company_screening')
  })

  for (const agent of [...dataAgents, ...amlAgents]) {
    it(`${agent.service}/${agent.name}: describes itself, closes its input schema and has at least two examples`, () => {
      expect(agent.description.length).toBeGreaterThan(60)
      expect((agent.input as { additionalProperties?: boolean }).additionalProperties).toBe(false)
      expect(agent.examples.length).toBeGreaterThanOrEqual(2)
    })

    for (const example of agent.examples) {
      it(`${agent.service}/${agent.name}: "${example.title}" answers within its schema, from every source`, async () => {
        const { output } = await d.call(agent.service, agent.name, example.input, { now: NOW, lang: 'en' })
        const out = output as { rules_applied?: unknown[]; partial?: boolean; sources?: { status: string }[] }
        expect(Array.isArray(out.rules_applied) && out.rules_applied.length > 0).toBe(true)
        if (out.partial !== undefined) expect(out.partial, JSON.stringify(out.sources)).toBe(false)
        for (const s of out.sources ?? []) expect(s.status).not.toBe('failed')
      })
    }
  }
})
