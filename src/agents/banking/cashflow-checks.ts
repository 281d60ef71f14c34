/**
 * The checks of cashflow_analysis (the categorisation method on file; Consumer Credit Act § 86 and
 * the ČNB recommendation on what a lender reviews), each a named function over the statement
 * that returns what it found and the rule it applied (with its register source). The agent joins
 * them in order.
 */
import { fold } from '../../engines/czech/text.ts'
import { round2 } from '../../engines/finance/annuity.ts'
import { median } from '../../engines/finance/stats.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { countCs } from '../czech.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

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
export interface Categories extends ReferenceVersion {
  categories: CategoryRule[]
  risk_categories: string[]
}

type Tx = { date: string; amount: number; description: string; counterparty?: string | undefined }
type Totals = Map<string, { direction: string; total: number; count: number }>
type Regular = { category: string; monthly_median: number; months_seen: number }

/**
 * Each transaction in the first category of the table whose keywords its text (description and
 * counterparty, folded) matches, in its direction; else other income or other expense. Credits
 * are also summed by category and month, for the regular income.
 */
export function categorise(txs: Tx[], table: Categories, at: string, say: Say) {
  const compiled = table.categories.map((c) => ({ ...c, re: c.patterns.map((p) => new RegExp(p, 'i')) }))
  const byCat: Totals = new Map()
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
  const rule: AppliedRule = {
    rule: say({
      cs: 'Transakce zařazeny podle prvního odpovídajícího pravidla klíčových slov',
      en: 'Transactions categorised by the first matching keyword rule',
    }),
    ...cite(at, 'method-cashflow-categories'),
    outcome: say({
      cs: `transakcí ${txs.length}, kategorií ${byCat.size}`,
      en: `${txs.length} transactions, ${byCat.size} categories`,
    }),
  }
  return { byCat, creditsByMonth, income, expenses, rule }
}

/**
 * The calendar months (YYYY-MM) from the first transaction's to the last's: a month of the period
 * with no transaction is a month of the period, not left out of the averages and the 2/3.
 */
export function monthsOfPeriod(from: string, to: string): string[] {
  const out: string[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  const end = to.slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    out.push(month)
    if (month >= end) return out
    if (++m > 12) {
      m = 1
      y++
    }
  }
}

/**
 * Regular income: the first of salary, pension, rent, social benefits and other income present in
 * at least 2/3 of the months (and at least 2), with its monthly median in CZK.
 */
export function regularIncome(
  creditsByMonth: Map<string, Map<string, number>>,
  months: number,
  at: string,
  say: Say,
): { regular: Regular | null; rule: AppliedRule } {
  let regular: Regular | null = null
  for (const id of ['salary', 'pension', 'rental_income', 'social_benefits', 'other_income']) {
    const m = creditsByMonth.get(id)
    if (m && m.size >= Math.max(2, Math.ceil((months * 2) / 3))) {
      regular = { category: id, monthly_median: round2(median([...m.values()])), months_seen: m.size }
      break
    }
  }
  const rule = {
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
      : say({ cs: 'žádné', en: 'none' }),
  }
  return { regular, rule }
}

/**
 * What a lender reviews: the risk categories of the table (gambling, enforcement), no regular
 * income or one from a source not recognised, expenses above income over the period, and months
 * of the period the statement shows nothing in.
 */
export function riskFlags(
  found: { byCat: Totals; regular: Regular | null; income: number; expenses: number; empty: string[] },
  table: Categories,
  at: string,
  say: Say,
): { flags: string[]; rule: AppliedRule } {
  const { byCat, regular } = found
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
  if (found.expenses > found.income)
    flags.push(say({ cs: 'výdaje za období převyšují příjmy', en: 'expenses exceed income over the period' }))
  // A month with no movement at all is not known to be one: a page of the statement may be missing.
  if (found.empty.length > 0)
    flags.push(
      say({
        cs: `měsíce bez jediné transakce: ${found.empty.join(', ')} — doložte výpis za celé období, nebo potvrďte, že účet v nich neměl žádný pohyb`,
        en: `months with no transaction: ${found.empty.join(', ')} — give the statement for the whole period, or confirm the account had no movement in them`,
      }),
    )
  const rule = {
    rule: say({
      cs: 'Rizikové kategorie, které věřitel posuzuje: hazardní hry, exekuce a vymáhání',
      en: 'Risk categories reviewed by a lender: gambling, enforcement/collections',
    }),
    ...cite(at, 'cz-257-2016-s86', 'cnb-recommendation-2022'),
    outcome: flags.length ? flags.join('; ') : say({ cs: 'žádné', en: 'none' }),
  }
  return { flags, rule }
}

/** The categories by total, largest first (ties by name), amounts in CZK. */
export const categoryTotals = (byCat: Totals) =>
  [...byCat.entries()]
    .map(([category, v]) => ({ category, direction: v.direction, total: round2(v.total), count: v.count }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category))
