/**
 * What the domain service holds in memory: the listings of its table (loaded at start) as the
 * engine's sales, and the valuation model fitted on them in the background. Routes that need the
 * model answer 503 with Retry-After until it is ready.
 */
import type { Sale } from '../../engines/realestate/comparables.ts'
import { snapshotDate, toSales } from '../../engines/realestate/comparables.ts'
import type { Gazetteer } from '../../engines/realestate/regions.ts'
import type { PlacedListing } from './modules/reality/store.ts'

export interface Snapshot {
  listings: number
  /** Every listing held (sales, price on request, other categories), placed in its municipality and kraj. */
  placed: readonly PlacedListing[]
  sales: Sale[]
  asOf: string
  /** The kraje the listings lie in, as stored. */
  regions: string[]
  gazetteer: Gazetteer
}

export function buildSnapshot(listings: readonly PlacedListing[], gazetteer: Gazetteer): Snapshot {
  const sales = toSales(listings)
  return {
    listings: listings.length,
    placed: listings,
    sales,
    asOf: snapshotDate(sales),
    regions: [...new Set(sales.map((s) => s.region).filter((r): r is string => Boolean(r)))].sort(),
    gazetteer,
  }
}
