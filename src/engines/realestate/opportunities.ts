/**
 * Listings priced well under their own estimate. Each sale listing is valued by the fitted model
 * with itself left out; its asking CZK/m² against that estimate gives the level — HIGH below
 * `high_below` ×, MEDIUM below `medium_below` × — and the comparables' median is quoted beside it.
 * The thresholds live in one place: data/reference/realestate-opportunity.json (versioned, dated).
 */
import { type ReferenceVersion, referenceAt } from '../reference/load.ts'
import type { Sale } from './comparables.ts'
import type { Confidence, Valuer } from './valuation.ts'

export interface OpportunityThresholds extends ReferenceVersion {
  high_below: number
  medium_below: number
  min_comparables: number
}

type OpportunityLevel = 'HIGH' | 'MEDIUM'

/** The levels (codes of the answer, the same in both languages) named in a Czech text. */
export const LEVEL_CS: Record<OpportunityLevel, string> = {
  HIGH: 'vysoká míra podhodnocení',
  MEDIUM: 'střední míra podhodnocení',
}

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

const flaggedByModel = new WeakMap<Valuer, { effective_from: string; list: readonly Opportunity[] }>()

/**
 * `findOpportunities` kept per fitted model and threshold version: every listing valued with
 * itself left out takes ~2 s for 13,000 listings, so it runs once, and again only when a new
 * threshold version takes effect. The opportunities route and the map's layer share it.
 */
export function opportunitiesOf(valuer: Valuer, t: OpportunityThresholds): readonly Opportunity[] {
  const hit = flaggedByModel.get(valuer)
  if (hit && hit.effective_from === t.effective_from) return hit.list
  const list = findOpportunities(valuer, t)
  flaggedByModel.set(valuer, { effective_from: t.effective_from, list })
  return list
}

/** A listing to assess: an ad given by a client, or a sale of the data (left out of its own estimate). */
export interface ListingToAssess {
  /** Asking price, CZK. */
  price: number
  /** m² */
  area: number
  lat: number
  lon: number
  disposition?: string | undefined
  exclude?: readonly string[] | undefined
}

export interface ListingAssessment {
  level: OpportunityLevel | 'NONE'
  /** asking CZK/m² / estimated CZK/m² */
  ratio: number
  estimate: number
  estimate_per_m2: number
  confidence: Confidence
  local_median_per_m2: number | null
  comparables: number
  reason: string
}

/**
 * One listing against its estimate by the fitted model: the level (HIGH, MEDIUM or NONE) and the
 * reason in words and numbers, with the comparables' median quoted beside it. The domain
 * service's opportunities and the undervalued_detector agent both judge by this.
 */
export function assessListing(
  valuer: Valuer,
  listing: ListingToAssess,
  t: OpportunityThresholds,
  /** The language of the reason (the agent passes the call's; the domain service's is English). */
  lang: 'cs' | 'en' = 'en',
): ListingAssessment {
  const v = valuer.estimate(
    {
      lat: listing.lat,
      lon: listing.lon,
      area: listing.area,
      disposition: listing.disposition,
      exclude: listing.exclude,
    },
    lang,
  )
  const ppm2 = listing.price / listing.area
  const ratio = Math.round((ppm2 / v.price_per_m2) * 1000) / 1000
  const level = ratio < t.high_below ? 'HIGH' : ratio < t.medium_below ? 'MEDIUM' : 'NONE'
  const local = v.comparables_stats
  const cs = lang === 'cs'
  const localText = local
    ? cs
      ? ` a ${Math.round((ppm2 / local.median) * 100)} % mediánu ${Math.round(local.median)} Kč/m² z ${local.count} srovnatelných do ${v.radius_km} km`
      : ` and ${Math.round((ppm2 / local.median) * 100)} % of the median ${Math.round(local.median)} CZK/m² of ${local.count} comparables within ${v.radius_km} km`
    : cs
      ? ' (žádné srovnatelné do 5 km)'
      : ' (no comparables within 5 km)'
  const limit = level === 'HIGH' ? t.high_below : t.medium_below
  const verdict =
    level === 'NONE'
      ? cs
        ? `ne pod ${t.medium_below} × odhadu`
        : `not below ${t.medium_below} × the estimate`
      : cs
        ? `${LEVEL_CS[level]}: pod ${limit} × odhadu`
        : `${level} is below ${limit} × the estimate`
  return {
    level,
    ratio,
    estimate: v.estimate,
    estimate_per_m2: v.price_per_m2,
    confidence: v.confidence,
    local_median_per_m2: local ? Math.round(local.median) : null,
    comparables: local?.count ?? 0,
    reason: cs
      ? `nabízí za ${Math.round(ppm2)} Kč/m², ${Math.round(ratio * 100)} % svého odhadu ${v.price_per_m2} Kč/m²${localText}; ${verdict}`
      : `asks ${Math.round(ppm2)} CZK/m², ${Math.round(ratio * 100)} % of its estimate of ${v.price_per_m2} CZK/m²${localText}; ${verdict}`,
  }
}

/** One sale of the data against its estimate (itself left out), or undefined when not flagged. */
function assess(valuer: Valuer, sale: Sale, t: OpportunityThresholds): Opportunity | undefined {
  const a = assessListing(
    valuer,
    {
      price: sale.price,
      area: sale.area,
      lat: sale.lat,
      lon: sale.lon,
      disposition: sale.disposition,
      exclude: [sale.code],
    },
    t,
  )
  if (a.level === 'NONE') return undefined
  return {
    sale,
    level: a.level,
    ratio: a.ratio,
    estimate: a.estimate,
    estimate_per_m2: a.estimate_per_m2,
    local_median_per_m2: a.local_median_per_m2,
    comparables: a.comparables,
    reason: a.reason,
  }
}
