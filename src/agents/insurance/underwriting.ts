import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber, RulesAppliedSchema } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { type Assumption, AssumptionsSchema } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

type Action = 'standard' | 'load' | 'refer' | 'decline'
interface Band {
  action: Action
  loading_pct?: number
  label?: string
}
interface Table extends ReferenceVersion {
  entry_age: { min: number; max: number }
  max_age_at_expiry: number
  bmi_bands: (Band & { from: number; to: number })[]
  smoker_loading_pct: number
  occupation_classes: Record<string, Band>
  conditions: Record<string, Band>
  income_multiples: { age_from: number; age_to: number; multiple: number }[]
  evidence: { above: number; require: string }[]
}

const Condition = Type.Union([
  Type.Literal('hypertension'),
  Type.Literal('diabetes'),
  Type.Literal('heart_disease'),
  Type.Literal('cancer_history'),
])

export const underwriting = defineAgent({
  service: 'insurance',
  name: 'underwriting',
  description:
    'Life/disability underwriting by a documented rule table: entry age, BMI (WHO bands), smoking, occupation class, declared conditions and sum insured as a multiple of income → accept, accept with a loading, refer or decline, with the medical evidence required.',
  input: Type.Object(
    {
      age: Type.Optional(Type.Integer({ minimum: 0, maximum: 120, description: 'not given: referred' })),
      sum_insured: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'CZK (or `amount`: one is required)' }),
      ),
      amount: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: "the spec's name for sum_insured, CZK" }),
      ),
      income: Type.Number({
        exclusiveMinimum: 0,
        description: "annual income, CZK (the spec's `income`, net: the income multiple is applied to it)",
      }),
      term_years: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 60, description: 'not given: referred' }),
      ),
      height_cm: Type.Optional(
        Type.Number({ minimum: 100, maximum: 250, description: 'not given: referred' }),
      ),
      weight_kg: Type.Optional(
        Type.Number({ minimum: 25, maximum: 350, description: 'not given: referred' }),
      ),
      smoker: Type.Optional(Type.Boolean({ description: 'not given: rated as a smoker' })),
      occupation_class: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 4, description: '1 office … 4 hazardous' }),
      ),
      conditions: Type.Optional(Type.Array(Condition, { uniqueItems: true })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    decision: Type.Union([
      Type.Literal('accept'),
      Type.Literal('accept_with_loading'),
      Type.Literal('refer'),
      Type.Literal('decline'),
    ]),
    total_loading_pct: Type.Number(),
    bmi: NullableNumber({ description: 'null when height or weight is not given' }),
    max_sum_insured: Type.Number({ description: 'by the income multiple for the age' }),
    evidence_required: Type.Array(Type.String()),
    reasons: Type.Array(Type.String()),
    rules_applied: RulesAppliedSchema,
    assumptions: AssumptionsSchema,
  }),
  examples: [
    {
      title: 'Healthy non-smoker aged 35, 3 M CZK cover: accepted at standard rates',
      input: {
        age: 35,
        sum_insured: 3_000_000,
        income: 720_000,
        term_years: 25,
        height_cm: 180,
        weight_kg: 78,
        smoker: false,
        occupation_class: 1,
      },
    },
    {
      title: 'Smoker aged 48 with BMI 32 and hypertension: loading 125 %',
      input: {
        age: 48,
        sum_insured: 1_500_000,
        income: 600_000,
        term_years: 15,
        height_cm: 175,
        weight_kg: 98,
        smoker: true,
        occupation_class: 2,
        conditions: ['hypertension'],
      },
    },
    {
      title: 'Cover above 10 × income at 55 and a cancer history: referred',
      input: {
        age: 55,
        sum_insured: 6_000_000,
        income: 500_000,
        term_years: 10,
        height_cm: 165,
        weight_kg: 60,
        smoker: false,
        conditions: ['cancer_history'],
      },
    },
  ],
  async run(input, ctx) {
    const t = covered(() => referenceAt<Table>('insurance-underwriting', asOfDate(undefined, ctx.now)))
    const src = { source: t.source ?? 'underwriting table', since: t.effective_from }
    const rules: AppliedRule[] = []
    const declines: string[] = []
    const refers: string[] = []
    let loading = 0
    const apply = (label: string, band: Band) => {
      if (band.action === 'decline') declines.push(label)
      else if (band.action === 'refer') refers.push(label)
      else if (band.action === 'load') loading += band.loading_pct ?? 0
      rules.push({
        rule: label,
        ...src,
        outcome: band.action === 'load' ? `loading +${band.loading_pct} %` : band.action,
      })
    }

    const assumptions: Assumption[] = []
    if (input.sum_insured === undefined && input.amount === undefined)
      throw errors.invalid('sum_insured', 'sum_insured or amount is required')
    if (input.sum_insured !== undefined && input.amount !== undefined && input.sum_insured !== input.amount)
      throw errors.invalid('amount', 'differs from sum_insured: give one of them')
    const sumInsured = (input.sum_insured ?? input.amount)!
    // What is not declared is not assumed healthy: the case goes to an underwriter, and an
    // undeclared smoker status is rated as smoking until declared otherwise.
    const unknown = (what: string) => refers.push(`${what} not given: cannot be underwritten automatically`)

    const age = input.age
    if (age === undefined) unknown('age')
    else if (age < t.entry_age.min || age > t.entry_age.max) {
      apply(`Entry age ${t.entry_age.min}–${t.entry_age.max} (age ${age})`, { action: 'decline' })
    } else rules.push({ rule: `Entry age ${t.entry_age.min}–${t.entry_age.max}`, ...src, outcome: 'met' })
    if (input.term_years === undefined) unknown('term_years')
    else if (age !== undefined) {
      const expiry = age + input.term_years
      if (expiry > t.max_age_at_expiry) {
        apply(`Age at expiry at most ${t.max_age_at_expiry} (would be ${expiry})`, { action: 'decline' })
      }
    }

    let bmi: number | null = null
    if (input.height_cm === undefined || input.weight_kg === undefined) unknown('height_cm and weight_kg')
    else {
      bmi = Math.round((input.weight_kg / (input.height_cm / 100) ** 2) * 10) / 10
      const band = t.bmi_bands.find((b) => bmi! >= b.from && bmi! < b.to)!
      apply(`BMI ${bmi}: ${band.label ?? `${band.from}–${band.to}`}`, band)
    }
    const smoker = input.smoker ?? true
    if (input.smoker === undefined)
      assumptions.push({
        field: 'smoker',
        value: true,
        basis: 'not declared: rated as a smoker until declared otherwise',
      })
    if (smoker) apply('Smoker', { action: 'load', loading_pct: t.smoker_loading_pct })
    const occupation = t.occupation_classes[String(input.occupation_class ?? 1)]!
    apply(`Occupation class ${input.occupation_class ?? 1} (${occupation.label})`, occupation)
    for (const c of input.conditions ?? []) apply(`Declared condition: ${c}`, t.conditions[c]!)

    // Without an age, the lowest income multiple of any age bounds the sum (the conservative one).
    const lowest = t.income_multiples.reduce((a, b) => (b.multiple < a.multiple ? b : a))
    const multiple =
      age === undefined ? lowest : t.income_multiples.find((m) => age >= m.age_from && age <= m.age_to)
    if (age === undefined)
      assumptions.push({
        field: 'age',
        value: `${lowest.age_from}–${lowest.age_to}`,
        basis: `not given: the lowest income multiple of the table (${lowest.multiple}×, data/reference/insurance-underwriting.json)`,
      })
    const maxSum = multiple ? multiple.multiple * input.income : 0
    if (sumInsured > maxSum) {
      refers.push(`sum insured ${sumInsured} CZK exceeds ${multiple?.multiple ?? 0} × income (${maxSum} CZK)`)
    }
    rules.push({
      rule: `Financial underwriting: sum insured at most ${multiple?.multiple ?? 0} × annual income at age ${age ?? 'unknown'}`,
      ...src,
      outcome: sumInsured > maxSum ? 'exceeded: refer' : 'met',
    })
    const evidence = t.evidence.filter((e) => sumInsured > e.above).map((e) => e.require)
    rules.push({ rule: 'Medical evidence by sum insured', ...src, outcome: evidence.join(', ') })

    const decision =
      declines.length > 0
        ? 'decline'
        : refers.length > 0
          ? 'refer'
          : loading > 0
            ? 'accept_with_loading'
            : 'accept'
    return {
      decision: decision as 'accept' | 'accept_with_loading' | 'refer' | 'decline',
      total_loading_pct: declines.length > 0 ? 0 : loading,
      bmi,
      max_sum_insured: maxSum,
      evidence_required: evidence,
      reasons: [...declines, ...refers],
      rules_applied: rules,
      assumptions,
    }
  },
})
