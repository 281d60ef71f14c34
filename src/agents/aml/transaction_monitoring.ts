import { Type } from 'typebox'
import { toCountryCode } from '../../engines/aml/index.ts'
import { isoDate, nullable } from '../data/shared.ts'
import type { Texts } from '../lang.ts'
import { type Citation, cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import {
  HIGH_RISK_LAW,
  highRiskOn,
  RateBook,
  THRESHOLD_LAW_IDS,
  thresholdRule,
  thresholdsOn,
} from './common.ts'
import { hitView, screeningEngine } from './screening.ts'
import {
  type Alert,
  AlertSchema,
  convert,
  riskOf,
  structuring,
  TransactionsSchema,
  thresholdCitation,
  unconvertedAlert,
} from './transactions.ts'

/** The freezing measures that bind a Czech person: EU regulations, UN measures through them, Czech lists. */
const FREEZE_LAW = ['eu-269-2014', 'eu-2580-2001', 'cz-69-2006', 'cz-1-2023'] as const

/** Score a counterparty name needs to alert (the engine's default is lower, for curated queries). */
const COUNTERPARTY_THRESHOLD = 0.95

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
    'Screens a batch of a client’s transactions with the Czech AML rules of each day: identification and due-diligence thresholds in EUR at the ČNB rate, the 270,000 CZK cash limit, counterparties in EU high-risk third countries or on the sanctions lists, structuring, and unusual daily velocity. Returns alerts with the rule and its source, a risk level and the action it calls for.',
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
        Type.Boolean({ default: true, description: 'screen counterparty names against the sanctions lists' }),
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
    const alerts: Alert[] = []
    const lastDay = txs.at(-1)!.date
    const t = thresholdsOn(lastDay)
    const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100)
    for (const x of txs) {
      const th = thresholdsOn(x.date)
      const one = (rule_id: string, severity: Alert['severity'], description: string, rule: Citation) =>
        alerts.push({
          rule_id,
          severity,
          description,
          transaction_ids: [x.id],
          total_czk: round2(x.czk),
          total_eur: round2(x.eur),
          ...rule,
        })
      if (occasional && x.eur !== null && x.eur >= th.due_diligence_eur) {
        one(
          'due_diligence_threshold',
          'medium',
          say({
            cs: `příležitostný obchod ${Math.round(x.eur)} EUR: kontrola klienta`,
            en: `${Math.round(x.eur)} EUR occasional transaction: client due diligence`,
          }),
          thresholdCitation('due_diligence_eur', x.date),
        )
      } else if (occasional && x.eur !== null && x.eur >= th.identification_eur) {
        one(
          'identification_threshold',
          'low',
          say({
            cs: `příležitostný obchod ${Math.round(x.eur)} EUR: identifikovat klienta`,
            en: `${Math.round(x.eur)} EUR occasional transaction: identify the client`,
          }),
          thresholdCitation('identification_eur', x.date),
        )
      }
      if (x.method === 'cash' && x.czk !== null && x.czk > th.cash_payment_limit_czk) {
        one(
          'cash_over_daily_limit',
          'high',
          say({
            cs: `${Math.round(x.czk)} Kč v hotovosti, nad limitem ${th.cash_payment_limit_czk} Kč`,
            en: `${Math.round(x.czk)} CZK in cash, above the ${th.cash_payment_limit_czk} CZK limit`,
          }),
          thresholdCitation('cash_payment_limit_czk', x.date),
        )
      }
      const code = toCountryCode(x.country)
      // Fail closed: a country that cannot be read was not checked against the high-risk list.
      if (x.country !== undefined && !code)
        one(
          'country_not_recognised',
          'medium',
          say({
            cs: `zemi protistrany „${x.country}“ nelze rozpoznat: seznam vysoce rizikových zemí u ní nebyl ověřen`,
            en: `the counterparty’s country "${x.country}" is not recognised: it was not checked against the high-risk list`,
          }),
          cite(x.date, ...HIGH_RISK_LAW),
        )
      if (code) {
        const { version } = highRiskOn(x.date)
        if (version.countries.includes(code)) {
          one(
            'high_risk_third_country',
            'high',
            say({
              cs: `protistrana v ${code}, ke dni ${x.date} vysoce rizikové třetí zemi podle EU`,
              en: `counterparty in ${code}, an EU high-risk third country on ${x.date}`,
            }),
            cite(x.date, ...HIGH_RISK_LAW),
          )
        }
      }
    }
    alerts.push(...structuring(txs, t, input.window_days ?? 7, ctx.say))
    // Counterparty fields are free text ("Nájem", "vklad na pobočce"): only names of two or more
    // words are screened, and only near-exact matches alert.
    const names = [...new Set(txs.map((x) => x.counterparty))].filter(
      (n): n is string => !!n && n.split(/\s+/).filter((w) => w.length >= 3).length >= 2,
    )
    const screened =
      input.screen_counterparties === false || names.length === 0
        ? undefined
        : await screeningEngine(ctx, engineSources)
    for (const name of names) {
      const hits = screened
        ? screened.engine
            .screenName(name, { type: 'any', limit: 1, threshold: COUNTERPARTY_THRESHOLD })
            .map((h) => hitView(h, say))
        : []
      if (hits.length === 0) continue
      const h = hits[0]!
      alerts.push({
        rule_id: 'sanctioned_counterparty',
        severity: 'high',
        description: say({
          cs: `protistrana „${name}“ odpovídá ${h.list} ${h.list_id} „${h.matched_name}“ (skóre ${h.score})`,
          en: `counterparty "${name}" matches ${h.list} ${h.list_id} "${h.matched_name}" (score ${h.score})`,
        }),
        transaction_ids: txs.filter((x) => x.counterparty === name).map((x) => x.id),
        total_czk: null,
        total_eur: null,
        ...cite(today, ...FREEZE_LAW),
      })
    }
    const perDay = new Map<string, string[]>()
    for (const x of txs) perDay.set(x.date, [...(perDay.get(x.date) ?? []), x.id])
    const maxPerDay = input.max_per_day ?? 10
    for (const [day, ids] of perDay) {
      if (ids.length > maxPerDay) {
        alerts.push({
          rule_id: 'velocity',
          severity: 'medium',
          description: say({
            cs: `obchodů dne ${day}: ${ids.length} (více než ${maxPerDay})`,
            en: `${ids.length} transactions on ${day} (more than ${maxPerDay})`,
          }),
          transaction_ids: ids,
          total_czk: null,
          total_eur: null,
          ...cite(day, 'policy-aml-monitoring'),
        })
      }
    }
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
      rules_applied: [
        {
          ...thresholdRule(t, 'identification_eur', lastDay, say),
          outcome: occasional
            ? say({ cs: 'vyhodnoceno', en: 'evaluated' })
            : say({
                cs: 'v rámci obchodního vztahu: identifikace již proběhla',
                en: 'inside a business relationship: identification already done',
              }),
        },
        {
          ...thresholdRule(t, 'due_diligence_eur', lastDay, say),
          outcome: occasional
            ? say({ cs: 'vyhodnoceno', en: 'evaluated' })
            : say({
                cs: 'v rámci obchodního vztahu: průběžná kontrola klienta',
                en: 'inside a business relationship: ongoing due diligence',
              }),
        },
        {
          ...thresholdRule(t, 'cash_payment_limit_czk', lastDay, say),
          outcome: say({
            cs: `nad limitem: ${alerts.filter((a) => a.rule_id === 'cash_over_daily_limit').length}`,
            en: `${alerts.filter((a) => a.rule_id === 'cash_over_daily_limit').length} over the limit`,
          }),
        },
        {
          rule: say({
            cs: 'zesílená kontrola u protistran ve vysoce rizikových třetích zemích podle EU',
            en: 'enhanced due diligence for counterparties in EU high-risk third countries',
          }),
          ...cite(lastDay, ...HIGH_RISK_LAW),
          outcome: say({
            cs: `obchodů: ${alerts.filter((a) => a.rule_id === 'high_risk_third_country').length}`,
            en: `transactions: ${alerts.filter((a) => a.rule_id === 'high_risk_third_country').length}`,
          }),
        },
        {
          rule: say({
            cs: 'žádné prostředky sankcionované osobě ani od ní: protistrany se prověřují proti sankčním seznamům',
            en: 'no funds to or from a sanctioned person: counterparties are screened against the sanctions lists',
          }),
          ...cite(today, ...FREEZE_LAW),
          outcome: screened
            ? say({
                cs: `shod: ${alerts.filter((a) => a.rule_id === 'sanctioned_counterparty').length}`,
                en: `${alerts.filter((a) => a.rule_id === 'sanctioned_counterparty').length} match(es)`,
              })
            : say({ cs: 'neprověřeno', en: 'not screened' }),
        },
        {
          rule: say({
            cs: `více než ${maxPerDay} obchodů za den je neobvyklá četnost`,
            en: `more than ${maxPerDay} transactions a day is unusual velocity`,
          }),
          ...cite(lastDay, 'policy-aml-monitoring'),
          outcome: say({
            cs: `dnů nad limitem: ${alerts.filter((a) => a.rule_id === 'velocity').length}`,
            en: `days over the limit: ${alerts.filter((a) => a.rule_id === 'velocity').length}`,
          }),
        },
        {
          rule: say({
            cs: 'podezřelý obchod se bez odkladu oznamuje Finančnímu analytickému úřadu',
            en: 'a suspicious transaction is reported to the Financial Analytical Office without delay',
          }),
          ...cite(today, 'cz-253-2008-s18'),
          outcome:
            risk === 'high'
              ? say({ cs: 'posoudit oznámení', en: 'assess a report' })
              : say({ cs: 'není indikováno', en: 'not indicated' }),
        },
      ],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
