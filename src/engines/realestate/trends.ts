/**
 * Price trends: the ČSÚ flat-price index (realised prices, 2010 = 100, by kraj; data/reference,
 * with its source and date) and the asking prices of the listings on file as a monthly series of
 * median CZK/m² with its change. One copy, used by the domain service's /api/trends and the
 * price_trends agent.
 */
import { median } from '../finance/stats.ts'
import { covered } from '../reference/inputs.ts'
import { isoDate, loadReference, type ReferenceVersion, versionAt } from '../reference/load.ts'
import type { Sale } from './comparables.ts'
import { slugify } from './regions.ts'

interface IndexVersion extends ReferenceVersion {
  base: string
  year: number
  regions: Record<string, { weight: number; q: number[]; avg: number }>
}

export interface FlatPriceIndex {
  /** The region as ČSÚ names it ("Jihomoravský kraj", "ČR", "ČR bez Prahy"). */
  region: string
  base: string
  year: number
  /** Quarterly index values of `year`. */
  quarters: number[]
  annual_average: number
  change_since_2010_pct: number
  change_q1_to_q4_pct: number
  source: string
  effective_from: string
}

/** "Jihomoravský kraj", "jihomoravsky", "Kraj Vysočina", "Vysočina" → one key. */
export const regionKey = (name: string) =>
  slugify(name)
    .replace(/(^|-)kraj(-|$)/g, '$1$2')
    .replace(/^-+|-+$/g, '')

/** The regions the index covers, as ČSÚ names them. */
export function indexRegions(now: Date): string[] {
  return Object.keys(indexAt(now).regions)
}

/** The index of a region ("Praha" means Hlavní město Praha), or undefined for an unknown one. */
export function flatPriceIndex(region: string, now: Date): FlatPriceIndex | undefined {
  const idx = indexAt(now)
  const wanted = regionKey(region) === 'praha' ? regionKey('Hlavní město Praha') : regionKey(region)
  const name = Object.keys(idx.regions).find(
    (r) => regionKey(r) === wanted || regionKey(r) === `${wanted}-cr`,
  )
  if (!name) return undefined
  const series = idx.regions[name]!
  return {
    region: name,
    base: idx.base,
    year: idx.year,
    quarters: series.q,
    annual_average: series.avg,
    change_since_2010_pct: Math.round((series.avg - 100) * 10) / 10,
    change_q1_to_q4_pct: Math.round((series.q[3]! / series.q[0]! - 1) * 1000) / 10,
    source: idx.source ?? 'ČSÚ',
    effective_from: idx.effective_from,
  }
}

function indexAt(now: Date): IndexVersion {
  const file = loadReference<IndexVersion>('cz-flat-price-index')
  return covered(() => versionAt(file, isoDate(now)))
}

interface MonthPoint {
  /** "YYYY-MM" of the listings' scrape dates. */
  month: string
  listings: number
  median_price_per_m2: number
}

export interface AskingSeries {
  points: MonthPoint[]
  /** Last month's median against the first's, in percent (null with fewer than two months). */
  change_pct: number | null
  listings: number
}

/** Median asking CZK/m² per month of the listings' dates (months with fewer than `minPerMonth` left out). */
export function askingSeries(sales: readonly Sale[], minPerMonth = 5): AskingSeries {
  const byMonth = new Map<string, number[]>()
  for (const s of sales) {
    const month = s.scrapedAt.slice(0, 7)
    if (!/^\d{4}-\d{2}$/.test(month)) continue
    const list = byMonth.get(month) ?? []
    list.push(s.ppm2)
    byMonth.set(month, list)
  }
  const points = [...byMonth.entries()]
    .filter(([, list]) => list.length >= minPerMonth)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([month, list]) => ({ month, listings: list.length, median_price_per_m2: Math.round(median(list)) }))
  const first = points[0]
  const last = points.at(-1)
  const change_pct =
    first && last && first !== last
      ? Math.round((last.median_price_per_m2 / first.median_price_per_m2 - 1) * 1000) / 10
      : null
  return { points, change_pct, listings: sales.length }
}
