/**
 * The checks of premium_calculator (the documented insurance tariff, the ČAP flood zoning), each a
 * named function that returns what it priced and the rules it applied (with their register
 * sources). The agent multiplies the base premium by the factors and joins the rules in order.
 */
import { round2 } from '../../engines/finance/annuity.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import type { AppliedRule } from '../types.ts'

export interface Tariff extends ReferenceVersion {
  base_rate_per_mille: Record<string, number>
  construction_factor: Record<string, number>
  flood_zone_factor: Record<string, number>
  deductible_factor: Record<string, number>
  security_discount: number
  claims_free_discount_per_year: number
  claims_free_discount_max: number
  minimum_premium: number
}

type Construction = 'masonry' | 'mixed' | 'wood'
type Deductible = 1000 | 5000 | 10000 | 25000
type InsuredObject = 'house' | 'flat' | 'household'

/**
 * What the caller does not say is priced at the tariff's reference values, and said so: the
 * premium of a wooden house or a higher deductible would differ.
 */
export function tariffDefaults(
  input: { construction?: Construction | undefined; deductible?: Deductible | undefined },
  say: Say,
): { construction: Construction; deductible: Deductible; assumptions: Assumption[] } {
  const assumptions: Assumption[] = []
  const construction = input.construction ?? 'masonry'
  if (input.construction === undefined)
    assumptions.push({
      field: 'construction',
      value: 'masonry',
      basis: say({
        cs: 'nezadáno: zděná stavba, referenční koeficient 1,0 tarifu (data/reference/insurance-tariff.json)',
        en: 'not given: masonry, the reference factor 1.0 of the tariff (data/reference/insurance-tariff.json)',
      }),
    })
  const deductible = input.deductible ?? 5000
  if (input.deductible === undefined)
    assumptions.push({
      field: 'deductible',
      value: 5000,
      basis: say({
        cs: 'nezadáno: spoluúčast 5 000 Kč, referenční koeficient 1,0 tarifu',
        en: 'not given: a 5 000 CZK deductible, the reference factor 1.0 of the tariff',
      }),
    })
  return { construction, deductible, assumptions }
}

const OBJECT = {
  house: { cs: 'dům', en: 'house' },
  flat: { cs: 'byt', en: 'flat' },
  household: { cs: 'domácnost', en: 'household' },
} as const

/** The base premium: the sum insured (CZK) × the tariff's base rate (‰) for the object. */
export function baseCheck(
  propertyValue: number,
  object: InsuredObject,
  t: Tariff,
  at: string,
  say: Say,
): { base: number; rule: AppliedRule } {
  const rate = t.base_rate_per_mille[object]!
  const base = (propertyValue / 1000) * rate
  const rule: AppliedRule = {
    rule: say({
      cs: `Základní sazba ${rate} ‰ z pojistné částky (${OBJECT[object].cs})`,
      en: `Base rate ${rate} ‰ of the sum insured (${OBJECT[object].en})`,
    }),
    ...cite(at, 'policy-insurance-tariff'),
    outcome: say({ cs: `${round2(base)} Kč`, en: `${round2(base)} CZK` }),
  }
  return { base, rule }
}

const CONSTRUCTION = {
  masonry: { cs: 'zděná', en: 'masonry' },
  mixed: { cs: 'smíšená', en: 'mixed' },
  wood: { cs: 'dřevěná', en: 'wood' },
} as const

/**
 * The tariff's factors in order — construction, flood zone, deductible, then the security and
 * claims-free discounts when they apply — each with its rule.
 */
export function factorChecks(
  input: {
    construction: Construction
    flood_zone: number
    deductible: Deductible
    security?: boolean | undefined
    claims_free_years?: number | undefined
  },
  t: Tariff,
  at: string,
  say: Say,
): { factors: { factor: string; value: number }[]; rules: AppliedRule[] } {
  const { construction, deductible } = input
  const factors: { factor: string; value: number }[] = [
    {
      factor: say({
        cs: `konstrukce: ${CONSTRUCTION[construction].cs}`,
        en: `construction: ${CONSTRUCTION[construction].en}`,
      }),
      value: t.construction_factor[construction]!,
    },
    {
      factor: say({ cs: `povodňová zóna ${input.flood_zone}`, en: `flood zone ${input.flood_zone}` }),
      value: t.flood_zone_factor[String(input.flood_zone)]!,
    },
    {
      factor: say({ cs: `spoluúčast ${deductible} Kč`, en: `deductible ${deductible} CZK` }),
      value: t.deductible_factor[String(deductible)]!,
    },
  ]
  if (input.security)
    factors.push({
      factor: say({ cs: 'sleva za zabezpečení', en: 'security discount' }),
      value: 1 - t.security_discount,
    })
  const years = input.claims_free_years ?? 0
  if (years > 0) {
    const discount = Math.min(t.claims_free_discount_max, years * t.claims_free_discount_per_year)
    factors.push({
      factor: say({ cs: `bez škod ${years} let`, en: `claims-free ${years} years` }),
      // a discount share rounded to 0.1 %
      value: Math.round((1 - discount) * 1000) / 1000,
    })
  }
  const src = cite(at, 'policy-insurance-tariff')
  const rules: AppliedRule[] = factors.map((f) => ({
    rule: say({ cs: `Koeficient ${f.factor}`, en: `Factor ${f.factor}` }),
    ...src,
    outcome: `× ${f.value}`,
  }))
  return { factors, rules }
}

/** The flood zone the factor was taken for, by the ČAP flood zoning. */
export function floodZoneCheck(zone: number, at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Povodňová zóna podle povodňové zonace ČAP (1 nejnižší … 4 nejvyšší)',
      en: 'Flood zone by the ČAP flood zoning (1 lowest … 4 highest)',
    }),
    ...cite(at, 'cap-flood-zones'),
    outcome: say({ cs: `zóna ${zone}`, en: `zone ${zone}` }),
  }
}

/** The annual premium: the priced premium rounded to whole CZK, at least the tariff's minimum. */
export function minimumCheck(
  raw: number,
  t: Tariff,
  at: string,
  say: Say,
): { annual: number; rule: AppliedRule } {
  const annual = Math.max(t.minimum_premium, Math.round(raw))
  const rule: AppliedRule = {
    rule: say({
      cs: `Minimální pojistné ${t.minimum_premium} Kč`,
      en: `Minimum premium ${t.minimum_premium} CZK`,
    }),
    ...cite(at, 'policy-insurance-tariff'),
    outcome: say({ cs: `${annual} Kč ročně`, en: `${annual} CZK a year` }),
  }
  return { annual, rule }
}
