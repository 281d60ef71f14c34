/**
 * Comparable-sales valuation on the apartment listings (Sreality sale ads, loaded by
 * engines/sources/listings.ts): nearest listings by great-circle distance with the same room count
 * and a similar floor area, widening the radius until enough are found. The estimate is the
 * median price per m² × area and the range the interquartile range: an estimate from asking
 * prices, not the comparative method of zákon 151/1997 Sb. § 2 (which compares agreed prices).
 */

import KDBush from 'kdbush'
import { quantile } from '../finance/stats.ts'
import { loadListings } from '../sources/listings.ts'
import type { Listing } from './listings.ts'
import { haversineKm } from './nearest.ts'

export interface Sale {
  code: string
  disposition: string
  rooms: number | null
  area: number
  price: number
  ppm2: number
  lat: number
  lon: number
  locality: string
  scrapedAt: string
  /** Municipality (obec) and kraj, when the locality resolved against the gazetteer. */
  municipality?: string | undefined
  region?: string | undefined
}

/** Plausibility bounds in CZK/m²: outside them a row is a typo or not a flat sale (e.g. rent, a share). */
export const PPM2_MIN = 10_000
export const PPM2_MAX = 500_000

/** "2+kk" → 2, "3+1" → 3, "atypické" or "-" → null. */
export function roomsOf(disposition: string): number | null {
  const m = /^(\d)\s*\+/.exec(disposition.trim())
  return m ? Number(m[1]) : null
}

const salesCache = new Map<string, Sale[]>()

/** Sale listings of a file with a price and an area, within the plausibility bounds (cached per file). */
export function saleListings(file: string): Sale[] {
  const hit = salesCache.get(file)
  if (hit) return hit
  const out = toSales(loadListings(file))
  salesCache.set(file, out)
  return out
}

/** The listings that are sales with a price and an area, within the plausibility bounds. */
export function toSales(
  listings: Iterable<Listing & { municipality?: string | null; region?: string | null }>,
): Sale[] {
  const out: Sale[] = []
  for (const l of listings) {
    if (l.category_type !== 1 || l.price_czk === null || l.area_m2 === null) continue
    if (!Number.isFinite(l.lat) || !Number.isFinite(l.lon)) continue
    const ppm2 = l.price_czk / l.area_m2
    if (ppm2 < PPM2_MIN || ppm2 > PPM2_MAX) continue
    out.push({
      code: l.code,
      disposition: l.disposition,
      rooms: roomsOf(l.disposition),
      area: l.area_m2,
      price: l.price_czk,
      ppm2,
      lat: l.lat,
      lon: l.lon,
      locality: l.locality,
      scrapedAt: l.scraped_at.slice(0, 10),
      municipality: l.municipality ?? undefined,
      region: l.region ?? undefined,
    })
  }
  return out
}

export interface Subject {
  lat: number
  lon: number
  area: number
  rooms?: number | null
  /** Listing codes to leave out (the subject itself when it is in the data). */
  exclude?: string[]
}

export interface SearchOptions {
  /** Radii tried in order, km. */
  radiiKm?: number[]
  /** Fewest comparables accepted before widening the radius. */
  minCount?: number
  /** Largest relative area difference (0.2 = ±20 %). */
  areaTolerance?: number
}

export type Comparable = Sale & { distanceKm: number }

export interface Search {
  radiusKm: number
  comps: Comparable[]
  /** True when even the widest radius gave fewer than minCount. */
  thin: boolean
}

const DEFAULT_RADII_KM = [1, 2, 3, 5]

/**
 * A spatial index per set of sales (built once, ~5 ms for 13,000 sales): a search reads the few
 * hundred sales in its bounding box instead of walking them all. Rooms (NaN for none) and areas sit
 * beside it in typed arrays, so the sales of the box are filtered without touching their objects
 * (scattered over the heap: each first touch is a cache miss).
 */
interface SalesIndex {
  size: number
  index: KDBush
  rooms: Float64Array
  area: Float64Array
  lat: Float64Array
  lon: Float64Array
}
const indexes = new WeakMap<readonly Sale[], SalesIndex>()
function indexOf(sales: readonly Sale[]): SalesIndex {
  let built = indexes.get(sales)
  // Rebuilt if the array grew or shrank since (the sets are replaced, not edited, but be sure).
  if (!built || built.size !== sales.length) {
    const index = new KDBush(Math.max(sales.length, 1))
    for (const s of sales) index.add(s.lon, s.lat)
    if (sales.length === 0) index.add(0, 90)
    index.finish()
    built = {
      size: sales.length,
      index,
      rooms: Float64Array.from(sales, (s) => s.rooms ?? Number.NaN),
      area: Float64Array.from(sales, (s) => s.area),
      lat: Float64Array.from(sales, (s) => s.lat),
      lon: Float64Array.from(sales, (s) => s.lon),
    }
    indexes.set(sales, built)
  }
  return built
}

/** Comparables nearest first (ties by area difference, then code, so results are deterministic). */
export function findComparables(sales: readonly Sale[], subject: Subject, opts: SearchOptions = {}): Search {
  const radii = opts.radiiKm ?? DEFAULT_RADII_KM
  const minCount = opts.minCount ?? 5
  const built = indexOf(sales)
  // The smallest radius first: in a city the 1 km box holds a tenth of the 5 km one. Each radius
  // reads the sales in its bounding box (1° latitude ≈ 111 km), then the exact distance decides.
  let candidates: Comparable[] = []
  for (const r of radii) {
    const dLat = r / 111
    const dLon = r / (111 * Math.cos((subject.lat * Math.PI) / 180))
    const inBox = built.index.range(
      subject.lon - dLon,
      subject.lat - dLat,
      subject.lon + dLon,
      subject.lat + dLat,
    )
    candidates = comparablesWithin(sales, built, subject, opts, r, inBox, inBox.length)
    if (candidates.length >= minCount) return { radiusKm: r, comps: candidates, thin: false }
  }
  return { radiusKm: radii[radii.length - 1]!, comps: candidates, thin: true }
}

/**
 * findComparables' answer read from `count` candidate sales (indices into `sales`) at the given
 * distances (haversineKm from the subject), which hold every sale nearer than `reachKm` — a
 * valuation's nearest neighbours — without a search of its own; or undefined when a radius it would
 * try reaches that far (then findComparables answers). The same comparables in the same order: the
 * same filters and distances over the same sales.
 */
export function findComparablesAmong(
  sales: readonly Sale[],
  subject: Subject,
  candidates: ArrayLike<number>,
  distancesKm: ArrayLike<number>,
  count: number,
  reachKm: number,
  opts: SearchOptions = {},
): Search | undefined {
  const radii = opts.radiiKm ?? DEFAULT_RADII_KM
  const minCount = opts.minCount ?? 5
  const built = indexOf(sales)
  let comps: Comparable[] = []
  for (const r of radii) {
    if (r >= reachKm) return undefined
    comps = comparablesWithin(sales, built, subject, opts, r, candidates, count, distancesKm)
    if (comps.length >= minCount) return { radiusKm: r, comps, thin: false }
  }
  return { radiusKm: radii[radii.length - 1]!, comps, thin: true }
}

/** The candidates with the subject's rooms and area within `r` km (at their distances when known), nearest first. */
function comparablesWithin(
  sales: readonly Sale[],
  { rooms, area, lat, lon }: SalesIndex,
  subject: Subject,
  opts: SearchOptions,
  r: number,
  candidates: ArrayLike<number>,
  count: number,
  distancesKm?: ArrayLike<number>,
): Comparable[] {
  const tol = opts.areaTolerance ?? 0.2
  const wantRooms = typeof subject.rooms === 'number' ? subject.rooms : undefined
  const exclude = subject.exclude && subject.exclude.length > 0 ? subject.exclude : undefined
  const out: Comparable[] = []
  for (let n = 0; n < count; n++) {
    const i = candidates[n]!
    if (i >= sales.length) continue // the placeholder point of an empty set
    if (wantRooms !== undefined && rooms[i] !== wantRooms) continue
    if (Math.abs(area[i]! - subject.area) > tol * subject.area) continue
    const distanceKm = distancesKm ? distancesKm[n]! : haversineKm(subject.lat, subject.lon, lat[i]!, lon[i]!)
    if (distanceKm > r) continue
    // The sale's object is read only now (the first touch of each is a cache miss); its fields are
    // listed, not spread (a third of the time).
    const s = sales[i]!
    if (exclude?.includes(s.code)) continue
    out.push({
      code: s.code,
      disposition: s.disposition,
      rooms: s.rooms,
      area: s.area,
      price: s.price,
      ppm2: s.ppm2,
      lat: s.lat,
      lon: s.lon,
      locality: s.locality,
      scrapedAt: s.scrapedAt,
      municipality: s.municipality,
      region: s.region,
      distanceKm,
    })
  }
  return out.sort(
    (a, b) =>
      a.distanceKm - b.distanceKm ||
      Math.abs(a.area - subject.area) - Math.abs(b.area - subject.area) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  )
}

export interface PriceStats {
  count: number
  median: number
  q1: number
  q3: number
}

export function ppm2Stats(comps: readonly { ppm2: number }[]): PriceStats | null {
  if (comps.length === 0) return null
  const sorted = comps.map((c) => c.ppm2).sort((a, b) => a - b)
  return {
    count: sorted.length,
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  }
}

/** Date of the listing snapshot (the scrape day), for "as of" statements. */
export function snapshotDate(sales: readonly Sale[]): string {
  let latest = ''
  for (const s of sales) if (s.scrapedAt > latest) latest = s.scrapedAt
  return latest
}
