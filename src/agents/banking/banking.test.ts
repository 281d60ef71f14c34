import { describe, expect, it } from 'vitest'
import { testDispatcher } from '../../../test/agents/harness.ts'
import { agentCalls, describeWorkedExamples } from '../../../test/agents/service-tests.ts'
import { parseEnv } from '../../kit/config.ts'
import { AppError } from '../../kit/errors.ts'
import { agentSpec, createAgentDeps } from '../deps.ts'
import { bankingAgents } from './index.ts'
import { loanAssessment } from './loan_assessment.ts'

const NOW = new Date('2025-06-01T10:00:00Z')
const dispatcher = testDispatcher(bankingAgents, createAgentDeps(parseEnv(agentSpec, {})))
const calls = agentCalls('banking', NOW, dispatcher)
const { run } = calls

/** The AppError a call is rejected with: an AppError, nothing else. */
async function rejection(name: string, input: unknown): Promise<AppError> {
  const error = await calls.rejection(name, input)
  expect(error).toBeInstanceOf(AppError)
  return error
}

/** What each worked example must produce (the examples double as the agents' documentation). */
const expected: Record<string, Record<string, Record<string, unknown>>> = {
  loan_assessment: {
    'Young buyer of own flat at 90 % LTV (2025): approved': {
      decision: 'approve',
      category: 'young',
      monthly_payment: 23582.75,
      ltv: 0.9,
      dti: 3.9474,
      limits: { ltv: 0.9, dti: null, dsti: null, policy_dti: 9.5, policy_dsti: 0.5 },
      max_loan_by_ltv: 4_500_000,
    },
    'Investment flat at 80 % LTV after 1 April 2026: declined (limit 70 %)': {
      decision: 'decline',
      category: 'investment',
      limits: { ltv: 0.7, dti: 7 },
      max_loan_by_ltv: 3_500_000,
      reasons: ['ČNB LTV limit (investment housing) 80 % exceeds 70 %'],
    },
    'Owner-occupier aged 40 with high existing instalments: referred on policy DSTI': {
      decision: 'refer',
      category: 'general',
      monthly_payment: 16473.33,
      dsti: 0.5095,
      reasons: [
        'Lender policy DSTI 50.9 % exceeds 45 %',
        'Lender policy DSTI at rate +2 pp 58.7 % exceeds 45 %',
      ],
    },
  },
  mortgage_calculator: {
    '3 M CZK over 30 years at 4.79 %': {
      monthly_payment: 15721.83,
      total_interest: 2659860.69,
      apr_pct: 4.9,
    },
    '2 M CZK over 20 years at 5.49 % with 10 000 CZK fee and 150 CZK/month account': {
      monthly_payment: 13746.45,
      total_cost: 1345149.22,
      apr_pct: 5.83,
    },
  },
  affordability_check: {
    'Couple earning 90 000 CZK net, flat worth 6 M, 2025': {
      max_loan: 5_400_000,
      binding_constraint: 'ltv',
      term_months: 360,
      caps: { ltv: 5_400_000, dsti: 8_586_785 },
      category: 'young',
    },
    'Applicant aged 55: term shortened to 15 years by the age-at-maturity rule': {
      max_loan: 3_078_000,
      term_months: 180,
      binding_constraint: 'stressed_dsti',
      caps: { ltv: null, dti: 7_140_000 },
    },
  },
  account_validator: {
    'Czech account with prefix': {
      iban: 'CZ6508000000192000145399',
      bank_name: 'Česká spořitelna, a.s.',
      format: 'czech',
    },
    'Czech IBAN with spaces': { czech_account: '19-2000145399/0800', bank_code: '0800', format: 'iban' },
    'German IBAN': { country: 'DE', czech_account: null, bank_code: null },
    'Bank code 1234, which no bank has: review': {
      verdict: 'review',
      valid: false,
      bank_code: '1234',
      bank_code_known: false,
    },
  },
  qr_payment: {
    'Invoice payment with variable symbol and due date': {
      spayd:
        'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*DT:20250715*MSG:Faktura 2025000123*X-VS:2025000123',
    },
    'Instant payment to an IBAN with an SVG code': {
      spayd: 'SPD*1.0*ACC:CZ6508000000192000145399*AM:1500.00*CC:CZK*PT:IP*RN:Jan Novák',
    },
  },
  cashflow_analysis: {
    'Three months of a salaried account with a loan repayment': {
      months: 3,
      average_monthly_income: 52500,
      regular_income: { category: 'salary', monthly_median: 52000, months_seen: 3 },
      monthly_debt_service: 8500,
      implied_dsti: 0.1635,
      flags: [],
    },
    'Gambling and an enforcement deduction raise flags': {
      implied_dsti: 0,
      flags: [
        'gambling: 2 transaction(s), 11000 CZK',
        'enforcement and collections: 1 transaction(s), 4000 CZK',
      ],
    },
  },
}

describeWorkedExamples('banking agents: worked examples', {
  agents: bankingAgents,
  names: [
    'account_validator',
    'affordability_check',
    'cashflow_analysis',
    'loan_assessment',
    'mortgage_calculator',
    'qr_payment',
  ],
  catalogueTest: 'has the six agents of the service, each with at least two examples',
  expected,
  run,
})

describe('banking agents: rules and bad input', () => {
  const base = {
    amount: 3_000_000,
    property_value: 4_000_000,
    monthly_income: 60_000,
    annual_rate_pct: 5,
    term_months: 300,
  }

  it('dates each ČNB limit from the day it took effect, not from the latest version of the limits', async () => {
    const out = await run('loan_assessment', loanAssessment.examples[0]!.input)
    const since = (prefix: string) => out.rules_applied.find((r) => r.rule.startsWith(prefix))!.since
    // LTV 90 % for the young has held since 1 April 2022; DSTI was switched off on 1 July 2023 and
    // DTI on 1 January 2024, the version in force on the example's day (2025-06-01).
    expect(since('ČNB LTV limit')).toBe('2022-04-01')
    expect(since('ČNB DSTI limit')).toBe('2023-07-01')
    expect(since('ČNB DTI limit')).toBe('2024-01-01')
  })

  it('applies the 2022 DSTI limit as law before its deactivation on 1 July 2023', async () => {
    const out = await run('loan_assessment', {
      ...base,
      age: 40,
      existing_monthly_payments: 12_000,
      as_of: '2023-05-01',
    })
    expect(out.limits).toMatchObject({ ltv: 0.8, dti: 8.5, dsti: 0.45 })
    expect(out.decision).toBe('decline')
    expect(out.rules_applied[0]).toMatchObject({ since: '2022-04-01' })
  })

  it('refers a loan without a purpose that the ČNB investment-housing limits would decline, naming purpose', async () => {
    // 3.75 M / 5 M = 75 %: within the general 80 % LTV, above the 70 % investment limit from 2026-04-01.
    const out = await run('loan_assessment', {
      ...base,
      amount: 3_750_000,
      property_value: 5_000_000,
      monthly_income: 80_000,
      age: 45,
      as_of: '2026-05-01',
    })
    expect(out).toMatchObject({ decision: 'refer', verdict: 'review', category: 'general' })
    expect(out.reasons).toEqual([
      'purpose not given: assessed as own housing, but the ČNB limits for investment housing would decline it (ČNB LTV limit (investment housing) 75 % exceeds 70 %); give purpose (own_housing or investment)',
    ])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({ basis: ['cnb-ltv-investment'], outcome: '75 % exceeds the limit' }),
    )
    // Said to be for own housing, the same loan is approved; under 70 % it is approved without a purpose.
    expect(
      (
        await run('loan_assessment', {
          ...base,
          amount: 3_750_000,
          property_value: 5_000_000,
          monthly_income: 80_000,
          age: 45,
          purpose: 'own_housing',
          as_of: '2026-05-01',
        })
      ).decision,
    ).toBe('approve')
    expect(
      (
        await run('loan_assessment', {
          ...base,
          amount: 3_400_000,
          property_value: 5_000_000,
          monthly_income: 80_000,
          age: 45,
          as_of: '2026-05-01',
        })
      ).decision,
    ).toBe('approve')
  })

  it('takes the age from a valid birth number and applies the young-buyer LTV', async () => {
    const out = await run('loan_assessment', {
      ...base,
      amount: 3_500_000,
      birth_number: '955321/0007',
      as_of: '2025-06-01',
    })
    expect(out.category).toBe('young')
    expect(out.limits.ltv).toBe(0.9)
  })

  it('rejects a birth number with a bad checksum, naming the field and the rule', async () => {
    const error = await rejection('loan_assessment', { ...base, birth_number: '955321/0006' })
    expect(error.status).toBe(400)
    expect(error.details).toEqual({ field: 'birth_number', rule: 'not divisible by 11 (checksum)' })
  })

  it('rejects an as_of date before the reference data begins', async () => {
    const error = await rejection('loan_assessment', { ...base, as_of: '2019-01-01' })
    expect(error.details).toEqual({ field: 'as_of', rule: 'must be on or after 2022-04-01' })
  })

  it('rejects a missing amount through the schema (400 naming amount)', async () => {
    const { amount: _omit, ...rest } = base
    const error = await rejection('loan_assessment', rest)
    expect(error.status).toBe(400)
    expect(error.details).toMatchObject({ field: 'amount', rule: 'required' })
  })

  it('rejects an account failing the mod-11 test', async () => {
    const error = await rejection('account_validator', { account: '19-2000145398/0800' })
    expect(error.details).toEqual({ field: 'account', rule: 'account number fails the mod-11 check' })
  })

  it('refuses an IBAN whose country code is no country, though its check digits hold, instead of clearing it', async () => {
    for (const account of ['XX46370400440532013000', 'QQ33370400440532013000']) {
      const error = await rejection('account_validator', { account })
      expect(error.status).toBe(400)
      expect(error.details).toEqual({
        field: 'account',
        rule: `${account.slice(0, 2)} is not an ISO 3166 country code, which an IBAN begins with`,
      })
    }
    // Kosovo's IBANs begin with XK, a code ISO 3166 leaves to user assignment.
    expect(await run('account_validator', { account: 'XK051212012345678906' })).toMatchObject({
      valid: true,
      country: 'XK',
      verdict: 'clear',
    })
  })

  it('refuses an amount whose totals would overflow, instead of answering monthly_payment null', async () => {
    const error = await rejection('mortgage_calculator', {
      amount: 1e308,
      annual_rate_pct: 30,
      term_months: 480,
    })
    expect(error.details).toMatchObject({ field: 'amount' })
  })

  it('refuses amounts and rates closer to 0 than 1e-9 with 400 naming the field (found by fuzzing: a 500)', async () => {
    for (const [field, input] of [
      ['amount', { amount: 5e-324, annual_rate_pct: 0, term_months: 1 }],
      ['annual_rate_pct', { amount: 1200, annual_rate_pct: 3.216e-321, term_months: 12 }],
    ] as const) {
      const error = await rejection('mortgage_calculator', input)
      expect(error.status).toBe(400)
      expect(error.details).toMatchObject({ field, rule: 'zero or at least 1e-9 in size' })
    }
    for (const input of [
      { amount: 5e-324, property_value: 5e-324, income: 5e-324 },
      { amount: 2.2250738585072014e-308, property_value: 1_000_000, income: 40_000 },
    ]) {
      expect((await rejection('loan_assessment', input)).details).toMatchObject({ field: 'amount' })
    }
  })

  it('counts the months of the period with no transaction, instead of leaving them out of the averages and the regular income', async () => {
    const out = await run('cashflow_analysis', {
      transactions: [
        { date: '2025-01-10', amount: 52_000, description: 'MZDA 01/2025' },
        { date: '2025-01-15', amount: -8_500, description: 'Splátka úvěru' },
        { date: '2025-06-10', amount: 52_000, description: 'MZDA 06/2025' },
        { date: '2025-06-15', amount: -8_500, description: 'Splátka úvěru' },
      ],
    })
    expect(out).toMatchObject({
      months: 6,
      average_monthly_income: 17_333.33,
      monthly_debt_service: 2_833.33,
      regular_income: null,
      verdict: 'review',
    })
    expect(out.flags).toEqual([
      'no regular income found',
      'months with no transaction: 2025-02, 2025-03, 2025-04, 2025-05 — give the statement for the whole period, or confirm the account had no movement in them',
    ])
  })

  it('gives no DSTI when the regular income is zero, instead of failing (found by fuzzing: a 500)', async () => {
    const out = await run('cashflow_analysis', {
      transactions: [
        { date: '2026-10-22', amount: 0, description: 'mzda' },
        { date: '2026-11-22', amount: 0, description: 'mzda' },
      ],
    })
    expect(out.implied_dsti).toBeNull()
  })

  it('rejects an IBAN with wrong check digits', async () => {
    const error = await rejection('qr_payment', { account: 'CZ6608000000192000145399', amount: 10 })
    expect(error.details).toEqual({ field: 'account', rule: 'check digits do not match (mod 97)' })
  })

  it('escapes * in SPAYD text fields', async () => {
    const out = await run('qr_payment', { account: '19-2000145399/0800', message: 'a*b', svg: false })
    expect(out.spayd).toBe('SPD*1.0*ACC:CZ6508000000192000145399*CC:CZK*MSG:a%2Ab')
  })

  it('renders the QR code as SVG', async () => {
    const out = await run('qr_payment', { account: '19-2000145399/0800', amount: 1 })
    expect(out.qr_svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/)
  })

  it('rejects upfront fees that swallow the loan', async () => {
    const error = await rejection('mortgage_calculator', {
      amount: 1000,
      annual_rate_pct: 5,
      term_months: 12,
      upfront_fees: 1000,
    })
    expect(error.details).toEqual({ field: 'upfront_fees', rule: 'must be less than the amount' })
  })

  it('ends the amortisation schedule at a zero balance with the principal fully repaid', async () => {
    const out = await run('mortgage_calculator', { amount: 1_234_567, annual_rate_pct: 3.3, term_months: 97 })
    const repaid = out.schedule.reduce((s, y) => s + y.principal, 0)
    expect(out.schedule.at(-1)!.balance).toBe(0)
    expect(Math.round(repaid * 100) / 100).toBe(1_234_567)
  })
})
