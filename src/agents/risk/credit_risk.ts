import { Type } from 'typebox'
import { annuityPayment } from '../../engines/finance/annuity.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import type { Assumption, SourceStatus } from '../result.ts'
import { INCOME_DESCRIPTION, mortgageRate, mortgageTerm, netMonthlyIncome } from '../spec-fields.ts'
import { defineAgent } from '../types.ts'
import {
  affordabilityCheck,
  applicantCheck,
  companyCheck,
  type Scorecard,
  scorecardRules,
  tally,
} from './credit-checks.ts'

export const creditRisk = defineAgent({
  service: 'risk',
  name: 'credit_risk',
  description:
    'Credit scorecard for a loan applicant: points for DSTI and LTV, employment and its length, recent delinquencies and — for a business borrower given by IČO — company age, insolvency and dissolution from ARES; total, grade A–E and a recommendation, with every characteristic shown.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'loan principal, CZK' }),
      monthly_income: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          description: 'net monthly income, CZK (or `income`: one is required)',
        }),
      ),
      income: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: INCOME_DESCRIPTION })),
      annual_rate_pct: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 30,
          description: '% p.a. (default: the ČNB average on new housing loans on file)',
        }),
      ),
      term_months: Type.Optional(Type.Integer({ minimum: 1, maximum: 480, description: 'default 360' })),
      property_value: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'collateral value, CZK' }),
      ),
      existing_monthly_payments: Type.Optional(Type.Number({ minimum: 0 })),
      employment: Type.Optional(
        Type.Union([
          Type.Literal('permanent'),
          Type.Literal('fixed_term'),
          Type.Literal('self_employed'),
          Type.Literal('pensioner'),
          Type.Literal('unemployed'),
        ]),
      ),
      employment_years: Type.Optional(Type.Number({ minimum: 0, maximum: 70 })),
      delinquencies_12m: Type.Optional(
        Type.Integer({ minimum: 0, description: 'missed payments in 12 months' }),
      ),
      ico: Type.Optional(Type.String({ maxLength: 12, description: 'business borrower: checked in ARES' })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    score: Type.Integer(),
    grade: Type.String(),
    recommendation: Type.String(),
    dsti: Type.Number(),
    ltv: NullableNumber(),
    characteristics: Type.Array(
      Type.Object({ name: Type.String(), value: Type.String(), points: Type.Integer() }),
    ),
    not_scored: Type.Array(Type.String(), {
      description: 'characteristics not given or not found: each scored as unknown, at its worst band',
    }),
  }),
  verdict: {
    explain: 'from `grade`: A, B → `clear`; C, D → `review` (conditions, an underwriter); E → `adverse`',
    of: (r) => (r.grade <= 'B' ? 'clear' : r.grade <= 'D' ? 'review' : 'adverse'),
  },
  law: ['policy-credit-scorecard', 'cnb-recommendation-2022', 'cz-182-2006-insolvency'],
  examples: [
    {
      title: 'Employed applicant, 25 % DSTI, 70 % LTV, clean history: grade A',
      input: {
        amount: 3_500_000,
        monthly_income: 75_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 5_000_000,
        employment: 'permanent',
        employment_years: 6,
        delinquencies_12m: 0,
      },
    },
    {
      title: 'Self-employed applicant with a missed payment and high DSTI: grade E',
      input: {
        amount: 1_200_000,
        monthly_income: 32_000,
        annual_rate_pct: 6.9,
        term_months: 120,
        existing_monthly_payments: 2_000,
        employment: 'self_employed',
        employment_years: 0.5,
        delinquencies_12m: 1,
      },
    },
  ],
  async run(input, ctx) {
    const today = asOfDate(input.as_of, ctx.now)
    const card = covered(() => referenceAt<Scorecard>('credit-scorecard', today))
    const assumptions: Assumption[] = []
    const monthlyIncome = netMonthlyIncome(input, assumptions, ctx.say)
    const rate = mortgageRate(input.annual_rate_pct, today, assumptions, ctx.say)
    const termMonths = mortgageTerm(input.term_months, assumptions, ctx.say)
    const say = ctx.say
    const t = tally(say)
    const payment = annuityPayment(input.amount, rate, termMonths)
    const { dsti, ltv } = affordabilityCheck(input, payment, monthlyIncome, card, t)
    applicantCheck(input, card, t, say)
    const sources: SourceStatus[] = input.ico ? await companyCheck(ctx, input.ico, card, today, t, say) : []
    const chars = t.chars
    const score = card.base + chars.reduce((s, c) => s + c.points, 0)
    const grade = card.grades.find((g) => score >= g.min)!
    return {
      score,
      grade: grade.grade,
      // The scorecard's wording is the verdict the orchestrators read (orchestrator-verdicts.json): a code.
      recommendation: grade.recommendation,
      dsti: Math.round(dsti * 10_000) / 10_000,
      ltv: ltv === null ? null : Math.round(ltv * 10_000) / 10_000,
      characteristics: chars,
      not_scored: t.notScored,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: scorecardRules(card, chars, score, grade, today, say),
      assumptions,
    }
  },
})
