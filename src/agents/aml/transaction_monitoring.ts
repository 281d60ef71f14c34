import { Type } from 'typebox'
import { isoDate, nullable } from '../data/shared.ts'
import type { Texts } from '../lang.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { HIGH_RISK_LAW, RateBook, THRESHOLD_LAW_IDS, thresholdsOn } from './common.ts'
import {
  counterpartySanctions,
  eachTransaction,
  FREEZE_LAW,
  reportDuty,
  round2,
  velocity,
} from './transaction-checks.ts'
import {
  type Alert,
  AlertSchema,
  convert,
  riskOf,
  structuring,
  TransactionsSchema,
  unconvertedAlert,
} from './transactions.ts'

const ACTIONS: Record<'none' | 'low' | 'medium' | 'high', Texts> = {
  none: { cs: 'žádné opatření', en: 'no action' },
  low: { cs: 'zaznamenat; další opatření není třeba', en: 'record; no further action' },
  medium: {
    cs: 'posouzení pracovníkem compliance; uplatnit kontrolu klienta',
    en: 'review by the compliance officer; apply due diligence',
  },
  high: {
    cs: 'zesílená kontrola klienta; posoudit oznámení podezřelého obchodu FAÚ (zákon 253/2008 Sb., § 18)',
    en: 'enhanced due diligence; assess a suspicious transaction report to the FAÚ (zákon 253/2008 Sb., § 18)',
  },
}

export const transactionMonitoring = defineAgent({
  service: 'aml',
  name: 'transaction_monitoring',
  description:
    'Screens a batch of a client’s transactions with the Czech AML rules of each day: identification and due-diligence thresholds in EUR at the ČNB rate, the 270,000 CZK cash limit, counterparties in EU high-risk third countries (a non-cash transaction whose counterparty country is not given is an alert of its own: not checked, so reviewed) or on the sanctions lists, structuring, and unusual daily velocity. Returns alerts with the rule and its source, a risk level and the action it calls for.',
  input: Type.Object(
    {
      transactions: TransactionsSchema,
      relationship: Type.Optional(
        Type.Union([Type.Literal('occasional'), Type.Literal('business_relationship')], {
          default: 'business_relationship',
        }),
      ),
      max_per_day: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 1000,
          default: 10,
          description: 'more transactions in a day than this is unusual velocity',
        }),
      ),
      window_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })),
      screen_counterparties: Type.Optional(
        Type.Boolean({
          default: true,
          description:
            'screen counterparty names against the sanctions lists; false: skipped, a medium alert naming them',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    risk: Type.Union([
      Type.Literal('none'),
      Type.Literal('low'),
      Type.Literal('medium'),
      Type.Literal('high'),
    ]),
    action: Type.String(),
    alerts: Type.Array(AlertSchema),
    transactions: Type.Array(
      Type.Object({
        id: Type.String(),
        amount_czk: nullable(Type.Number()),
        amount_eur: nullable(Type.Number()),
        rules_hit: Type.Array(Type.String()),
      }),
    ),
    totals: Type.Object({
      in_czk: nullable(Type.Number()),
      out_czk: nullable(Type.Number()),
      cash_czk: nullable(Type.Number()),
    }),
    warnings: Type.Array(Type.String(), {
      description:
        'what was checked less: a counterparty given by one word is screened only as an organisation’s exact name, not as a person’s, named here',
    }),
  }),
  verdict: { field: 'risk', map: { none: 'clear', low: 'clear', medium: 'review', high: 'adverse' } },
  law: [
    ...THRESHOLD_LAW_IDS,
    ...HIGH_RISK_LAW,
    ...FREEZE_LAW,
    'cz-253-2008-s18',
    'fatf-red-flags',
    'policy-aml-monitoring',
    'cnb-fx-rates',
  ],
  examples: [
    {
      title: 'A payment to a high-risk country and a large cash deposit',
      input: {
        transactions: [
          {
            id: 'p1',
            date: '2026-11-19',
            amount: 18000,
            currency: 'EUR',
            direction: 'out',
            counterparty: 'Hanoi Trading Co.',
            country: 'VN',
          },
          {
            id: 'p2',
            date: '2026-11-20',
            amount: 300000,
            method: 'cash',
            direction: 'in',
            counterparty: 'vklad na pobočce',
          },
        ],
      },
    },
    {
      title: 'Ordinary domestic payments',
      input: {
        transactions: [
          {
            id: 'r1',
            date: '2026-11-02',
            amount: 32000,
            direction: 'out',
            counterparty: 'Nájem',
            country: 'CZ',
          },
          {
            id: 'r2',
            date: '2026-11-20',
            amount: 68000,
            direction: 'in',
            counterparty: 'Mzda',
            country: 'CZ',
          },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = isoDate(ctx.now)
    const book = new RateBook(ctx)
    const engineSources: SourceStatus[] = []
    const txs = await convert(input.transactions, ctx, book, today)
    const occasional = (input.relationship ?? 'business_relationship') === 'occasional'
    const lastDay = txs.at(-1)!.date
    const t = thresholdsOn(lastDay)
    const each = eachTransaction(txs, occasional, t, lastDay, say)
    const split = structuring(txs, t, input.window_days ?? 7, ctx.say)
    const parties = await counterpartySanctions(
      ctx,
      txs,
      input.screen_counterparties !== false,
      today,
      engineSources,
    )
    const busy = velocity(txs, input.max_per_day ?? 10, lastDay, say)
    const alerts: Alert[] = [...each.alerts, ...split, ...parties.alerts, ...busy.alerts]
    const total = (f: (x: (typeof txs)[number]) => boolean) => {
      const xs = txs.filter(f).map((x) => x.czk)
      return xs.some((v) => v === null) ? null : round2(xs.reduce<number>((a, b) => a + (b ?? 0), 0))
    }
    const unconverted = unconvertedAlert(txs, ctx.say)
    if (unconverted) alerts.push(unconverted)
    const risk = riskOf(alerts)
    const sources = [...book.summary(), ...engineSources]
    return {
      risk,
      action: say(ACTIONS[risk]),
      alerts,
      transactions: txs.map((x) => ({
        id: x.id,
        amount_czk: round2(x.czk),
        amount_eur: round2(x.eur),
        rules_hit: alerts.filter((a) => a.transaction_ids.includes(x.id)).map((a) => a.rule_id),
      })),
      totals: {
        in_czk: total((x) => x.direction === 'in'),
        out_czk: total((x) => x.direction === 'out'),
        cash_czk: total((x) => x.method === 'cash'),
      },
      warnings: parties.warnings,
      rules_applied: [...each.rules, ...parties.rules, ...busy.rules, reportDuty(risk, today, say)],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
