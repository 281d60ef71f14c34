/**
 * What the orchestrator's tests share: a dispatcher over the whole catalogue, the agents' examples
 * and the steps of a flow's result.
 */
import { expect } from 'vitest'
import { type AgentName, agents, type ResultNamed } from '../../src/agents/index.ts'
import { orchestratorAgents } from '../../src/agents/orchestrator/index.ts'
import { testDispatcher } from './harness.ts'

export const d = testDispatcher(agents)
export const ex = (name: string, i: number) =>
  orchestratorAgents.find((a) => a.name === name)!.examples[i]!.input
/** A step of a flow's result (every flow answers in the same shape). */
type Step = ResultNamed<'loan_application_flow'>['steps'][number]

export const step = (out: { steps: Step[] }, id: string) => out.steps.find((s) => s.id === id)!

/** The output of a flow's step `id`, typed as the result of the agent it calls. */
export function outputOf<N extends AgentName>(out: { steps: Step[] }, id: string, agent: N): ResultNamed<N> {
  const s = step(out, id)
  expect(s.agent).toBe(agent)
  return s.output as ResultNamed<N>
}

/**
 * A step whose agent another part of the catalogue provides: it ran when that agent exists, and it
 * failed with not_found (the flow going on) when it does not yet.
 */
export function expectComposed(s: Step) {
  if (d.find(s.service, s.agent)) expect(s.status).not.toBe('skipped')
  else expect(s).toMatchObject({ status: 'failed', error: { code: 'not_found' } })
}
