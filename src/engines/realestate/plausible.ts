/**
 * Whether a flat's asking price and floor area could be a real listing: a page (or the model
 * reading it) may state anything, and a figure no flat has must not be valued as if it were one.
 *
 * The bounds come from the real listings: of the 13,513 sale listings with a price and an area in
 * the Sreality sample of 12 April 2024 (shared/data/realestate), the lowest asks 3,668 CZK/m² and
 * the highest 814,250 CZK/m²; the bounds lie well outside (÷3.7 and ×2.5), so no real flat is
 * refused — plausible.test.ts checks them against that file. The area is the valuation's own range
 * (10–1,000 m²: under 10 is no flat, over 1,000 a building).
 */

export const PLAUSIBLE = {
  /** CZK per m² of floor area. */
  pricePerM2: { min: 1_000, max: 2_000_000 },
  /** m² of floor area. */
  areaM2: { min: 10, max: 1_000 },
}

export interface Implausible {
  field: 'price' | 'area_m2'
  rule: string
  reason: string
}

/** Why a price for an area is no real listing's, or undefined when it could be one. */
export function implausibility(price: number, areaM2: number): Implausible | undefined {
  const { pricePerM2: p, areaM2: a } = PLAUSIBLE
  if (!Number.isFinite(areaM2) || areaM2 < a.min || areaM2 > a.max)
    return {
      field: 'area_m2',
      rule: `area within ${a.min}..${a.max} m²`,
      reason: `a floor area of ${areaM2} m² is no flat's`,
    }
  const perM2 = price / areaM2
  if (!Number.isFinite(perM2) || perM2 < p.min || perM2 > p.max)
    return {
      field: 'price',
      rule: `price per m² within ${p.min}..${p.max} CZK/m²`,
      reason: `${price} CZK for ${areaM2} m² is ${Number.isFinite(perM2) ? Math.round(perM2) : perM2} CZK/m²`,
    }
  return undefined
}
