import { Type } from 'typebox'
import { annuityPayment, round2 } from '../../engines/finance/annuity.ts'
import { lendingLimits } from '../../engines/finance/lending.ts'
import { applicantAge, asOfDate, covered } from '../../engines/reference/inputs.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import type { Assumption } from '../result.ts'
import {
  INCOME_DESCRIPTION,
  loanPurpose,
  mortgageRate,
  mortgageTerm,
  netMonthlyIncome,
} from '../spec-fields.ts'
import { defineAgent } from '../types.ts'
import { LENDING_LAW } from './lending-law.ts'
import { decide, maturityChecks, policyChecks, purposeCheck, regulatoryChecks } from './loan-checks.ts'

const Ratio = NullableNumber()

export const loanAssessment = defineAgent({
  service: 'banking',
  name: 'loan_assessment',
  description:
    'Assesses a mortgage application against the ČNB LTV/DTI/DSTI limits in force on the day (by age and purpose) and the lender policy, and decides approve / refer / decline with the reasons. A loan whose purpose is not given is assessed as own housing and referred when the investment-housing limits would decline it.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'loan principal, CZK' }),
      property_value: Type.Number({
        exclusiveMinimum: 0,
        description: 'pledged value of the collateral, CZK',
      }),
      monthly_income: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          description: 'net monthly income of all applicants, CZK (or `income`: one is required)',
        }),
      ),
      income: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: INCOME_DESCRIPTION })),
      annual_rate_pct: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 30,
          description:
            'nominal interest rate, % p.a. (default: the ČNB average on new housing loans on file)',
        }),
      ),
      term_months: Type.Optional(Type.Integer({ minimum: 12, maximum: 480, description: 'default 360' })),
      purpose: Type.Optional(
        Type.Union([Type.Literal('own_housing'), Type.Literal('investment')], {
          description:
            'not given: assessed as own_housing, and referred when the investment-housing limits would decline the loan',
        }),
      ),
      age: Type.Optional(
        Type.Integer({ minimum: 18, maximum: 100, description: 'age of the oldest applicant' }),
      ),
      birth_number: Type.Optional(Type.String({ description: 'rodné číslo, used for the age when given' })),
      existing_monthly_payments: Type.Optional(
        Type.Number({ minimum: 0, description: 'other instalments, CZK' }),
      ),
      existing_debt: Type.Optional(Type.Number({ minimum: 0, description: 'other outstanding debt, CZK' })),
      as_of: Type.Optional(DateString('date the limits are taken at (default: today)')),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    decision: Type.Union([Type.Literal('approve'), Type.Literal('refer'), Type.Literal('decline')]),
    category: Type.Union([Type.Literal('general'), Type.Literal('young'), Type.Literal('investment')]),
    monthly_payment: Type.Number(),
    ltv: Type.Number(),
    dti: Type.Number(),
    dsti: Type.Number(),
    stressed_dsti: Type.Number(),
    limits: Type.Object({
      ltv: Ratio,
      dti: Ratio,
      dsti: Ratio,
      policy_dti: Type.Number(),
      policy_dsti: Type.Number(),
    }),
    max_loan_by_ltv: Ratio,
    reasons: Type.Array(Type.String()),
    as_of: Type.String(),
  }),
  verdict: { field: 'decision', map: { approve: 'clear', refer: 'review', decline: 'adverse' } },
  law: LENDING_LAW,
  examples: [
    {
      title: 'Young buyer of own flat at 90 % LTV (2025): approved',
      input: {
        amount: 4_500_000,
        property_value: 5_000_000,
        monthly_income: 95_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        age: 31,
        purpose: 'own_housing',
        as_of: '2025-06-01',
      },
    },
    {
      title: 'Investment flat at 80 % LTV after 1 April 2026: declined (limit 70 %)',
      input: {
        amount: 4_000_000,
        property_value: 5_000_000,
        monthly_income: 120_000,
        annual_rate_pct: 4.9,
        term_months: 300,
        age: 45,
        purpose: 'investment',
        as_of: '2026-05-01',
      },
    },
    {
      title: 'Owner-occupier aged 40 with high existing instalments: referred on policy DSTI',
      input: {
        amount: 3_000_000,
        property_value: 4_500_000,
        monthly_income: 50_000,
        annual_rate_pct: 5.2,
        term_months: 360,
        age: 40,
        existing_monthly_payments: 9_000,
        as_of: '2025-06-01',
      },
    },
  ],
  async run(input, ctx) {
    const asOf = asOfDate(input.as_of, ctx.now)
    const assumptions: Assumption[] = []
    const purpose = loanPurpose(input.purpose, assumptions, ctx.say)
    const age = applicantAge(input, asOf)
    const limits = covered(() => lendingLimits(asOf, age, purpose))
    const monthlyIncome = netMonthlyIncome(input, assumptions, ctx.say)
    const rate = mortgageRate(input.annual_rate_pct, asOf, assumptions, ctx.say)
    const termMonths = mortgageTerm(input.term_months, assumptions, ctx.say)
    const existingPayments = input.existing_monthly_payments ?? 0
    const existingDebt = input.existing_debt ?? 0

    const payment = annuityPayment(input.amount, rate, termMonths)
    const stressedPayment = annuityPayment(input.amount, rate + limits.policy.stressRateAddPct, termMonths)
    const ltv = input.amount / input.property_value
    const dti = (input.amount + existingDebt) / (monthlyIncome * 12)
    const dsti = (payment + existingPayments) / monthlyIncome
    const stressedDsti = (stressedPayment + existingPayments) / monthlyIncome

    const ratios = { ltv, dti, dsti, stressedDsti }
    const declined = regulatoryChecks(ratios, limits, asOf, ctx.say)
    const referred = [
      policyChecks(ratios, limits, asOf, ctx.say),
      maturityChecks(age, termMonths, limits, asOf, ctx.say),
      purposeCheck(input.purpose, ratios, age, asOf, ctx.say),
    ]
    const refers = referred.flatMap((c) => c.reasons)
    const { decision, reasons } = decide(declined.reasons, refers, ctx.say)
    return {
      decision,
      category: limits.category,
      monthly_payment: round2(payment),
      ltv: round4(ltv),
      dti: round4(dti),
      dsti: round4(dsti),
      stressed_dsti: round4(stressedDsti),
      limits: {
        ltv: limits.regulatory.ltv,
        dti: limits.regulatory.dti,
        dsti: limits.regulatory.dsti,
        policy_dti: limits.policy.dti,
        policy_dsti: limits.policy.dsti,
      },
      max_loan_by_ltv:
        limits.regulatory.ltv === null ? null : round2(limits.regulatory.ltv * input.property_value),
      reasons,
      rules_applied: [declined, ...referred].flatMap((c) => c.rules),
      assumptions,
      as_of: asOf,
    }
  },
})

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000
}
