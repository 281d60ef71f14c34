import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { DateSchema, isoDate, nullable, round } from '../data/shared.ts'
import { defineAgent } from '../types.ts'
import { dutyRules, rateCheck, thresholdDuties } from './cash-checks.ts'
import { CurrencyPattern, cashForAmlAct, RateBook, THRESHOLD_LAW_IDS, thresholdsOn } from './common.ts'

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
    'Evaluates one payment against the Czech AML and cash thresholds of its day: client identification (1,000 EUR), due diligence for an occasional transaction (15,000 EUR), a trader accepting 10,000 EUR in cash (a payment in a virtual asset counts as cash from 2024-05-01), the 270,000 CZK daily cash-payment limit and the EU border cash declaration (10,000 EUR). Amounts are converted at the ČNB rate of the day.',
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
    const payment = {
      cash: input.method === 'cash',
      cashForAmlAct: cashForAmlAct(input.method, date),
      occasional: (input.relationship ?? 'occasional') === 'occasional',
      crossesEuBorder: input.crosses_eu_border === true,
    }
    const duties = thresholdDuties(payment, { czk, eur }, t, date, say)
    const obligations = [
      duties.identification,
      duties.dueDiligence,
      duties.cashTrader,
      duties.cashLimit,
      duties.border,
    ]
    const sources = book.summary()
    const ratesDate = await book.ratesDate(date)
    const rates = rateCheck({ amount: input.amount, currency, eur }, ratesDate, date, say)
    return {
      amount: input.amount,
      currency,
      amount_czk: czk === null ? null : round(czk, 2),
      amount_eur: eur === null ? null : round(eur, 2),
      rates_date: ratesDate,
      obligations,
      identification_required: duties.identification.triggered,
      due_diligence_required: duties.dueDiligence.triggered,
      cash_limit_exceeded: duties.cashLimit.triggered,
      rules_applied: [...dutyRules(obligations, payment.occasional, date, say), rates.rule],
      assumptions: rates.assumptions,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
