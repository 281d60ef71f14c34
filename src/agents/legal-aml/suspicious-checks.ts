/**
 * The transaction indicators of suspicious_activity_rules (AML Act § 6, data/reference/
 * suspicious-indicators.json), each a named check over the converted transactions that returns
 * what it found — the indicator's key, the detail in both languages and the transactions — or
 * nothing. The agent scores, cites and reports them.
 */
import { addDays } from '../../engines/reference/calendar.ts'
import { highRiskOn, thresholdsOn } from '../aml/common.ts'
import type { Texts } from '../lang.ts'

export interface Indicator {
  points: number
  law: string
  label: string
  strong?: boolean
  window_days?: number
  share?: number
  count?: number
  below_share?: number
  multiple?: number
}

/** A transaction with its amount in CZK and EUR at the ČNB rate of its day (null: no rate). */
export interface Converted {
  id: string
  date: string
  direction: 'in' | 'out'
  cash?: boolean | undefined
  counterparty?: string | undefined
  country: string | undefined
  czk: number | null
  eur: number | null
}

/** What one check found. */
export interface Found {
  key: string
  detail: Texts
  transactions: string[]
}

export const czkFmt = (x: number) =>
  new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 0 }).format(x).replace(/\u00a0/g, ' ')

/** Pass-through: an incoming amount mostly sent on within the window. */
export function passThrough(txs: Converted[], rio: Indicator): Found | undefined {
  // Largest credits first, so the report names the transfer that carried the money.
  const credits = txs.filter((t) => t.direction === 'in' && t.czk !== null).sort((a, b) => b.czk! - a.czk!)
  for (const t of credits) {
    if (t.czk === null) continue
    const until = addDays(t.date, rio.window_days!)
    const outs = txs.filter(
      (o) => o.direction === 'out' && o.date >= t.date && o.date <= until && o.czk !== null,
    )
    const sent = outs.reduce((s, o) => s + o.czk!, 0)
    if (outs.length > 0 && sent >= rio.share! * t.czk)
      return {
        key: 'rapid_in_out',
        detail: {
          cs: `${czkFmt(t.czk)} Kč připsáno ${t.date}, ${czkFmt(sent)} Kč odesláno do ${rio.window_days} dnů`,
          en: `${czkFmt(t.czk)} CZK in on ${t.date}, ${czkFmt(sent)} CZK out within ${rio.window_days} days`,
        },
        transactions: [t.id, ...outs.map((o) => o.id)],
      }
  }
  return undefined
}

/** Cash just below a limit (the thresholds on the first transaction's day), repeatedly within the window. */
export function cashBelowLimits(txs: Converted[], cb: Indicator): Found | undefined {
  const t0 = thresholdsOn(txs[0]!.date)
  const limits: { label: Texts; eur?: number; czk?: number }[] = [
    { label: { cs: `${t0.cash_trader_eur} EUR`, en: `${t0.cash_trader_eur} EUR` }, eur: t0.cash_trader_eur },
    {
      label: { cs: `${t0.due_diligence_eur} EUR`, en: `${t0.due_diligence_eur} EUR` },
      eur: t0.due_diligence_eur,
    },
    {
      label: { cs: `${t0.cash_payment_limit_czk} Kč`, en: `${t0.cash_payment_limit_czk} CZK` },
      czk: t0.cash_payment_limit_czk,
    },
  ]
  for (const lim of limits) {
    const near = txs.filter((t) => {
      if (!t.cash) return false
      const v = lim.eur !== undefined ? t.eur : t.czk
      const L = lim.eur ?? lim.czk!
      return v !== null && v < L && v >= cb.below_share! * L
    })
    for (let i = 0; i + cb.count! - 1 < near.length; i++) {
      const last = near[i + cb.count! - 1]!
      if (last.date <= addDays(near[i]!.date, cb.window_days!))
        return {
          key: 'cash_below_threshold',
          detail: {
            cs: `${cb.count} a více plateb v hotovosti mezi ${cb.below_share! * 100} % a 100 % z ${lim.label.cs} během ${cb.window_days} dnů`,
            en: `${cb.count}+ cash payments between ${cb.below_share! * 100} % and 100 % of ${lim.label.en} within ${cb.window_days} days`,
          },
          transactions: near.slice(i, i + cb.count!).map((t) => t.id),
        }
    }
  }
  return undefined
}

/** Payments to or from an EU high-risk third country, as listed on each transaction's day. */
export function highRiskCountries(txs: Converted[]): Found | undefined {
  const risky = txs.filter((t) => t.country && highRiskOn(t.date).version.countries.includes(t.country))
  if (!risky.length) return undefined
  const countries = [...new Set(risky.map((t) => t.country))].join(', ')
  return {
    key: 'high_risk_country',
    detail: { cs: countries, en: countries },
    transactions: risky.map((t) => t.id),
  }
}

/** A month's inflow above the indicator's multiple of the declared monthly income (CZK). */
export function turnoverAboveIncome(txs: Converted[], declared: number, ti: Indicator): Found | undefined {
  const byMonth = new Map<string, number>()
  for (const t of txs)
    if (t.direction === 'in' && t.czk !== null)
      byMonth.set(t.date.slice(0, 7), (byMonth.get(t.date.slice(0, 7)) ?? 0) + t.czk)
  const limit = ti.multiple! * declared
  for (const [month, sum] of [...byMonth.entries()].sort())
    if (sum > limit)
      return {
        key: 'turnover_vs_income',
        detail: {
          cs: `${month}: přijato ${czkFmt(sum)} Kč proti deklarovaným ${czkFmt(declared)} Kč`,
          en: `${month}: ${czkFmt(sum)} CZK in against ${czkFmt(declared)} CZK declared`,
        },
        transactions: [],
      }
  return undefined
}
