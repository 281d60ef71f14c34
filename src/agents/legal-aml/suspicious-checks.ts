/**
 * The checks of suspicious_activity_rules (AML Act § 6, data/reference/suspicious-indicators.json),
 * each a named check over the converted transactions that returns what it found — the indicator's
 * key, the detail in both languages and the transactions — or nothing; then the scoring of what
 * was found, each indicator's rule with its register sources, and whether a report to FAÚ is due
 * (§ 18). The agent joins them in order.
 */
import { addDays } from '../../engines/reference/calendar.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { highRiskOn, thresholdsOn } from '../aml/common.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export interface Indicators extends ReferenceVersion {
  report_days: number
  report_from: number
  indicators: Record<string, Indicator>
}

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

/** Refused identification or proof of the source of funds, as the obliged person states it. */
export function refusedIdentification(refuses: boolean | undefined): Found | undefined {
  return refuses
    ? {
        key: 'refuses_identification',
        detail: { cs: 'uvedla povinná osoba', en: 'stated by the obliged person' },
        transactions: [],
      }
    : undefined
}

/** The indicators of suspicious-indicators.json (§ 6 of the AML Act) in both languages, by key. */
const INDICATORS: Record<string, Texts> = {
  rapid_in_out: {
    cs: 'prostředky připsané a během několika dnů téměř celé odeslané dál (průtokový účet)',
    en: 'funds credited and sent on almost entirely within days (pass-through)',
  },
  cash_below_threshold: {
    cs: 'opakované platby v hotovosti těsně pod limitem pro identifikaci nebo hotovostní platby (strukturování)',
    en: 'repeated cash payments just below the identification or cash limits (structuring)',
  },
  high_risk_country: {
    cs: 'platby do vysoce rizikové třetí země podle EU nebo z ní',
    en: 'payments to or from an EU high-risk third country',
  },
  turnover_vs_income: {
    cs: 'obrat výrazně převyšující deklarovaný příjem nebo podnikání klienta',
    en: "turnover far above the client's declared income or business",
  },
  refuses_identification: {
    cs: 'klient odmítá identifikaci nebo doložit původ prostředků',
    en: 'the client refuses identification or to prove the source of funds',
  },
  sanctions_match: {
    cs: 'strana odpovídá záznamu na sankčním seznamu',
    en: 'a party matches a sanctions list',
  },
}

/** The register entries behind each indicator (its `law` text stays the table's). */
const INDICATOR_LAW: Record<string, [string, ...string[]]> = {
  rapid_in_out: ['cz-253-2008-s6'],
  cash_below_threshold: ['cz-253-2008-s6'],
  high_risk_country: ['cz-253-2008-s6', 'eu-2016-1675'],
  turnover_vs_income: ['cz-253-2008-s6'],
  refuses_identification: ['cz-253-2008-s6', 'cz-253-2008-s15'],
  sanctions_match: ['cz-69-2006', 'cz-1-2023'],
}

/** An indicator found, with its label and detail in the call's language and its points. */
export interface Scored {
  key: string
  indicator: string
  points: number
  law: string
  detail: string
  transactions: string[]
}

/** What the checks found, in their order, each with the table's points and law text. */
export function scored(I: Record<string, Indicator>, found: (Found | undefined)[], say: Say): Scored[] {
  return found
    .filter((f): f is Found => f !== undefined)
    .map((f) => {
      const x = I[f.key]!
      return {
        key: f.key,
        indicator: say(INDICATORS[f.key] ?? { cs: x.label, en: x.label }),
        points: x.points,
        law: x.law,
        detail: say(f.detail),
        transactions: f.transactions,
      }
    })
}

/** Each indicator found as a rule with its points, citing the register entries behind it. */
export const indicatorRules = (found: Scored[], today: string): AppliedRule[] =>
  found.map((f) => ({
    rule: f.indicator,
    ...cite(today, ...(INDICATOR_LAW[f.key] ?? ['cz-253-2008-s6'])),
    outcome: `+${f.points}: ${f.detail}`,
  }))

/**
 * Whether a report is due (§ 6, § 18): a strong indicator or a score reaching the table's
 * threshold, within its calendar days of detection, the client not told (§ 38). Without a report,
 * what could not be checked makes the answer inconclusive, a possible sanctions match is for a
 * person to review.
 */
export function reportCheck(
  found: { found: Scored[]; unevaluated: string[]; toReview: string[] },
  ind: Indicators,
  today: string,
  say: Say,
) {
  const { unevaluated, toReview } = found
  const score = found.found.reduce((s, f) => s + f.points, 0)
  const strong = found.found.some((f) => ind.indicators[f.key]!.strong)
  const report = strong || score >= ind.report_from
  const deadline = report ? addDays(today, ind.report_days) : null
  const rules: AppliedRule[] = [
    {
      rule: say({
        cs: `Oznámit, je-li přítomen silný indikátor nebo skóre dosáhne ${ind.report_from}`,
        en: `Report when a strong indicator is present or the score reaches ${ind.report_from}`,
      }),
      ...cite(today, 'method-suspicious-indicators', 'cz-253-2008-s6'),
      outcome: say({
        cs: `${score} bodů${strong ? ', silný indikátor' : ''} → ${report ? 'oznámit' : unevaluated.length > 0 ? 'z ověřeného nic k oznámení: neprůkazné, prověřte, co ověřit nešlo' : toReview.length > 0 ? 'zatím neoznamovat: možnou shodu se sankčním seznamem posoudí pracovník' : 'neoznamovat'}`,
        en: `${score} points${strong ? ', strong indicator' : ''} → ${report ? 'report' : unevaluated.length > 0 ? 'no report on what could be checked: inconclusive, review what was not' : toReview.length > 0 ? 'no report yet: a person reviews the possible sanctions match' : 'no report'}`,
      }),
    },
    {
      rule: say({
        cs: `Oznámit Finančnímu analytickému úřadu do ${ind.report_days} kalendářních dnů od zjištění; klient o tom nesmí vědět`,
        en: `Report to the Financial Analytical Office within ${ind.report_days} calendar days of detection; the client must not be told`,
      }),
      ...cite(today, 'cz-253-2008-s18', 'cz-253-2008-s38'),
      outcome: report
        ? say({ cs: `do ${deadline}`, en: `by ${deadline}` })
        : say({ cs: 'nevzniká', en: 'not due' }),
    },
  ]
  return { score, report, deadline, rules }
}
