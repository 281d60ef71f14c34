import { Type } from 'typebox'
import { isoDate } from '../data/shared.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { RateBook, thresholdRule, thresholdsOn } from './common.ts'
import {
  AlertSchema,
  convert,
  riskOf,
  structuring,
  TransactionsSchema,
  unconvertedAlert,
} from './transactions.ts'

export const structuringDetection = defineAgent({
  service: 'aml',
  name: 'structuring_detection',
  description:
    'Finds payments split to stay under a threshold ("smurfing"): cash parts that together exceed the 270,000 CZK daily cash limit with one party, parts under 15,000 EUR (or 10,000 EUR in cash) that reach it within a window, and repeated amounts just under a threshold. Linked transactions count together under the Czech AML and cash-payment acts; EUR amounts use the ČNB rate of each day.',
  input: Type.Object(
    {
      transactions: TransactionsSchema,
      window_days: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 90, default: 7, description: 'days that count as linked' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    alerts: Type.Array(AlertSchema),
    risk: Type.Union([
      Type.Literal('none'),
      Type.Literal('low'),
      Type.Literal('medium'),
      Type.Literal('high'),
    ]),
    transactions_evaluated: Type.Integer(),
    unconverted: Type.Array(Type.String(), {
      description: 'ids whose amount could not be converted (no ČNB rate)',
    }),
  }),
  verdict: { field: 'risk', map: { none: 'clear', low: 'clear', medium: 'review', high: 'adverse' } },
  law: [
    'cz-254-2004-s4',
    'cz-253-2008-s9',
    'cz-253-2008-s2',
    'fatf-red-flags',
    'policy-aml-monitoring',
    'cnb-fx-rates',
  ],
  examples: [
    {
      title: 'Three cash payments to one dealer on one day, each under the limit',
      input: {
        transactions: [
          {
            id: 't1',
            date: '2026-11-20',
            amount: 150000,
            method: 'cash',
            direction: 'out',
            counterparty: 'Auto Dvořák s.r.o.',
          },
          {
            id: 't2',
            date: '2026-11-20',
            amount: 120000,
            method: 'cash',
            direction: 'out',
            counterparty: 'Auto Dvořák s.r.o.',
          },
          {
            id: 't3',
            date: '2026-11-20',
            amount: 90000,
            method: 'cash',
            direction: 'out',
            counterparty: 'Auto Dvořák s.r.o.',
          },
        ],
      },
    },
    {
      title: 'Transfers just under 15,000 EUR within a week',
      input: {
        transactions: [
          { id: 'a', date: '2026-11-16', amount: 14500, currency: 'EUR', counterparty: 'J. Novák' },
          { id: 'b', date: '2026-11-18', amount: 14200, currency: 'EUR', counterparty: 'J. Novák' },
        ],
        window_days: 7,
      },
    },
    {
      title: 'Ordinary payments',
      input: {
        transactions: [
          { id: 'x', date: '2026-11-02', amount: 25000, counterparty: 'Nájemce' },
          { id: 'y', date: '2026-11-20', amount: 25000, counterparty: 'Nájemce' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = isoDate(ctx.now)
    const book = new RateBook(ctx)
    const txs = await convert(input.transactions, ctx, book, today)
    const lastDay = txs.at(-1)!.date
    const t = thresholdsOn(lastDay)
    const window = input.window_days ?? 7
    const alerts = structuring(txs, t, window, ctx.say)
    const unconverted = unconvertedAlert(txs, ctx.say)
    if (unconverted) alerts.push(unconverted)
    const sources = book.summary()
    const alertCount = (id: string) => {
      const n = alerts.filter((a) => a.rule_id === id).length
      return say({ cs: `upozornění: ${n}`, en: `alerts: ${n}` })
    }
    return {
      alerts,
      risk: riskOf(alerts),
      transactions_evaluated: txs.length,
      unconverted: txs.filter((x) => x.eur === null || x.czk === null).map((x) => x.id),
      rules_applied: [
        {
          ...thresholdRule(t, 'cash_payment_limit_czk', lastDay, say),
          outcome: alertCount('split_cash_over_daily_limit'),
        },
        {
          ...thresholdRule(t, 'due_diligence_eur', lastDay, say),
          outcome: alertCount('split_under_due_diligence'),
        },
        {
          ...thresholdRule(t, 'cash_trader_eur', lastDay, say),
          outcome: alertCount('split_cash_under_trader_threshold'),
        },
        {
          rule: say({
            cs: 'opakované částky těsně pod oznamovacím limitem (90–100 %) jsou znakem rozdělování plateb',
            en: 'repeated amounts just under a reporting threshold (90–100 %) are a sign of structuring',
          }),
          ...cite(lastDay, 'fatf-red-flags'),
          outcome: alertCount('repeated_just_under_threshold'),
        },
        {
          rule: say({
            cs: `obchody se stejnou protistranou a směrem během ${window} dnů se posuzují jako propojené`,
            en: `transactions with the same counterparty and direction within ${window} days are treated as linked`,
          }),
          ...cite(lastDay, 'policy-aml-monitoring'),
        },
        {
          rule: say({
            cs: 'limity v EUR se přepočítávají kurzem ČNB vyhlášeným pro den každého obchodu',
            en: 'EUR thresholds are converted at the ČNB rate declared for the day of each transaction',
          }),
          ...cite(lastDay, 'cnb-fx-rates'),
          outcome: alertCount('amount_not_converted'),
        },
      ],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
