/**
 * The registry map: the points of a layer clustered by zoom (supercluster), municipalities placed
 * where their listings are, a diacritic-insensitive place search over the gazetteer's
 * municipalities and the localities and streets of listings, and price statistics per kraj.
 *
 * The RÚIAN gazetteer has names and postcodes but no coordinates, so a municipality is shown at
 * the median position of the listings placed in it (as geocode.ts places an address); one
 * without listings has no point on the map, though search still finds it.
 */
import Supercluster from 'supercluster'
import { fold } from '../czech/text.ts'
import { quantile } from '../finance/stats.ts'
import { PPM2_MAX, PPM2_MIN, type Sale } from './comparables.ts'
import type { Listing } from './listings.ts'
import { type Gazetteer, type Municipality, municipalitiesOfLocality, slugify } from './regions.ts'

/** A listing as the domain service holds it: placed in its municipality and kraj, when resolved. */
export type PlacedListing = Listing & { municipality: string | null; region: string | null }

/** [minLon, minLat, maxLon, maxLat], WGS84 degrees. */
export type Bbox = [number, number, number, number]

/**
 * Clustering radius in pixels of a 512 px tile (the tile size of MapLibre and of supercluster's
 * zoom levels): about a marker's width, so markers closer than that merge into one cluster.
 */
const CLUSTER_RADIUS_PX = 60
/**
 * Deepest zoom that still clusters. At 16 a 60 px radius is about 45 m at Czech latitudes
 * (a 512 px tile spans ~390 m there), about one block of flats; from zoom 17 every point is its own.
 */
const CLUSTER_MAX_ZOOM = 16

export interface LayerPoint {
  /** The feature's id: a listing code, a RÚIAN municipality code. */
  id: string
  lon: number
  lat: number
  properties: Record<string, unknown>
}

/** A GeoJSON (RFC 7946) point feature: a point of the layer or a cluster of them. */
interface DotFeature {
  type: 'Feature'
  id: string | number
  geometry: { type: 'Point'; coordinates: [number, number] }
  properties: Record<string, unknown>
}

export interface Dots {
  features: DotFeature[]
  /** Layer points the features stand for: each cluster's point_count, 1 for each lone point. */
  points: number
  clusters: number
}

/** 6 decimals of a degree: about 0.1 m, finer than any position the data has. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * One layer's points and their clusters at every zoom 0..CLUSTER_MAX_ZOOM: supercluster builds a
 * KD-tree per zoom once (~50 ms for 14,000 points), after which a box at a zoom is answered from
 * the tree of that zoom in time proportional to what the box holds.
 */
export class TooManyFeatures extends Error {
  readonly found: number
  readonly max: number
  constructor(found: number, max: number) {
    super(`${found} features in the box at this zoom, at most ${max} are sent`)
    this.found = found
    this.max = max
  }
}

export class PointLayer {
  readonly count: number
  private readonly index: Supercluster

  constructor(points: readonly LayerPoint[]) {
    this.count = points.length
    this.index = new Supercluster({
      radius: CLUSTER_RADIUS_PX,
      extent: 512,
      maxZoom: CLUSTER_MAX_ZOOM,
      minPoints: 2,
    })
    this.index.load(
      points.map((p) => ({
        type: 'Feature' as const,
        id: p.id,
        geometry: { type: 'Point' as const, coordinates: [round6(p.lon), round6(p.lat)] },
        properties: p.properties,
      })),
    )
  }

  /**
   * The clusters and lone points inside a box at a zoom (an integer 0..20; above 16 no clustering).
   * More than `maxFeatures` throws TooManyFeatures before any is built: a box far wider than a
   * screen at a street-level zoom would otherwise send every point (megabytes).
   */
  dots(bbox: Bbox, zoom: number, maxFeatures = Number.POSITIVE_INFINITY): Dots {
    const features: DotFeature[] = []
    let points = 0
    let clusters = 0
    const found = this.index.getClusters(bbox, zoom)
    if (found.length > maxFeatures) throw new TooManyFeatures(found.length, maxFeatures)
    for (const f of found) {
      const [lon, lat] = f.geometry.coordinates as [number, number]
      const props = f.properties as Record<string, unknown>
      if (props.cluster === true) {
        const id = props.cluster_id as number
        const count = props.point_count as number
        points += count
        clusters++
        features.push({
          type: 'Feature',
          id,
          geometry: { type: 'Point', coordinates: [round6(lon), round6(lat)] },
          properties: {
            cluster: true,
            cluster_id: id,
            point_count: count,
            point_count_abbreviated: props.point_count_abbreviated,
            // The zoom at which this cluster splits: where a click on it should zoom the map to.
            expansion_zoom: this.index.getClusterExpansionZoom(id),
          },
        })
      } else {
        points++
        features.push({
          type: 'Feature',
          id: f.id as string,
          // Rounded again: the index hands points back through its projection (…0000002 off).
          geometry: { type: 'Point', coordinates: [round6(lon), round6(lat)] },
          properties: props,
        })
      }
    }
    return { features, points, clusters }
  }
}

/** The gazetteer's municipality a placed listing lies in, when exactly one fits. */
function municipalityOf(listing: PlacedListing, gazetteer: Gazetteer): Municipality | undefined {
  if (listing.municipality === null) return undefined
  const named = (gazetteer.municipalities.get(slugify(listing.municipality)) ?? []).filter(
    (m) => m.region === listing.region,
  )
  if (named.length <= 1) return named[0]
  // Same name twice in one kraj: the part the locality names decides, if it does.
  const fromLocality = new Set(municipalitiesOfLocality(listing.locality, gazetteer))
  const both = named.filter((m) => fromLocality.has(m))
  return both.length === 1 ? both[0] : undefined
}

/** A listing's CZK/m² when it is a sale with a plausible price and area, else undefined. */
function salePpm2(l: Listing): number | undefined {
  if (l.category_type !== 1 || l.price_czk === null || l.area_m2 === null) return undefined
  const ppm2 = l.price_czk / l.area_m2
  return ppm2 >= PPM2_MIN && ppm2 <= PPM2_MAX ? ppm2 : undefined
}

/** The value under a key, made and stored on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key)
  if (v === undefined) {
    v = make()
    map.set(key, v)
  }
  return v
}

const sortedMedian = (values: number[]) =>
  quantile(
    values.sort((a, b) => a - b),
    0.5,
  )

/** Listings gathered under one place, with where they are and what they ask. */
class Bucket {
  readonly lats: number[] = []
  readonly lons: number[] = []
  readonly ppm2: number[] = []

  add(l: Listing): void {
    this.lats.push(l.lat)
    this.lons.push(l.lon)
    const p = salePpm2(l)
    if (p !== undefined) this.ppm2.push(p)
  }

  get count(): number {
    return this.lats.length
  }

  /** The median position: one outlying listing cannot drag it away as it would a mean. */
  position(): { lat: number; lon: number } {
    return { lat: round6(sortedMedian(this.lats)), lon: round6(sortedMedian(this.lons)) }
  }

  medianPpm2(): number | null {
    return this.ppm2.length === 0 ? null : Math.round(sortedMedian(this.ppm2))
  }
}

export interface PlacedMunicipality {
  municipality: Municipality
  lat: number
  lon: number
  listings: number
  /** Median asking CZK/m² of its sale listings; null when it has none with a price and an area. */
  median_price_per_m2: number | null
}

/** The municipalities that have listings, each at the median position of its listings. */
export function placeMunicipalities(
  listings: readonly PlacedListing[],
  gazetteer: Gazetteer,
): PlacedMunicipality[] {
  const buckets = new Map<Municipality, Bucket>()
  for (const l of listings) {
    const m = municipalityOf(l, gazetteer)
    if (!m) continue
    entry(buckets, m, () => new Bucket()).add(l)
  }
  return [...buckets.entries()]
    .map(([municipality, b]) => ({
      municipality,
      ...b.position(),
      listings: b.count,
      median_price_per_m2: b.medianPpm2(),
    }))
    .sort((a, b) => a.municipality.code.localeCompare(b.municipality.code))
}

/**
 * A listing's locality slug ("obec-cast-ulice") read against its municipality: the part (část
 * obce, or a city district such as "Brno-Líšeň" or "Praha 5") the words after the municipality
 * name, longest first, and the street as what remains. Undefined when the slug does not start
 * with the municipality's name (a listing placed by its neighbours).
 */
export function splitLocality(
  locality: string,
  m: Municipality,
): { part: string | undefined; street: string | undefined } | undefined {
  if (locality !== m.slug && !locality.startsWith(`${m.slug}-`)) return undefined
  const rest = locality
    .slice(m.slug.length + 1)
    .split('-')
    .filter(Boolean)
  for (let j = Math.min(6, rest.length); j >= 1; j--) {
    const part = rest.slice(0, j).join('-')
    if (m.parts.has(part) || m.cityDistricts.has(part))
      return { part, street: rest.slice(j).join('-') || undefined }
  }
  return { part: undefined, street: rest.join('-') || undefined }
}

/** What text is compared as: folded (no diacritics, lower case), runs of non-letters as one space. */
export function searchKey(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

type PlaceKind = 'municipality' | 'locality' | 'street'
const KIND_ORDER: Record<PlaceKind, number> = { municipality: 0, locality: 1, street: 2 }

export interface PlaceHit {
  kind: PlaceKind
  /** The municipality's or part's name as RÚIAN spells it; a street as its listings' slug has it. */
  name: string
  municipality: string
  /** The part (část obce) of a locality or street, when the slug names one. */
  part: string | null
  district: string
  region: string
  /** Slug prefix of the listings there: what /api/reality/ads?locality= takes. */
  locality: string
  listings: number
  /** Median position of its listings; null for a municipality without listings. */
  latitude: number | null
  longitude: number | null
}

interface Entry {
  hit: PlaceHit
  /** searchKey of the name. */
  name: string
  /** " " + the words of the name and of the places it lies in (part, municipality). */
  words: string
}

/** A part's or city district's name as RÚIAN spells it. */
const partName = (m: Municipality, part: string) =>
  m.partNames.get(part) ?? m.cityDistricts.get(part) ?? streetName(part)

/** A street slug as words, first letter capitalised: "hlavni-trida" → "Hlavni trida". */
const streetName = (slug: string) => {
  const words = slug.replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Place search over every municipality of the gazetteer and the localities (parts) and streets
 * that listings name. A query matches a place whose name equals it (rank 0), starts with it (1)
 * or has a word starting with it (2), or whose name and surroundings have, for every query word,
 * a word starting with it (3: "praha smichov" finds Smíchov in Praha). Within a rank:
 * municipalities, then localities, then streets; more listings first; then by name.
 */
export class PlaceSearch {
  private readonly entries: Entry[] = []

  constructor(gazetteer: Gazetteer, listings: readonly PlacedListing[]) {
    const towns = new Map<Municipality, Bucket>()
    const parts = new Map<string, { m: Municipality; part: string; b: Bucket }>()
    const streets = new Map<
      string,
      { m: Municipality; part: string | undefined; street: string; b: Bucket }
    >()
    for (const l of listings) {
      const m = municipalityOf(l, gazetteer)
      if (!m) continue
      entry(towns, m, () => new Bucket()).add(l)
      const split = splitLocality(l.locality, m)
      if (!split) continue
      const { part, street } = split
      // A part of the town's own name ("Horní Berkovice" in Horní Berkovice) is the town itself.
      if (part !== undefined && part !== m.slug) {
        entry(parts, `${m.code}|${part}`, () => ({ m, part, b: new Bucket() })).b.add(l)
      }
      if (street !== undefined) {
        entry(streets, `${m.code}|${part ?? ''}|${street}`, () => ({
          m,
          part,
          street,
          b: new Bucket(),
        })).b.add(l)
      }
    }
    const seen = new Set<Municipality>()
    for (const list of gazetteer.municipalities.values())
      for (const m of list) {
        if (seen.has(m)) continue
        seen.add(m)
        const b = towns.get(m)
        const at = b?.position()
        this.add(
          {
            kind: 'municipality',
            name: m.name,
            municipality: m.name,
            part: null,
            district: m.district,
            region: m.region,
            locality: m.slug,
            listings: b?.count ?? 0,
            latitude: at?.lat ?? null,
            longitude: at?.lon ?? null,
          },
          [m.name],
        )
      }
    for (const { m, part, b } of parts.values()) {
      const name = partName(m, part)
      const at = b.position()
      this.add(
        {
          kind: 'locality',
          name,
          municipality: m.name,
          part: name,
          district: m.district,
          region: m.region,
          locality: `${m.slug}-${part}`,
          listings: b.count,
          latitude: at.lat,
          longitude: at.lon,
        },
        [name, m.name],
      )
    }
    for (const { m, part, street, b } of streets.values()) {
      const within = part === undefined ? null : partName(m, part)
      const at = b.position()
      this.add(
        {
          kind: 'street',
          name: streetName(street),
          municipality: m.name,
          part: within,
          district: m.district,
          region: m.region,
          locality: [m.slug, part, street].filter(Boolean).join('-'),
          listings: b.count,
          latitude: at.lat,
          longitude: at.lon,
        },
        [street, within ?? '', m.name],
      )
    }
    // Ordered once by everything but the match rank, so a query only buckets its matches by rank.
    const collator = new Intl.Collator('cs')
    this.entries.sort(
      (a, b) =>
        KIND_ORDER[a.hit.kind] - KIND_ORDER[b.hit.kind] ||
        b.hit.listings - a.hit.listings ||
        collator.compare(a.hit.name, b.hit.name) ||
        a.hit.locality.localeCompare(b.hit.locality),
    )
  }

  private add(hit: PlaceHit, texts: string[]): void {
    const words = texts.map(searchKey).filter(Boolean).join(' ')
    this.entries.push({ hit, name: searchKey(hit.name), words: ` ${words}` })
  }

  get size(): number {
    return this.entries.length
  }

  /** The best `limit` places for a query and how many matched; the query must hold a letter or digit. */
  search(query: string, limit: number): { total: number; items: PlaceHit[] } {
    const q = searchKey(query)
    if (q === '') return { total: 0, items: [] }
    const starts = q.split(' ').map((t) => ` ${t}`)
    const ranks: PlaceHit[][] = [[], [], [], []]
    for (const e of this.entries) {
      let rank: number
      if (e.name === q) rank = 0
      else if (e.name.startsWith(q)) rank = 1
      else if (e.name.includes(` ${q}`)) rank = 2
      else if (starts.every((t) => e.words.includes(t))) rank = 3
      else continue
      ranks[rank]!.push(e.hit)
    }
    const all = ranks.flat()
    return { total: all.length, items: all.slice(0, limit) }
  }
}

/** Mean, median and quartiles (R type 7) of a set of values, rounded to whole units. */
export interface Distribution {
  mean: number
  median: number
  p25: number
  p75: number
}

export function distribution(values: readonly number[]): Distribution | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  let sum = 0
  for (const v of sorted) sum += v
  return {
    mean: Math.round(sum / sorted.length),
    median: Math.round(quantile(sorted, 0.5)),
    p25: Math.round(quantile(sorted, 0.25)),
    p75: Math.round(quantile(sorted, 0.75)),
  }
}

export interface AreaFigures {
  /** Every listing held there (sales, price on request, other categories). */
  listings: number
  /** Sale listings with a plausible price and area: what the statistics are of. */
  sales: number
  /** Asking price, CZK. */
  price: Distribution | null
  /** Asking price per m², CZK/m². */
  price_per_m2: Distribution | null
}

export interface RegionFigures extends AreaFigures {
  region: string
  /** Municipalities of the kraj in the gazetteer. */
  municipalities: number
}

function figures(listings: number, sales: readonly Sale[]): AreaFigures {
  return {
    listings,
    sales: sales.length,
    price: distribution(sales.map((s) => s.price)),
    price_per_m2: distribution(sales.map((s) => s.ppm2)),
  }
}

/**
 * Listing counts and price statistics for every kraj of the gazetteer (in Czech alphabetical
 * order, those without listings included with null statistics), for the country, and the count
 * of listings whose kraj could not be resolved.
 */
export function regionFigures(
  listings: readonly PlacedListing[],
  sales: readonly Sale[],
  gazetteer: Gazetteer,
): { country: AreaFigures; regions: RegionFigures[]; unplaced: number } {
  const municipalities = new Map<string, Set<Municipality>>()
  for (const list of gazetteer.municipalities.values())
    for (const m of list) {
      const set = municipalities.get(m.region) ?? new Set()
      set.add(m)
      municipalities.set(m.region, set)
    }
  const listingCount = new Map<string, number>()
  let unplaced = 0
  for (const l of listings) {
    if (l.region === null) unplaced++
    else listingCount.set(l.region, (listingCount.get(l.region) ?? 0) + 1)
  }
  const salesBy = new Map<string, Sale[]>()
  for (const s of sales) {
    if (s.region === undefined) continue
    const list = salesBy.get(s.region)
    if (list) list.push(s)
    else salesBy.set(s.region, [s])
  }
  const names = new Set([...municipalities.keys(), ...listingCount.keys()])
  const collator = new Intl.Collator('cs')
  return {
    country: figures(listings.length, sales),
    regions: [...names].sort(collator.compare).map((region) => ({
      region,
      municipalities: municipalities.get(region)?.size ?? 0,
      ...figures(listingCount.get(region) ?? 0, salesBy.get(region) ?? []),
    })),
    unplaced,
  }
}
