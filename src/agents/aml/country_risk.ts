import { Type } from 'typebox'
import { countryName } from '../../engines/aml/index.ts'
import { loadReference } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { DateSchema, isoDate } from '../data/shared.ts'
import { defineAgent } from '../types.ts'
import { HIGH_RISK_LAW, type HighRiskVersion, highRiskOn, highRiskRule, requireCountry } from './common.ts'

export const countryRisk = defineAgent({
  service: 'aml',
  name: 'country_risk',
  description:
    'Says whether a country is on the EU list of high-risk third countries (Delegated Regulation 2016/1675) on a given day, which version of the list applies, and when the country was added or removed; a listed country means enhanced due diligence under the Czech AML Act.',
  input: Type.Object(
    {
      country: Type.String({
        minLength: 2,
        maxLength: 60,
        description: 'ISO 3166 code (RU, RUS) or English name',
      }),
      date: Type.Optional(DateSchema('day to evaluate (default: today)')),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    country_code: Type.String(),
    country_name: Type.String(),
    date: Type.String(),
    eu_high_risk: Type.Boolean(),
    enhanced_due_diligence: Type.Boolean(),
    list_version: Type.Object({
      effective_from: Type.String(),
      source: Type.String(),
      countries: Type.Integer(),
    }),
    history: Type.Array(
      Type.Object({
        date: Type.String(),
        change: Type.Union([Type.Literal('listed'), Type.Literal('delisted')]),
        source: Type.String(),
      }),
      { description: 'changes of this country’s status across the versions shipped' },
    ),
  }),
  verdict: { field: 'eu_high_risk', map: { true: 'review', false: 'clear' } },
  law: HIGH_RISK_LAW,
  examples: [
    { title: 'Russia, listed from 29 January 2026', input: { country: 'RU', date: '2026-11-20' } },
    {
      title: 'United Arab Emirates, delisted on 5 August 2025',
      input: { country: 'United Arab Emirates', date: '2026-11-20' },
    },
    { title: 'Russia before it was listed', input: { country: 'RUS', date: '2025-10-01' } },
  ],
  async run(input, ctx) {
    const code = requireCountry(input.country, 'country')
    const date = input.date ?? isoDate(ctx.now)
    let current: ReturnType<typeof highRiskOn>
    try {
      current = highRiskOn(date)
    } catch {
      const first = loadReference<HighRiskVersion>('eu-high-risk-third-countries').versions[0]!.effective_from
      throw errors.invalid('date', `the list is shipped from ${first}`)
    }
    const { version } = current
    const listed = version.countries.includes(code)
    const versions = loadReference<HighRiskVersion>('eu-high-risk-third-countries').versions
    const history: { date: string; change: 'listed' | 'delisted'; source: string }[] = []
    let was: boolean | undefined
    for (const v of versions) {
      const is = v.countries.includes(code)
      if (was === undefined ? is : is !== was) {
        history.push({ date: v.effective_from, change: is ? 'listed' : 'delisted', source: v.source ?? '' })
      }
      was = is
    }
    return {
      country_code: code,
      country_name: countryName(code),
      date,
      eu_high_risk: listed,
      enhanced_due_diligence: listed,
      list_version: {
        effective_from: version.effective_from,
        source: version.source ?? '',
        countries: version.countries.length,
      },
      history,
      rules_applied: [highRiskRule(version, code, ctx.say, date)],
    }
  },
})
