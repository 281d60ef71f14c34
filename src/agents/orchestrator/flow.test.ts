import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { FIXED_NOW, silentLogger, testDeps } from '../../../test/agents/harness.ts'
import { createDispatcher } from '../dispatch.ts'
import { sayIn } from '../lang.ts'
import { type AgentContext, defineAgent } from '../types.ts'
import { type FlowStep, runFlow, skip } from './flow.ts'
import { resultAggregator } from './result_aggregator.ts'

const crash = defineAgent({
  service: 'risk',
  name: 'crash',
  description: 'throws a plain error, as a bug would',
  input: Type.Object({}, { additionalProperties: false }),
  output: Type.Object({}),
  verdict: 'informational',
  examples: [],
  async run() {
    throw new Error('boom')
  },
})

const approve = defineAgent({
  service: 'banking',
  name: 'approve',
  description: 'approves',
  input: Type.Object({ amount: Type.Number() }, { additionalProperties: false }),
  output: Type.Object({ decision: Type.Literal('approve') }),
  verdict: { field: 'decision', map: { approve: 'clear' } },
  examples: [],
  async run() {
    return { decision: 'approve' as const }
  },
})

const steps: FlowStep[] = [
  {
    id: 'a',
    service: 'banking',
    agent: 'approve',
    purpose: { cs: 'approve', en: 'approve' },
    input: (r) => ({ amount: r.amount }),
  },
  { id: 'b', service: 'risk', agent: 'crash', purpose: { cs: 'crash', en: 'crash' }, input: () => ({}) },
  {
    id: 'c',
    service: 'banking',
    agent: 'approve',
    purpose: { cs: 'after the crash', en: 'after the crash' },
    after: ['b'],
    input: (r) => ({ amount: r.amount }),
  },
  {
    id: 'd',
    service: 'banking',
    agent: 'approve',
    purpose: { cs: 'tolerant', en: 'tolerant' },
    after: ['b'],
    tolerant: true,
    input: (r) => ({ amount: r.amount }),
  },
  {
    id: 'e',
    service: 'banking',
    agent: 'approve',
    purpose: { cs: 'not applicable', en: 'not applicable' },
    input: () => skip({ cs: 'chybí x', en: 'needs x' }),
  },
  {
    id: 'f',
    service: 'banking',
    agent: 'approve',
    purpose: { cs: 'bad input', en: 'bad input' },
    input: () => ({ amount: 'ten' }),
  },
]

function context(): AgentContext {
  const d = createDispatcher([crash, approve, resultAggregator], testDeps(), silentLogger)
  return {
    now: FIXED_NOW,
    deps: testDeps(),
    logger: silentLogger,
    lang: 'en',
    say: sayIn('en'),
    call: async (s, a, i) => (await d.call(s, a, i, { now: FIXED_NOW, depth: 1, lang: 'en' })).output,
  }
}

describe('runFlow', () => {
  it('records a crashing step, skips what needs it, runs what does not, and rolls up', async () => {
    const out = await runFlow('test', steps, [], { amount: 10 }, context())
    const by = Object.fromEntries(out.steps.map((s) => [s.id, s]))
    expect(out.plan).toEqual([
      ['a', 'b', 'e', 'f'],
      ['c', 'd'],
    ])
    expect(by.a).toMatchObject({ status: 'ok', output: { decision: 'approve' } })
    expect(by.b).toMatchObject({ status: 'failed', error: { code: 'internal_error' } })
    expect(by.b!.error!.message).not.toContain('boom')
    expect(by.c).toMatchObject({ status: 'skipped', reason: 'depends on b (failed)' })
    expect(by.d).toMatchObject({ status: 'ok' })
    expect(by.e).toMatchObject({ status: 'skipped', reason: 'needs x', not_applicable: true })
    expect(by.f).toMatchObject({
      status: 'failed',
      error: { code: 'invalid_request', details: { field: 'amount' } },
    })
    expect(out).toMatchObject({
      status: 'completed_with_failures',
      verdict: 'incomplete',
      counts: { ok: 2, failed: 2, skipped: 2 },
    })
  })

  it('reports each duty as a rule citing its sections, with what each of its steps found', async () => {
    const duty = {
      name: 'approval',
      text: { cs: 'schválení', en: 'approval' },
      law: ['method-flow-runner'] as [string],
      steps: ['a', 'b', 'e'],
    }
    const out = await runFlow('test', steps, [duty], { amount: 10 }, context())
    const rule = out.rules_applied.find((r) => r.rule.startsWith('approval:'))
    expect(rule).toMatchObject({
      basis: ['method-flow-runner'],
      outcome: 'a: clear; b: failed (internal_error); e: not run (needs x)',
    })
    expect(out.sources).toContainEqual({ name: 'risk/crash', status: 'failed', error: 'b: internal_error' })
  })
})
