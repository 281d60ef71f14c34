import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { loadReference, versionAt } from '../../engines/reference/load.ts'
import { DateString, NullableNumber, NullableObject } from '../../engines/reference/schema.ts'
import { defineAgent } from '../types.ts'
import {
  type Categories,
  categorise,
  categoryTotals,
  monthsOfPeriod,
  regularIncome,
  riskFlags,
} from './cashflow-checks.ts'

export const cashflowAnalysis = defineAgent({
  service: 'banking',
  name: 'cashflow_analysis',
  description:
    'Categorises bank-statement transactions by a documented keyword table (salary, loan repayments, gambling, collections …), and reports average monthly income and expenses, regular income, existing debt service and risk flags for a lender.',
  input: Type.Object(
    {
      transactions: Type.Array(
        Type.Object(
          {
            date: DateString(),
            amount: Type.Number({ description: 'CZK; positive = credit, negative = debit' }),
            description: Type.String({ maxLength: 500 }),
            counterparty: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 5000 },
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    months: Type.Integer({
      description: 'calendar months from the first transaction to the last, those with no transaction too',
    }),
    period: Type.Object({ from: Type.String(), to: Type.String() }),
    average_monthly_income: Type.Number(),
    average_monthly_expenses: Type.Number(),
    average_monthly_net: Type.Number(),
    regular_income: NullableObject(
      Type.Object({ category: Type.String(), monthly_median: Type.Number(), months_seen: Type.Integer() }),
    ),
    monthly_debt_service: Type.Number({ description: 'average monthly loan repayments, CZK' }),
    implied_dsti: NullableNumber(),
    by_category: Type.Array(
      Type.Object({
        category: Type.String(),
        direction: Type.String(),
        total: Type.Number(),
        count: Type.Integer(),
      }),
    ),
    flags: Type.Array(Type.String()),
  }),
  law: ['method-cashflow-categories', 'cz-257-2016-s86', 'cnb-recommendation-2022'],
  verdict: {
    explain:
      '`review` when the analysis raises a flag (gambling, no regular income, expenses over income, months of the period with no transaction …), else `informational`',
    of: (r) => (r.flags.length > 0 ? 'review' : 'informational'),
  },
  examples: [
    {
      title: 'Three months of a salaried account with a loan repayment',
      input: {
        transactions: [
          { date: '2025-03-10', amount: 52_000, description: 'MZDA 03/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-03-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
          { date: '2025-03-20', amount: -3_200, description: 'Platba kartou ALBERT' },
          { date: '2025-04-10', amount: 52_000, description: 'MZDA 04/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-04-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
          { date: '2025-04-22', amount: -2_900, description: 'Platba kartou LIDL' },
          { date: '2025-05-10', amount: 53_500, description: 'MZDA 05/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-05-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
          { date: '2025-05-18', amount: -12_000, description: 'Nájemné květen', counterparty: 'SVJ Korunní' },
        ],
      },
    },
    {
      title: 'Gambling and an enforcement deduction raise flags',
      input: {
        transactions: [
          { date: '2025-01-05', amount: 30_000, description: 'Výplata' },
          { date: '2025-01-06', amount: -5_000, description: 'TIPSPORT vklad' },
          { date: '2025-01-20', amount: -4_000, description: 'Srážka exekuce č.j. 123 EX 45/24' },
          { date: '2025-02-05', amount: 30_000, description: 'Výplata' },
          { date: '2025-02-07', amount: -6_000, description: 'Fortuna sázky' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const at = asOfDate(undefined, ctx.now)
    const say = ctx.say
    const txs = [...input.transactions].sort((a, b) => a.date.localeCompare(b.date))
    const table = versionAt(loadReference<Categories>('cashflow-categories'), at)
    const calendar = monthsOfPeriod(txs[0]!.date, txs[txs.length - 1]!.date)
    const months = calendar.length
    const seen = new Set(txs.map((t) => t.date.slice(0, 7)))
    const empty = calendar.filter((m) => !seen.has(m))
    const { byCat, creditsByMonth, income, expenses, rule: categorised } = categorise(txs, table, at, say)
    const { regular, rule: regularRule } = regularIncome(creditsByMonth, months, at, say)
    const { flags, rule: riskRule } = riskFlags({ byCat, regular, income, expenses, empty }, table, at, say)
    const debtService = round2((byCat.get('loan_repayment')?.total ?? 0) / months)
    return {
      months,
      period: { from: txs[0]!.date, to: txs[txs.length - 1]!.date },
      average_monthly_income: round2(income / months),
      average_monthly_expenses: round2(expenses / months),
      average_monthly_net: round2((income - expenses) / months),
      regular_income: regular,
      monthly_debt_service: debtService,
      // No DSTI without a positive regular income to divide by.
      implied_dsti:
        regular && regular.monthly_median > 0
          ? Math.round((debtService / regular.monthly_median) * 10_000) / 10_000
          : null,
      by_category: categoryTotals(byCat),
      flags,
      rules_applied: [categorised, regularRule, riskRule],
    }
  },
})
