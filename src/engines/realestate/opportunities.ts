/**
 * Listings priced well under their own estimate. Each sale listing is valued by the fitted model
 * with itself left out; its asking CZK/m² against that estimate gives the level — HIGH below
 * `high_below` ×, MEDIUM below `medium_below` × — and the comparables' median is quoted beside it.
 * The thresholds live in one place: data/reference/realestate-opportunity.json (versioned, dated).
 */
import { type ReferenceVersion, referenceAt } from '../reference/load.ts'
import type { Sale } from './comparables.ts'
import type { Valuer } from './valuation.ts'

export interface OpportunityThresholds extends ReferenceVersion {
  high_below: number
  medium_below: number
  min_comparables: number
}

export type OpportunityLevel = 'HIGH' | 'MEDIUM'

export function opportunityThresholds(date: string): OpportunityThresholds {
  return referenceAt<OpportunityThresholds>('realestate-opportunity', date)
}

export interface Opportunity {
  sale: Sale
  level: OpportunityLevel
  /** asking CZK/m² / estimated CZK/m² */
  ratio: number
  estimate: number
  estimate_per_m2: number
  local_median_per_m2: number | null
  comparables: number
  reason: string
}

/** Every listing's asking CZK/m² against its own estimate (itself left out), flagged ones only. */
export function findOpportunities(valuer: Valuer, t: OpportunityThresholds): Opportunity[] {
  const out: Opportunity[] = []
  for (const sale of valuer.sales) {
    const subject = {
      lat: sale.lat,
      lon: sale.lon,
      area: sale.area,
      disposition: sale.disposition,
      exclude: [sale.code],
    }
    // The model alone first (~0.1 ms); the comparables search only for the few that are flagged.
    const ppm2 = valuer.pricePerM2(subject)
    if (sale.ppm2 / ppm2 >= t.medium_below) continue
    const o = assess(valuer, sale, t)
    if (o) out.push(o)
  }
  return out.sort((a, b) => a.ratio - b.ratio || a.sale.code.localeCompare(b.sale.code))
}

/** One listing against its estimate: its level and the reason, or undefined when not flagged. */
export function assess(valuer: Valuer, sale: Sale, t: OpportunityThresholds): Opportunity | undefined {
  const v = valuer.estimate({
    lat: sale.lat,
    lon: sale.lon,
    area: sale.area,
    disposition: sale.disposition,
    exclude: [sale.code],
  })
  const ratio = Math.round((sale.ppm2 / v.price_per_m2) * 1000) / 1000
  const level: OpportunityLevel | undefined =
    ratio < t.high_below ? 'HIGH' : ratio < t.medium_below ? 'MEDIUM' : undefined
  if (!level) return undefined
  const local = v.comparables_stats
  const localText = local
    ? ` and ${Math.round((sale.ppm2 / local.median) * 100)} % of the median ${Math.round(local.median)} CZK/m² of ${local.count} comparables within ${v.radius_km} km`
    : ' (no comparables within 5 km)'
  return {
    sale,
    level,
    ratio,
    estimate: v.estimate,
    estimate_per_m2: v.price_per_m2,
    local_median_per_m2: local ? Math.round(local.median) : null,
    comparables: local?.count ?? 0,
    reason: `asks ${Math.round(sale.ppm2)} CZK/m², ${Math.round(ratio * 100)} % of its estimate of ${v.price_per_m2} CZK/m²${localText}; ${level} is below ${level === 'HIGH' ? t.high_below : t.medium_below} × the estimate`,
  }
}
