import { Type } from 'typebox'
import { annuityPayment, principalForPayment, round2 } from '../../engines/finance/annuity.ts'
import { lendingLimits, pct } from '../../engines/finance/lending.ts'
import { applicantAge, asOfDate, covered } from '../../engines/reference/inputs.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import { CATEGORY_LABEL, loanPurpose } from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
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
    const rules: AppliedRule[] = []
    const say = ctx.say
    const czk = (x: number) => say({ cs: `${x} Kč`, en: `${x} CZK` })
    const cnb = (limit: 'ltv' | 'dti' | 'dsti') => cite(asOf, limits.regulatoryBasis[limit])
    const policy = cite(asOf, 'policy-bank-lending')

    let term = Math.min(input.term_months, limits.policy.maxTermMonths)
    if (age !== undefined) {
      const maxByAge = Math.max(0, (limits.policy.maxAgeAtMaturity - age) * 12)
      if (maxByAge < term) term = maxByAge
      rules.push({
        rule: say({
          cs: `Úvěr musí být splacen do věku ${limits.policy.maxAgeAtMaturity} let`,
          en: `Loan must be repaid by age ${limits.policy.maxAgeAtMaturity}`,
        }),
        ...policy,
        outcome: say({ cs: `doba ${term} měsíců`, en: `term ${term} months` }),
      })
    }
    const existingPayments = input.existing_monthly_payments ?? 0
    const existingDebt = input.existing_debt ?? 0
    const annualIncome = input.monthly_income * 12

    const dstiLimit = Math.min(limits.regulatory.dsti ?? Number.POSITIVE_INFINITY, limits.policy.dsti)
    const dtiLimit = Math.min(limits.regulatory.dti ?? Number.POSITIVE_INFINITY, limits.policy.dti)
    const room = Math.max(0, dstiLimit * input.monthly_income - existingPayments)
    const byDsti = term > 0 ? principalForPayment(room, input.annual_rate_pct, term) : 0
    const byStress =
      term > 0 ? principalForPayment(room, input.annual_rate_pct + limits.policy.stressRateAddPct, term) : 0
    const byDti = Math.max(0, dtiLimit * annualIncome - existingDebt)
    const ltvLimit = limits.regulatory.ltv
    const byLtv =
      input.property_value !== undefined && ltvLimit !== null ? ltvLimit * input.property_value : null

    const src = (limit: 'dti' | 'dsti') => (limits.regulatory[limit] !== null ? cnb(limit) : policy)
    rules.push({
      rule: say({
        cs: `Strop DSTI ${pct(dstiLimit)} čistého příjmu`,
        en: `DSTI cap ${pct(dstiLimit)} of net income`,
      }),
      ...src('dsti'),
      outcome: say({
        cs: `prostor ${round2(room)} Kč/měsíc → ${Math.floor(byDsti)} Kč`,
        en: `room ${round2(room)} CZK/month → ${Math.floor(byDsti)} CZK`,
      }),
    })
    rules.push({
      rule: say({
        cs: `Strop DSTI při sazbě +${limits.policy.stressRateAddPct} p. b.`,
        en: `DSTI cap with rate +${limits.policy.stressRateAddPct} pp`,
      }),
      ...policy,
      outcome: czk(Math.floor(byStress)),
    })
    rules.push({
      rule: say({
        cs: `Strop DTI ${dtiLimit} × čistý roční příjem`,
        en: `DTI cap ${dtiLimit} × net annual income`,
      }),
      ...src('dti'),
      outcome: czk(Math.floor(byDti)),
    })
    if (byLtv !== null) {
      rules.push({
        rule: say({
          cs: `Limit ČNB LTV ${pct(ltvLimit!)} (${CATEGORY_LABEL[limits.category].cs})`,
          en: `ČNB LTV limit ${pct(ltvLimit!)} (${CATEGORY_LABEL[limits.category].en})`,
        }),
        ...cnb('ltv'),
        outcome: czk(byLtv),
      })
    }

    const candidates: [number, 'ltv' | 'dti' | 'dsti' | 'stressed_dsti'][] = [
      [byDsti, 'dsti'],
      [byStress, 'stressed_dsti'],
      [byDti, 'dti'],
    ]
    if (byLtv !== null) candidates.push([byLtv, 'ltv'])
    candidates.sort((a, b) => a[0] - b[0])
    const [lowest, binding] = candidates[0]!
    const maxLoan = Math.max(0, Math.floor(lowest / 1000) * 1000)
    return {
      max_loan: maxLoan,
      monthly_payment:
        term > 0 && maxLoan > 0 ? round2(annuityPayment(maxLoan, input.annual_rate_pct, term)) : 0,
      term_months: term,
      binding_constraint: binding,
      caps: {
        ltv: byLtv === null ? null : Math.floor(byLtv),
        dti: Math.floor(byDti),
        dsti: Math.floor(byDsti),
        stressed_dsti: Math.floor(byStress),
      },
      category: limits.category,
      rules_applied: rules,
      assumptions,
      as_of: asOf,
    }
  },
})
