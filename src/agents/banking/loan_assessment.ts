import { Type } from 'typebox'
import { annuityPayment, round2 } from '../../engines/finance/annuity.ts'
import { lendingLimits, pct } from '../../engines/finance/lending.ts'
import { applicantAge, asOfDate, covered } from '../../engines/reference/inputs.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import type { Texts } from '../lang.ts'
import { type Citation, cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import {
  CATEGORY_LABEL,
  INCOME_DESCRIPTION,
  loanPurpose,
  mortgageRate,
  mortgageTerm,
  netMonthlyIncome,
} from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { LENDING_LAW } from './lending-law.ts'

const Ratio = NullableNumber()

export const loanAssessment = defineAgent({
  service: 'banking',
  name: 'loan_assessment',
  description:
    'Assesses a mortgage application against the ČNB LTV/DTI/DSTI limits in force on the day (by age and purpose) and the lender policy, and decides approve / refer / decline with the reasons.',
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
      purpose: Type.Optional(Type.Union([Type.Literal('own_housing'), Type.Literal('investment')])),
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

    const rules: AppliedRule[] = []
    const declines: string[] = []
    const refers: string[] = []
    const cnb = (limit: 'ltv' | 'dti' | 'dsti') => cite(asOf, limits.regulatoryBasis[limit])
    const policy = cite(asOf, 'policy-bank-lending')

    const say = ctx.say
    const check = (
      label: Texts,
      value: number,
      limit: number | null,
      fmt: (x: number) => Texts | string,
      base: Citation,
      onBreach: string[],
    ) => {
      const f = (x: number) => {
        const t = fmt(x)
        return typeof t === 'string' ? t : say(t)
      }
      const name = say(label)
      if (limit === null) {
        rules.push({
          rule: say({ cs: `${name}: žádný limit neplatí`, en: `${name}: no limit in force` }),
          ...base,
          outcome: say({ cs: `${f(value)} (bez limitu)`, en: `${f(value)} (not limited)` }),
        })
        return
      }
      const breached = value > limit + 1e-9
      rules.push({
        rule: `${name} ${f(limit)}`,
        ...base,
        outcome: breached
          ? say({ cs: `${f(value)} překračuje limit`, en: `${f(value)} exceeds the limit` })
          : say({ cs: `${f(value)} v rámci limitu`, en: `${f(value)} within the limit` }),
      })
      if (breached)
        onBreach.push(
          say({
            cs: `${name} ${f(value)} překračuje ${f(limit)}`,
            en: `${name} ${f(value)} exceeds ${f(limit)}`,
          }),
        )
    }
    const multiple = (x: number) => x.toFixed(2).replace(/\.?0+$/, '')
    const cnbLimit = (ratio: string) => ({
      cs: `Limit ČNB ${ratio} (${CATEGORY_LABEL[limits.category].cs})`,
      en: `ČNB ${ratio} limit (${CATEGORY_LABEL[limits.category].en})`,
    })
    check(cnbLimit('LTV'), ltv, limits.regulatory.ltv, pct, cnb('ltv'), declines)
    check(cnbLimit('DTI'), dti, limits.regulatory.dti, multiple, cnb('dti'), declines)
    check(cnbLimit('DSTI'), dsti, limits.regulatory.dsti, pct, cnb('dsti'), declines)
    check(
      { cs: 'DTI podle úvěrové politiky', en: 'Lender policy DTI' },
      dti,
      limits.policy.dti,
      multiple,
      policy,
      refers,
    )
    check(
      { cs: 'DSTI podle úvěrové politiky', en: 'Lender policy DSTI' },
      dsti,
      limits.policy.dsti,
      pct,
      policy,
      refers,
    )
    check(
      {
        cs: `DSTI podle úvěrové politiky při sazbě +${limits.policy.stressRateAddPct} p. b.`,
        en: `Lender policy DSTI at rate +${limits.policy.stressRateAddPct} pp`,
      },
      stressedDsti,
      limits.policy.dsti,
      pct,
      policy,
      refers,
    )
    if (age !== undefined) {
      const ageAtMaturity = age + termMonths / 12
      check(
        { cs: 'Věk při splatnosti podle úvěrové politiky', en: 'Lender policy age at maturity' },
        ageAtMaturity,
        limits.policy.maxAgeAtMaturity,
        (x) => ({ cs: `${Math.ceil(x)} let`, en: `${Math.ceil(x)} years` }),
        policy,
        refers,
      )
    } else {
      refers.push(
        say({
          cs: 'věk nezadán: limity pro mladé žadatele a věk při splatnosti nebylo možné ověřit',
          en: 'age not given: the young-applicant limits and age at maturity could not be checked',
        }),
      )
    }
    if (termMonths > limits.policy.maxTermMonths) {
      refers.push(
        say({
          cs: `doba ${termMonths} měsíců překračuje maximum úvěrové politiky ${limits.policy.maxTermMonths} měsíců`,
          en: `term ${termMonths} months exceeds the policy maximum of ${limits.policy.maxTermMonths}`,
        }),
      )
    }

    const decision: 'approve' | 'refer' | 'decline' =
      declines.length > 0 ? 'decline' : refers.length > 0 ? 'refer' : 'approve'
    const reasons =
      declines.length + refers.length > 0
        ? [...declines, ...refers]
        : [say({ cs: 'všechny limity splněny', en: 'all limits met' })]
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
      rules_applied: rules,
      assumptions,
      as_of: asOf,
    }
  },
})

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000
}
