import { Type } from 'typebox'
import { annuityPayment, round2 } from '../../engines/finance/annuity.ts'
import { lendingLimits } from '../../engines/finance/lending.ts'
import { applicantAge, asOfDate, covered } from '../../engines/reference/inputs.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import type { Assumption } from '../result.ts'
import { loanPurpose } from '../spec-fields.ts'
import { defineAgent } from '../types.ts'
import { bindingCap, capChecks, termCheck } from './affordability-checks.ts'
import { LENDING_LAW } from './lending-law.ts'

const Constraint = Type.Union([
  Type.Literal('ltv'),
  Type.Literal('dti'),
  Type.Literal('dsti'),
  Type.Literal('stressed_dsti'),
])

export const affordabilityCheck = defineAgent({
  service: 'banking',
  name: 'affordability_check',
  description:
    'Largest mortgage an applicant can get: the minimum of the loan allowed by the ČNB LTV/DTI/DSTI limits in force and by the lender policy (incl. a rate stress test), with the term capped by age at maturity.',
  input: Type.Object(
    {
      monthly_income: Type.Number({ exclusiveMinimum: 0, description: 'net monthly income, CZK' }),
      annual_rate_pct: Type.Number({ minimum: 0, maximum: 30 }),
      term_months: Type.Integer({ minimum: 12, maximum: 480 }),
      property_value: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'CZK; enables the LTV cap' }),
      ),
      purpose: Type.Optional(Type.Union([Type.Literal('own_housing'), Type.Literal('investment')])),
      age: Type.Optional(Type.Integer({ minimum: 18, maximum: 100 })),
      birth_number: Type.Optional(Type.String()),
      existing_monthly_payments: Type.Optional(Type.Number({ minimum: 0 })),
      existing_debt: Type.Optional(Type.Number({ minimum: 0 })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    max_loan: Type.Number({ description: 'CZK, rounded down to whole thousands' }),
    monthly_payment: Type.Number(),
    term_months: Type.Integer({ description: 'term used (capped by age at maturity)' }),
    binding_constraint: Constraint,
    caps: Type.Object({
      ltv: NullableNumber(),
      dti: Type.Number(),
      dsti: Type.Number(),
      stressed_dsti: Type.Number(),
    }),
    category: Type.String(),
    as_of: Type.String(),
  }),
  verdict: 'informational',
  law: LENDING_LAW,
  examples: [
    {
      title: 'Couple earning 90 000 CZK net, flat worth 6 M, 2025',
      input: {
        monthly_income: 90_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 6_000_000,
        age: 33,
        as_of: '2025-06-01',
      },
    },
    {
      title: 'Applicant aged 55: term shortened to 15 years by the age-at-maturity rule',
      input: {
        monthly_income: 70_000,
        annual_rate_pct: 4.9,
        term_months: 360,
        age: 55,
        existing_monthly_payments: 4_000,
        as_of: '2025-06-01',
      },
    },
  ],
  async run(input, ctx) {
    const asOf = asOfDate(input.as_of, ctx.now)
    const age = applicantAge(input, asOf)
    const assumptions: Assumption[] = []
    const limits = covered(() => lendingLimits(asOf, age, loanPurpose(input.purpose, assumptions, ctx.say)))
    const { term, rules: termRules } = termCheck(input.term_months, age, limits, asOf, ctx.say)
    const caps = capChecks(input, term, limits, asOf, ctx.say)
    const { maxLoan, binding } = bindingCap(caps)
    return {
      max_loan: maxLoan,
      monthly_payment:
        term > 0 && maxLoan > 0 ? round2(annuityPayment(maxLoan, input.annual_rate_pct, term)) : 0,
      term_months: term,
      binding_constraint: binding,
      caps: {
        ltv: caps.byLtv === null ? null : Math.floor(caps.byLtv),
        dti: Math.floor(caps.byDti),
        dsti: Math.floor(caps.byDsti),
        stressed_dsti: Math.floor(caps.byStress),
      },
      category: limits.category,
      rules_applied: [...termRules, ...caps.rules],
      assumptions,
      as_of: asOf,
    }
  },
})
