import { Type } from 'typebox'
import { fold } from '../../engines/czech/text.ts'
import { round2 } from '../../engines/finance/annuity.ts'
import { median } from '../../engines/finance/stats.ts'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { DateString, NullableNumber, NullableObject } from '../../engines/reference/schema.ts'
import { countCs } from '../czech.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

/** The risk categories of the table as the texts name them. */
const RISK_LABEL: Record<string, { cs: string; en: string }> = {
  gambling: { cs: 'hazardní hry', en: 'gambling' },
  collections: { cs: 'exekuce a vymáhání', en: 'enforcement and collections' },
}

interface CategoryRule {
  id: string
  direction: 'credit' | 'debit'
  patterns: string[]
}
interface Categories extends ReferenceVersion {
  categories: CategoryRule[]
  risk_categories: string[]
}

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
    months: Type.Integer(),
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
      '`review` when the analysis raises a flag (gambling, no regular income, expenses over income …), else `informational`',
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
    const txs = [...input.transactions].sort((a, b) => a.date.localeCompare(b.date))
    const table = versionAt(loadReference<Categories>('cashflow-categories'), at)
    const compiled = table.categories.map((c) => ({ ...c, re: c.patterns.map((p) => new RegExp(p, 'i')) }))
    const from = txs[0]!.date
    const to = txs[txs.length - 1]!.date
    const monthKeys = new Set(txs.map((t) => t.date.slice(0, 7)))
    const months = monthKeys.size
    const byCat = new Map<string, { direction: string; total: number; count: number }>()
    const creditsByMonth = new Map<string, Map<string, number>>()
    let income = 0
    let expenses = 0
    for (const t of txs) {
      const direction = t.amount >= 0 ? 'credit' : 'debit'
      const text = fold(`${t.description} ${t.counterparty ?? ''}`)
      const hit = compiled.find((c) => c.direction === direction && c.re.some((r) => r.test(text)))
      const category = hit?.id ?? (direction === 'credit' ? 'other_income' : 'other_expense')
      const entry = byCat.get(category) ?? { direction, total: 0, count: 0 }
      entry.total += Math.abs(t.amount)
      entry.count++
      byCat.set(category, entry)
      if (direction === 'credit') {
        income += t.amount
        const month = t.date.slice(0, 7)
        const m = creditsByMonth.get(category) ?? new Map<string, number>()
        m.set(month, (m.get(month) ?? 0) + t.amount)
        creditsByMonth.set(category, m)
      } else expenses -= t.amount
    }

    // Regular income: a credit category present in at least 2/3 of the months (salary, pension …).
    let regular: { category: string; monthly_median: number; months_seen: number } | null = null
    for (const id of ['salary', 'pension', 'rental_income', 'social_benefits', 'other_income']) {
      const m = creditsByMonth.get(id)
      if (m && m.size >= Math.max(2, Math.ceil((months * 2) / 3))) {
        regular = { category: id, monthly_median: round2(median([...m.values()])), months_seen: m.size }
        break
      }
    }
    const debtService = round2((byCat.get('loan_repayment')?.total ?? 0) / months)
    const say = ctx.say
    const flags: string[] = []
    for (const risk of table.risk_categories) {
      const c = byCat.get(risk)
      if (c)
        flags.push(
          say({
            cs: `${RISK_LABEL[risk]?.cs ?? risk}: ${countCs(c.count, ['transakce', 'transakce', 'transakcí'])}, ${round2(c.total)} Kč`,
            en: `${RISK_LABEL[risk]?.en ?? risk}: ${c.count} transaction(s), ${round2(c.total)} CZK`,
          }),
        )
    }
    if (!regular) flags.push(say({ cs: 'pravidelný příjem nenalezen', en: 'no regular income found' }))
    else if (regular.category === 'other_income')
      flags.push(
        say({
          cs: 'pravidelný příjem z nerozpoznaného zdroje: ověřte, zda jde o příjem, který lze započítat (mzda, důchod, nájem)',
          en: 'regular income from a source not recognised: check whether it is income that may be counted (salary, pension, rent)',
        }),
      )
    if (expenses > income)
      flags.push(
        say({ cs: 'výdaje za období převyšují příjmy', en: 'expenses exceed income over the period' }),
      )
    const none = say({ cs: 'žádné', en: 'none' })
    const rules: AppliedRule[] = [
      {
        rule: say({
          cs: 'Transakce zařazeny podle prvního odpovídajícího pravidla klíčových slov',
          en: 'Transactions categorised by the first matching keyword rule',
        }),
        ...cite(at, 'method-cashflow-categories'),
        outcome: say({
          cs: `transakcí ${txs.length}, kategorií ${byCat.size}`,
          en: `${txs.length} transactions, ${byCat.size} categories`,
        }),
      },
      {
        rule: say({
          cs: 'Pravidelný příjem = kategorie příjmů přítomná alespoň ve 2/3 měsíců (nejméně 2)',
          en: 'Regular income = a credit category seen in at least 2/3 of the months (minimum 2)',
        }),
        ...cite(at, 'method-cashflow-categories'),
        outcome: regular
          ? say({
              cs: `${regular.category} v ${regular.months_seen} z ${months} měsíců`,
              en: `${regular.category} in ${regular.months_seen} of ${months} months`,
            })
          : none,
      },
      {
        rule: say({
          cs: 'Rizikové kategorie, které věřitel posuzuje: hazardní hry, exekuce a vymáhání',
          en: 'Risk categories reviewed by a lender: gambling, enforcement/collections',
        }),
        ...cite(at, 'cz-257-2016-s86', 'cnb-recommendation-2022'),
        outcome: flags.length ? flags.join('; ') : none,
      },
    ]
    return {
      months,
      period: { from, to },
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
      by_category: [...byCat.entries()]
        .map(([category, v]) => ({
          category,
          direction: v.direction,
          total: round2(v.total),
          count: v.count,
        }))
        .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category)),
      flags,
      rules_applied: rules,
    }
  },
})
