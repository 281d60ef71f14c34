import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { policySource, type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import type { Assumption } from '../result.ts'
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

const MET: Texts = { cs: 'splněno', en: 'met' }
const ACTION: Record<Action, Texts> = {
  standard: { cs: 'standardní sazba', en: 'standard' },
  load: { cs: 'přirážka', en: 'load' },
  refer: { cs: 'k posouzení underwriterem', en: 'refer' },
  decline: { cs: 'odmítnuto', en: 'decline' },
}
/** The WHO adult BMI classes by the band's lower bound (kg/m²). */
const BMI_CLASS: Record<number, Texts> = {
  0: { cs: 'těžká podvýživa (WHO)', en: 'severe thinness (WHO)' },
  16: { cs: 'podváha (WHO)', en: 'underweight (WHO)' },
  18.5: { cs: 'normální hmotnost nebo nadváha (WHO)', en: 'normal or pre-obese (WHO)' },
  30: { cs: 'obezita I. stupně (WHO)', en: 'obese class I (WHO)' },
  35: { cs: 'obezita II. stupně (WHO)', en: 'obese class II (WHO)' },
  40: { cs: 'obezita III. stupně (WHO)', en: 'obese class III (WHO)' },
}
function bmiLabel(band: Band & { from: number; to: number }): Texts {
  const fallback = band.label ?? `${band.from}–${band.to}`
  return BMI_CLASS[band.from] ?? { cs: fallback, en: fallback }
}
const OCCUPATION: Record<number, Texts> = {
  1: { cs: 'kancelářská práce', en: 'office work' },
  2: { cs: 'lehká manuální práce', en: 'light manual work' },
  3: { cs: 'těžká manuální práce', en: 'heavy manual work' },
  4: {
    cs: 'riziková práce (hornictví, výbušniny, potápění)',
    en: 'hazardous work (mining, explosives, diving)',
  },
}
const CONDITION: Record<'hypertension' | 'diabetes' | 'heart_disease' | 'cancer_history', Texts> = {
  hypertension: { cs: 'vysoký krevní tlak', en: 'hypertension' },
  diabetes: { cs: 'cukrovka', en: 'diabetes' },
  heart_disease: { cs: 'onemocnění srdce', en: 'heart disease' },
  cancer_history: { cs: 'nádorové onemocnění v anamnéze', en: 'cancer history' },
}
/** The medical evidence of the table, in both languages (by the table's wording). */
const EVIDENCE: Record<string, Texts> = {
  'health declaration': { cs: 'prohlášení o zdravotním stavu', en: 'health declaration' },
  'medical questionnaire': { cs: 'zdravotní dotazník', en: 'medical questionnaire' },
  'medical examination and blood tests': {
    cs: 'lékařská prohlídka a krevní testy',
    en: 'medical examination and blood tests',
  },
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
  }),
  verdict: {
    field: 'decision',
    map: { accept: 'clear', accept_with_loading: 'review', refer: 'review', decline: 'adverse' },
  },
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
    const src = policySource('insurance-underwriting', t)
    const rules: AppliedRule[] = []
    const declines: string[] = []
    const refers: string[] = []
    const say = ctx.say
    let loading = 0
    const apply = (texts: Texts, band: Band) => {
      const label = say(texts)
      if (band.action === 'decline') declines.push(label)
      else if (band.action === 'refer') refers.push(label)
      else if (band.action === 'load') loading += band.loading_pct ?? 0
      rules.push({
        rule: label,
        ...src,
        outcome: say(
          band.action === 'load'
            ? { cs: `přirážka +${band.loading_pct} %`, en: `loading +${band.loading_pct} %` }
            : ACTION[band.action],
        ),
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
    const unknown = (what: Texts) =>
      refers.push(
        say({
          cs: `${what.cs} nezadán(y): nelze posoudit automaticky`,
          en: `${what.en} not given: cannot be underwritten automatically`,
        }),
      )

    const age = input.age
    if (age === undefined) unknown({ cs: 'věk (age)', en: 'age' })
    else if (age < t.entry_age.min || age > t.entry_age.max) {
      apply(
        {
          cs: `Vstupní věk ${t.entry_age.min}–${t.entry_age.max} let (věk ${age})`,
          en: `Entry age ${t.entry_age.min}–${t.entry_age.max} (age ${age})`,
        },
        { action: 'decline' },
      )
    } else
      rules.push({
        rule: say({
          cs: `Vstupní věk ${t.entry_age.min}–${t.entry_age.max} let`,
          en: `Entry age ${t.entry_age.min}–${t.entry_age.max}`,
        }),
        ...src,
        outcome: say(MET),
      })
    if (input.term_years === undefined) unknown({ cs: 'pojistná doba (term_years)', en: 'term_years' })
    else if (age !== undefined) {
      const expiry = age + input.term_years
      if (expiry > t.max_age_at_expiry) {
        apply(
          {
            cs: `Věk na konci pojištění nejvýše ${t.max_age_at_expiry} let (byl by ${expiry})`,
            en: `Age at expiry at most ${t.max_age_at_expiry} (would be ${expiry})`,
          },
          { action: 'decline' },
        )
      }
    }

    let bmi: number | null = null
    if (input.height_cm === undefined || input.weight_kg === undefined)
      unknown({ cs: 'výška a hmotnost (height_cm, weight_kg)', en: 'height_cm and weight_kg' })
    else {
      bmi = Math.round((input.weight_kg / (input.height_cm / 100) ** 2) * 10) / 10
      const band = t.bmi_bands.find((b) => bmi! >= b.from && bmi! < b.to)!
      const label = bmiLabel(band)
      apply({ cs: `BMI ${bmi}: ${label.cs}`, en: `BMI ${bmi}: ${label.en}` }, band)
    }
    const smoker = input.smoker ?? true
    if (input.smoker === undefined)
      assumptions.push({
        field: 'smoker',
        value: true,
        basis: say({
          cs: 'neuvedeno: posuzuje se jako kuřák, dokud neprohlásí opak',
          en: 'not declared: rated as a smoker until declared otherwise',
        }),
      })
    if (smoker) apply({ cs: 'Kuřák', en: 'Smoker' }, { action: 'load', loading_pct: t.smoker_loading_pct })
    const occupationClass = input.occupation_class ?? 1
    const occupation = t.occupation_classes[String(occupationClass)]!
    const job = OCCUPATION[occupationClass] ?? { cs: occupation.label ?? '', en: occupation.label ?? '' }
    apply(
      {
        cs: `Riziková třída povolání ${occupationClass} (${job.cs})`,
        en: `Occupation class ${occupationClass} (${job.en})`,
      },
      occupation,
    )
    for (const c of input.conditions ?? [])
      apply(
        { cs: `Uvedené onemocnění: ${CONDITION[c].cs}`, en: `Declared condition: ${c}` },
        t.conditions[c]!,
      )

    // Without an age, the lowest income multiple of any age bounds the sum (the conservative one).
    const lowest = t.income_multiples.reduce((a, b) => (b.multiple < a.multiple ? b : a))
    const multiple =
      age === undefined ? lowest : t.income_multiples.find((m) => age >= m.age_from && age <= m.age_to)
    if (age === undefined)
      assumptions.push({
        field: 'age',
        value: `${lowest.age_from}–${lowest.age_to}`,
        basis: say({
          cs: `nezadáno: nejnižší násobek příjmu z tabulky (${lowest.multiple}×, data/reference/insurance-underwriting.json)`,
          en: `not given: the lowest income multiple of the table (${lowest.multiple}×, data/reference/insurance-underwriting.json)`,
        }),
      })
    const maxSum = multiple ? multiple.multiple * input.income : 0
    if (sumInsured > maxSum) {
      refers.push(
        say({
          cs: `pojistná částka ${sumInsured} Kč překračuje ${multiple?.multiple ?? 0} × příjem (${maxSum} Kč)`,
          en: `sum insured ${sumInsured} CZK exceeds ${multiple?.multiple ?? 0} × income (${maxSum} CZK)`,
        }),
      )
    }
    rules.push({
      rule: say({
        cs: `Finanční posouzení: pojistná částka nejvýše ${multiple?.multiple ?? 0} × roční příjem ve věku ${age ?? 'neznámém'}`,
        en: `Financial underwriting: sum insured at most ${multiple?.multiple ?? 0} × annual income at age ${age ?? 'unknown'}`,
      }),
      ...src,
      outcome: say(sumInsured > maxSum ? { cs: 'překročeno: k posouzení', en: 'exceeded: refer' } : MET),
    })
    const evidence = t.evidence
      .filter((e) => sumInsured > e.above)
      .map((e) => say(EVIDENCE[e.require] ?? { cs: e.require, en: e.require }))
    rules.push({
      rule: say({ cs: 'Zdravotní doklady podle pojistné částky', en: 'Medical evidence by sum insured' }),
      ...src,
      outcome: evidence.join(', '),
    })

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
