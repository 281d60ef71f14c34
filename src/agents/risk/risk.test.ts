import { describe, expect, it } from 'vitest'
import { testDispatcher } from '../../../test/agents/harness.ts'
import {
  agentCalls,
  aresAnswer,
  aresOutage,
  describeWorkedExamples,
  fakeAres,
  fakeIcoLookup,
} from '../../../test/agents/service-tests.ts'
import { parseEnv } from '../../kit/config.ts'
import { agentSpec, createAgentDeps } from '../deps.ts'
import { riskAgents } from './index.ts'

const NOW = new Date('2025-06-01T10:00:00Z')
const deps = createAgentDeps(parseEnv(agentSpec, {}))

/** Companies in ares_lookup's answer shape (src/agents/data/ares_lookup.ts). */
const company = (c: Record<string, unknown>) => ({
  legal_form_code: null,
  legal_form: null,
  address: null,
  country: 'CZ',
  vat_id: null,
  dissolved: null,
  status: 'active',
  registrations: {},
  insolvency_flag: false,
  updated: null,
  ...c,
})
const REGISTER: Record<string, Record<string, unknown>> = {
  '45274649': company({
    ico: '45274649',
    name: 'ČEZ, a. s.',
    legal_form_code: '121',
    legal_form: 'Akciová společnost',
    established: '1992-05-06',
  }),
  // Founded four months before NOW, with an active insolvency registration.
  '27082440': company({
    ico: '27082440',
    name: 'Nová Reality s.r.o.',
    established: '2025-02-01',
    registrations: { ir: 'AKTIVNI' },
    insolvency_flag: true,
  }),
  '26863154': company({ ico: '26863154', name: 'OKD, a.s.', established: '2007-03-01' }),
  // Neither a founding date nor activities.
  '26168685': company({ ico: '26168685', name: 'Bez Údajů s.r.o.' }),
  '25596641': company({
    ico: '25596641',
    name: 'Zaniklá s.r.o.',
    established: '2001-03-01',
    dissolved: '2019-12-31',
    status: 'dissolved',
  }),
}
/** insolvency_check's answer shape (src/agents/data/insolvency_check.ts): proceedings for one IČO. */
const isir = fakeIcoLookup('insolvency_check', (ico) => {
  const running = ico === '26863154'
  return {
    ico,
    in_insolvency: running,
    proceedings: running ? [{ reference: 'KSOS 25 INS 1401/2016', active: true }] : [],
    sources: [{ name: 'isir', status: 'ok' }],
    partial: false,
  }
})
const dispatcher = testDispatcher(
  [...riskAgents, fakeAres((ico) => aresAnswer(ico, REGISTER[ico] ?? null)), isir],
  deps,
)
const down = testDispatcher([...riskAgents, aresOutage('upstream_error', 'ares: answered 503')], deps)
const { run, rejection } = agentCalls('risk', NOW, dispatcher)

const expected: Record<string, Record<string, Record<string, unknown>>> = {
  credit_risk: {
    'Employed applicant, 25 % DSTI, 70 % LTV, clean history: grade A': {
      score: 880,
      grade: 'A',
      recommendation: 'approve',
      dsti: 0.2446,
      ltv: 0.7,
      not_scored: [],
    },
    'Self-employed applicant with a missed payment and high DSTI: grade E': {
      score: 290,
      grade: 'E',
      recommendation: 'decline',
      ltv: null,
      not_scored: ['ltv (unsecured or no property_value)'],
    },
  },
  company_risk: {
    'Established listed company: low risk': {
      risk_level: 'low',
      score: 0,
      flags: [],
      company: { name: 'ČEZ, a. s.', established: '1992-05-06', legal_form: 'Akciová společnost' },
      partial: false,
    },
    'IČO unknown to the register: critical': {
      risk_level: 'critical',
      flags: [{ flag: 'not_found', severity: 'critical', points: 100, detail: '27074358' }],
    },
  },
  fraud_detection: {
    'Ordinary shopping: all allowed': { summary: { allow: 3, review: 0, block: 0 } },
    'A spike abroad 20 minutes after a payment at home, then a duplicate: blocked': {
      summary: { allow: 3, review: 0, block: 2 },
      results: [
        { id: 'a1', decision: 'allow' },
        { id: 'a2', decision: 'allow' },
        { id: 'a3', decision: 'allow' },
        { id: 'a4', score: 80, decision: 'block' },
        {
          id: 'a5',
          score: 110,
          reasons: [
            'duplicate of a4',
            'amount 24990 is more than 5 × the account median 290',
            'CZ → NG within 24 minutes',
          ],
        },
      ],
    },
  },
  portfolio_risk: {
    'Five mortgages and a developer loan against 50 M CZK of Tier 1 capital': {
      total_exposure: 29_000_000,
      borrower: { hhi: 2895, level: 'high' },
      large_exposures: [
        {
          borrower: 'Rezidence Vltava s.r.o.',
          amount: 14_000_000,
          share_of_capital: 0.28,
          breaches_limit: true,
        },
      ],
      weighted_ltv_pct: 74.8,
    },
    'Unsecured loans spread over three sectors': {
      borrower: { hhi: 2500 },
      sector: {
        hhi: 3750,
        top: [
          { key: '47', amount: 2_000_000, share: 0.5 },
          { key: '10', amount: 1_000_000, share: 0.25 },
          { key: '62', amount: 1_000_000, share: 0.25 },
        ],
      },
      weighted_ltv_pct: null,
      large_exposures: [],
    },
  },
  collateral_stress: {
    'Three mortgages under −10/−20/−30 % price shocks': {
      ltv_limit: 0.8,
      baseline: { weighted_ltv: 0.7851, above_limit: 1, negative_equity: 0 },
      scenarios: [
        { shock_pct: 10, negative_equity: 0 },
        { shock_pct: 20, negative_equity: 1, uncovered_exposure: 500_000 },
        { shock_pct: 30, negative_equity: 2, uncovered_exposure: 1_450_000 },
      ],
    },
    'A single high-LTV loan under a 25 % shock': {
      scenarios: [{ shock_pct: 25, weighted_ltv: 1.2, uncovered_exposure: 450_000 }],
    },
  },
}

describeWorkedExamples('risk agents: worked examples', {
  agents: riskAgents,
  names: ['collateral_stress', 'company_risk', 'credit_risk', 'fraud_detection', 'portfolio_risk'],
  catalogueTest: 'has the five agents, each with at least two examples',
  expected,
  run,
})

describe('risk agents: registers, rules and bad input', () => {
  it('rates a company founded four months ago and in insolvency high', async () => {
    const out = await run('company_risk', { ico: '27082440' })
    expect(out.flags.map((f) => f.flag)).toEqual(['insolvency', 'younger_than_1y'])
    expect(out).toMatchObject({ risk_level: 'high', score: 85 })
  })

  it('finds insolvency proceedings in ISIR that ARES does not flag', async () => {
    const out = await run('company_risk', { ico: '26863154' })
    expect(out.flags).toEqual([
      {
        flag: 'insolvency',
        severity: 'high',
        points: 60,
        detail: 'running proceedings: KSOS 25 INS 1401/2016',
      },
    ])
    expect(out).toMatchObject({ risk_level: 'high', partial: false })
  })

  it('rates a dissolved company critical', async () => {
    const out = await run('company_risk', { ico: '25596641' })
    expect(out.risk_level).toBe('critical')
    expect(out.flags[0]).toMatchObject({ flag: 'dissolved', detail: 'on 2019-12-31' })
  })

  it('reviews a company whose founding date and NACE ARES does not give, naming each — never low in silence', async () => {
    const out = await run('company_risk', { ico: '26168685' })
    expect(out).toMatchObject({ risk_level: 'low', score: 0, flags: [], verdict: 'review' })
    expect(out.not_verified).toEqual([
      expect.stringMatching(/^company age \(established\): ARES gave no founding date — .*public register/),
      expect.stringMatching(/^sector \(nace\): ARES gave no CZ-NACE activities — give nace/),
    ])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['policy-company-risk-flags', 'policy-cdd-risk-factors'],
        outcome: 'not verified',
      }),
    )
    // The caller's CZ-NACE activities are checked against the higher-risk sectors.
    const given = await run('company_risk', { ico: '45274649', nace: ['35110'] })
    expect(given).toMatchObject({ risk_level: 'low', verdict: 'clear', not_verified: [] })
  })

  it('reports a name that differs from the register', async () => {
    const out = await run('company_risk', { ico: '45274649', name: 'CEZ Distribuce' })
    expect(out.flags).toEqual([
      { flag: 'name_mismatch', severity: 'medium', points: 20, detail: 'registered as "ČEZ, a. s."' },
    ])
  })

  it('answers "unknown", partial and naming the source, when ARES fails — never a guessed level', async () => {
    const out = await run('company_risk', { ico: '45274649' }, down)
    expect(out).toMatchObject({
      risk_level: 'unknown',
      partial: true,
      sources: [{ name: 'data/ares_lookup', status: 'failed', error: 'ares: answered 503' }],
    })
  })

  it('scores company age from ARES for a business borrower, and marks the score partial when ARES fails', async () => {
    const loan = {
      amount: 500_000,
      monthly_income: 80_000,
      annual_rate_pct: 7,
      term_months: 60,
      ico: '45274649',
    }
    const ok = await run('credit_risk', loan)
    expect(ok.characteristics.at(-1)).toEqual({ name: 'company_age_years', value: '33.1', points: 60 })
    const partial = await run('credit_risk', loan, down)
    expect(partial.partial).toBe(true)
    expect(partial.not_scored).toContain('company (data/ares_lookup failed)')
    // An unknown company scores as a bad answer (a company under a year old), never as a neutral 0.
    expect(partial.characteristics.at(-1)).toEqual({
      name: 'company',
      value: 'unknown (data/ares_lookup failed)',
      points: -80,
    })
  })

  it('scores every value the schema allows: past the last band takes the last band', async () => {
    const out = await run('credit_risk', {
      amount: 100_000,
      monthly_income: 1,
      annual_rate_pct: 5,
      term_months: 12,
      property_value: 1,
      employment: 'permanent',
      employment_years: 70,
      delinquencies_12m: 1_000_000,
    })
    expect(out.characteristics.map((c: { points: number }) => c.points)).toEqual([-150, -100, 80, 60, -200])
    expect(out.grade).toBe('E')
  })

  it('never scores an omitted characteristic better than a bad answer', async () => {
    const base = {
      amount: 1_000_000,
      monthly_income: 60_000,
      annual_rate_pct: 5,
      term_months: 240,
      property_value: 2_000_000,
    }
    const omitted = await run('credit_risk', base)
    const bad = await run('credit_risk', {
      ...base,
      employment: 'unemployed',
      employment_years: 0,
      delinquencies_12m: 1,
    })
    expect(omitted.score).toBeLessThanOrEqual(bad.score)
    expect(omitted.not_scored).toEqual(['employment', 'employment_years', 'delinquencies_12m'])
  })

  it('scores omitted missed payments at the worst band, never as one missed payment', async () => {
    const best = {
      amount: 3_500_000,
      monthly_income: 75_000,
      annual_rate_pct: 4.79,
      term_months: 360,
      property_value: 6_000_000,
      employment: 'permanent',
      employment_years: 6,
    }
    const omitted = await run('credit_risk', best)
    const several = await run('credit_risk', { ...best, delinquencies_12m: 4 })
    expect(omitted.characteristics.at(-1)).toEqual({
      name: 'delinquencies_12m',
      value: 'unknown (not given)',
      points: -200,
    })
    expect(omitted.score).toBeLessThanOrEqual(several.score)
    expect(omitted).toMatchObject({
      score: 660,
      grade: 'C',
      verdict: 'review',
      not_scored: ['delinquencies_12m'],
    })
  })

  it('rejects an IČO with a bad checksum', async () => {
    const error = await rejection('company_risk', { ico: '27082441' })
    expect(error.details).toEqual({ field: 'ico', rule: 'checksum digit should be 0, not 1' })
  })

  it('scores applicants beyond the last band of every characteristic in that band (no crash)', async () => {
    const out = await run('credit_risk', {
      amount: 50_000_000,
      monthly_income: 1,
      annual_rate_pct: 30,
      term_months: 1,
      property_value: 1,
      delinquencies_12m: 5_000,
      employment_years: 70,
    })
    const points = Object.fromEntries(
      out.characteristics.map((c: { name: string; points: number }) => [c.name, c.points]),
    )
    expect(points).toMatchObject({ dsti: -150, ltv: -100, employment_years: 60, delinquencies_12m: -200 })
    expect(out.grade).toBe('E')
    // The smallest positive doubles (5e-324) are refused by field, not answered with a 500.
    const tiny = await rejection('credit_risk', {
      amount: 5e-324,
      monthly_income: 5e-324,
      annual_rate_pct: 0,
      term_months: 1,
    })
    expect(tiny.details).toMatchObject({ field: 'amount', rule: 'zero or at least 1e-9 in size' })
  })

  it('rejects duplicate transaction ids', async () => {
    const t = { id: 'x', timestamp: '2025-05-12T08:10:00Z', account: 'c', amount: 1 }
    const error = await rejection('fraud_detection', { transactions: [t, t] })
    expect(error.details).toEqual({ field: 'transactions', rule: 'id x appears twice' })
  })

  it('flags five payments in ten minutes (velocity)', async () => {
    const transactions = [0, 1, 2, 3, 4].map((i) => ({
      id: `v${i}`,
      timestamp: `2025-05-12T10:0${i * 2}:00Z`,
      account: 'c',
      amount: 100 + i,
      merchant: `m${i}`,
      country: 'CZ',
    }))
    const out = await run('fraud_detection', { transactions })
    expect(out.results.at(-1)).toMatchObject({
      id: 'v4',
      decision: 'review',
      reasons: ['5+ payments within 10 minutes'],
    })
  })

  it('takes the LTV limit in force on the day (80 % in 2025)', async () => {
    const out = await run('collateral_stress', {
      loans: [{ id: 'a', amount: 85, property_value: 100 }],
      shocks_pct: [5],
    })
    expect(out.baseline.above_limit).toBe(1)
  })
})

describe('fraud_detection: a payment with no country', () => {
  it('says the travel rule could not judge it, and reviews it, when the account paid elsewhere within the window', async () => {
    const out = await run('fraud_detection', {
      transactions: [
        {
          id: 'a1',
          timestamp: '2026-11-20T12:00:00Z',
          account: 'c1',
          amount: 500,
          merchant: 'Albert',
          country: 'CZ',
        },
        { id: 'a2', timestamp: '2026-11-20T12:20:00Z', account: 'c1', amount: 700, merchant: 'Shop' },
        { id: 'b1', timestamp: '2026-11-20T12:00:00Z', account: 'c2', amount: 300, merchant: 'Billa' },
      ],
    })
    expect(out.results).toEqual([
      expect.objectContaining({ id: 'a1', decision: 'allow' }),
      expect.objectContaining({
        id: 'a2',
        decision: 'review',
        reasons: [
          'country not given (country): the impossible-travel rule could not compare this payment with the account’s others within 60 min; give the ISO 3166-1 code',
        ],
      }),
      expect.objectContaining({ id: 'b1', decision: 'allow', reasons: [] }),
    ])
    expect(out.verdict).toBe('review')
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['policy-fraud-rules', 'eu-2018-389-art2'],
        outcome: '0 hit(s); 1 not judged (country not given)',
      }),
    )
  })
})
