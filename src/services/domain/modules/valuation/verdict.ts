/**
 * A price judged against its estimate, in words and numbers. The bands are ours (policy, not
 * law): within ±10 % of the estimate is in line — about the model's median error — and beyond
 * ±20 % is "well" below or above.
 */
import type { Valuation } from '../../../../engines/realestate/valuation.ts'

const VERDICT_BANDS = { wellBelow: 0.8, below: 0.9, above: 1.1, wellAbove: 1.2 }

export function verdictOf(price: number, area: number, v: Valuation) {
  const ratio = Math.round((price / v.estimate) * 1000) / 1000
  const b = VERDICT_BANDS
  const verdict =
    ratio < b.wellBelow
      ? 'well below the estimate'
      : ratio < b.below
        ? 'below the estimate'
        : ratio <= b.above
          ? 'in line with the estimate'
          : ratio <= b.wellAbove
            ? 'above the estimate'
            : 'well above the estimate'
  const pct = Math.round((ratio - 1) * 1000) / 10
  const local = v.comparables_stats
    ? `; the ${v.comparables_stats.count} comparables ask a median ${Math.round(v.comparables_stats.median)} CZK/m²`
    : ''
  return {
    price,
    ratio,
    verdict,
    explanation: `${price} CZK is ${Math.round(price / area)} CZK/m², ${pct >= 0 ? '+' : ''}${pct} % against the estimate of ${v.estimate} CZK (${v.price_per_m2} CZK/m², ${v.confidence} confidence, range ${v.range.low}–${v.range.high})${local}`,
  }
}
