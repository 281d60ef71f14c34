/**
 * The spec's example agents called the way its text describes them: only the field names it gives
 * (`amount`, `income`, `monthly_income`, `property_value`, `ico`, `name`, `address`). Each answers
 * with a result, and whatever it had to assume is named in `assumptions`, never guessed silently.
 */
import { describe, expect, it } from 'vitest'
import { type AgentName, agents, type ResultNamed } from '../../src/agents/index.ts'
import { FIXED_NOW, failure, run, testDispatcher } from './harness.ts'

const d = testDispatcher(agents)

const KUPNI_SMLOUVA =
  'Kupní smlouva. Prodávající Jan Novák, nar. 1. 1. 1970, bytem Praha, a kupující Petr Svoboda uzavírají tuto smlouvu o prodeji bytové jednotky č. 12/5 v budově č.p. 1234, k.ú. Vinohrady. Kupní cena činí 5 000 000 Kč a bude uhrazena do úschovy advokáta.'

/** One call of the table: its check typed by the agent's result. */
function specCall<N extends AgentName>(
  service: string,
  agent: N,
  input: Record<string, unknown>,
  check: (out: ResultNamed<N>) => void,
): [string, N, Record<string, unknown>, (out: unknown) => void] {
  return [service, agent, input, (out) => check(out as ResultNamed<N>)]
}

const calls = [
  specCall(
    'banking',
    'loan_assessment',
    { amount: 4_000_000, income: 1_200_000, monthly_income: 100_000, property_value: 5_000_000 },
    (out) => {
      expect(['approve', 'refer', 'decline']).toContain(out.decision)
      expect(out.ltv).toBe(0.8)
      expect(out.assumptions.map((a) => a.field)).toEqual(['purpose', 'annual_rate_pct', 'term_months'])
      expect(out.assumptions[0]!.value).toBe('own_housing')
      expect(out.assumptions[1]!.basis).toContain('ČNB')
      expect(out.assumptions[2]!.value).toBe(360)
    },
  ),
  specCall('legal-aml', 'aml_compliance', { amount: 400_000, name: 'Jan Novák' }, (out) =>
    expect(out.decision).toBeTypeOf('string'),
  ),
  specCall(
    'real-estate',
    'due_diligence',
    { property_value: 5_000_000, address: 'Vinohradská 12, Praha' },
    (out) => {
      expect(out.overall).toBe('review')
      expect(out.sources).toContainEqual(expect.objectContaining({ name: 'data/geocoder' }))
    },
  ),
  specCall('insurance', 'underwriting', { amount: 2_000_000, income: 600_000 }, (out) => {
    expect(out.decision).toBe('refer')
    expect(out.bmi).toBeNull()
    expect(out.reasons).toContain('age not given: cannot be underwritten automatically')
    expect(out.assumptions.map((a) => a.field)).toEqual(['smoker', 'age'])
  }),
  specCall('compliance', 'kyc', { name: 'Jan Novák', address: 'Vinohradská 12, 120 00 Praha 2' }, (out) => {
    expect(out.status).toBe('incomplete')
    expect(out.assumptions).toEqual([{ field: 'subject_type', value: 'person', basis: 'no IČO was given' }])
  }),
  specCall(
    'risk',
    'credit_risk',
    { amount: 3_000_000, monthly_income: 60_000, property_value: 4_000_000 },
    (out) => {
      expect(out.ltv).toBe(0.75)
      expect(out.not_scored).toEqual(['employment', 'employment_years', 'delinquencies_12m'])
      expect(out.assumptions.map((a) => a.field)).toEqual(['annual_rate_pct', 'term_months'])
    },
  ),
  specCall('aml', 'company_screening', { ico: '27082440' }, (out) => expect(out).toHaveProperty('partial')),
  specCall('legal', 'contract_review', { text: KUPNI_SMLOUVA }, (out) => expect(out.language).toBe('cs')),
  specCall('data', 'ares_lookup', { ico: '27082440' }, (out) => expect(out).toHaveProperty('sources')),
  specCall('contact', 'email_finder', { name: 'Jan Novák', ico: '27082440' }, (out) => {
    // Offline, ARES cannot give the company name: no domain, said so, partial.
    expect(out.domain).toBeNull()
    expect(out.partial).toBe(true)
  }),
  specCall('orchestrator', 'master_orchestrator', { ico: '27082440' }, (out) =>
    expect(out.routing).toMatchObject({ method: 'rules', confidence: 'low' }),
  ),
]

describe("the spec's field names, given to every agent", () => {
  const SPEC_FIELDS = {
    amount: 1,
    income: 1,
    monthly_income: 1,
    property_value: 1,
    ico: '27082440',
    name: 'Jan Novák',
    address: 'Vinohradská 12, Praha',
  }

  it('are accepted by every agent: those it does not use are listed in assumptions as ignored', async () => {
    const problems: string[] = []
    for (const agent of agents) {
      const example = agent.examples[0]!.input as Record<string, unknown>
      const props = (agent.input as { properties: Record<string, { description?: string }> }).properties
      const unused = Object.keys(SPEC_FIELDS).filter(
        (f) => !(f in example) && props[f]?.description?.startsWith('not used by this agent'),
      )
      if (unused.length === 0) continue
      const input = {
        ...example,
        ...Object.fromEntries(unused.map((f) => [f, SPEC_FIELDS[f as keyof typeof SPEC_FIELDS]])),
      }
      try {
        const out = (await d.call(agent.service, agent.name, input, { now: FIXED_NOW, lang: 'en' }))
          .output as {
          assumptions: { field: string; basis: string }[]
        }
        const ignored = out.assumptions.filter((a) => a.basis.includes('does not use')).map((a) => a.field)
        if (ignored.sort().join() !== [...unused].sort().join())
          problems.push(`${agent.service}/${agent.name}: ignored ${ignored} of ${unused}`)
      } catch (error) {
        // Refusals for other reasons (a source's data missing here) are not about these fields.
        const field = (error as { details?: { field?: string } }).details?.field
        if (field && unused.includes(field)) problems.push(`${agent.service}/${agent.name}: refused ${field}`)
      }
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('still refuses any other unknown field, naming it', async () => {
    const error = await failure(d, 'banking', 'mortgage_calculator', {
      amount: 100_000,
      annual_rate_pct: 5,
      term_months: 12,
      colour: 'blue',
    })
    expect(error).toMatchObject({ status: 400, details: { field: 'colour' } })
  })
})

describe("the spec's example agents called with the spec's field names", () => {
  for (const [service, agent, input, check] of calls) {
    it(`${service}/${agent} answers ${JSON.stringify(Object.keys(input))}`, async () => {
      check(await run(d, service, agent, input))
    })
  }

  it('loan_assessment converts an annual income to monthly and says so', async () => {
    const out = await run(d, 'banking', 'loan_assessment', {
      amount: 3_000_000,
      income: 720_000,
      property_value: 5_000_000,
      annual_rate_pct: 5,
      term_months: 300,
    })
    expect(out.assumptions).toContainEqual({
      field: 'monthly_income',
      value: 60_000,
      basis: 'income (annual net) / 12',
    })
    expect(out.dti).toBeCloseTo(3_000_000 / 720_000, 4)
  })

  it('loan_assessment takes the lower income when annual and monthly disagree', async () => {
    const out = await run(d, 'banking', 'loan_assessment', {
      amount: 3_000_000,
      income: 600_000,
      monthly_income: 80_000,
      property_value: 5_000_000,
      annual_rate_pct: 5,
      term_months: 300,
    })
    expect(out.assumptions).toContainEqual(
      expect.objectContaining({ field: 'monthly_income', value: 50_000 }),
    )
  })

  it('loan_assessment without any income is a 400 naming the fields', async () => {
    const error = await failure(d, 'banking', 'loan_assessment', {
      amount: 1_000_000,
      property_value: 2_000_000,
    })
    expect(error.details).toMatchObject({
      field: 'monthly_income',
      rule: 'monthly_income or income (annual) is required',
    })
  })

  it("master_orchestrator runs the issue's loan call through the loan flow with the assumed rate and term", async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', {
      amount: 4_000_000,
      income: 1_200_000,
      monthly_income: 100_000,
      property_value: 5_000_000,
    })
    expect(out.flow).toBe('loan_application')
    expect(out.rules_applied.slice(0, 2).map((r: { rule: string }) => r.rule)).toEqual([
      'assumed annual_rate_pct = 4.6',
      'assumed term_months = 360',
    ])
    expect(out.steps.find((s: { id: string }) => s.id === 'schedule')!.status).toBe('ok')
  })

  it('an unknown field stays a 400 naming it', async () => {
    const error = await failure(d, 'banking', 'loan_assessment', {
      amount: 1_000_000,
      income: 600_000,
      property_value: 2_000_000,
      salary: 5,
    })
    expect(error.status).toBe(400)
    expect(error.message).toContain('salary')
  })
})
