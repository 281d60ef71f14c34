/**
 * The checks of credit_risk, each a named function that scores its characteristics on the tally
 * (an omitted one is unknown and scores as a bad answer) or returns the scorecard's rules with
 * their register sources. The agent runs them in order and reports them.
 */
import { round2 } from '../../engines/finance/annuity.ts'
import { requireIco } from '../../engines/reference/inputs.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { lookupCompany } from '../compliance/registry.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'

type Bands = { max: number; points: number }[]
export interface Scorecard extends ReferenceVersion {
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
 * An omitted characteristic is unknown and scores as the worst answer of its table, never better:
 * leaving an answer out must not score better than any answer the applicant could have given
 * (several missed payments, unemployed, under a year employed).
 */
const badAnswer = (points: number[]) => Math.min(...points)
const worstBand = (bands: Bands) => badAnswer(bands.map((b) => b.points))

const EMPLOYMENT = {
  permanent: { cs: 'pracovní poměr na dobu neurčitou', en: 'permanent' },
  fixed_term: { cs: 'pracovní poměr na dobu určitou', en: 'fixed_term' },
  self_employed: { cs: 'OSVČ', en: 'self_employed' },
  pensioner: { cs: 'důchodce', en: 'pensioner' },
  unemployed: { cs: 'bez zaměstnání', en: 'unemployed' },
} as const satisfies Record<string, Texts>

/** The characteristics scored so far, and those scored as unknown with the reason. */
export interface Tally {
  chars: { name: string; value: string; points: number }[]
  notScored: string[]
  unknown: (name: string, points: number, why?: Texts) => void
}

export function tally(say: Say): Tally {
  const chars: Tally['chars'] = []
  const notScored: string[] = []
  const NOT_GIVEN: Texts = { cs: 'nezadáno', en: 'not given' }
  const unknown = (name: string, points: number, why: Texts = NOT_GIVEN) => {
    chars.push({ name, value: say({ cs: `neznámé (${why.cs})`, en: `unknown (${why.en})` }), points })
    notScored.push(why === NOT_GIVEN ? name : `${name} (${say(why)})`)
  }
  return { chars, notScored, unknown }
}

/** What the applicant gave: the loan, the property and the applicant's record. */
export interface Applicant {
  amount: number
  existing_monthly_payments?: number | undefined
  property_value?: number | undefined
  employment?: keyof typeof EMPLOYMENT | undefined
  employment_years?: number | undefined
  delinquencies_12m?: number | undefined
}

/** DSTI and LTV: the instalments against income and the loan against its collateral. */
export function affordabilityCheck(
  input: Applicant,
  payment: number,
  monthlyIncome: number,
  card: Scorecard,
  t: Tally,
): { dsti: number; ltv: number | null } {
  const { chars, unknown } = t
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
  return { dsti, ltv }
}

/** Employment, its length and missed payments in the last 12 months. */
export function applicantCheck(input: Applicant, card: Scorecard, t: Tally, say: Say): void {
  const { chars, unknown } = t
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
}

/** A business borrower's age, dissolution and insolvency from ARES. */
export async function companyCheck(
  ctx: AgentContext,
  icoGiven: string,
  card: Scorecard,
  today: string,
  t: Tally,
  say: Say,
): Promise<SourceStatus[]> {
  const { chars, unknown } = t
  const sources: SourceStatus[] = []
  const ico = requireIco(icoGiven)
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
  return sources
}

/** The scorecard's base, each characteristic's points, the grades and the ratios' definitions. */
export function scorecardRules(
  card: Scorecard,
  chars: Tally['chars'],
  score: number,
  grade: Scorecard['grades'][number],
  today: string,
  say: Say,
): AppliedRule[] {
  const src = cite(today, 'policy-credit-scorecard')
  return [
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
}
