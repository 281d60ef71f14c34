import { Type } from 'typebox'
import { amortisation, aprFromCashflows, round2 } from '../../engines/finance/annuity.ts'
import { isoDate } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'

export const mortgageCalculator = defineAgent({
  service: 'banking',
  name: 'mortgage_calculator',
  description:
    'Annuity mortgage calculator: monthly instalment, total paid and interest, a yearly amortisation schedule, and the annual percentage rate of charge (RPSN) when fees are given.',
  input: Type.Object(
    {
      // Bounded so that every total stays a finite number (1e308 CZK would overflow to Infinity).
      amount: Type.Number({
        exclusiveMinimum: 0,
        maximum: 1e12,
        description: 'loan principal, CZK (at most 10^12)',
      }),
      annual_rate_pct: Type.Number({ minimum: 0, maximum: 30, description: 'nominal rate, % p.a.' }),
      term_months: Type.Integer({ minimum: 1, maximum: 480 }),
      upfront_fees: Type.Optional(
        Type.Number({ minimum: 0, maximum: 1e12, description: 'fees paid at drawdown, CZK' }),
      ),
      monthly_fees: Type.Optional(
        Type.Number({ minimum: 0, maximum: 1e9, description: 'account or servicing fee, CZK/month' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    monthly_payment: Type.Number(),
    total_paid: Type.Number(),
    total_interest: Type.Number(),
    total_cost: Type.Number({ description: 'interest plus all fees, CZK' }),
    apr_pct: Type.Number({ description: 'RPSN, % p.a.' }),
    schedule: Type.Array(
      Type.Object({
        year: Type.Integer(),
        paid: Type.Number(),
        interest: Type.Number(),
        principal: Type.Number(),
        balance: Type.Number(),
      }),
    ),
  }),
  verdict: 'informational',
  law: ['method-annuity', 'cz-257-2016-s134'],
  examples: [
    {
      title: '3 M CZK over 30 years at 4.79 %',
      input: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 },
    },
    {
      title: '2 M CZK over 20 years at 5.49 % with 10 000 CZK fee and 150 CZK/month account',
      input: {
        amount: 2_000_000,
        annual_rate_pct: 5.49,
        term_months: 240,
        upfront_fees: 10_000,
        monthly_fees: 150,
      },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const upfront = input.upfront_fees ?? 0
    const monthlyFees = input.monthly_fees ?? 0
    if (upfront >= input.amount) throw errors.invalid('upfront_fees', 'must be less than the amount')
    const s = amortisation(input.amount, input.annual_rate_pct, input.term_months)
    const apr = aprFromCashflows(input.amount - upfront, s.monthlyPayment + monthlyFees, input.term_months)
    const totalCost = round2(s.totalInterest + upfront + monthlyFees * input.term_months)
    return {
      monthly_payment: s.monthlyPayment,
      total_paid: s.totalPaid,
      total_interest: s.totalInterest,
      total_cost: totalCost,
      apr_pct: Math.round(apr * 100) / 100,
      schedule: s.years,
      rules_applied: [
        {
          rule: ctx.say({
            cs: 'Anuitní splátka M = P·r / (1 − (1 + r)^−n), r = roční sazba / 12',
            en: 'Annuity instalment M = P·r / (1 − (1 + r)^−n), r = annual rate / 12',
          }),
          ...cite(at, 'method-annuity'),
          outcome: ctx.say({
            cs: `${s.monthlyPayment} Kč měsíčně po ${input.term_months} měsíců`,
            en: `${s.monthlyPayment} CZK a month for ${input.term_months} months`,
          }),
        },
        {
          rule: ctx.say({
            cs: 'RPSN: roční sazba, při níž se čistá výše úvěru rovná současné hodnotě všech plateb včetně poplatků',
            en: 'RPSN: annual rate equating the net advance with the present value of all payments incl. fees',
          }),
          ...cite(at, 'cz-257-2016-s134'),
          outcome: `${Math.round(apr * 100) / 100} %`,
        },
      ],
    }
  },
})
