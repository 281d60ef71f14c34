/**
 * Market statistics over sale listings: count, median and quartiles of the asking price per m²,
 * grouped by kraj and disposition — what /api/reality/stats, /api/analyze and the trends answer.
 * Quantiles are R type 7 (linear interpolation), as everywhere in the engines.
 */
import { quantile } from '../finance/stats.ts'
import type { Sale } from './comparables.ts'
import { slugify } from './regions.ts'

export interface GroupStats {
  count: number
  median_price_per_m2: number
  q1_price_per_m2: number
  q3_price_per_m2: number
  median_price: number
  median_area_m2: number
}

/** Statistics of a group of sales; null for an empty group. */
export function groupStats(sales: readonly Sale[]): GroupStats | null {
  if (sales.length === 0) return null
  const ppm2 = sales.map((s) => s.ppm2).sort((a, b) => a - b)
  const price = sales.map((s) => s.price).sort((a, b) => a - b)
  const area = sales.map((s) => s.area).sort((a, b) => a - b)
  return {
    count: sales.length,
    median_price_per_m2: Math.round(quantile(ppm2, 0.5)),
    q1_price_per_m2: Math.round(quantile(ppm2, 0.25)),
    q3_price_per_m2: Math.round(quantile(ppm2, 0.75)),
    median_price: Math.round(quantile(price, 0.5)),
    median_area_m2: Math.round(quantile(area, 0.5) * 10) / 10,
  }
}

/** Sales grouped by a key (undefined keys are left out), keys in Czech alphabetical order. */
export function groupBy<K extends string>(
  sales: readonly Sale[],
  key: (s: Sale) => K | undefined,
): Map<K, Sale[]> {
  const groups = new Map<K, Sale[]>()
  for (const s of sales) {
    const k = key(s)
    if (k === undefined) continue
    const list = groups.get(k)
    if (list) list.push(s)
    else groups.set(k, [s])
  }
  return new Map([...groups.entries()].sort((a, b) => a[0].localeCompare(b[0], 'cs')))
}

/** "Jihomoravský kraj", "jihomoravsky", "Kraj Vysočina", "Praha" → one comparable key. */
function regionKey(name: string): string {
  const key = slugify(name)
    .replace(/(^|-)kraj(-|$)/g, '$1$2')
    .replace(/^-+|-+$/g, '')
  return key === 'praha' ? 'hlavni-mesto-praha' : key
}

/** The kraj among `known` that a caller's name means, or undefined. */
export function matchRegion(name: string, known: Iterable<string>): string | undefined {
  const wanted = regionKey(name)
  for (const k of known) if (regionKey(k) === wanted) return k
  return undefined
}
