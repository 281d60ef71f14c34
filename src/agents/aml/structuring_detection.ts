import { Type } from 'typebox'
import { isoDate } from '../data/shared.ts'
import { defineAgent } from '../types.ts'
import { RateBook, thresholdsOn } from './common.ts'
import { conversion, splitPayments } from './structuring-checks.ts'
import { AlertSchema, convert, riskOf, TransactionsSchema } from './transactions.ts'

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
    const split = splitPayments(txs, t, input.window_days ?? 7, lastDay, say)
    const rates = conversion(txs, lastDay, say)
    const alerts = [...split.alerts, ...rates.alerts]
    const sources = book.summary()
    return {
      alerts,
      risk: riskOf(alerts),
      transactions_evaluated: txs.length,
      unconverted: txs.filter((x) => x.eur === null || x.czk === null).map((x) => x.id),
      rules_applied: [...split.rules, ...rates.rules],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
