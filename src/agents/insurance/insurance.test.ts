import { describe, expect, it } from 'vitest'
import { testDispatcher } from '../../../test/agents/harness.ts'
import { agentCalls, describeWorkedExamples } from '../../../test/agents/service-tests.ts'
import { parseEnv } from '../../kit/config.ts'
import { agentSpec, createAgentDeps } from '../deps.ts'
import { insuranceAgents } from './index.ts'

const NOW = new Date('2025-06-01T10:00:00Z')
const dispatcher = testDispatcher(insuranceAgents, createAgentDeps(parseEnv(agentSpec, {})))
const { run, rejection } = agentCalls('insurance', NOW, dispatcher)

const expected: Record<string, Record<string, Record<string, unknown>>> = {
  underwriting: {
    'Healthy non-smoker aged 35, 3 M CZK cover: accepted at standard rates': {
      decision: 'accept',
      total_loading_pct: 0,
      bmi: 24.1,
      max_sum_insured: 14_400_000,
      evidence_required: ['health declaration', 'medical questionnaire'],
    },
    'Smoker aged 48 with BMI 32 and hypertension: loading 125 %': {
      decision: 'accept_with_loading',
      total_loading_pct: 125,
      bmi: 32,
    },
    'Cover above 10 × income at 55 and a cancer history: referred': {
      decision: 'refer',
      max_sum_insured: 5_000_000,
      reasons: [
        'Declared condition: cancer_history',
        'sum insured 6000000 CZK exceeds 10 × income (5000000 CZK)',
      ],
    },
  },
  premium_calculator: {
    'Brick house worth 6 M CZK in flood zone 1, 5 000 CZK deductible': {
      annual_premium: 5400,
      monthly_premium: 450,
    },
    // 3600 × 1.5 × 1.5 × 0.9 × 0.9 × 0.8 = 5248.8
    'Wooden house in flood zone 3 with alarm and 4 claims-free years': {
      annual_premium: 5249,
      base_premium: 3600,
    },
  },
  underinsurance_check: {
    'House insured for 3 M but worth 4 M: a 400 000 CZK loss pays 300 000 less deductible': {
      underinsured: true,
      coverage_ratio: 0.75,
      payout: 295_000,
      shortfall: 105_000,
      proportional_cut_applied: true,
    },
    'Underinsured by 8 % within a 10 % tolerance: paid in full': {
      underinsurance_pct: 8,
      proportional_cut_applied: false,
      payout: 200_000,
    },
  },
  claims_triage: {
    'Small water-damage claim, reported in 3 days: fast track': { route: 'fast_track', fraud_score: 0 },
    'Theft 12 days after the policy start, no police report, round sum: investigate': {
      route: 'investigate',
      fraud_score: 60,
    },
    'Loss before the policy started: not covered': { route: 'not_covered' },
  },
}

describeWorkedExamples('insurance agents: worked examples', {
  agents: insuranceAgents,
  names: ['claims_triage', 'premium_calculator', 'underinsurance_check', 'underwriting'],
  catalogueTest: 'has the four agents, each with at least two examples',
  expected,
  run,
})

describe('insurance agents: rules and bad input', () => {
  const person = {
    sum_insured: 1_000_000,
    income: 500_000,
    term_years: 20,
    height_cm: 180,
    weight_kg: 80,
    smoker: false,
  }

  it('refers an applicant whose health declaration (conditions) is not given, instead of accepting as healthy', async () => {
    const healthy = { ...person, age: 35, occupation_class: 1 }
    const out = await run('underwriting', healthy)
    expect(out).toMatchObject({ decision: 'refer', verdict: 'review' })
    expect(out.reasons).toEqual(['conditions not given: cannot be underwritten automatically'])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['cz-89-2012-s2788'],
        outcome: 'conditions not given: cannot be underwritten automatically',
      }),
    )
    // Declared: no condition at all.
    expect((await run('underwriting', { ...healthy, conditions: [] })).decision).toBe('accept')
  })

  it('declines an applicant older than the entry age', async () => {
    const out = await run('underwriting', { ...person, age: 66, term_years: 5 })
    expect(out.decision).toBe('decline')
    expect(out.reasons).toContain('Entry age 18–65 (age 66)')
  })

  it('declines BMI 40 and above (WHO obese class III)', async () => {
    const out = await run('underwriting', { ...person, age: 30, weight_kg: 130 })
    expect(out.bmi).toBe(40.1)
    expect(out.decision).toBe('decline')
  })

  it('declines cover running past age 75', async () => {
    const out = await run('underwriting', { ...person, age: 60, term_years: 20 })
    expect(out.reasons).toContain('Age at expiry at most 75 (would be 80)')
  })

  it('says the loss date and the deductible it assumed when they are not given, not in silence', async () => {
    const out = await run('underinsurance_check', {
      sum_insured: 3_000_000,
      property_value: 4_000_000,
      amount: 4_000_000,
    })
    expect(out.assumptions.map((a: { field: string }) => a.field)).toEqual(['loss_date', 'deductible'])
    expect(out.assumptions[0]?.basis).toMatch(/2024-04-01/)
    const given = await run('underinsurance_check', {
      sum_insured: 3_000_000,
      property_value: 4_000_000,
      amount: 4_000_000,
      loss_date: '2024-03-01',
      deductible: 0,
    })
    expect(given).toMatchObject({ payout: 2_250_000, assumptions: [] })
  })

  it('pays a first-risk loss in full despite underinsurance, capped at the sum insured', async () => {
    const out = await run('underinsurance_check', {
      sum_insured: 100_000,
      property_value: 1_000_000,
      amount: 250_000,
      first_risk: true,
    })
    expect(out).toMatchObject({ proportional_cut_applied: false, payout: 100_000, shortfall: 150_000 })
  })

  it('rejects a report dated before the loss', async () => {
    const error = await rejection('claims_triage', {
      claim_type: 'property',
      amount: 1000,
      sum_insured: 10_000,
      policy_start: '2024-01-01',
      loss_date: '2025-02-01',
      report_date: '2025-01-01',
    })
    expect(error.status).toBe(400)
    expect(error.details).toEqual({ field: 'report_date', rule: 'must not be before loss_date' })
  })

  it('rejects an unknown flood zone through the schema', async () => {
    const error = await rejection('premium_calculator', { property_value: 1, object: 'flat', flood_zone: 5 })
    expect(error.details).toMatchObject({ field: 'flood_zone' })
  })

  it('applies the minimum premium to a tiny sum insured', async () => {
    const out = await run('premium_calculator', { property_value: 100_000, object: 'flat', flood_zone: 1 })
    expect(out.annual_premium).toBe(1000)
  })
})

describe('claims_triage: facts the triage turns on, not given', () => {
  const claim = {
    claim_type: 'property',
    amount: 18_500,
    sum_insured: 3_000_000,
    policy_start: '2022-03-01',
    loss_date: '2025-05-10',
    report_date: '2025-05-13',
  }

  it('refers a claim whose prior claims or documents are not given, naming each, instead of fast-tracking it', async () => {
    const out = await run('claims_triage', claim)
    expect(out).toMatchObject({ route: 'refer', verdict: 'review' })
    expect(out.not_given).toEqual([
      'the number of prior claims in the last 12 months is not given (prior_claims_12m): give it (0 if none)',
      'whether the supporting documents are complete is not given (documents_complete): give it',
    ])
    const given = await run('claims_triage', { ...claim, prior_claims_12m: 0, documents_complete: true })
    expect(given).toMatchObject({ route: 'fast_track', verdict: 'clear', not_given: [] })
  })
})
