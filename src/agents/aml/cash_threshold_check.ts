import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { DateSchema, isoDate, nullable, round } from '../data/shared.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import { defineAgent } from '../types.ts'
import {
  CurrencyPattern,
  RateBook,
  THRESHOLD_LAW_IDS,
  type ThresholdKey,
  thresholdRule,
  thresholdsOn,
} from './common.ts'

const ObligationSchema = Type.Object({
  obligation: Type.String(),
  triggered: nullable(Type.Boolean({ description: 'true also when the amount could not be converted' })),
  assumed: Type.Boolean({
    description: 'triggered only because the amount could not be converted at the ČNB rate (fail closed)',
  }),
  threshold: Type.Number(),
  threshold_currency: Type.String(),
  rule: Type.String(),
  basis: Type.Array(Type.String(), { description: 'the register entries the threshold rests on' }),
  source: Type.String(),
  since: Type.String(),
})

export const cashThresholdCheck = defineAgent({
  service: 'aml',
  name: 'cash_threshold_check',
  description:
    'Evaluates one payment against the Czech AML and cash thresholds of its day: client identification (1,000 EUR), due diligence for an occasional transaction (15,000 EUR), a trader accepting 10,000 EUR in cash, the 270,000 CZK daily cash-payment limit and the EU border cash declaration (10,000 EUR). Amounts are converted at the ČNB rate of the day.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e13 }),
      currency: Type.Optional(Type.String({ pattern: CurrencyPattern, default: 'CZK' })),
      method: Type.Union([
        Type.Literal('cash'),
        Type.Literal('transfer'),
        Type.Literal('card'),
        Type.Literal('crypto'),
      ]),
      relationship: Type.Optional(
        Type.Union([Type.Literal('occasional'), Type.Literal('business_relationship')], {
          default: 'occasional',
          description: 'an occasional transaction or one inside a business relationship',
        }),
      ),
      crosses_eu_border: Type.Optional(
        Type.Boolean({ default: false, description: 'cash carried into or out of the EU' }),
      ),
      date: Type.Optional(DateSchema('day of the payment (default: today)')),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    amount: Type.Number(),
    currency: Type.String(),
    amount_czk: nullable(Type.Number()),
    amount_eur: nullable(Type.Number()),
    rates_date: nullable(Type.String()),
    obligations: Type.Array(ObligationSchema),
    identification_required: nullable(Type.Boolean()),
    due_diligence_required: nullable(Type.Boolean()),
    cash_limit_exceeded: nullable(Type.Boolean()),
  }),
  verdict: { field: 'cash_limit_exceeded', map: { true: 'adverse', false: 'clear', null: 'incomplete' } },
  law: [...THRESHOLD_LAW_IDS, 'cnb-fx-rates'],
  examples: [
    {
      title: 'A 300,000 CZK cash payment for a car',
      input: { amount: 300000, method: 'cash', date: '2026-11-20' },
    },
    {
      title: 'A 20,000 EUR transfer, occasional',
      input: { amount: 20000, currency: 'EUR', method: 'transfer', date: '2026-11-20' },
    },
    {
      title: 'A small card payment',
      input: { amount: 15000, currency: 'CZK', method: 'card', date: '2026-11-20' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = isoDate(ctx.now)
    const date = input.date ?? today
    if (date > today) throw errors.invalid('date', 'must not be after today')
    const currency = (input.currency ?? 'CZK').toUpperCase()
    const t = thresholdsOn(date)
    const book = new RateBook(ctx)
    const czk = await book.toCzk(input.amount, currency, date)
    const eur = await book.toEur(input.amount, currency, date)
    const occasional = (input.relationship ?? 'occasional') === 'occasional'
    const cash = input.method === 'cash'
    // Fail closed: an amount that cannot be converted (no ČNB rate) is taken to reach the threshold,
    // and the rule's outcome says it was assumed, so no duty is dropped for want of a rate.
    const cmp = (value: number | null, limit: number, strict = false) =>
      value === null ? true : strict ? value > limit : value >= limit
    const assumed = (cur: string) => (cur === 'EUR' ? eur === null : czk === null)
    const row = (
      key: ThresholdKey,
      obligation: string,
      triggered: boolean | null,
      threshold: number,
      cur: string,
    ) => ({
      obligation,
      triggered,
      threshold,
      threshold_currency: cur,
      ...thresholdRule(t, key, date, say),
      assumed: triggered === true && assumed(cur),
    })
    const identification = cmp(eur, t.identification_eur)
    const dueDiligence = occasional ? cmp(eur, t.due_diligence_eur) : true
    const cashLimit = cash ? cmp(czk, t.cash_payment_limit_czk, true) : false
    const obligations = [
      row(
        'identification_eur',
        say({ cs: 'identifikovat klienta', en: 'identify the client' }),
        identification,
        t.identification_eur,
        'EUR',
      ),
      row(
        'due_diligence_eur',
        say({ cs: 'kontrola klienta', en: 'client due diligence' }),
        dueDiligence,
        t.due_diligence_eur,
        'EUR',
      ),
      row(
        'cash_trader_eur',
        say({
          cs: 'obchodník přijímající hotovost identifikuje plátce',
          en: 'trader accepting cash identifies the payer',
        }),
        cash ? cmp(eur, t.cash_trader_eur) : false,
        t.cash_trader_eur,
        'EUR',
      ),
      row(
        'cash_payment_limit_czk',
        say({
          cs: 'platit přes bankovní účet místo hotovosti',
          en: 'pay through a bank account instead of cash',
        }),
        cashLimit,
        t.cash_payment_limit_czk,
        'CZK',
      ),
      row(
        'eu_border_cash_declaration_eur',
        say({ cs: 'ohlásit hotovost celnímu úřadu', en: 'declare the cash to customs' }),
        cash && input.crosses_eu_border ? cmp(eur, t.eu_border_cash_declaration_eur) : false,
        t.eu_border_cash_declaration_eur,
        'EUR',
      ),
    ]
    const sources = book.summary()
    const ratesDate = await book.ratesDate(date)
    // Without a ČNB rate each EUR threshold was taken as reached: an assumption the answer states.
    const assumptions: Assumption[] =
      currency !== 'EUR' && eur === null
        ? [
            {
              field: 'eur_rate',
              value: say({
                cs: 'částka brána jako dosahující každého limitu v EUR',
                en: 'the amount taken as reaching every EUR threshold',
              }),
              basis: say({
                cs: `kurz ČNB pro ${date} nebyl k dispozici, částku ${input.amount} ${currency} nešlo převést na EUR; povinnosti podle limitů v EUR se proto uplatní, dokud se neprokáže, že částka je pod nimi`,
                en: `the ČNB rate for ${date} was unavailable, so ${input.amount} ${currency} could not be converted to EUR; the duties of the EUR thresholds apply until the amount is shown to be below them`,
              }),
            },
          ]
        : []
    return {
      amount: input.amount,
      currency,
      amount_czk: czk === null ? null : round(czk, 2),
      amount_eur: eur === null ? null : round(eur, 2),
      rates_date: ratesDate,
      obligations,
      identification_required: identification,
      due_diligence_required: dueDiligence,
      cash_limit_exceeded: cashLimit,
      rules_applied: [
        ...obligations.map((o) => ({
          rule: o.rule,
          basis: o.basis,
          source: o.source,
          since: o.since,
          outcome: o.assumed
            ? say({
                cs: 'platí: předpokládá se, částku nešlo převést (chybí kurz ČNB)',
                en: 'applies: assumed, the amount could not be converted (no ČNB rate)',
              })
            : o.triggered
              ? say({ cs: 'platí', en: 'applies' })
              : say({ cs: 'neplatí', en: 'does not apply' }),
        })),
        ...(occasional
          ? []
          : [
              {
                rule: say({
                  cs: 'v rámci obchodního vztahu platí kontrola klienta bez ohledu na částku',
                  en: 'inside a business relationship due diligence applies whatever the amount',
                }),
                ...cite(date, 'cz-253-2008-s9'),
                outcome: say({ cs: 'platí', en: 'applies' }),
              },
            ]),
        {
          rule: say({
            cs: 'limity v EUR se přepočítávají kurzem ČNB vyhlášeným pro daný den',
            en: 'EUR thresholds are converted at the ČNB rate declared for the day',
          }),
          ...cite(date, 'cnb-fx-rates'),
          outcome: ratesDate
            ? say({ cs: `kurzy ze dne ${ratesDate}`, en: `rates of ${ratesDate}` })
            : currency === 'EUR'
              ? say({ cs: 'částka v EUR', en: 'amount in EUR' })
              : say({ cs: 'bez kurzu', en: 'no rate' }),
        },
      ],
      assumptions,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
