/**
 * The checks of comparables_finder, each a named function that returns what it found and the rule
 * it applied (with its register source): the nearest comparable listings, each set against the
 * fitted model's estimate, and what asking prices are not in law.
 */
import {
  type Comparable,
  findComparables,
  roomsOf,
  type Sale,
  type Search,
} from '../../engines/realestate/comparables.ts'
import { VALUATION_BASIS, valuerFor } from '../../engines/realestate/valuation.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

/** Without a position there is nothing to search around. */
export function noLocationRule(at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'K nalezení srovnatelných nabídek je třeba poloha',
      en: 'A location is needed to find comparables',
    }),
    ...cite(at, 'method-listings-snapshot'),
    outcome: say({ cs: 'adresu nebylo možné geokódovat', en: 'the address could not be geocoded' }),
  }
}

/**
 * The listings nearest the point first, of the same room count (any when no disposition is given)
 * and a floor area within the tolerance (default ±20 %), in the given radius or the widening ones.
 */
export function nearestComparables(
  sales: Sale[],
  point: { lat: number; lon: number },
  input: { area_m2: number; disposition?: string; radius_km?: number; area_tolerance_pct?: number },
  asOf: string,
  at: string,
  say: Say,
): { search: Search; rule: AppliedRule } {
  const tolerance = (input.area_tolerance_pct ?? 20) / 100
  const rooms = input.disposition ? roomsOf(input.disposition) : undefined
  const search = findComparables(
    sales,
    { lat: point.lat, lon: point.lon, area: input.area_m2, rooms },
    input.radius_km
      ? { radiiKm: [input.radius_km], minCount: 0, areaTolerance: tolerance }
      : { areaTolerance: tolerance },
  )
  return {
    search,
    rule: {
      rule: say({
        cs: `Stejný počet pokojů${rooms === undefined ? ' (libovolný: dispozice nezadána)' : ''}, podlahová plocha ±${Math.round(tolerance * 100)} %, nejbližší první`,
        en: `Same room count${rooms === undefined ? ' (any: no disposition given)' : ''}, floor area ±${Math.round(tolerance * 100)} %, nearest first`,
      }),
      ...cite(at, 'method-listings-snapshot'),
      outcome: say({
        cs: `${search.comps.length} do ${search.radiusKm} km (snímek ${asOf})`,
        en: `${search.comps.length} within ${search.radiusKm} km (snapshot ${asOf})`,
      }),
    },
  }
}

/**
 * Each comparable against the fitted model's CZK/m² for it (itself left out), and the model's
 * CZK/m² for the flat asked about.
 */
export function againstModel(
  sales: Sale[],
  comps: Comparable[],
  subject: { lat: number; lon: number; area_m2: number; disposition?: string },
  limit: number,
  at: string,
  say: Say,
): {
  comparables: {
    code: string
    distance_km: number
    disposition: string
    area_m2: number
    price: number
    price_per_m2: number
    estimate_per_m2: number
    vs_estimate: number
    locality: string
  }[]
  estimatePerM2: number
  rule: AppliedRule
} {
  const valuer = valuerFor(sales)
  const own = (c: Comparable) =>
    valuer.pricePerM2({
      lat: c.lat,
      lon: c.lon,
      area: c.area,
      disposition: c.disposition,
      exclude: [c.code],
    })
  return {
    comparables: comps.slice(0, limit).map((c) => {
      const estimate = own(c)
      return {
        code: c.code,
        distance_km: Math.round(c.distanceKm * 100) / 100,
        disposition: c.disposition,
        area_m2: c.area,
        price: c.price,
        price_per_m2: Math.round(c.ppm2),
        estimate_per_m2: Math.round(estimate),
        vs_estimate: Math.round((c.ppm2 / estimate) * 1000) / 1000,
        locality: c.locality,
      }
    }),
    estimatePerM2: Math.round(
      valuer.pricePerM2({
        lat: subject.lat,
        lon: subject.lon,
        area: subject.area_m2,
        disposition: subject.disposition,
      }),
    ),
    rule: {
      rule: say({
        cs: `Každá nabídka proti odhadu natrénovaného modelu (gradientně boostované stromy nad polohou, plochou, dispozicí a okolními nabídkovými cenami), bez sebe sama`,
        en: `Each set against the fitted model's estimate (gradient-boosted trees over position, area, disposition and nearby asking prices), itself left out`,
      }),
      ...cite(at, VALUATION_BASIS.method),
      outcome: say({
        cs: `natrénováno na ${valuer.info.fitted_on} inzerátech, ověřeno na ${valuer.info.held_out} odložených`,
        en: `fitted on ${valuer.info.fitted_on} sale listings, checked on ${valuer.info.held_out} held out`,
      }),
    },
  }
}

/** Asking prices are not the obvyklá cena of zákon 151/1997 Sb. § 2 (found from agreed prices). */
export function askingPriceRule(at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Nabídkové ceny nejsou obvyklá cena podle zákona 151/1997 Sb. § 2, která se určuje porovnáním sjednaných cen',
      en: 'Asking prices are not the obvyklá cena of zákon 151/1997 Sb. § 2, which is found by comparing agreed prices',
    }),
    ...cite(at, VALUATION_BASIS.statute),
    outcome: say({
      cs: 'srovnání nabídek, nikoli ocenění podle zákona',
      en: 'a comparison of offers, not a valuation under the act',
    }),
  }
}
