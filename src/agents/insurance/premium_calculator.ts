import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { defineAgent } from '../types.ts'
import {
  baseCheck,
  factorChecks,
  floodZoneCheck,
  minimumCheck,
  type Tariff,
  tariffDefaults,
} from './premium-checks.ts'

export const premiumCalculator = defineAgent({
  service: 'insurance',
  name: 'premium_calculator',
  description:
    'Annual premium of building or household insurance from a documented tariff: sum insured × base rate (‰) × construction, ČAP flood-zone and deductible factors, less security and claims-free discounts, with every factor shown.',
  input: Type.Object(
    {
      property_value: Type.Number({
        exclusiveMinimum: 0,
        description: 'sum insured (new-for-old value), CZK',
      }),
      object: Type.Union([Type.Literal('house'), Type.Literal('flat'), Type.Literal('household')]),
      construction: Type.Optional(
        Type.Union([Type.Literal('masonry'), Type.Literal('mixed'), Type.Literal('wood')]),
      ),
      flood_zone: Type.Integer({ minimum: 1, maximum: 4, description: 'ČAP flood zone, 4 = highest risk' }),
      deductible: Type.Optional(
        Type.Union([Type.Literal(1000), Type.Literal(5000), Type.Literal(10000), Type.Literal(25000)]),
      ),
      security: Type.Optional(Type.Boolean({ description: 'certified locks / alarm' })),
      claims_free_years: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    annual_premium: Type.Number(),
    monthly_premium: Type.Number(),
    base_premium: Type.Number(),
    factors: Type.Array(Type.Object({ factor: Type.String(), value: Type.Number() })),
  }),
  verdict: 'informational',
  law: ['policy-insurance-tariff', 'cap-flood-zones'],
  examples: [
    {
      title: 'Brick house worth 6 M CZK in flood zone 1, 5 000 CZK deductible',
      input: {
        property_value: 6_000_000,
        object: 'house',
        construction: 'masonry',
        flood_zone: 1,
        deductible: 5000,
      },
    },
    {
      title: 'Wooden house in flood zone 3 with alarm and 4 claims-free years',
      input: {
        property_value: 4_000_000,
        object: 'house',
        construction: 'wood',
        flood_zone: 3,
        deductible: 10000,
        security: true,
        claims_free_years: 4,
      },
    },
  ],
  async run(input, ctx) {
    const at = asOfDate(undefined, ctx.now)
    const t = covered(() => referenceAt<Tariff>('insurance-tariff', at))
    const say = ctx.say
    const { construction, deductible, assumptions } = tariffDefaults(input, say)
    const { base, rule: baseRule } = baseCheck(input.property_value, input.object, t, at, say)
    const priced = factorChecks({ ...input, construction, deductible }, t, at, say)
    const zoneRule = floodZoneCheck(input.flood_zone, at, say)
    const raw = priced.factors.reduce((p, f) => p * f.value, base)
    const { annual, rule: minimumRule } = minimumCheck(raw, t, at, say)
    return {
      annual_premium: annual,
      monthly_premium: round2(annual / 12),
      base_premium: round2(base),
      factors: priced.factors,
      rules_applied: [baseRule, ...priced.rules, zoneRule, minimumRule],
      assumptions,
    }
  },
})
