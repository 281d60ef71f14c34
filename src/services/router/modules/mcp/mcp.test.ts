/**
 * The MCP servers, driven by the SDK's own client over both transports (Streamable HTTP and SSE)
 * against a listening router, with the knowledge service faked locally.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeService, startFakeServices } from '../../../../../test/router/fake-services.ts'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'
import { TOOL_SERVICES } from '../../tool-catalogue.ts'

let fake: FakeService
let h: Harness
let base: string
beforeAll(async () => {
  fake = await startFakeServices()
  h = await routerHarness({ start: false, env: { KNOWLEDGE_URL: fake.url, AML_URL: 'http://127.0.0.1:9' } })
  base = await h.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await h.close()
  await fake.close()
})

async function connect(transport: StreamableHTTPClientTransport | SSEClientTransport): Promise<Client> {
  const client = new Client({ name: 'router-test', version: '1.0.0' })
  await client.connect(transport)
  return client
}

describe('MCP servers', () => {
  it('serves 14 distinct tool services', async () => {
    expect(new Set(TOOL_SERVICES).size).toBe(14)
    const res = await h.app.inject({ method: 'GET', url: '/v1/mcp' })
    expect(res.json().data.services.map((s: { service: string }) => s.service)).toEqual([...TOOL_SERVICES])
  })

  it('lists prefixed tools and calls one over Streamable HTTP', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/knowledge`)))
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual(['knowledge_collections', 'knowledge_search'])
      expect(tools.every((t) => t.name.startsWith('knowledge_'))).toBe(true)
      const result = await client.callTool({
        name: 'knowledge_search',
        arguments: { query: 'skutečný majitel' },
      })
      expect(result.isError).toBeFalsy()
      expect(result.structuredContent).toMatchObject({ query: 'skutečný majitel' })
      expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', url: '/rag/search' })
    } finally {
      await client.close()
    }
  })

  it('answers at …/{service}/mcp too, the URL the MCP Inspector makes of a path not ending in /mcp', async () => {
    for (const url of [`${base}/v1/mcp/banking/mcp`, `${base}/mcp/aml-screening/mcp`]) {
      const client = await connect(new StreamableHTTPClientTransport(new URL(url)))
      const tools = (await client.listTools()).tools.map((t) => t.name)
      expect(tools.length).toBeGreaterThan(0)
      await client.close()
    }
  })

  it('serves an agent service’s agents as tools and runs them through the dispatcher', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/banking`)))
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBe(6)
      expect(tools.every((t) => t.name.startsWith('banking_'))).toBe(true)
      const result = await client.callTool({
        name: 'banking_mortgage_calculator',
        arguments: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 },
      })
      expect(result.isError).toBeFalsy()
      expect((result.structuredContent as { monthly_payment: number }).monthly_payment).toBeCloseTo(
        15_721.83,
        1,
      )
      const bad = await client.callTool({ name: 'banking_mortgage_calculator', arguments: { amount: -1 } })
      expect(bad.isError).toBe(true)
      expect((bad.content as { text: string }[])[0]!.text).toMatch(/^invalid_request/)
      const stats = await h.app.inject({ method: 'GET', url: '/v1/agents/registry/stats?service=banking' })
      const mortgage = stats
        .json()
        .data.agents.find((a: { agent: string }) => a.agent === 'mortgage_calculator')
      expect(mortgage).toMatchObject({ calls: 2, errors: 1 })
    } finally {
      await client.close()
    }
  })

  it('lists lang in every agent tool’s schema and answers in the language the call names, Czech without one', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/banking`)))
    try {
      const { tools } = await client.listTools()
      for (const t of tools)
        expect((t.inputSchema.properties as Record<string, { enum?: string[] }>).lang?.enum).toEqual([
          'cs',
          'en',
        ])
      const args = { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 }
      const outcome = async (extra: Record<string, unknown>) => {
        const result = await client.callTool({
          name: 'banking_mortgage_calculator',
          arguments: { ...args, ...extra },
        })
        return (result.structuredContent as { rules_applied: { outcome: string }[] }).rules_applied[0]!
          .outcome
      }
      expect(await outcome({ lang: 'en' })).toMatch(/CZK a month/)
      expect(await outcome({})).toMatch(/Kč měsíčně/)
    } finally {
      await client.close()
    }
  })

  it('lists addresses the MCP Inspector uses as they are: Streamable HTTP ending in /mcp, SSE in /sse', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/mcp' })
    const listed = res.json().data.services as { service: string; streamable_http: string; sse: string }[]
    for (const entry of listed) {
      expect(entry.streamable_http).toBe(`/v1/mcp/${entry.service}/mcp`)
      expect(entry.sse).toBe(`/mcp/${entry.service}/sse`)
    }
    const banking = listed.find((e) => e.service === 'banking')!
    for (const transport of [
      new StreamableHTTPClientTransport(new URL(`${base}${banking.streamable_http}`)),
      new SSEClientTransport(new URL(`${base}${banking.sse}`)),
    ]) {
      const client = await connect(transport)
      try {
        expect((await client.listTools()).tools.length).toBe(6)
      } finally {
        await client.close()
      }
    }
  })

  it('names every bad argument of a tool call, not only the first, before running the tool', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/banking`)))
    try {
      const bad = await client.callTool({
        name: 'banking_mortgage_calculator',
        arguments: { amount: -1, annual_rate_pct: 'four', colour: 'red' },
      })
      expect(bad.isError).toBe(true)
      const text = (bad.content as { text: string }[])[0]!.text
      expect(text).toMatch(/^invalid_request: /)
      for (const named of ['amount', 'annual_rate_pct', 'term_months', 'colour'])
        expect(text).toContain(named)
    } finally {
      await client.close()
    }
    const screening = await connect(
      new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp/aml-screening`)),
    )
    try {
      const before = fake.requests.length
      const bad = await screening.callTool({ name: 'aml_screening_person', arguments: { first_name: 5 } })
      expect(bad.isError).toBe(true)
      const text = (bad.content as { text: string }[])[0]!.text
      expect(text).toMatch(/^invalid_request: /)
      expect(text).toContain('last_name')
      expect(text).toContain('first_name')
      // Refused before any service is asked (it would have screened the name "undefined").
      expect(fake.requests.length).toBe(before)
    } finally {
      await screening.close()
    }
  })

  it('speaks the SSE transport under /mcp/*', async () => {
    const client = await connect(new SSEClientTransport(new URL(`${base}/mcp/knowledge/sse`)))
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain('knowledge_collections')
      const result = await client.callTool({ name: 'knowledge_collections', arguments: {} })
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual({
        collections: [{ name: 'aml_regulations', documents: 12 }],
      })
    } finally {
      await client.close()
    }
  })

  it('reports a tool whose service is down as a tool error, not a protocol failure', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/aml-screening`)))
    try {
      const result = await client.callTool({ name: 'aml_screening_company', arguments: { ico: '27074358' } })
      expect(result.isError).toBe(true)
      expect((result.content as { text: string }[])[0]!.text).toMatch(
        /upstream_error: The aml service failed/,
      )
    } finally {
      await client.close()
    }
  })

  it('answers 404 in the envelope for a service that does not exist', async () => {
    const res = await fetch(`${base}/v1/mcp/nonsense`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })
})
