/**
 * Places without a map: which municipality and kraj a listing lies in, and where an address is.
 * The RÚIAN gazetteer (psc-list.csv) has names and postcodes but no coordinates, so an address is
 * placed at the median position of the listings in the municipality (and part) it names — good to
 * a few hundred metres in a town part, which is the scale comparables are searched at (1–5 km).
 */

import KDBush from 'kdbush'
import { median } from '../finance/stats.ts'
import type { Sale } from './comparables.ts'
import type { Listing } from './listings.ts'
import { NearestSearch } from './nearest.ts'
import { type Gazetteer, type Municipality, municipalitiesOfLocality, slugify } from './regions.ts'

export interface Place {
  municipality: string | null
  region: string | null
}

/** Farthest a listing of an unknown municipality borrows the place of its nearest placed neighbour (km). */
const BORROW_KM = 3
/** How far and how many placed neighbours decide between same-named municipalities (km, count). */
const VOTE_KM = 60
const VOTERS = 10

/**
 * The municipality and kraj of each listing (same order): from the locality slug; when the name
 * is shared by municipalities in several kraje, the candidate whose kraj the nearest placed
 * listings (up to 10 within 60 km) lie in; when the name is unknown, the place of the nearest
 * placed listing within 3 km; otherwise null.
 */
export function placeListings(listings: readonly Listing[], gazetteer: Gazetteer): Place[] {
  const candidates = listings.map((l) => municipalitiesOfLocality(l.locality, gazetteer))
  const places: Place[] = candidates.map((list) =>
    new Set(list.map((m) => m.region)).size === 1
      ? { municipality: list[0]!.name, region: list[0]!.region }
      : { municipality: null, region: null },
  )
  const placed = listings.map((_, i) => i).filter((i) => places[i]!.region !== null)
  if (placed.length === 0 || placed.length === listings.length) return places
  const index = new KDBush(placed.length)
  for (const i of placed) index.add(listings[i]!.lon, listings[i]!.lat)
  index.finish()
  const search = new NearestSearch(index)
  listings.forEach((l, i) => {
    if (places[i]!.region !== null) return
    const list = candidates[i]!
    if (list.length > 0) {
      const count = search.around(l.lon, l.lat, VOTERS, VOTE_KM)
      for (let k = 0; k < count; k++) {
        const m = list.find((c) => c.region === places[placed[search.ids[k]!]!]!.region)
        if (m) {
          places[i] = { municipality: m.name, region: m.region }
          return
        }
      }
      return
    }
    if (search.around(l.lon, l.lat, 1, BORROW_KM) > 0) places[i] = { ...places[placed[search.ids[0]!]!]! }
  })
  return places
}

export interface Geocoded {
  lat: number
  lon: number
  /** What the address was matched to, e.g. "Praha, Smíchov" or "Olomouc". */
  matched: string
  precision: 'part' | 'municipality'
  region: string
  /** Listings whose median position gave the point. */
  listings: number
}

/** Longest address accepted, in characters (the route caps it too). */
const MAX_ADDRESS = 300

/**
 * Places an address ("Smíchov, Praha 5", "Ostrava-Poruba", "779 00 Olomouc") on the median
 * position of the listings in the municipality and part it names. Postcodes narrow the
 * municipality; the longest name wins. Undefined when no municipality with listings is named.
 */
/** Listings and their median position. */
interface Spot {
  sales: Sale[]
  lat: number
  lon: number
}

/** The listings of one municipality (a locality slug prefix), and of each of its parts once asked. */
interface Town extends Spot {
  /**
   * Part slug → the town's listings whose locality names it (`-smichov` anywhere in the slug),
   * gathered the first time an address names that part: Prague's 5,000 listings are read once
   * per part, not on every address. Bounded by the gazetteer's parts of the town.
   */
  parts: Map<string, Spot>
}

function spotOf(sales: Sale[]): Spot {
  if (sales.length === 0) return { sales, lat: Number.NaN, lon: Number.NaN }
  return { sales, lat: median(sales.map((s) => s.lat)), lon: median(sales.map((s) => s.lon)) }
}

const townIndexes = new WeakMap<readonly Sale[], Map<string, Town>>()

/**
 * Every leading run of words of the sales' locality slugs ("praha", "praha-smichov", …) → the
 * sales under it and their median position: what `geocode` reads instead of filtering and sorting
 * all listings per candidate town (a Prague address read all 13,000 and sorted 5,000 twice, ~1 ms).
 * Built once per set of sales; a slug prefix at word boundaries is exactly "equal to the town's
 * slug or starting with it and a hyphen".
 */
function townsOf(sales: readonly Sale[]): Map<string, Town> {
  let index = townIndexes.get(sales)
  if (index) return index
  index = new Map()
  for (const s of sales) {
    let end = s.locality.indexOf('-')
    for (;;) {
      const prefix = end === -1 ? s.locality : s.locality.slice(0, end)
      const town = index.get(prefix)
      if (town) town.sales.push(s)
      else index.set(prefix, { sales: [s], lat: Number.NaN, lon: Number.NaN, parts: new Map() })
      if (end === -1) break
      end = s.locality.indexOf('-', end + 1)
    }
  }
  for (const town of index.values()) Object.assign(town, spotOf(town.sales))
  townIndexes.set(sales, index)
  return index
}

export function geocode(address: string, gazetteer: Gazetteer, sales: readonly Sale[]): Geocoded | undefined {
  const text = address.slice(0, MAX_ADDRESS)
  const words = slugify(text).split('-').filter(Boolean)
  const postcode = /\b(\d{3})\s?(\d{2})\b/.exec(text)
  const byPostcode = postcode ? gazetteer.postcodes.get(`${postcode[1]}${postcode[2]}`) : undefined
  // Every run of up to 6 words that names a municipality or a part, longest first.
  const found: { slug: string; kind: 'municipality' | 'part'; list: Municipality[] }[] = []
  for (let i = 0; i < words.length; i++) {
    for (let k = Math.min(6, words.length - i); k >= 1; k--) {
      const slug = words.slice(i, i + k).join('-')
      const m = gazetteer.municipalities.get(slug)
      if (m) found.push({ slug, kind: 'municipality', list: m })
      const p = gazetteer.parts.get(slug)
      if (p) found.push({ slug, kind: 'part', list: p })
    }
  }
  found.sort((a, b) => b.slug.length - a.slug.length)
  const towns = found.filter((f) => f.kind === 'municipality').flatMap((f) => f.list)
  const candidates = byPostcode ?? (towns.length > 0 ? towns : found.flatMap((f) => f.list))
  const index = townsOf(sales)
  let best: Geocoded | undefined
  // Bounded: a common part name ("Nová Ves") names hundreds of municipalities; 30 is plenty.
  for (const town of [...new Set(candidates)].slice(0, 30)) {
    const inTown = index.get(town.slug)
    if (!inTown) continue
    const part = found.find((f) => f.kind === 'part' && f.slug !== town.slug && town.parts.has(f.slug))
    let inPart: Spot | undefined
    if (part) {
      inPart = inTown.parts.get(part.slug)
      if (!inPart) {
        const infix = `-${part.slug}`
        inPart = spotOf(inTown.sales.filter((s) => s.locality.includes(infix)))
        inTown.parts.set(part.slug, inPart)
      }
    }
    const point: Geocoded =
      inPart && inPart.sales.length > 0
        ? {
            lat: inPart.lat,
            lon: inPart.lon,
            matched: `${town.name}, ${part!.slug}`,
            precision: 'part',
            region: town.region,
            listings: inPart.sales.length,
          }
        : {
            lat: inTown.lat,
            lon: inTown.lon,
            matched: town.name,
            precision: 'municipality',
            region: town.region,
            listings: inTown.sales.length,
          }
    // A part match beats a town match; among equals, the town with more listings.
    if (
      !best ||
      (point.precision === 'part' && best.precision === 'municipality') ||
      (point.precision === best.precision && point.listings > best.listings)
    )
      best = point
  }
  return best
}
