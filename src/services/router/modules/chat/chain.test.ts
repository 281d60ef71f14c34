/**
 * Chain chat with a fake LLM that asks for tools (knowledge search and AML over HTTP to local
 * fakes, an agent through the dispatcher), the conversation stored one row per message; and the
 * agents registry with the statistics those calls leave behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../../test/router/fake-openai.ts'
import { type FakeService, startFakeServices } from '../../../../../test/router/fake-services.ts'
import { eventually, type Harness, routerHarness } from '../../../../../test/router/harness.ts'

let llm: FakeOpenAi
let services: FakeService
let h: Harness
beforeAll(async () => {
  llm = await startFakeOpenAi()
  services = await startFakeServices()
  h = await routerHarness({
    env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'tools', KNOWLEDGE_URL: services.url, AML_URL: services.url },
  })
})
afterAll(async () => {
  await h.close()
  await llm.close()
  await services.close()
})

const chat = (payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/v1/chain/chat', payload })

describe('chain chat', () => {
  it('lets the model call platform tools, answers, and lists the tools it called', async () => {
    llm.script.push(
      {
        tool_calls: [
          { name: 'knowledge_search', arguments: { query: 'skutečný majitel' } },
          { name: 'aml_screening_company', arguments: { ico: '27074358' } },
        ],
      },
      {
        tool_calls: [
          {
            name: 'agents_call',
            arguments: {
              service: 'banking',
              agent: 'mortgage_calculator',
              input: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 },
            },
          },
        ],
      },
      { content: 'Firma je bez nálezu v sankčních seznamech; splátka vychází na 15 721 Kč.' },
    )
    const res = await chat({ message: 'Prověř firmu 27074358 a spočítej hypotéku 3 mil. na 30 let.' })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data.message).toEqual({
      role: 'assistant',
      content: 'Firma je bez nálezu v sankčních seznamech; splátka vychází na 15 721 Kč.',
    })
    expect(data.tools_called.map((t: { name: string; ok: boolean }) => [t.name, t.ok])).toEqual([
      ['knowledge_search', true],
      ['aml_screening_company', true],
      ['agents_call', true],
    ])
    expect(data.steps).toBe(3)
    expect(data.usage.total_tokens).toBe(42)
    // The tool results went back to the model.
    const third = llm.requests.at(-1)!.body.messages as { role: string; content: string | null }[]
    const toolResults = third.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!))
    expect(toolResults[0].results[0].id).toBe('aml-zakon-253-2008')
    expect(toolResults[1].screening_id).toBe('AML-20261122-0001')
    expect(toolResults[2].monthly_payment).toBeGreaterThan(15_000)
    expect(services.requests.map((r) => r.url)).toEqual(['/rag/search', '/api/aml/screen/complete'])

    const stored = await h.app.inject({
      method: 'GET',
      url: `/v1/chain/conversations/${data.conversation_id}`,
    })
    expect(stored.json().data.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ])
  })

  it('continues a conversation with its stored history and reports failing tools to the model', async () => {
    llm.script.push({ content: 'Rozumím.' })
    const first = await chat({ message: 'Ahoj' })
    const id = first.json().data.conversation_id
    llm.script.push(
      { tool_calls: [{ name: 'agents_call', arguments: { service: 'banking', agent: 'no_such' } }] },
      { content: 'Ten agent neexistuje.' },
    )
    const second = await chat({ message: 'Zavolej neexistujícího agenta', conversation_id: id })
    const data = second.json().data
    expect(data.conversation_id).toBe(id)
    expect(data.tools_called[0]).toMatchObject({
      name: 'agents_call',
      ok: false,
      error: expect.stringMatching(/not_found/),
    })
    const sent = llm.requests.at(-2)!.body.messages as { role: string; content: string }[]
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
  })

  it('offers only the tools asked for, by name or prefix, and refuses unknown ones', async () => {
    llm.script.push({ content: 'ok' })
    await chat({ message: 'x', tools: ['banking_*'] })
    const offered = (llm.requests.at(-1)!.body.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    )
    expect(offered).toContain('banking_mortgage_calculator')
    expect(offered.every((n) => n.startsWith('banking_'))).toBe(true)
    const bad = await chat({ message: 'x', tools: ['nothing_like_this'] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details.field).toBe('tools')
  })

  it('answers 404 for a conversation that does not exist', async () => {
    const res = await chat({ message: 'x', conversation_id: '00000000-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(404)
  })
})

describe('agents registry', () => {
  it('lists the agents with their paths and tool names, and the registered workers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/agents/registry?service=banking' })
    const data = res.json().data
    const mortgage = data.agents.find((a: { name: string }) => a.name === 'mortgage_calculator')
    expect(mortgage).toMatchObject({
      service: 'banking',
      path: '/api/banking/mortgage_calculator',
      mcp_tool: 'banking_mortgage_calculator',
    })
    expect(data.services.find((s: { name: string }) => s.name === 'banking').expected).toBe(6)
    expect(data.workers.some((w: { type: string }) => w.type === 'builtin')).toBe(true)
  })

  it('counts calls, errors and latency percentiles per agent from the calls the router made', async () => {
    const job = await h.app.inject({
      method: 'POST',
      url: '/tasks',
      payload: {
        kind: 'agent.call',
        input: { service: 'banking', agent: 'mortgage_calculator', input: { amount: -5 } },
      },
    })
    expect(job.statusCode).toBe(201)
    await eventually(async () => {
      const t = (await h.app.inject({ method: 'GET', url: `/tasks/${job.json().data.task.id}` })).json().data
        .task
      return t.status === 'FAILED' ? t : undefined
    })
    const res = await h.app.inject({ method: 'GET', url: '/v1/agents/registry/stats?service=banking' })
    const stats = res.json().data
    const mortgage = stats.agents.find((a: { agent: string }) => a.agent === 'mortgage_calculator')
    expect(mortgage.calls).toBe(2)
    expect(mortgage.errors).toBe(1)
    expect(mortgage.error_rate).toBe(0.5)
    expect(mortgage.latency_ms.p50).toBeLessThanOrEqual(mortgage.latency_ms.p99)
    expect(stats.period_days).toBe(7)
  })
})
