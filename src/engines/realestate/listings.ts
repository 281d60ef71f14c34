/**
 * Apartment-for-sale listings in the Sreality export format (`;`-separated, UTF-8, a header row,
 * the first column a pandas index): one parser for the domain service's import and for the agents
 * that read the file directly. Rows without a usable price (0 or 1 = "price on request") or area
 * ("-") keep null there, so statistics skip them explicitly; rows without a code or with
 * coordinates outside Czechia are rejected with the reason.
 */
import { parse } from 'csv-parse/sync'

export interface Listing {
  /** Sreality hash_id: the key an import is idempotent by. */
  code: string
  title: string
  /** "2+kk", "3+1", "6+", "atypické" (from category_sub_cb when the rooms column says "-"). */
  disposition: string
  area_m2: number | null
  /** Locality slug "obec-cast-ulice". */
  locality: string
  lat: number
  lon: number
  price_czk: number | null
  /** 1 = sale; other category_type values are kept but excluded from sale statistics. */
  category_type: number
  /** When the listing was seen ("YYYY-MM-DD HH:MM:SS", the scrape time). */
  scraped_at: string
}

/** Sreality's category_sub_cb → disposition, for rows whose rooms column is "-". */
const DISPOSITION_BY_SUB: Readonly<Record<string, string>> = {
  '2': '1+kk',
  '3': '1+1',
  '4': '2+kk',
  '5': '2+1',
  '6': '3+kk',
  '7': '3+1',
  '8': '4+kk',
  '9': '4+1',
  '10': '5+kk',
  '11': '5+1',
  '12': '6+',
  '16': 'atypické',
}

/** Every disposition the data knows, in the order tables show them. */
export const DISPOSITIONS = Object.values(DISPOSITION_BY_SUB)

/** Rough bounding box of Czechia (degrees, WGS84) with a margin: outside it a row is a typo. */
const CZ_BOUNDS = { minLat: 48.4, maxLat: 51.2, minLon: 11.9, maxLon: 19.0 }

/** Largest listings file read (bytes): the shipped sample is 2.2 MB; a full country scrape ~20 MB. */
export const MAX_LISTINGS_FILE_BYTES = 200 * 1024 * 1024

export interface Rejected {
  /** 1-based line in the file (the header is line 1). */
  line: number
  reason: string
}

export interface ParsedListings {
  listings: Listing[]
  rejected: Rejected[]
  /** The shift taken off the coordinates (degrees), when the file carries the known one. */
  shift: { lat: number; lon: number } | null
}

/**
 * The Sreality scrape of 12 Apr 2024 (the shipped demo) places every flat about 1.5 km south and
 * 1.0 km east of where it is: landmarks named in the locality slugs (Václavské náměstí and Vítězné
 * náměstí in Prague, Mojmírovo náměstí in Brno, Masarykovo náměstí in Ostrava, the square of
 * Kašperské Hory) all sit 0.0131–0.0137° too far south and 0.0140–0.0149° too far east. Such
 * files are recognised by the same digits past the sixth decimal on every coordinate (…7700874 in
 * latitude, …229912602 in longitude: a constant added to rounded positions), and the mean offset
 * is taken off, so coordinates callers give (real WGS84) and the listings agree.
 */
export const SHIFTED_EXPORT = {
  latResidue: 0.7700874,
  lonResidue: 0.2299126,
  lat: -0.0135,
  lon: 0.0143,
}

/** Digits of a coordinate past the sixth decimal, as a fraction of 1e-6°. */
const residue = (x: number) => {
  const scaled = x * 1e6
  return scaled - Math.floor(scaled)
}

function carriesKnownShift(listings: readonly Listing[]): boolean {
  if (listings.length === 0) return false
  let hits = 0
  for (const l of listings)
    if (
      Math.abs(residue(l.lat) - SHIFTED_EXPORT.latResidue) < 1e-4 &&
      Math.abs(residue(l.lon) - SHIFTED_EXPORT.lonResidue) < 1e-4
    )
      hits++
  return hits >= 0.9 * listings.length
}

const REQUIRED_COLUMNS = ['code', 'rooms', 'size_meters', 'locality', 'latitude', 'longitude', 'price']

/** Parses the CSV text; throws when a required column is missing (not a listings file). */
export function parseListings(text: string): ParsedListings {
  const rows = parse(text, {
    delimiter: ';',
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
  }) as Record<string, string | undefined>[]
  if (rows.length > 0) {
    const missing = REQUIRED_COLUMNS.filter((c) => !(c in rows[0]!))
    if (missing.length > 0) throw new Error(`not a listings file: missing column(s) ${missing.join(', ')}`)
  }
  const listings: Listing[] = []
  const rejected: Rejected[] = []
  const seen = new Set<string>()
  rows.forEach((r, i) => {
    const line = i + 2
    const code = (r.code ?? '').trim()
    if (!/^[0-9A-Za-z_-]{1,40}$/.test(code)) {
      rejected.push({ line, reason: 'code: missing or not 1–40 letters/digits' })
      return
    }
    if (seen.has(code)) {
      rejected.push({ line, reason: `code ${code}: repeated in the file (the first row is kept)` })
      return
    }
    const lat = Number(r.latitude)
    const lon = Number(r.longitude)
    if (!inCzechia(lat, lon)) {
      rejected.push({ line, reason: `latitude/longitude: ${r.latitude}, ${r.longitude} is not in Czechia` })
      return
    }
    seen.add(code)
    const area = Number(r.size_meters)
    const price = Number(r.price)
    const rooms = (r.rooms ?? '').trim()
    const disposition =
      rooms && rooms !== '-' ? rooms : (DISPOSITION_BY_SUB[(r.category_sub_cb ?? '').trim()] ?? 'neuvedeno')
    listings.push({
      code,
      title: (r.name ?? '').slice(0, 200),
      disposition,
      area_m2: Number.isFinite(area) && area > 0 ? area : null,
      locality: (r.locality ?? '').slice(0, 200),
      lat,
      lon,
      price_czk: Number.isFinite(price) && price > 1 ? price : null,
      category_type: Number(r.category_type_cb ?? 1) || 1,
      scraped_at: (r.timestamp ?? '').slice(0, 19),
    })
  })
  if (!carriesKnownShift(listings)) return { listings, rejected, shift: null }
  for (const l of listings) {
    l.lat = Math.round((l.lat - SHIFTED_EXPORT.lat) * 1e6) / 1e6
    l.lon = Math.round((l.lon - SHIFTED_EXPORT.lon) * 1e6) / 1e6
  }
  return { listings, rejected, shift: { lat: SHIFTED_EXPORT.lat, lon: SHIFTED_EXPORT.lon } }
}

export function inCzechia(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    lat >= CZ_BOUNDS.minLat &&
    lat <= CZ_BOUNDS.maxLat &&
    lon >= CZ_BOUNDS.minLon &&
    lon <= CZ_BOUNDS.maxLon
  )
}
