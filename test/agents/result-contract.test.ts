/**
 * The one result contract (src/agents/result.ts): every agent's output schema carries it, every
 * worked example of all 88 agents answers with it — with its sources down, as the examples run
 * here — and no answer built on a failed source is favourable.
 */
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { agents } from '../../src/agents/index.ts'
import { completeResult, VERDICTS } from '../../src/agents/result.ts'
import { defineAgent } from '../../src/agents/types.ts'
import { citationProblems } from './citations.ts'
import { FIXED_NOW, testDispatcher } from './harness.ts'

const CONTRACT = ['verdict', 'partial', 'sources', 'rules_applied', 'assumptions']
const FAVOURABLE = new Set(['clear', 'informational'])

describe('the result contract in every output schema', () => {
  it('requires the five contract fields, the verdict from the one closed vocabulary', () => {
    const problems: string[] = []
    for (const a of agents) {
      const schema = a.output as {
        properties: Record<string, { enum?: string[] }>
        required: string[]
      }
      for (const field of CONTRACT) {
        if (!schema.properties[field]) problems.push(`${a.service}/${a.name}: no ${field}`)
        if (!schema.required.includes(field)) problems.push(`${a.service}/${a.name}: ${field} not required`)
      }
      expect(schema.properties.verdict!.enum).toEqual(Object.keys(VERDICTS))
    }
    expect(problems).toEqual([])
  })

  it('says for every agent how its own result maps to the verdict', () => {
    for (const a of agents) expect(a.verdictRule.length, `${a.service}/${a.name}`).toBeGreaterThan(10)
  })
})

describe('every worked example answers with the contract (sources down)', () => {
  // testDispatcher points every outside source at a closed port: the examples run with no source.
  const d = testDispatcher(agents)
  const cases = agents.flatMap((a) =>
    a.examples.map((example, i) => ({ service: a.service, name: a.name, i, input: example.input, agent: a })),
  )

  it.each(cases)('$service/$name example $i', async ({ service, name, input, agent }) => {
    const { output } = await d.call(service, name, input, { now: FIXED_NOW })
    expect(citationProblems(agent, output)).toEqual([])
    const out = output as Record<string, unknown>
    for (const field of CONTRACT) expect(out, field).toHaveProperty(field)
    expect(Object.keys(VERDICTS)).toContain(out.verdict)
    const sources = out.sources as { status: string }[]
    if (sources.some((s) => s.status === 'failed')) expect(out.partial).toBe(true)
    if (out.partial === true)
      expect(FAVOURABLE.has(out.verdict as string), `verdict ${out.verdict}`).toBe(false)
  })
})

describe('completing a result', () => {
  const rule = { field: 'decision' as const, map: { approve: 'clear', decline: 'adverse' } as const }

  it('turns a favourable verdict on a failed source into incomplete, and marks the answer partial', () => {
    const out = completeResult(rule, {
      decision: 'approve',
      sources: [{ name: 'ares', status: 'failed' as const, error: 'timeout' }],
    })
    expect(out).toMatchObject({ verdict: 'incomplete', partial: true })
  })

  it('keeps an adverse verdict on a partial answer: it is already the conservative one', () => {
    expect(completeResult(rule, { decision: 'decline', partial: true }).verdict).toBe('adverse')
  })

  it('fills the lists an agent did not give and keeps its own fields', () => {
    expect(completeResult('informational', { monthly_payment: 21_000 })).toEqual({
      verdict: 'informational',
      monthly_payment: 21_000,
      partial: false,
      sources: [],
      rules_applied: [],
      assumptions: [],
    })
  })

  it('refuses a value its map does not cover (a bug in the agent, not a guess)', () => {
    expect(() => completeResult(rule, { decision: 'maybe' })).toThrow('no verdict for decision = maybe')
  })

  it('composes the contract into an agent defined without it, and fills it in on every run', async () => {
    const agent = defineAgent({
      service: 'data',
      name: 'probe',
      description: 'a check that consults one source',
      input: Type.Object({}),
      output: Type.Object({ found: Type.Boolean() }),
      verdict: { field: 'found', map: { true: 'clear', false: 'adverse' } },
      examples: [],
      async run() {
        return { found: true, sources: [{ name: 'ares', status: 'failed' as const }] }
      },
    })
    expect((agent.output as { required: string[] }).required).toEqual(['found', ...CONTRACT])
    const { output } = await testDispatcher([agent]).call('data', 'probe', {})
    expect(output).toMatchObject({ found: true, verdict: 'incomplete', partial: true })
  })
})
