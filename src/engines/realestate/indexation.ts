/**
 * Moving a valuation from the day its listings were read to the valuation date with the ČSÚ index
 * of flat prices (data/reference/cz-flat-price-index.json: realised prices, 2010 = 100, by
 * quarter). The factor is I(quarter of the valuation date) / I(quarter of the listings). A quarter
 * the series on file does not reach is read at the nearest quarter it has, and the answer says so:
 * with the series ending at 2023-Q4, listings of 2024-Q2 valued on a day of 2026 move by nothing
 * (factor 1) — the estimate stays at the listings' asking prices, and the caller is told the index
 * does not reach either date rather than given an invented movement.
 */
import { loadReference, type ReferenceVersion } from '../reference/load.ts'

interface IndexVersion extends ReferenceVersion {
  base: string
  year: number
  regions: Record<string, { weight: number; q: number[]; avg: number }>
}

/** The series applied: the national one (a flat's kraj is not known to every caller alike). */
const REGION = 'ČR'

export interface Indexation {
  /** The series, as ČSÚ names it, with its base. */
  index: string
  region: string
  /** The day the listings were read (the latest scrape date) and its quarter, "2024-Q2". */
  listings_date: string
  listings_quarter: string
  /** The valuation date and its quarter. */
  valuation_date: string
  valuation_quarter: string
  /** The quarters whose index values were used (the nearest on file when a date's is missing). */
  used: { from: string; from_value: number; to: string; to_value: number }
  /** The first and last quarter the series on file covers. */
  covers: { first: string; last: string }
  /** Whether the series reaches both quarters: false means the factor is partial or 1. */
  reaches: boolean
  /** to_value / from_value, 4 decimals. */
  factor: number
  /** The source of the series (the reference file's). */
  source: string
}

const quarterOf = (date: string) =>
  `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`

/** The national series on file: quarter → index value, in order, and its source. */
function series(): { points: [string, number][]; base: string; source: string } {
  const file = loadReference<IndexVersion>('cz-flat-price-index')
  const byQuarter = new Map<string, number>()
  let base = ''
  let source = ''
  for (const v of file.versions) {
    const r = v.regions[REGION]
    if (!r) continue
    for (const [i, value] of r.q.entries()) byQuarter.set(`${v.year}-Q${i + 1}`, value)
    base = v.base
    source = v.source ?? file.sources[0]?.title ?? 'ČSÚ'
  }
  return { points: [...byQuarter].sort(([a], [b]) => a.localeCompare(b)), base, source }
}

/** The index value of a quarter, or of the nearest quarter on file before or after the series. */
function at(points: [string, number][], quarter: string): [string, number] {
  const exact = points.find(([q]) => q === quarter)
  if (exact) return exact
  return quarter < points[0]![0] ? points[0]! : points[points.length - 1]!
}

/** How a valuation of listings read on `listingsDate` moves to `valuationDate` (both YYYY-MM-DD). */
export function indexToDate(listingsDate: string, valuationDate: string): Indexation {
  const { points, base, source } = series()
  const from = quarterOf(listingsDate)
  const to = quarterOf(valuationDate)
  const [usedFrom, fromValue] = at(points, from)
  const [usedTo, toValue] = at(points, to)
  return {
    index: `ČSÚ index cen bytů (realizované ceny, ${base})`,
    region: REGION,
    listings_date: listingsDate,
    listings_quarter: from,
    valuation_date: valuationDate,
    valuation_quarter: to,
    used: { from: usedFrom, from_value: fromValue, to: usedTo, to_value: toValue },
    covers: { first: points[0]![0], last: points[points.length - 1]![0] },
    reaches: usedFrom === from && usedTo === to,
    factor: Math.round((toValue / fromValue) * 10_000) / 10_000,
    source,
  }
}

/** What the indexing did, in words (the assumption a valuation carries). */
export function describeIndexation(x: Indexation, lang: 'cs' | 'en'): string {
  const cs = lang === 'cs'
  const factor = cs ? x.factor.toFixed(4).replace('.', ',') : x.factor.toFixed(4)
  const head = cs
    ? `${x.index}, ${x.region}, ${x.covers.first} až ${x.covers.last} (${x.source}): nabídky z ${x.listings_date} (${x.listings_quarter}) převedeny k datu ocenění ${x.valuation_date} (${x.valuation_quarter}) faktorem ${factor}`
    : `${x.index}, ${x.region}, ${x.covers.first} to ${x.covers.last} (${x.source}): listings of ${x.listings_date} (${x.listings_quarter}) moved to the valuation date ${x.valuation_date} (${x.valuation_quarter}) by a factor of ${factor}`
  if (x.reaches) return `${head} (${x.used.to_value} / ${x.used.from_value})`
  const missing = [x.listings_quarter, x.valuation_quarter].filter(
    (q, i) => q !== (i === 0 ? x.used.from : x.used.to),
  )
  const unique = [...new Set(missing)].join(cs ? ' ani ' : ' nor ')
  return cs
    ? `${head}; index nesahá do ${unique}: použito čtvrtletí ${x.used.from} a ${x.used.to}, takže pohyb cen po ${x.covers.last} v odhadu není${x.factor === 1 ? ` a odhad zůstává v nabídkových cenách ze dne ${x.listings_date}` : ''}`
    : `${head}; the index does not reach ${unique}: quarters ${x.used.from} and ${x.used.to} were used, so price movements after ${x.covers.last} are not in the estimate${x.factor === 1 ? `, which stays at the asking prices of ${x.listings_date}` : ''}`
}
