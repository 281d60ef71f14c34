import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

/** The day § 2854 as amended by zákon 30/2024 Sb. took effect: the loss, not the capped benefit, is cut. */
const LOSS_CUT_FROM = '2024-04-01'

interface Claim {
  sum_insured: number
  property_value: number
  amount: number
  deductible?: number | undefined
  tolerance_pct?: number | undefined
  first_risk?: boolean | undefined
}

/**
 * § 2854: is the property underinsured at the time of the loss, and does the contract waive the
 * proportional cut (first risk, or a tolerance up to a percentage)? § 2849: the insurable value is
 * the usual price unless the contract agrees it (the caller's property_value).
 */
function ratioCheck(c: Claim, at: string, say: Say) {
  const ratio = Math.min(1, c.sum_insured / c.property_value)
  const underPct = Math.round((1 - ratio) * 10_000) / 100
  const underinsured = c.sum_insured < c.property_value
  const tolerated = underPct <= (c.tolerance_pct ?? 0)
  const cut = underinsured && !c.first_risk && !tolerated
  const rules: AppliedRule[] = [
    {
      rule: say({
        cs: 'Podpojištění: pojistná částka nižší než pojistná hodnota (obvyklá cena, není-li ujednána) v době pojistné události',
        en: 'Underinsurance: sum insured below the insurable value (the usual price unless agreed) at the time of loss',
      }),
      ...cite(at, 'cz-89-2012-s2854', 'cz-89-2012-s2849'),
      outcome: underinsured
        ? say({ cs: `podpojištěno o ${underPct} %`, en: `underinsured by ${underPct} %` })
        : say({ cs: 'bez podpojištění', en: 'not underinsured' }),
    },
  ]
  if (underinsured && c.first_risk)
    rules.push({
      rule: say({
        cs: 'Pojištění na první riziko: strany ujednaly, že plnění sníženo nebude',
        en: 'First-risk insurance: the parties agreed the benefit is not cut',
      }),
      ...cite(at, 'cz-89-2012-s2854'),
      outcome: say({ cs: 'neuplatněno', en: 'waived' }),
    })
  else if (underinsured && tolerated)
    rules.push({
      rule: say({
        cs: `Smluvní tolerance: podpojištění do ${c.tolerance_pct} % se neuplatní`,
        en: `Contract tolerance: underinsurance up to ${c.tolerance_pct} % is not applied`,
      }),
      ...cite(at, 'cz-89-2012-s2854'),
      outcome: say({ cs: 'neuplatněno', en: 'waived' }),
    })
  return { ratio, underPct, underinsured, cut, rules }
}

/**
 * The benefit before the deductible. From 1 Apr 2024 (§ 2854 as amended by zákon 30/2024 Sb.) the
 * loss is cut in the ratio and the sum insured then caps it (§ 2814); before, the benefit — the loss
 * already capped at the sum insured — was cut, so a loss above the sum insured paid less.
 */
function benefitCheck(c: Claim, ratio: number, cut: boolean, at: string, say: Say) {
  const rules: AppliedRule[] = []
  const amended = at >= LOSS_CUT_FROM
  let payout: number
  if (!cut) payout = Math.min(c.amount, c.sum_insured)
  else if (amended) payout = Math.min(c.amount * ratio, c.sum_insured)
  else payout = Math.min(c.amount, c.sum_insured) * ratio
  if (cut)
    rules.push({
      rule: amended
        ? say({
            cs: 'Plnění = škoda × pojistná částka / pojistná hodnota, nejvýše pojistná částka',
            en: 'Benefit = loss × sum insured / insurable value, at most the sum insured',
          })
        : say({
            cs: 'Plnění = min(škoda, pojistná částka) × pojistná částka / pojistná hodnota (znění do 31. 3. 2024)',
            en: 'Benefit = min(loss, sum insured) × sum insured / insurable value (wording until 31 Mar 2024)',
          }),
      ...cite(at, 'cz-89-2012-s2854'),
      outcome: `× ${round2(ratio)} → ${round2(payout)}`,
    })
  rules.push({
    rule: say({
      cs: 'Horní hranicí plnění je pojistná částka',
      en: 'The sum insured is the upper limit of the benefit',
    }),
    ...cite(at, 'cz-89-2012-s2814'),
    outcome: say({ cs: `nejvýše ${c.sum_insured} Kč`, en: `at most ${c.sum_insured} CZK` }),
  })
  return { payout, rules }
}

/** § 2815: the deductible agreed is borne by the insured, taken off after the cut. */
function deductibleCheck(payout: number, deductible: number, at: string, say: Say) {
  if (deductible <= 0) return { payout, rules: [] as AppliedRule[] }
  const after = Math.max(0, payout - deductible)
  return {
    payout: after,
    rules: [
      {
        rule: say({ cs: `Spoluúčast ${deductible} Kč`, en: `Deductible ${deductible} CZK` }),
        ...cite(at, 'cz-89-2012-s2815'),
        outcome: say({ cs: `${round2(after)} Kč`, en: `${round2(after)} CZK` }),
      },
    ],
  }
}

export const underinsuranceCheck = defineAgent({
  service: 'insurance',
  name: 'underinsurance_check',
  description:
    'Applies the underinsurance rule of § 2854 of the Civil Code: when the sum insured is below the insurable value at the time of loss, the payout is cut in proportion — unless the contract insures on first risk or tolerates underinsurance up to a percentage. From 1 Apr 2024 the loss is cut and the sum insured caps the result; a loss before that date is judged by the earlier wording (the capped benefit is cut).',
  input: Type.Object(
    {
      sum_insured: Type.Number({ exclusiveMinimum: 0, description: 'CZK' }),
      property_value: Type.Number({
        exclusiveMinimum: 0,
        description: 'insurable value at the time of loss, CZK',
      }),
      amount: Type.Number({ minimum: 0, description: 'loss, CZK (at most the insurable value)' }),
      deductible: Type.Optional(
        Type.Number({ minimum: 0, description: 'CZK, deducted after the proportional cut' }),
      ),
      tolerance_pct: Type.Optional(
        Type.Number({ minimum: 0, maximum: 100, description: 'contract waives underinsurance up to this %' }),
      ),
      first_risk: Type.Optional(Type.Boolean({ description: 'insured on first risk (no proportional cut)' })),
      loss_date: Type.Optional(
        DateString('day of the loss: the wording of § 2854 in force then applies (default: today)'),
      ),
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
  law: ['cz-89-2012-s2854', 'cz-89-2012-s2849', 'cz-89-2012-s2814', 'cz-89-2012-s2815'],
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
    // A loss is a loss of the property's value: more than the whole value is no loss this rule knows.
    if (input.amount > input.property_value)
      throw errors.invalid('amount', 'a loss cannot exceed the insurable value (property_value)')
    const at = asOfDate(input.loss_date, ctx.now)
    const say = ctx.say
    // What the answer took for a field not given is said, never silent: the wording of § 2854 turns
    // on the loss date, and the deductible comes off the payout.
    const assumptions: Assumption[] = []
    if (input.loss_date === undefined)
      assumptions.push({
        field: 'loss_date',
        value: at,
        basis: say({
          cs: `nezadáno: použito znění § 2854 ke dni ${at}; škoda před 2024-04-01 se posuzuje podle dřívějšího znění, které podpojištěnému vyplácí méně — uveďte loss_date`,
          en: `not given: the wording of § 2854 on ${at} is applied; a loss before 2024-04-01 is judged by the earlier wording, which pays an underinsured loss less — give loss_date`,
        }),
      })
    if (input.deductible === undefined)
      assumptions.push({
        field: 'deductible',
        value: 0,
        basis: say({
          cs: 'nezadáno: bez spoluúčasti; ujednaná spoluúčast (§ 2815) plnění sníží — uveďte deductible',
          en: 'not given: no deductible; an agreed deductible (§ 2815) lowers the payout — give deductible',
        }),
      })
    const u = ratioCheck(input, at, ctx.say)
    const b = benefitCheck(input, u.ratio, u.cut, at, ctx.say)
    const d = deductibleCheck(b.payout, input.deductible ?? 0, at, ctx.say)
    return {
      underinsured: u.underinsured,
      coverage_ratio: Math.round(u.ratio * 10_000) / 10_000,
      underinsurance_pct: u.underinsured ? u.underPct : 0,
      proportional_cut_applied: u.cut,
      payout: round2(d.payout),
      shortfall: round2(input.amount - d.payout),
      rules_applied: [...u.rules, ...b.rules, ...d.rules],
      assumptions,
    }
  },
})
