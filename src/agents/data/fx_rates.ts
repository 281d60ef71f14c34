import { Type } from 'typebox'
import { type CnbRates, czkPerUnit } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { attempt, DateSchema, isoDate, lawRule, nullable, round } from './shared.ts'

const Code = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code, e.g. EUR' })

export const fxRates = defineAgent({
  service: 'data',
  name: 'fx_rates',
  description:
    'Converts an amount between CZK and the currencies ČNB quotes, at the ČNB rate declared for a day (on weekends and holidays the last declared rate, as ČNB itself answers). Cross rates go through CZK. If ČNB cannot be reached the answer says so and gives no rate.',
  input: Type.Object(
    {
      currency: Code,
      to: Type.Optional(
        Type.String({ pattern: '^[A-Za-z]{3}$', default: 'CZK', description: 'target currency' }),
      ),
      amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e13, default: 1 })),
      date: Type.Optional(DateSchema('day whose rates apply (default: today)')),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    from: Type.String(),
    to: Type.String(),
    amount: Type.Number(),
    requested_date: Type.String(),
    rates_date: nullable(Type.String({ description: 'day ČNB declared the rates used' })),
    declaration_number: nullable(Type.Integer()),
    rate: nullable(Type.Number({ description: 'units of `to` for one unit of `from`' })),
    converted: nullable(Type.Number({ description: 'amount × rate, rounded to 2 decimals' })),
    czk_per_unit: Type.Object({ from: nullable(Type.Number()), to: nullable(Type.Number()) }),
  }),
  verdict: 'informational',
  law: ['cnb-fx-rates'],
  examples: [
    {
      title: '1,000 EUR in CZK on Friday 20 November 2026',
      input: { currency: 'EUR', amount: 1000, date: '2026-11-20' },
    },
    {
      title: 'A public holiday (17 November) uses the previous day’s rates; HUF is quoted per 100',
      input: { currency: 'HUF', to: 'EUR', amount: 100000, date: '2026-11-17' },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const from = input.currency.toUpperCase()
    const to = (input.to ?? 'CZK').toUpperCase()
    const amount = input.amount ?? 1
    const today = isoDate(ctx.now)
    const date = input.date ?? today
    if (date > today)
      throw errors.invalid('date', 'must not be after today (ČNB declares rates for past days)')
    const sources: SourceStatus[] = []
    const rates: (CnbRates & { cached: boolean }) | undefined =
      from === 'CZK' && to === 'CZK'
        ? undefined
        : await attempt('cnb', sources, () => ctx.deps.sources.cnb.daily(date))
    const rules = [
      lawRule(
        say({
          cs: 'cizí měna se přepočítává kurzem ČNB vyhlášeným pro daný den; ve dnech bez vyhlášení platí poslední vyhlášený kurz',
          en: 'foreign currency is converted at the ČNB rate declared for the day; on days without a declaration the last declared rate applies',
        }),
        cite(at, 'cnb-fx-rates'),
        rates
          ? say({
              cs: `kurzy ze dne ${rates.date} (č. ${rates.serial})`,
              en: `rates of ${rates.date} (#${rates.serial})`,
            })
          : say({ cs: 'žádné kurzy', en: 'no rates' }),
      ),
    ]
    let fromCzk: number | null = from === 'CZK' ? 1 : null
    let toCzk: number | null = to === 'CZK' ? 1 : null
    if (rates) {
      fromCzk = czkPerUnit(rates, from) ?? null
      toCzk = czkPerUnit(rates, to) ?? null
      if (fromCzk === null)
        throw errors.invalid('currency', `ČNB does not quote ${from} (rates of ${rates.date})`)
      if (toCzk === null) throw errors.invalid('to', `ČNB does not quote ${to} (rates of ${rates.date})`)
      const unit = rates.rates.find((r) => r.code === from && r.amount !== 1)
      if (unit)
        rules.push(
          lawRule(
            say({
              cs: `${from} se kótuje za ${unit.amount} jednotek`,
              en: `${from} is quoted per ${unit.amount} units`,
            }),
            cite(at, 'cnb-fx-rates'),
            say({
              cs: `${unit.rate} Kč za ${unit.amount} ${from}`,
              en: `${unit.rate} CZK per ${unit.amount} ${from}`,
            }),
          ),
        )
      if (from !== 'CZK' && to !== 'CZK')
        rules.push(
          lawRule(
            say({
              cs: 'křížový kurz přes CZK: kurz = Kč za jednotku from ÷ Kč za jednotku to',
              en: 'a cross rate goes through CZK: rate = CZK per unit of from ÷ CZK per unit of to',
            }),
            cite(at, 'cnb-fx-rates'),
          ),
        )
    }
    const rate = fromCzk !== null && toCzk !== null ? fromCzk / toCzk : null
    return {
      from,
      to,
      amount,
      requested_date: date,
      rates_date: rates?.date ?? null,
      declaration_number: rates?.serial ?? null,
      rate: rate === null ? null : round(rate, 6),
      converted: rate === null ? null : round(amount * rate, 2),
      czk_per_unit: {
        from: fromCzk === null ? null : round(fromCzk, 6),
        to: toCzk === null ? null : round(toCzk, 6),
      },
      rules_applied: rules,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
