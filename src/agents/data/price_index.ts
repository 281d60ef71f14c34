import { Type } from 'typebox'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule, round } from './shared.ts'

type Version = ReferenceVersion & { rates: Record<string, number> }

export const priceIndex = defineAgent({
  service: 'data',
  name: 'price_index',
  description:
    'Expresses a CZK amount of one year in the prices of another with the Czech consumer price index (ČSÚ average annual inflation), e.g. to index a rent or a claim under an inflation clause. Shows each year’s rate and the cumulative factor.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e13, description: 'CZK in prices of from_year' }),
      from_year: Type.Integer({ minimum: 1990, maximum: 2100 }),
      to_year: Type.Integer({ minimum: 1990, maximum: 2100 }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    amount: Type.Number(),
    from_year: Type.Integer(),
    to_year: Type.Integer(),
    factor: Type.Number({ description: 'cumulative price change, to_year over from_year' }),
    adjusted_amount: Type.Number({ description: 'CZK in prices of to_year, rounded to whole crowns' }),
    cumulative_inflation_percent: Type.Number(),
    yearly: Type.Array(Type.Object({ year: Type.Integer(), inflation_percent: Type.Number() })),
    series: Type.String(),
  }),
  verdict: 'informational',
  law: ['csu-cpi'],
  examples: [
    {
      title: '100,000 CZK of 2021 in 2024 prices',
      input: { amount: 100000, from_year: 2021, to_year: 2024 },
    },
    { title: 'A 2024 amount back in 2019 prices', input: { amount: 50000, from_year: 2024, to_year: 2019 } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const ref = loadReference<Version>('cz-cpi-inflation')
    const version = versionAt(ref, isoDate(ctx.now))
    const years = Object.keys(version.rates).map(Number)
    const first = Math.min(...years) - 1
    const last = Math.max(...years)
    for (const field of ['from_year', 'to_year'] as const) {
      if (input[field] < first || input[field] > last)
        throw errors.invalid(field, `the series covers ${first}–${last}`)
    }
    const lo = Math.min(input.from_year, input.to_year)
    const hi = Math.max(input.from_year, input.to_year)
    const yearly = []
    let growth = 1
    for (let y = lo + 1; y <= hi; y++) {
      const rate = version.rates[String(y)]!
      yearly.push({ year: y, inflation_percent: rate })
      growth *= 1 + rate / 100
    }
    const factor = input.to_year >= input.from_year ? growth : 1 / growth
    return {
      amount: input.amount,
      from_year: input.from_year,
      to_year: input.to_year,
      factor: round(factor, 6),
      adjusted_amount: Math.round(input.amount * factor),
      cumulative_inflation_percent: round((factor - 1) * 100, 2),
      yearly,
      series: ref.title,
      rules_applied: [
        lawRule(
          say({
            cs: 'řetězení průměrných ročních měr inflace let po from_year až do to_year',
            en: 'chain the average annual inflation rates of the years after from_year up to to_year',
          }),
          cite(at, 'csu-cpi'),
          say({ cs: `koeficient ${round(factor, 6)}`, en: `factor ${round(factor, 6)}` }),
        ),
      ],
    }
  },
})
