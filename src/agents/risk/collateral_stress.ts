import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { lendingLimits } from '../../engines/finance/lending.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { countCs } from '../czech.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

export const collateralStress = defineAgent({
  service: 'risk',
  name: 'collateral_stress',
  description:
    "Stress test of property collateral: applies price shocks (default −10 %, −20 %, −30 %) to each loan's collateral and reports the LTV after the shock, loans above the ČNB LTV limit in force, loans in negative equity and the uncovered exposure.",
  input: Type.Object(
    {
      loans: Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 100 }),
            amount: Type.Number({ exclusiveMinimum: 0, description: 'outstanding, CZK' }),
            property_value: Type.Number({
              exclusiveMinimum: 0,
              description: 'current collateral value, CZK',
            }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100_000 },
      ),
      shocks_pct: Type.Optional(
        Type.Array(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 100 }), {
          minItems: 1,
          maxItems: 10,
          uniqueItems: true,
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    ltv_limit: Type.Number({ description: 'ČNB LTV limit for owner-occupier loans on the day' }),
    baseline: Type.Object({
      weighted_ltv: Type.Number(),
      above_limit: Type.Integer(),
      negative_equity: Type.Integer(),
    }),
    scenarios: Type.Array(
      Type.Object({
        shock_pct: Type.Number(),
        weighted_ltv: Type.Number(),
        above_limit: Type.Integer(),
        negative_equity: Type.Integer(),
        uncovered_exposure: Type.Number({ description: 'exposure above the shocked collateral value, CZK' }),
        worst: Type.Array(Type.Object({ id: Type.String(), ltv: Type.Number() })),
      }),
    ),
  }),
  verdict: 'informational',
  law: ['cnb-ltv', 'method-ltv-stress'],
  examples: [
    {
      title: 'Three mortgages under −10/−20/−30 % price shocks',
      input: {
        loans: [
          { id: 'm1', amount: 3_600_000, property_value: 4_500_000 },
          { id: 'm2', amount: 2_000_000, property_value: 4_000_000 },
          { id: 'm3', amount: 4_500_000, property_value: 5_000_000 },
        ],
      },
    },
    {
      title: 'A single high-LTV loan under a 25 % shock',
      input: { loans: [{ id: 'x', amount: 2_700_000, property_value: 3_000_000 }], shocks_pct: [25] },
    },
  ],
  async run(input, ctx) {
    const asOf = asOfDate(input.as_of, ctx.now)
    const limits = covered(() => lendingLimits(asOf, undefined, 'own_housing'))
    const limit = limits.regulatory.ltv!
    if (new Set(input.loans.map((l) => l.id)).size !== input.loans.length) {
      throw errors.invalid('loans', 'loan ids must be unique')
    }
    const total = input.loans.reduce((s, l) => s + l.amount, 0)
    const evaluate = (shock: number) => {
      let weighted = 0
      let above = 0
      let negative = 0
      let uncovered = 0
      const ltvs: { id: string; ltv: number }[] = []
      for (const l of input.loans) {
        const value = l.property_value * (1 - shock / 100)
        const ltv = l.amount / value
        weighted += ltv * l.amount
        if (ltv > limit + 1e-9) above++
        if (ltv > 1) {
          negative++
          uncovered += l.amount - value
        }
        ltvs.push({ id: l.id, ltv: Math.round(ltv * 10_000) / 10_000 })
      }
      ltvs.sort((a, b) => b.ltv - a.ltv || a.id.localeCompare(b.id))
      return {
        weighted_ltv: Math.round((weighted / total) * 10_000) / 10_000,
        above_limit: above,
        negative_equity: negative,
        uncovered_exposure: round2(uncovered),
        worst: ltvs.slice(0, 5),
      }
    }
    const base = evaluate(0)
    const shocks = [...(input.shocks_pct ?? [10, 20, 30])].sort((a, b) => a - b)
    const scenarios = shocks.map((s) => ({ shock_pct: s, ...evaluate(s) }))
    const rules: AppliedRule[] = [
      {
        rule: ctx.say({
          cs: `Limit ČNB LTV ${limit * 100} % (vlastní bydlení, obecný)`,
          en: `ČNB LTV limit ${limit * 100} % (owner-occupier, general)`,
        }),
        ...cite(asOf, limits.regulatoryBasis.ltv),
        outcome: ctx.say({
          cs: `výchozí stav: nad limitem ${countCs(base.above_limit, ['úvěr', 'úvěry', 'úvěrů'])}`,
          en: `baseline ${base.above_limit} loan(s) above`,
        }),
      },
      {
        rule: ctx.say({
          cs: 'LTV po šoku = expozice / (hodnota zajištění × (1 − šok))',
          en: 'Shocked LTV = exposure / (collateral value × (1 − shock))',
        }),
        ...cite(asOf, 'method-ltv-stress'),
        outcome: scenarios
          .map((s) =>
            ctx.say({
              cs: `−${s.shock_pct} %: v záporné hodnotě zajištění ${s.negative_equity}`,
              en: `−${s.shock_pct} %: ${s.negative_equity} in negative equity`,
            }),
          )
          .join('; '),
      },
    ]
    return {
      ltv_limit: limit,
      baseline: {
        weighted_ltv: base.weighted_ltv,
        above_limit: base.above_limit,
        negative_equity: base.negative_equity,
      },
      scenarios,
      rules_applied: rules,
    }
  },
})
