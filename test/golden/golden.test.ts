/**
 * Runs every golden case (test/golden/<service>.ts, see format.ts) in process: the recorded public
 * sources served locally, the clock fixed, the answer's texts in English unless the case says
 * otherwise. Each case checks the verdict, the worked figures, the rules it names and that the
 * answer cites the register correctly; the catalogue checks below hold every agent to at least
 * three cases, a negative, an edge and an unrecognised input (the fail-closed walk).
 */
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dispatcher } from '../../src/agents/dispatch.ts'
import { agents } from '../../src/agents/index.ts'
import { legalBasis } from '../../src/agents/law.ts'
import type { AppliedRule } from '../../src/agents/result.ts'
import type { Agent } from '../../src/agents/types.ts'
import { UpstreamError, type UpstreamFailure } from '../../src/kit/http.ts'
import { citationProblems } from '../agents/citations.ts'
import { CLOSED_URL, FIXED_NOW, testDispatcher } from '../agents/harness.ts'
import { fakeAgent } from '../agents/service-tests.ts'
import { type Replay, startReplay } from '../sources/replay.ts'
import { LISTINGS_FILE, replayDeps, SOURCE_ROUTES } from '../sources/routes.ts'
import type { Approx, GoldenCase, Mentions } from './format.ts'
import { GOLDEN_FILES, GOLDEN_SERVICES } from './index.ts'

const haveListings = existsSync(LISTINGS_FILE)
const byName = new Map(agents.map((a) => [`${a.service}/${a.name}`, a]))

let replay: Replay
let recorded: Dispatcher
let down: Dispatcher
const stubbed = new Map<string, Dispatcher>()

beforeAll(async () => {
  replay = await startReplay(SOURCE_ROUTES)
  recorded = testDispatcher(agents, replayDeps(replay.url))
  down = testDispatcher(agents, replayDeps(CLOSED_URL))
})
afterAll(() => replay?.close())

/** The dispatcher of a case: its stand-ins replace the agents they name. */
function dispatcherFor(c: GoldenCase): Dispatcher {
  if (!c.stubs) return c.sources === 'down' ? down : recorded
  const key = `${c.sources}:${JSON.stringify(c.stubs)}`
  let d = stubbed.get(key)
  if (!d) {
    const fakes: Agent[] = Object.entries(c.stubs).map(([ref, answer]) => {
      const [service, name] = ref.split('/') as [Agent['service'], string]
      const fails = (answer as { fails?: UpstreamFailure } | null)?.fails
      return fakeAgent(service, name, () => {
        if (fails) throw new UpstreamError(ref, fails, `${ref}: the source failed (${fails})`)
        return structuredClone(answer)
      })
    })
    const names = new Set(Object.keys(c.stubs))
    const list = [...agents.filter((a) => !names.has(`${a.service}/${a.name}`)), ...fakes]
    d = testDispatcher(list, replayDeps(c.sources === 'down' ? CLOSED_URL : replay.url))
    stubbed.set(key, d)
  }
  return d
}

const isApprox = (v: unknown): v is Approx => typeof v === 'object' && v !== null && 'approx' in v
const isMentions = (v: unknown): v is Mentions => typeof v === 'object' && v !== null && 'mentions' in v

/** The expected fields as vitest matchers: `approx` → closeTo, `mentions` → contains each text. */
function matcher(value: unknown): unknown {
  if (isApprox(value)) return expect.closeTo(value.approx, -Math.log10(value.within * 2))
  if (isMentions(value)) return containsAll(value.mentions)
  if (Array.isArray(value)) return value.map(matcher)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, matcher(v)]))
  return value
}

/** An asymmetric matcher: a string containing every one of `texts`, ignoring case. */
function containsAll(texts: string[]) {
  return {
    $$typeof: Symbol.for('jest.asymmetricMatcher'),
    asymmetricMatch: (actual: unknown) =>
      typeof actual === 'string' && texts.every((t) => actual.toLowerCase().includes(t.toLowerCase())),
    toAsymmetricMatcher: () => `a text mentioning ${texts.map((t) => JSON.stringify(t)).join(', ')}`,
  }
}

async function runCase(service: string, c: GoldenCase): Promise<void> {
  const agent = byName.get(`${service}/${c.agent}`)
  expect(agent, `${service}/${c.agent} is an agent`).toBeDefined()
  for (const id of c.law) expect(legalBasis().has(id), `${id} is in the register`).toBe(true)
  const now = c.now ? new Date(c.now) : FIXED_NOW
  const call = dispatcherFor(c).call(service, c.agent, c.input, { now, lang: 'en' })
  if ('refused' in c.expect) {
    const error = await call.then(
      () => undefined,
      (e: { status?: number; details?: { field?: string } }) => e,
    )
    expect(error, 'the input is refused').toBeDefined()
    expect(error!.status).toBe(c.expect.refused.status)
    if (c.expect.refused.field) expect(error!.details?.field).toBe(c.expect.refused.field)
    return
  }
  const { output } = await call
  const out = output as { verdict: string; rules_applied: AppliedRule[] }
  expect(citationProblems(agent!, output)).toEqual([])
  expect(out.verdict, 'verdict').toBe(c.expect.verdict)
  if (c.expect.fields) expect(out).toMatchObject(matcher(c.expect.fields) as object)
  const cited = new Set(out.rules_applied.flatMap((r) => r.basis ?? []))
  for (const id of c.law) expect([...cited], `the answer applies ${id}`).toContain(id)
  for (const want of c.expect.rules ?? []) {
    const found = out.rules_applied.filter(
      (r) =>
        r.basis?.includes(want.basis) &&
        (want.outcome === undefined ||
          (r.outcome ?? '').toLowerCase().includes(want.outcome.toLowerCase())) &&
        (want.since === undefined || r.since === want.since),
    )
    expect(found.length, `a rule citing ${want.basis} ${JSON.stringify(want)}`).toBeGreaterThan(0)
  }
  for (const id of c.expect.not_cited ?? []) expect([...cited]).not.toContain(id)
}

for (const file of GOLDEN_FILES) {
  describe(`golden cases: ${file.service}`, () => {
    for (const c of file.cases) {
      it.skipIf(c.needs_listings === true && !haveListings)(`${c.agent}: ${c.title}`, () =>
        runCase(file.service, c),
      )
    }
  })
}

describe('the golden catalogue', () => {
  const cases = GOLDEN_FILES.flatMap((f) => f.cases.map((c) => ({ ...c, service: f.service })))

  it('has at least three cases per agent of each covered service: a negative, an edge and an unrecognised input', () => {
    const problems: string[] = []
    for (const a of agents.filter((x) => GOLDEN_SERVICES.includes(x.service))) {
      const own = cases.filter((c) => c.service === a.service && c.agent === a.name)
      const name = `${a.service}/${a.name}`
      if (own.length < 3) problems.push(`${name}: ${own.length} cases`)
      for (const kind of ['negative', 'edge', 'unrecognised'] as const)
        if (!own.some((c) => c.kind === kind)) problems.push(`${name}: no ${kind} case`)
      if (a.law.length === 0) problems.push(`${name}: declares no law`)
    }
    expect(problems).toEqual([])
  })

  it('walks every covered agent with an input it cannot recognise: review, incomplete or a 4xx, never clear', () => {
    for (const c of cases.filter((x) => x.kind === 'unrecognised')) {
      const name = `${c.service}/${c.agent}: ${c.title}`
      if ('refused' in c.expect) expect(c.expect.refused.status, name).toBeLessThan(500)
      else expect(['review', 'incomplete'], name).toContain(c.expect.verdict)
    }
  })

  it('pairs every case on one side of a date with one on the other', () => {
    for (const c of cases.filter((x) => x.date_side)) {
      const other = c.date_side === 'before' ? 'after' : 'before'
      expect(
        c.date_of,
        `${c.service}/${c.agent}: ${c.title} names the entry whose date it sits beside`,
      ).toBeDefined()
      const pair = cases.find(
        (x) =>
          x.service === c.service && x.agent === c.agent && x.date_side === other && x.date_of === c.date_of,
      )
      expect(pair, `${c.service}/${c.agent}: ${c.title} has its ${other} case`).toBeDefined()
    }
  })

  it('names each case once per agent', () => {
    const keys = cases.map((c) => `${c.service}/${c.agent}: ${c.title}`)
    expect(keys.length).toBe(new Set(keys).size)
  })
})
