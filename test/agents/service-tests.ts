/**
 * What the per-service agent test files (src/agents/<service>/*.test.ts) share, so each file holds
 * only its own clock, data and expectations: stand-ins for the data agents a domain agent composes,
 * calls at the file's clock, the recorded sources served locally, and the check of every worked
 * example against the file's table of expected values.
 */
import { type TSchema, Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dispatcher } from '../../src/agents/dispatch.ts'
import type { ResultContract } from '../../src/agents/result.ts'
import type { Agent, AgentService } from '../../src/agents/types.ts'
import { AppError, type ErrorCode } from '../../src/kit/errors.ts'
import { type Replay, startReplay } from '../sources/replay.ts'
import { replayDeps, SOURCE_ROUTES } from '../sources/routes.ts'
import { CLOSED_URL, type ResultFor, testDispatcher } from './harness.ts'

/**
 * A test double for another service's agent: answers every call with `answer(input)` (throw from
 * it to play an outage), so a domain agent's use of it is tested without the network or the real
 * agent. The default input schema takes any object; give the real one where the call must fit it.
 */
export function fakeAgent<I = Record<string, unknown>>(
  service: AgentService,
  name: string,
  answer: (input: I) => unknown,
  input: TSchema = Type.Object({}, { additionalProperties: true }),
): Agent {
  // Built by hand, not by defineAgent: a double answers exactly what the test gives it (the
  // result contract included, when the test wants the caller to see a verdict).
  return {
    service,
    name,
    description: 'test double',
    input,
    output: Type.Unknown(),
    verdictRule: 'as the test answers',
    law: [],
    examples: [],
    async run(value) {
      // The dispatcher has checked the value against `input`, the schema the test gives for I.
      return answer(value as I)
    },
  }
}

/** A stand-in for a data agent asked by IČO (input `{ ico: string }`), e.g. insolvency_check. */
export function fakeIcoLookup(name: string, answer: (ico: string) => unknown): Agent {
  return fakeAgent<{ ico: string }>(
    'data',
    name,
    ({ ico }) => answer(ico),
    Type.Object({ ico: Type.String() }),
  )
}

/** A stand-in for the data service's ares_lookup: answers from a table, or fails like an outage. */
export function fakeAres(answer: (ico: string) => unknown): Agent {
  return fakeIcoLookup('ares_lookup', answer)
}

/** ares_lookup in an ARES outage: every call fails with AppError(code, message), naming the source. */
export function aresOutage(code: ErrorCode, message: string): Agent {
  return fakeAres(() => {
    throw new AppError(code, message, { source: 'ares' })
  })
}

/**
 * ares_lookup's answer shape (src/agents/data/ares_lookup.ts) for one IČO: the company ARES
 * returned, or null for an IČO ARES does not know (found: false, not an error).
 */
export function aresAnswer(ico: string, company: Record<string, unknown> | null) {
  return {
    ico,
    found: company !== null,
    company,
    age_years: null,
    vat_registered: company ? true : null,
    fetched_at: '2025-06-01T09:00:00Z',
    verdict: 'informational',
    rules_applied: [],
    sources: [{ name: 'ares', status: 'ok' }],
    partial: false,
    assumptions: [],
  }
}

/** The input of an agent's i-th worked example. */
export function exampleInput(agent: { examples: { input: unknown }[] }, i: number): unknown {
  return agent.examples[i]!.input
}

export interface AgentCalls {
  /** Runs one agent of the service and returns its (schema-checked) output, typed by its name. */
  run<N extends string>(name: N, input: unknown, dispatcher?: Dispatcher): Promise<ResultFor<N>>
  /** The AppError a call is rejected with (fails the test when the call succeeds). */
  rejection(name: string, input: unknown): Promise<AppError>
}

/**
 * Calls to one service's agents at the test file's own clock (`now`), on `dispatcher` unless a
 * call names another. Give a function for a dispatcher the file builds in beforeAll.
 */
export function agentCalls(
  service: string,
  now: Date,
  dispatcher: Dispatcher | (() => Dispatcher),
): AgentCalls {
  const current = typeof dispatcher === 'function' ? dispatcher : () => dispatcher
  const run = async <N extends string>(name: N, input: unknown, d = current()): Promise<ResultFor<N>> =>
    (await d.call(service, name, input, { now, lang: 'en' })).output as ResultFor<N>
  const rejection = (name: string, input: unknown): Promise<AppError> =>
    run(name, input).then(
      () => {
        throw new Error('expected a rejection')
      },
      (e: AppError) => e,
    )
  return { run, rejection }
}

export interface ReplayedSources {
  /** The replay server: the requests the agents made. */
  readonly replay: Replay
  /** `agents` with every source answering from the recordings. */
  readonly online: Dispatcher
  /** `agents` with every source on a closed port: the "source unreachable" case. */
  readonly offline: Dispatcher
}

/**
 * Serves the recorded answers of every public source (test/sources/routes.ts) for the file's
 * tests: started before them, closed after. The dispatchers are there from the file's first test.
 */
export function replayedSources(agents: Agent[]): ReplayedSources {
  let replay: Replay | undefined
  let online: Dispatcher | undefined
  let offline: Dispatcher | undefined
  beforeAll(async () => {
    replay = await startReplay(SOURCE_ROUTES)
    online = testDispatcher(agents, replayDeps(replay.url))
    offline = testDispatcher(agents, replayDeps(CLOSED_URL))
  })
  afterAll(() => replay?.close())
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('replayedSources: used outside the tests (before beforeAll)')
    return value
  }
  return {
    get replay() {
      return started(replay)
    },
    get online() {
      return started(online)
    },
    get offline() {
      return started(offline)
    },
  }
}

export interface WorkedExamples {
  /** The service's agents. */
  agents: readonly Agent[]
  /** The names the service's agents must have (any order). */
  names: string[]
  /** The name of the test of the catalogue entries, e.g. "has the five agents, each with …". */
  catalogueTest: string
  /** Agent name → example title → values the example's output must contain (toMatchObject). */
  expected: Record<string, Record<string, Record<string, unknown>>>
  /** Runs an agent of the service (see agentCalls). */
  run: (name: string, input: unknown) => Promise<unknown>
  /** Skips the whole block (the data the agents read is missing). */
  skip?: boolean
}

/**
 * The worked examples of a service's agents double as their documentation: one test that the
 * service has its agents, each with at least two examples, then one test per example that its
 * output contains the expected values and names the rules applied. An example without expected
 * values fails, so a new example cannot go unchecked.
 */
export function describeWorkedExamples(title: string, spec: WorkedExamples): void {
  const { agents, names, expected, run } = spec
  describe.skipIf(spec.skip ?? false)(title, () => {
    it(spec.catalogueTest, () => {
      expect(agents.map((a) => a.name).sort()).toEqual([...names].sort())
      for (const a of agents) expect(a.examples.length).toBeGreaterThanOrEqual(2)
    })
    for (const agent of agents) {
      for (const example of agent.examples) {
        it(`${agent.name}: ${example.title}`, async () => {
          const want = expected[agent.name]?.[example.title]
          expect(want, 'every example has its expected values here').toBeDefined()
          const out = (await run(agent.name, example.input)) as ResultContract
          expect(out).toMatchObject(want!)
          expect(Array.isArray(out.rules_applied), 'rules_applied is a list').toBe(true)
          expect(out.rules_applied.length).toBeGreaterThan(0)
        })
      }
    }
  })
}
