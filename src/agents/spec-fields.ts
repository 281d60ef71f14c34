/**
 * The spec names the fields its calls use: `amount`, `income` (annual net income, CZK),
 * `monthly_income` (monthly net income, CZK), `property_value`, `ico`, `name` and `address`. These
 * helpers let an agent accept them and fill what is missing from data on file, recording each
 * filled value in `assumptions`.
 */
import { covered } from '../engines/reference/inputs.ts'
import { referenceAt } from '../engines/reference/load.ts'
import { errors } from '../kit/errors.ts'
import type { Say } from './lang.ts'
import type { Assumption } from './result.ts'

export const INCOME_DESCRIPTION = "annual net income of all applicants, CZK (the spec's `income`)"

/**
 * Net monthly income from `monthly_income`, or from `income` / 12 when only the annual figure is
 * given. When both are given and disagree by more than 1 %, the lower is taken (the conservative
 * reading) and said so. Neither is a 400 naming both fields.
 */
export function netMonthlyIncome(
  input: { income?: number | undefined; monthly_income?: number | undefined },
  assumptions: Assumption[],
  say: Say,
): number {
  const { income, monthly_income: monthly } = input
  if (monthly === undefined && income === undefined) {
    throw errors.invalid('monthly_income', 'monthly_income or income (annual) is required')
  }
  if (monthly === undefined) {
    const value = round2(income! / 12)
    assumptions.push({
      field: 'monthly_income',
      value,
      basis: say({ cs: 'income (roční čistý příjem) / 12', en: 'income (annual net) / 12' }),
    })
    return value
  }
  if (income !== undefined && Math.abs(income / 12 - monthly) > monthly * 0.01) {
    const value = Math.min(monthly, round2(income / 12))
    assumptions.push({
      field: 'monthly_income',
      value,
      basis: say({
        cs: `income / 12 (${round2(income / 12)}) a monthly_income (${monthly}) se liší: použije se nižší`,
        en: `income / 12 (${round2(income / 12)}) and monthly_income (${monthly}) disagree: the lower is used`,
      }),
    })
    return value
  }
  return monthly
}

interface RateVersion {
  effective_from: string
  source?: string
  period: string
  rate_pct: number
}

/** The offered rate, or the ČNB average rate on new housing loans on file for `date`. */
export function mortgageRate(
  given: number | undefined,
  date: string,
  assumptions: Assumption[],
  say: Say,
): number {
  if (given !== undefined) return given
  const v = covered(() => referenceAt<RateVersion>('cnb-mortgage-rates', date))
  assumptions.push({
    field: 'annual_rate_pct',
    value: v.rate_pct,
    basis: say({
      cs: `${v.source ?? 'ČNB, průměrná sazba nových úvěrů na bydlení'} (období ${v.period}, data/reference/cnb-mortgage-rates.json)`,
      en: `${v.source ?? 'ČNB average rate on new housing loans'} (period ${v.period}, data/reference/cnb-mortgage-rates.json)`,
    }),
  })
  return v.rate_pct
}

/** The usual mortgage term (30 years), bounded by the lender policy's maximum term. */
const DEFAULT_TERM_MONTHS = 360

export function mortgageTerm(given: number | undefined, assumptions: Assumption[], say: Say): number {
  if (given !== undefined) return given
  assumptions.push({
    field: 'term_months',
    value: DEFAULT_TERM_MONTHS,
    basis: say({
      cs: '30 let, obvyklá doba české hypotéky a maximum podle úvěrové politiky (bank-lending-policy.json)',
      en: '30 years, the usual Czech mortgage term and the lender policy maximum (bank-lending-policy.json)',
    }),
  })
  return DEFAULT_TERM_MONTHS
}

function round2(x: number): number {
  return Math.round(x * 100) / 100
}

/** The lending categories of the ČNB limits, as the texts name them. */
export const CATEGORY_LABEL = {
  general: { cs: 'obecný limit', en: 'general' },
  young: { cs: 'žadatel mladší 36 let, vlastní bydlení', en: 'applicant under 36, own housing' },
  investment: { cs: 'investiční bydlení', en: 'investment housing' },
} as const

/**
 * The loan's purpose: as given, or own housing — the purpose the ČNB limits treat most leniently
 * after the young-applicant one, so an investment loan must say so — recorded in `assumptions`.
 */
export function loanPurpose(
  given: 'own_housing' | 'investment' | undefined,
  assumptions: Assumption[],
  say: Say,
): 'own_housing' | 'investment' {
  if (given !== undefined) return given
  assumptions.push({
    field: 'purpose',
    value: 'own_housing',
    basis: say({
      cs: 'účel nezadán: posuzuje se jako úvěr na vlastní bydlení; úvěr na investiční bydlení (třetí a další nemovitost, pronájem) podléhá přísnějším limitům ČNB a musí být uveden jako investment',
      en: 'purpose not given: assessed as a loan for own housing; an investment-housing loan (a third or further property, to let) falls under stricter ČNB limits and must say purpose investment',
    }),
  })
  return 'own_housing'
}
