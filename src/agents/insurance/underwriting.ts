import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
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
const CONDITION = {
  hypertension: { cs: 'vysoký krevní tlak', en: 'hypertension' },
  diabetes: { cs: 'cukrovka', en: 'diabetes' },
  heart_disease: { cs: 'onemocnění srdce', en: 'heart disease' },
  cancer_history: { cs: 'nádorové onemocnění v anamnéze', en: 'cancer history' },
} as const satisfies Record<string, Texts>
/** The medical evidence of the table, in both languages (by the table's wording). */
const EVIDENCE: Record<string, Texts> = {
  'health declaration': { cs: 'prohlášení o zdravotním stavu', en: 'health declaration' },
  'medical questionnaire': { cs: 'zdravotní dotazník', en: 'medical questionnaire' },
  'medical examination and blood tests': {
    cs: 'lékařská prohlídka a krevní testy',
    en: 'medical examination and blood tests',
  },
}

/** A condition the table names, or any other declared condition (an underwriter rates it). */
const Condition = Type.String({
  minLength: 1,
  maxLength: 100,
  description:
    'hypertension, diabetes, heart_disease, cancer_history; any other declared condition is referred to an underwriter',
})

/** What one check found: its rules, and what it adds to the decision. */
interface Finding {
  rules: AppliedRule[]
  declines: string[]
  refers: string[]
  loading: number
  assumptions: Assumption[]
}

/** The checks' shared tools: the table, the day, the language, and one way to apply a band. */
class Checks {
  readonly found: Finding = { rules: [], declines: [], refers: [], loading: 0, assumptions: [] }
  readonly policy: ReturnType<typeof cite>
  readonly t: Table
  readonly at: string
  readonly say: Say
  constructor(t: Table, at: string, say: Say) {
    this.t = t
    this.at = at
    this.say = say
    this.policy = cite(at, 'policy-insurance-underwriting')
  }

  /** A band of the table applied: declined, referred or loaded, with its rule. */
  apply(texts: Texts, band: Band, basis: ReturnType<typeof cite> = this.policy) {
    const label = this.say(texts)
    if (band.action === 'decline') this.found.declines.push(label)
    else if (band.action === 'refer') this.found.refers.push(label)
    else if (band.action === 'load') this.found.loading += band.loading_pct ?? 0
    this.found.rules.push({
      rule: label,
      ...basis,
      outcome: this.say(
        band.action === 'load'
          ? { cs: `přirážka +${band.loading_pct} %`, en: `loading +${band.loading_pct} %` }
          : ACTION[band.action],
      ),
    })
  }

  /**
   * What is not declared is not assumed healthy (§ 2788: the insurer rates the risk on the answers
   * to its questions): the case goes to an underwriter, with the rule that says so.
   */
  undeclared(what: Texts) {
    const text = this.say({
      cs: `${what.cs}: neuvedeno, nelze posoudit automaticky`,
      en: `${what.en} not given: cannot be underwritten automatically`,
    })
    this.found.refers.push(text)
    this.found.rules.push({
      rule: this.say({
        cs: 'Riziko se posuzuje podle odpovědí na dotazy pojistitele; co uvedeno není, se nepovažuje za příznivé',
        en: "The risk is rated on the answers to the insurer's questions; what is not declared is not assumed favourable",
      }),
      ...cite(this.at, 'cz-89-2012-s2788'),
      outcome: text,
    })
  }
}

/** Entry age and age at expiry. */
function ageCheck(c: Checks, age: number | undefined, term: number | undefined) {
  const { t, say } = c
  if (age === undefined) c.undeclared({ cs: 'Věk (age)', en: 'age' })
  else if (age < t.entry_age.min || age > t.entry_age.max)
    c.apply(
      {
        cs: `Vstupní věk ${t.entry_age.min}–${t.entry_age.max} let (věk ${age})`,
        en: `Entry age ${t.entry_age.min}–${t.entry_age.max} (age ${age})`,
      },
      { action: 'decline' },
    )
  else
    c.found.rules.push({
      rule: say({
        cs: `Vstupní věk ${t.entry_age.min}–${t.entry_age.max} let`,
        en: `Entry age ${t.entry_age.min}–${t.entry_age.max}`,
      }),
      ...c.policy,
      outcome: say(MET),
    })
  if (term === undefined) c.undeclared({ cs: 'Pojistná doba (term_years)', en: 'term_years' })
  else if (age !== undefined && age + term > t.max_age_at_expiry)
    c.apply(
      {
        cs: `Věk na konci pojištění nejvýše ${t.max_age_at_expiry} let (byl by ${age + term})`,
        en: `Age at expiry at most ${t.max_age_at_expiry} (would be ${age + term})`,
      },
      { action: 'decline' },
    )
}

/** BMI by the WHO adult classes, the band's action from the table. */
function bmiCheck(c: Checks, height: number | undefined, weight: number | undefined): number | null {
  if (height === undefined || weight === undefined) {
    c.undeclared({ cs: 'Výška a hmotnost (height_cm, weight_kg)', en: 'height_cm and weight_kg' })
    return null
  }
  const bmi = Math.round((weight / (height / 100) ** 2) * 10) / 10
  const band = c.t.bmi_bands.find((b) => bmi >= b.from && bmi < b.to)!
  const label = bmiLabel(band)
  c.apply(
    { cs: `BMI ${bmi}: ${label.cs}`, en: `BMI ${bmi}: ${label.en}` },
    band,
    cite(c.at, 'policy-insurance-underwriting', 'who-bmi'),
  )
  return bmi
}

/** Smoking: an undeclared status is rated as smoking until declared otherwise. */
function smokerCheck(c: Checks, smoker: boolean | undefined) {
  if (smoker === undefined)
    c.found.assumptions.push({
      field: 'smoker',
      value: true,
      basis: c.say({
        cs: 'neuvedeno: posuzuje se jako kuřák, dokud neprohlásí opak',
        en: 'not declared: rated as a smoker until declared otherwise',
      }),
    })
  if (smoker ?? true)
    c.apply({ cs: 'Kuřák', en: 'Smoker' }, { action: 'load', loading_pct: c.t.smoker_loading_pct })
}

/** The occupation class of the table; none declared is referred, never rated as office work. */
function occupationCheck(c: Checks, occupationClass: number | undefined) {
  if (occupationClass === undefined) {
    c.undeclared({ cs: 'Riziková třída povolání (occupation_class)', en: 'occupation_class' })
    return
  }
  const occupation = c.t.occupation_classes[String(occupationClass)]!
  const job = OCCUPATION[occupationClass] ?? { cs: occupation.label ?? '', en: occupation.label ?? '' }
  c.apply(
    {
      cs: `Riziková třída povolání ${occupationClass} (${job.cs})`,
      en: `Occupation class ${occupationClass} (${job.en})`,
    },
    occupation,
  )
}

/**
 * Declared conditions: the table's band, or an underwriter for one the table does not name. No
 * declaration at all (conditions not given, as against an empty list: none declared) is referred,
 * never rated as healthy.
 */
function conditionsCheck(c: Checks, conditions: readonly string[] | undefined) {
  if (conditions === undefined) {
    c.undeclared({ cs: 'Zdravotní prohlášení (conditions)', en: 'conditions' })
    return
  }
  for (const name of conditions) {
    const band = Object.hasOwn(c.t.conditions, name) ? c.t.conditions[name] : undefined
    const known = Object.hasOwn(CONDITION, name) ? CONDITION[name as keyof typeof CONDITION] : undefined
    if (band)
      c.apply(
        {
          cs: `Uvedené onemocnění: ${known?.cs ?? name}`,
          en: `Declared condition: ${name}`,
        },
        band,
      )
    else
      c.apply(
        {
          cs: `Uvedené onemocnění mimo tabulku: ${name} (posoudí underwriter)`,
          en: `Declared condition not in the table: ${name} (an underwriter rates it)`,
        },
        { action: 'refer' },
      )
  }
}

/** Financial underwriting: the sum insured within the income multiple for the age. */
function financialCheck(c: Checks, age: number | undefined, income: number, sumInsured: number): number {
  const { t, say } = c
  // Without an age, the lowest income multiple of any age bounds the sum (the conservative one).
  const lowest = t.income_multiples.reduce((a, b) => (b.multiple < a.multiple ? b : a))
  const multiple =
    age === undefined ? lowest : t.income_multiples.find((m) => age >= m.age_from && age <= m.age_to)
  if (age === undefined)
    c.found.assumptions.push({
      field: 'age',
      value: `${lowest.age_from}–${lowest.age_to}`,
      basis: say({
        cs: `nezadáno: nejnižší násobek příjmu z tabulky (${lowest.multiple}×, data/reference/insurance-underwriting.json)`,
        en: `not given: the lowest income multiple of the table (${lowest.multiple}×, data/reference/insurance-underwriting.json)`,
      }),
    })
  const maxSum = multiple ? multiple.multiple * income : 0
  if (sumInsured > maxSum)
    c.found.refers.push(
      say({
        cs: `pojistná částka ${sumInsured} Kč překračuje ${multiple?.multiple ?? 0} × příjem (${maxSum} Kč)`,
        en: `sum insured ${sumInsured} CZK exceeds ${multiple?.multiple ?? 0} × income (${maxSum} CZK)`,
      }),
    )
  c.found.rules.push({
    rule: say({
      cs: `Finanční posouzení: pojistná částka nejvýše ${multiple?.multiple ?? 0} × roční příjem ve věku ${age ?? 'neznámém'}`,
      en: `Financial underwriting: sum insured at most ${multiple?.multiple ?? 0} × annual income at age ${age ?? 'unknown'}`,
    }),
    ...c.policy,
    outcome: say(sumInsured > maxSum ? { cs: 'překročeno: k posouzení', en: 'exceeded: refer' } : MET),
  })
  return maxSum
}

/** The medical evidence the table asks for the sum insured. */
function evidenceCheck(c: Checks, sumInsured: number): string[] {
  const evidence = c.t.evidence
    .filter((e) => sumInsured > e.above)
    .map((e) => c.say(EVIDENCE[e.require] ?? { cs: e.require, en: e.require }))
  c.found.rules.push({
    rule: c.say({ cs: 'Zdravotní doklady podle pojistné částky', en: 'Medical evidence by sum insured' }),
    ...c.policy,
    outcome: evidence.join(', '),
  })
  return evidence
}

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
        Type.Integer({ minimum: 1, maximum: 4, description: '1 office … 4 hazardous; not given: referred' }),
      ),
      conditions: Type.Optional(
        Type.Array(Condition, {
          uniqueItems: true,
          maxItems: 20,
          description: 'the health declaration: [] when none; not given: referred',
        }),
      ),
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
  law: ['policy-insurance-underwriting', 'who-bmi', 'cz-89-2012-s2788'],
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
        conditions: [],
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
        occupation_class: 1,
        conditions: ['cancer_history'],
      },
    },
  ],
  async run(input, ctx) {
    if (input.sum_insured === undefined && input.amount === undefined)
      throw errors.invalid('sum_insured', 'sum_insured or amount is required')
    if (input.sum_insured !== undefined && input.amount !== undefined && input.sum_insured !== input.amount)
      throw errors.invalid('amount', 'differs from sum_insured: give one of them')
    const sumInsured = (input.sum_insured ?? input.amount)!
    const at = asOfDate(undefined, ctx.now)
    const c = new Checks(
      covered(() => referenceAt<Table>('insurance-underwriting', at)),
      at,
      ctx.say,
    )
    ageCheck(c, input.age, input.term_years)
    const bmi = bmiCheck(c, input.height_cm, input.weight_kg)
    smokerCheck(c, input.smoker)
    occupationCheck(c, input.occupation_class)
    conditionsCheck(c, input.conditions)
    const maxSum = financialCheck(c, input.age, input.income, sumInsured)
    const evidence = evidenceCheck(c, sumInsured)
    const { declines, refers, loading } = c.found
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
      rules_applied: c.found.rules,
      assumptions: c.found.assumptions,
    }
  },
})
