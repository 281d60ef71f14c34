/**
 * Transactions as the monitoring agents take them, their conversion to CZK and EUR at the ČNB rate
 * of each day, and the structuring rules (splitting one payment into parts that each stay under a
 * threshold): linked transactions count together under zákon 253/2008 Sb. and zákon 254/2004 Sb.
 */

import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { countCs } from '../czech.ts'
import { nullable } from '../data/shared.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AgentContext } from '../types.ts'
import {
  CurrencyPattern,
  cashForAmlAct,
  type RateBook,
  type ThresholdKey,
  type Thresholds,
  thresholdLaw,
} from './common.ts'

const TransactionSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    date: Type.String({ format: 'date', description: 'day of the transaction (YYYY-MM-DD)' }),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e13 }),
    currency: Type.Optional(Type.String({ pattern: CurrencyPattern, default: 'CZK' })),
    method: Type.Optional(
      Type.Union(
        [Type.Literal('cash'), Type.Literal('transfer'), Type.Literal('card'), Type.Literal('crypto')],
        {
          default: 'transfer',
        },
      ),
    ),
    direction: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')], { default: 'in' })),
    counterparty: Type.Optional(
      Type.String({ maxLength: 200, description: 'name or account of the other party' }),
    ),
    country: Type.Optional(
      Type.String({
        maxLength: 60,
        description:
          'the counterparty’s country (code or name); transaction_monitoring reviews a non-cash transaction without it',
      }),
    ),
  },
  { additionalProperties: false },
)

export const TransactionsSchema = Type.Array(TransactionSchema, { minItems: 1, maxItems: 1000 })

export interface Tx {
  id: string
  date: string
  amount: number
  currency: string
  method: 'cash' | 'transfer' | 'card' | 'crypto'
  direction: 'in' | 'out'
  counterparty: string | undefined
  country: string | undefined
  czk: number | null
  eur: number | null
}

export type TxInput = {
  id: string
  date: string
  amount: number
  currency?: string | undefined
  method?: Tx['method'] | undefined
  direction?: Tx['direction'] | undefined
  counterparty?: string | undefined
  country?: string | undefined
}

/** Converted transactions in date order; a 400 naming the item for a future date or a duplicate id. */
export async function convert(
  input: TxInput[],
  ctx: AgentContext,
  book: RateBook,
  today: string,
): Promise<Tx[]> {
  const ids = new Set<string>()
  const out: Tx[] = []
  for (const [i, t] of input.entries()) {
    if (ids.has(t.id)) throw errors.invalid(`transactions/${i}/id`, 'ids must be unique')
    ids.add(t.id)
    if (t.date > today) throw errors.invalid(`transactions/${i}/date`, 'must not be after today')
    const currency = (t.currency ?? 'CZK').toUpperCase()
    out.push({
      id: t.id,
      date: t.date,
      amount: t.amount,
      currency,
      method: t.method ?? 'transfer',
      direction: t.direction ?? 'in',
      counterparty: t.counterparty?.trim() || undefined,
      country: t.country,
      czk: await book.toCzk(t.amount, currency, t.date, `transactions/${i}/currency`),
      eur: await book.toEur(t.amount, currency, t.date, `transactions/${i}/currency`),
    })
  }
  void ctx
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
}

export const AlertSchema = Type.Object({
  rule_id: Type.String(),
  severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  description: Type.String(),
  transaction_ids: Type.Array(Type.String()),
  total_czk: nullable(Type.Number()),
  total_eur: nullable(Type.Number()),
  basis: Type.Optional(Type.Array(Type.String(), { description: 'the register entries the rule rests on' })),
  source: Type.String(),
  since: Type.Optional(Type.String()),
})

export interface Alert {
  rule_id: string
  severity: 'low' | 'medium' | 'high'
  description: string
  transaction_ids: string[]
  total_czk: number | null
  total_eur: number | null
  basis?: string[]
  source: string
  since?: string
}

/** An alert's citation of a threshold as it stood on `at`: basis, source and since from the register. */
export function thresholdCitation(key: ThresholdKey, at: string) {
  return cite(at, thresholdLaw(key, at))
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
const sum = (xs: (number | null)[]) =>
  xs.some((x) => x === null) ? null : xs.reduce<number>((a, b) => a + (b ?? 0), 0)
const r2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100)

function groups(txs: Tx[]): Map<string, Tx[]> {
  const map = new Map<string, Tx[]>()
  for (const t of txs) {
    const key = `${t.direction}|${(t.counterparty ?? '').toLowerCase()}`
    map.set(key, [...(map.get(key) ?? []), t])
  }
  return map
}

/**
 * Structuring alerts:
 * - cash split over the daily limit: same counterparty and direction, one day, each cash payment
 *   at most the limit, together above it (zákon 254/2004 Sb. adds up related payments);
 * - parts under a EUR threshold (15,000 due diligence; 10,000 for cash) that reach it together
 *   within `windowDays` with the same counterparty and direction;
 * - repeated amounts just under a threshold (90–100 %) within the window.
 */
export function structuring(txs: Tx[], t: Thresholds, windowDays: number, say: Say): Alert[] {
  const alerts: Alert[] = []
  for (const list of groups(txs).values()) {
    const who = list[0]!.counterparty
    const party = who ? say({ cs: ` s ${who}`, en: ` with ${who}` }) : ''
    // 1. cash per day over the CZK limit, every part within it
    const byDay = new Map<string, Tx[]>()
    for (const x of list.filter((x) => x.method === 'cash'))
      byDay.set(x.date, [...(byDay.get(x.date) ?? []), x])
    for (const [day, parts] of byDay) {
      const total = sum(parts.map((p) => p.czk))
      if (
        parts.length >= 2 &&
        total !== null &&
        total > t.cash_payment_limit_czk &&
        parts.every((p) => (p.czk ?? 0) <= t.cash_payment_limit_czk)
      ) {
        alerts.push({
          rule_id: 'split_cash_over_daily_limit',
          severity: 'high',
          description: say({
            cs: `${countCs(parts.length, ['platba v hotovosti', 'platby v hotovosti', 'plateb v hotovosti'])}${party} dne ${day} v úhrnu ${Math.round(total)} Kč, nad denním limitem ${t.cash_payment_limit_czk} Kč, každá pod ním`,
            en: `${parts.length} cash payments${party} on ${day} total ${Math.round(total)} CZK, above the ${t.cash_payment_limit_czk} CZK daily limit, each under it`,
          }),
          transaction_ids: parts.map((p) => p.id),
          total_czk: r2(total),
          total_eur: r2(sum(parts.map((p) => p.eur))),
          ...thresholdCitation('cash_payment_limit_czk', day),
        })
      }
    }
    // 2. parts under a EUR threshold reaching it inside the window
    const eurRules = [
      {
        id: 'split_under_due_diligence',
        limit: t.due_diligence_eur,
        key: 'due_diligence_eur' as const,
        filter: (_: Tx) => true,
      },
      {
        id: 'split_cash_under_trader_threshold',
        limit: t.cash_trader_eur,
        key: 'cash_trader_eur' as const,
        filter: (x: Tx) => cashForAmlAct(x.method, x.date),
      },
    ]
    for (const rule of eurRules) {
      const parts = list.filter((x) => rule.filter(x) && x.eur !== null && x.eur < rule.limit)
      let best: Tx[] | undefined
      for (let i = 0; i < parts.length; i++) {
        const win = parts.filter(
          (p) =>
            dayNumber(p.date) >= dayNumber(parts[i]!.date) &&
            dayNumber(p.date) - dayNumber(parts[i]!.date) < windowDays,
        )
        const total = sum(win.map((p) => p.eur)) ?? 0
        if (win.length >= 2 && total >= rule.limit && (!best || win.length > best.length)) best = win
      }
      if (best) {
        const total = sum(best.map((p) => p.eur))!
        alerts.push({
          rule_id: rule.id,
          severity: 'medium',
          description: say({
            cs: `${countCs(best.length, ['obchod', 'obchody', 'obchodů'])}${party} během ${windowDays} dnů, každý pod ${rule.limit} EUR, v úhrnu ${Math.round(total)} EUR`,
            en: `${best.length} transactions${party} within ${windowDays} days, each under ${rule.limit} EUR, total ${Math.round(total)} EUR`,
          }),
          transaction_ids: best.map((p) => p.id),
          total_czk: r2(sum(best.map((p) => p.czk))),
          total_eur: r2(total),
          ...thresholdCitation(rule.key, best.at(-1)!.date),
        })
      }
    }
    // 3. repeated amounts just under a threshold
    const near = list.filter(
      (x) =>
        (x.eur !== null && x.eur >= 0.9 * t.due_diligence_eur && x.eur < t.due_diligence_eur) ||
        (x.method === 'cash' &&
          x.czk !== null &&
          x.czk >= 0.9 * t.cash_payment_limit_czk &&
          x.czk <= t.cash_payment_limit_czk),
    )
    for (let i = 0; i < near.length; i++) {
      const win = near.filter(
        (p) =>
          dayNumber(p.date) >= dayNumber(near[i]!.date) &&
          dayNumber(p.date) - dayNumber(near[i]!.date) < windowDays,
      )
      if (win.length >= 2) {
        alerts.push({
          rule_id: 'repeated_just_under_threshold',
          severity: 'medium',
          description: say({
            cs: `${countCs(win.length, ['částka', 'částky', 'částek'])}${party} během ${windowDays} dnů ve výši 90–100 % oznamovacího limitu`,
            en: `${win.length} amounts${party} within ${windowDays} days at 90–100 % of a reporting threshold`,
          }),
          transaction_ids: win.map((p) => p.id),
          total_czk: r2(sum(win.map((p) => p.czk))),
          total_eur: r2(sum(win.map((p) => p.eur))),
          ...cite(win.at(-1)!.date, 'fatf-red-flags'),
        })
        break
      }
    }
  }
  return alerts
}

/**
 * Fail closed: transactions whose amount could not be converted at the ČNB rate were not checked
 * against the amount thresholds, so they are an alert of their own (medium: reviewed), never "none".
 */
export function unconvertedAlert(
  txs: { id: string; date: string; czk: number | null; eur: number | null }[],
  say: Say,
): Alert | null {
  const missing = txs.filter((x) => x.czk === null || x.eur === null)
  const ids = missing.map((x) => x.id)
  if (ids.length === 0) return null
  return {
    rule_id: 'amount_not_converted',
    severity: 'medium',
    description: say({
      cs: `obchodů, které nešlo převést kurzem ČNB: ${ids.length}; limity částek u nich nebyly ověřeny, proto se posoudí`,
      en: `${ids.length} transaction(s) could not be converted at the ČNB rate: the amount thresholds were not checked for them, so they are reviewed`,
    }),
    transaction_ids: ids,
    total_czk: null,
    total_eur: null,
    ...cite(missing[0]!.date, 'cnb-fx-rates'),
  }
}

export function riskOf(alerts: Alert[]): 'none' | 'low' | 'medium' | 'high' {
  if (alerts.some((a) => a.severity === 'high')) return 'high'
  if (alerts.some((a) => a.severity === 'medium')) return 'medium'
  return alerts.length > 0 ? 'low' : 'none'
}
