import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { RulesAppliedSchema } from '../../engines/reference/schema.ts'
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
      age: Type.Integer({ minimum: 0, maximum: 120 }),
      sum_insured: Type.Number({ exclusiveMinimum: 0, description: 'CZK' }),
      income: Type.Number({ exclusiveMinimum: 0, description: 'gross annual income, CZK' }),
      term_years: Type.Integer({ minimum: 1, maximum: 60 }),
      height_cm: Type.Number({ minimum: 100, maximum: 250 }),
      weight_kg: Type.Number({ minimum: 25, maximum: 350 }),
      smoker: Type.Boolean(),
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
    bmi: Type.Number(),
    max_sum_insured: Type.Number({ description: 'by the income multiple for the age' }),
    evidence_required: Type.Array(Type.String()),
    reasons: Type.Array(Type.String()),
    rules_applied: RulesAppliedSchema,
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

    if (input.age < t.entry_age.min || input.age > t.entry_age.max) {
      apply(`Entry age ${t.entry_age.min}–${t.entry_age.max} (age ${input.age})`, { action: 'decline' })
    } else rules.push({ rule: `Entry age ${t.entry_age.min}–${t.entry_age.max}`, ...src, outcome: 'met' })
    const expiry = input.age + input.term_years
    if (expiry > t.max_age_at_expiry) {
      apply(`Age at expiry at most ${t.max_age_at_expiry} (would be ${expiry})`, { action: 'decline' })
    }

    const bmi = Math.round((input.weight_kg / (input.height_cm / 100) ** 2) * 10) / 10
    const band = t.bmi_bands.find((b) => bmi >= b.from && bmi < b.to)!
    apply(`BMI ${bmi}: ${band.label ?? `${band.from}–${band.to}`}`, band)
    if (input.smoker) apply('Smoker', { action: 'load', loading_pct: t.smoker_loading_pct })
    const occupation = t.occupation_classes[String(input.occupation_class ?? 1)]!
    apply(`Occupation class ${input.occupation_class ?? 1} (${occupation.label})`, occupation)
    for (const c of input.conditions ?? []) apply(`Declared condition: ${c}`, t.conditions[c]!)

    const multiple = t.income_multiples.find((m) => input.age >= m.age_from && input.age <= m.age_to)
    const maxSum = multiple ? multiple.multiple * input.income : 0
    if (input.sum_insured > maxSum) {
      refers.push(
        `sum insured ${input.sum_insured} CZK exceeds ${multiple?.multiple ?? 0} × income (${maxSum} CZK)`,
      )
    }
    rules.push({
      rule: `Financial underwriting: sum insured at most ${multiple?.multiple ?? 0} × annual income at age ${input.age}`,
      ...src,
      outcome: input.sum_insured > maxSum ? 'exceeded: refer' : 'met',
    })
    const evidence = t.evidence.filter((e) => input.sum_insured > e.above).map((e) => e.require)
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
    }
  },
})
