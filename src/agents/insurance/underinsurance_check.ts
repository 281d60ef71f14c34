import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

const NOZ_2854 = { source: 'zákon 89/2012 Sb., občanský zákoník, § 2854 (podpojištění)', since: '2014-01-01' }

export const underinsuranceCheck = defineAgent({
  service: 'insurance',
  name: 'underinsurance_check',
  description:
    'Applies the underinsurance rule of § 2854 of the Civil Code: when the sum insured is below the insurable value at the time of loss, the payout is cut in proportion — unless the contract insures on first risk or tolerates underinsurance up to a percentage.',
  input: Type.Object(
    {
      sum_insured: Type.Number({ exclusiveMinimum: 0, description: 'CZK' }),
      property_value: Type.Number({
        exclusiveMinimum: 0,
        description: 'insurable value at the time of loss, CZK',
      }),
      amount: Type.Number({ minimum: 0, description: 'loss, CZK' }),
      deductible: Type.Optional(
        Type.Number({ minimum: 0, description: 'CZK, deducted after the proportional cut' }),
      ),
      tolerance_pct: Type.Optional(
        Type.Number({ minimum: 0, maximum: 100, description: 'contract waives underinsurance up to this %' }),
      ),
      first_risk: Type.Optional(Type.Boolean({ description: 'insured on first risk (no proportional cut)' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    underinsured: Type.Boolean(),
    coverage_ratio: Type.Number({ description: 'sum insured / insurable value' }),
    underinsurance_pct: Type.Number(),
    proportional_cut_applied: Type.Boolean(),
    payout: Type.Number(),
    shortfall: Type.Number({ description: 'loss not paid, CZK' }),
  }),
  verdict: { field: 'underinsured', map: { true: 'review', false: 'clear' } },
  examples: [
    {
      title: 'House insured for 3 M but worth 4 M: a 400 000 CZK loss pays 300 000 less deductible',
      input: { sum_insured: 3_000_000, property_value: 4_000_000, amount: 400_000, deductible: 5000 },
    },
    {
      title: 'Underinsured by 8 % within a 10 % tolerance: paid in full',
      input: { sum_insured: 4_600_000, property_value: 5_000_000, amount: 200_000, tolerance_pct: 10 },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const ratio = Math.min(1, input.sum_insured / input.property_value)
    const underPct = Math.round((1 - ratio) * 10_000) / 100
    const underinsured = input.sum_insured < input.property_value
    const tolerated = underPct <= (input.tolerance_pct ?? 0)
    const cut = underinsured && !input.first_risk && !tolerated
    const rules: AppliedRule[] = [
      {
        rule: say({
          cs: 'Podpojištění: pojistná částka nižší než pojistná hodnota v době pojistné události',
          en: 'Underinsurance: sum insured below the insurable value at the time of loss',
        }),
        ...NOZ_2854,
        outcome: underinsured
          ? say({ cs: `podpojištěno o ${underPct} %`, en: `underinsured by ${underPct} %` })
          : say({ cs: 'bez podpojištění', en: 'not underinsured' }),
      },
    ]
    if (underinsured && input.first_risk) {
      rules.push({
        rule: say({
          cs: 'Pojištění na první riziko: bez poměrného krácení (smlouva)',
          en: 'First-risk insurance: no proportional reduction (contract)',
        }),
        ...NOZ_2854,
        outcome: say({ cs: 'neuplatněno', en: 'waived' }),
      })
    } else if (underinsured && tolerated) {
      rules.push({
        rule: say({
          cs: `Smluvní tolerance: podpojištění do ${input.tolerance_pct} % se neuplatní`,
          en: `Contract tolerance: underinsurance up to ${input.tolerance_pct} % is not applied`,
        }),
        ...NOZ_2854,
        outcome: say({ cs: 'neuplatněno', en: 'waived' }),
      })
    }
    let payout = cut ? input.amount * ratio : input.amount
    if (cut)
      rules.push({
        rule: say({
          cs: 'Plnění = škoda × pojistná částka / pojistná hodnota',
          en: 'Payout = loss × sum insured / insurable value',
        }),
        ...NOZ_2854,
        outcome: `× ${round2(ratio)}`,
      })
    payout = Math.min(payout, input.sum_insured)
    rules.push({
      rule: say({
        cs: 'Plnění nikdy nepřesáhne pojistnou částku',
        en: 'Payout never exceeds the sum insured',
      }),
      source: 'zákon 89/2012 Sb. § 2854',
    })
    const deductible = input.deductible ?? 0
    if (deductible > 0) {
      payout = Math.max(0, payout - deductible)
      rules.push({
        rule: say({ cs: `Spoluúčast ${deductible} Kč`, en: `Deductible ${deductible} CZK` }),
        source: say({ cs: 'pojistná smlouva', en: 'insurance contract' }),
        outcome: say({ cs: `${round2(payout)} Kč`, en: `${round2(payout)} CZK` }),
      })
    }
    return {
      underinsured,
      coverage_ratio: Math.round(ratio * 10_000) / 10_000,
      underinsurance_pct: underinsured ? underPct : 0,
      proportional_cut_applied: cut,
      payout: round2(payout),
      shortfall: round2(input.amount - payout),
      rules_applied: rules,
    }
  },
})
