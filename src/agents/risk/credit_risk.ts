import { Type } from 'typebox'
import { annuityPayment, round2 } from '../../engines/finance/annuity.ts'
import { asOfDate, covered, requireIco } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import { lookupCompany } from '../compliance/registry.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption, SourceStatus } from '../result.ts'
import { INCOME_DESCRIPTION, mortgageRate, mortgageTerm, netMonthlyIncome } from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

type Bands = { max: number; points: number }[]
interface Scorecard extends ReferenceVersion {
  base: number
  dsti: Bands
  ltv: Bands
  employment: Record<string, number>
  employment_years: Bands
  delinquencies_12m: Bands
  company_age_years: Bands
  company_insolvency: number
  company_dissolved: number
  grades: { grade: string; min: number; recommendation: string }[]
}

/** Points of the first band not exceeded; a value beyond the last band's max takes the last band. */
const band = (bands: Bands, x: number) => (bands.find((b) => x <= b.max) ?? bands[bands.length - 1]!).points
/**
 * An omitted characteristic is unknown and scores as a bad answer, never better: the mildest
 * negative points of its table (one missed payment, under a year employed), or its lowest points
 * when the table has no negative answer.
 */
const badAnswer = (points: number[]) => {
  const negative = points.filter((p) => p < 0)
  return negative.length > 0 ? Math.max(...negative) : Math.min(...points)
}
const worstBand = (bands: Bands) => badAnswer(bands.map((b) => b.points))

const EMPLOYMENT = {
  permanent: { cs: 'pracovní poměr na dobu neurčitou', en: 'permanent' },
  fixed_term: { cs: 'pracovní poměr na dobu určitou', en: 'fixed_term' },
  self_employed: { cs: 'OSVČ', en: 'self_employed' },
  pensioner: { cs: 'důchodce', en: 'pensioner' },
  unemployed: { cs: 'bez zaměstnání', en: 'unemployed' },
} as const satisfies Record<string, Texts>

export const creditRisk = defineAgent({
  service: 'risk',
  name: 'credit_risk',
  description:
    'Credit scorecard for a loan applicant: points for DSTI and LTV, employment and its length, recent delinquencies and — for a business borrower given by IČO — company age, insolvency and dissolution from ARES; total, grade A–E and a recommendation, with every characteristic shown.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'loan principal, CZK' }),
      monthly_income: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          description: 'net monthly income, CZK (or `income`: one is required)',
        }),
      ),
      income: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: INCOME_DESCRIPTION })),
      annual_rate_pct: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 30,
          description: '% p.a. (default: the ČNB average on new housing loans on file)',
        }),
      ),
      term_months: Type.Optional(Type.Integer({ minimum: 1, maximum: 480, description: 'default 360' })),
      property_value: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'collateral value, CZK' }),
      ),
      existing_monthly_payments: Type.Optional(Type.Number({ minimum: 0 })),
      employment: Type.Optional(
        Type.Union([
          Type.Literal('permanent'),
          Type.Literal('fixed_term'),
          Type.Literal('self_employed'),
          Type.Literal('pensioner'),
          Type.Literal('unemployed'),
        ]),
      ),
      employment_years: Type.Optional(Type.Number({ minimum: 0, maximum: 70 })),
      delinquencies_12m: Type.Optional(
        Type.Integer({ minimum: 0, description: 'missed payments in 12 months' }),
      ),
      ico: Type.Optional(Type.String({ maxLength: 12, description: 'business borrower: checked in ARES' })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    score: Type.Integer(),
    grade: Type.String(),
    recommendation: Type.String(),
    dsti: Type.Number(),
    ltv: NullableNumber(),
    characteristics: Type.Array(
      Type.Object({ name: Type.String(), value: Type.String(), points: Type.Integer() }),
    ),
    not_scored: Type.Array(Type.String(), {
      description: 'characteristics not given or not found: each scored as unknown, at its worst band',
    }),
  }),
  verdict: {
    explain: 'from `grade`: A, B → `clear`; C, D → `review` (conditions, an underwriter); E → `adverse`',
    of: (r) => (r.grade <= 'B' ? 'clear' : r.grade <= 'D' ? 'review' : 'adverse'),
  },
  law: ['policy-credit-scorecard', 'cnb-recommendation-2022', 'cz-182-2006-insolvency'],
  examples: [
    {
      title: 'Employed applicant, 25 % DSTI, 70 % LTV, clean history: grade A',
      input: {
        amount: 3_500_000,
        monthly_income: 75_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 5_000_000,
        employment: 'permanent',
        employment_years: 6,
        delinquencies_12m: 0,
      },
    },
    {
      title: 'Self-employed applicant with a missed payment and high DSTI: grade E',
      input: {
        amount: 1_200_000,
        monthly_income: 32_000,
        annual_rate_pct: 6.9,
        term_months: 120,
        existing_monthly_payments: 2_000,
        employment: 'self_employed',
        employment_years: 0.5,
        delinquencies_12m: 1,
      },
    },
  ],
  async run(input, ctx) {
    const today = asOfDate(input.as_of, ctx.now)
    const card = covered(() => referenceAt<Scorecard>('credit-scorecard', today))
    const src = cite(today, 'policy-credit-scorecard')
    const chars: { name: string; value: string; points: number }[] = []
    const notScored: string[] = []
    const sources: SourceStatus[] = []

    const assumptions: Assumption[] = []
    const monthlyIncome = netMonthlyIncome(input, assumptions, ctx.say)
    const rate = mortgageRate(input.annual_rate_pct, today, assumptions, ctx.say)
    const termMonths = mortgageTerm(input.term_months, assumptions, ctx.say)
    const say = ctx.say
    const NOT_GIVEN: Texts = { cs: 'nezadáno', en: 'not given' }
    const unknown = (name: string, points: number, why: Texts = NOT_GIVEN) => {
      chars.push({ name, value: say({ cs: `neznámé (${why.cs})`, en: `unknown (${why.en})` }), points })
      notScored.push(why === NOT_GIVEN ? name : `${name} (${say(why)})`)
    }
    const payment = annuityPayment(input.amount, rate, termMonths)
    const dsti = (payment + (input.existing_monthly_payments ?? 0)) / monthlyIncome
    chars.push({ name: 'dsti', value: `${round2(dsti * 100)} %`, points: band(card.dsti, dsti) })
    let ltv: number | null = null
    if (input.property_value !== undefined) {
      ltv = input.amount / input.property_value
      chars.push({ name: 'ltv', value: `${round2(ltv * 100)} %`, points: band(card.ltv, ltv) })
    } else
      unknown('ltv', worstBand(card.ltv), {
        cs: 'nezajištěný úvěr nebo chybí property_value',
        en: 'unsecured or no property_value',
      })
    if (input.employment) {
      chars.push({
        name: 'employment',
        value: say(EMPLOYMENT[input.employment]),
        points: card.employment[input.employment]!,
      })
    } else unknown('employment', badAnswer(Object.values(card.employment)))
    if (input.employment_years !== undefined) {
      chars.push({
        name: 'employment_years',
        value: String(input.employment_years),
        points: band(card.employment_years, input.employment_years),
      })
    } else unknown('employment_years', worstBand(card.employment_years))
    if (input.delinquencies_12m !== undefined) {
      chars.push({
        name: 'delinquencies_12m',
        value: String(input.delinquencies_12m),
        points: band(card.delinquencies_12m, input.delinquencies_12m),
      })
    } else unknown('delinquencies_12m', worstBand(card.delinquencies_12m))

    if (input.ico) {
      const ico = requireIco(input.ico)
      const found = await lookupCompany(ctx, ico)
      sources.push(found.source)
      const f = found.facts
      if (found.found === false) {
        chars.push({
          name: 'company',
          value: say({ cs: 'IČO v ARES neexistuje', en: 'no such IČO in ARES' }),
          points: card.company_dissolved,
        })
      } else if (f) {
        if (f.established) {
          const years = (Date.parse(today) - Date.parse(f.established)) / (365.25 * 86_400_000)
          chars.push({
            name: 'company_age_years',
            value: years.toFixed(1),
            points: band(card.company_age_years, years),
          })
        } else
          unknown('company_age_years', worstBand(card.company_age_years), {
            cs: 'ARES neuvádí datum vzniku',
            en: 'ARES gave no founding date',
          })
        if (f.active === false)
          chars.push({
            name: 'company_dissolved',
            value: f.dissolved ?? say({ cs: 'ano', en: 'yes' }),
            points: card.company_dissolved,
          })
        if (f.insolvency)
          chars.push({
            name: 'company_insolvency',
            value: say({ cs: 'zapsána', en: 'listed' }),
            points: card.company_insolvency,
          })
      } else
        unknown('company', worstBand(card.company_age_years), {
          cs: `${found.source.name} selhal`,
          en: `${found.source.name} failed`,
        })
    }

    const score = card.base + chars.reduce((s, c) => s + c.points, 0)
    const grade = card.grades.find((g) => score >= g.min)!
    const rules: AppliedRule[] = [
      {
        rule: say({ cs: `Základ scoringu ${card.base} bodů`, en: `Scorecard base ${card.base} points` }),
        ...src,
      },
      ...chars.map((c) => ({
        rule: say({
          cs: `Charakteristika ${c.name} = ${c.value}`,
          en: `Characteristic ${c.name} = ${c.value}`,
        }),
        // The insolvency comes from the public insolvency register; the points are the scorecard's.
        ...(c.name === 'company_insolvency'
          ? cite(today, 'policy-credit-scorecard', 'cz-182-2006-insolvency')
          : src),
        outcome: `${c.points >= 0 ? '+' : ''}${c.points}`,
      })),
      {
        rule: say({
          cs: `Stupně: ${card.grades.map((g) => `${g.grade} ≥ ${g.min}`).join(', ')}`,
          en: `Grades: ${card.grades.map((g) => `${g.grade} ≥ ${g.min}`).join(', ')}`,
        }),
        ...src,
        outcome: `${score} → ${grade.grade}`,
      },
      {
        rule: say({
          cs: 'DSTI = všechny měsíční splátky / čistý měsíční příjem; LTV = úvěr / hodnota zajištění',
          en: 'DSTI = all monthly instalments / net monthly income; LTV = loan / collateral value',
        }),
        ...cite(today, 'cnb-recommendation-2022'),
      },
    ]
    return {
      score,
      grade: grade.grade,
      // The scorecard's wording is the verdict the orchestrators read (orchestrator-verdicts.json): a code.
      recommendation: grade.recommendation,
      dsti: Math.round(dsti * 10_000) / 10_000,
      ltv: ltv === null ? null : Math.round(ltv * 10_000) / 10_000,
      characteristics: chars,
      not_scored: notScored,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
      assumptions,
    }
  },
})
