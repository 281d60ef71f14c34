import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Tariff extends ReferenceVersion {
  base_rate_per_mille: Record<string, number>
  construction_factor: Record<string, number>
  flood_zone_factor: Record<string, number>
  deductible_factor: Record<string, number>
  security_discount: number
  claims_free_discount_per_year: number
  claims_free_discount_max: number
  minimum_premium: number
}

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
    const src = cite(at, 'policy-insurance-tariff')
    const say = ctx.say
    // What the caller does not say is priced at the tariff's reference values, and said so: the
    // premium of a wooden house or a higher deductible would differ.
    const assumptions: Assumption[] = []
    const construction = input.construction ?? 'masonry'
    if (input.construction === undefined)
      assumptions.push({
        field: 'construction',
        value: 'masonry',
        basis: say({
          cs: 'nezadáno: zděná stavba, referenční koeficient 1,0 tarifu (data/reference/insurance-tariff.json)',
          en: 'not given: masonry, the reference factor 1.0 of the tariff (data/reference/insurance-tariff.json)',
        }),
      })
    const deductible = input.deductible ?? 5000
    if (input.deductible === undefined)
      assumptions.push({
        field: 'deductible',
        value: 5000,
        basis: say({
          cs: 'nezadáno: spoluúčast 5 000 Kč, referenční koeficient 1,0 tarifu',
          en: 'not given: a 5 000 CZK deductible, the reference factor 1.0 of the tariff',
        }),
      })
    const rate = t.base_rate_per_mille[input.object]!
    const base = (input.property_value / 1000) * rate
    const CONSTRUCTION = {
      masonry: { cs: 'zděná', en: 'masonry' },
      mixed: { cs: 'smíšená', en: 'mixed' },
      wood: { cs: 'dřevěná', en: 'wood' },
    } as const
    const factors: { factor: string; value: number }[] = [
      {
        factor: say({
          cs: `konstrukce: ${CONSTRUCTION[construction].cs}`,
          en: `construction: ${CONSTRUCTION[construction].en}`,
        }),
        value: t.construction_factor[construction]!,
      },
      {
        factor: say({ cs: `povodňová zóna ${input.flood_zone}`, en: `flood zone ${input.flood_zone}` }),
        value: t.flood_zone_factor[String(input.flood_zone)]!,
      },
      {
        factor: say({ cs: `spoluúčast ${deductible} Kč`, en: `deductible ${deductible} CZK` }),
        value: t.deductible_factor[String(deductible)]!,
      },
    ]
    if (input.security)
      factors.push({
        factor: say({ cs: 'sleva za zabezpečení', en: 'security discount' }),
        value: 1 - t.security_discount,
      })
    const years = input.claims_free_years ?? 0
    if (years > 0) {
      const discount = Math.min(t.claims_free_discount_max, years * t.claims_free_discount_per_year)
      factors.push({
        factor: say({ cs: `bez škod ${years} let`, en: `claims-free ${years} years` }),
        value: Math.round((1 - discount) * 1000) / 1000,
      })
    }
    const raw = factors.reduce((p, f) => p * f.value, base)
    const annual = Math.max(t.minimum_premium, Math.round(raw))
    const OBJECT = {
      house: { cs: 'dům', en: 'house' },
      flat: { cs: 'byt', en: 'flat' },
      household: { cs: 'domácnost', en: 'household' },
    } as const
    const rules: AppliedRule[] = [
      {
        rule: say({
          cs: `Základní sazba ${rate} ‰ z pojistné částky (${OBJECT[input.object].cs})`,
          en: `Base rate ${rate} ‰ of the sum insured (${OBJECT[input.object].en})`,
        }),
        ...src,
        outcome: say({ cs: `${round2(base)} Kč`, en: `${round2(base)} CZK` }),
      },
      ...factors.map((f) => ({
        rule: say({ cs: `Koeficient ${f.factor}`, en: `Factor ${f.factor}` }),
        ...src,
        outcome: `× ${f.value}`,
      })),
      {
        rule: say({
          cs: 'Povodňová zóna podle povodňové zonace ČAP (1 nejnižší … 4 nejvyšší)',
          en: 'Flood zone by the ČAP flood zoning (1 lowest … 4 highest)',
        }),
        ...cite(at, 'cap-flood-zones'),
        outcome: say({ cs: `zóna ${input.flood_zone}`, en: `zone ${input.flood_zone}` }),
      },
      {
        rule: say({
          cs: `Minimální pojistné ${t.minimum_premium} Kč`,
          en: `Minimum premium ${t.minimum_premium} CZK`,
        }),
        ...src,
        outcome: say({ cs: `${annual} Kč ročně`, en: `${annual} CZK a year` }),
      },
    ]
    return {
      annual_premium: annual,
      monthly_premium: round2(annual / 12),
      base_premium: round2(base),
      factors,
      rules_applied: rules,
      assumptions,
    }
  },
})
