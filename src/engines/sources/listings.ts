/**
 * Apartment-for-sale listings (the Sreality CSV: `;`-separated, first column a pandas index),
 * loaded once per file into typed rows. Rows without a usable price (0 or 1 = "price on
 * request") or area ("-") keep null there, so statistics can skip them explicitly.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'

export interface Listing {
  code: string
  title: string
  disposition: string
  area_m2: number | null
  locality: string
  lat: number
  lon: number
  price_czk: number | null
  /** 1 = sale; other category_type values are kept but excluded from sale statistics. */
  category_type: number
  scraped_at: string
}

const cache = new Map<string, Listing[]>()

export function loadListings(file: string): Listing[] {
  const hit = cache.get(file)
  if (hit) return hit
  const rows = parse(readFileSync(file, 'utf8'), {
    delimiter: ';',
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[]
  const listings = rows.map((r): Listing => {
    const area = Number(r.size_meters)
    const price = Number(r.price)
    return {
      code: r.code!,
      title: r.name!,
      disposition: r.rooms!,
      area_m2: Number.isFinite(area) && area > 0 ? area : null,
      locality: r.locality!,
      lat: Number(r.latitude),
      lon: Number(r.longitude),
      price_czk: Number.isFinite(price) && price > 1 ? price : null,
      category_type: Number(r.category_type_cb),
      scraped_at: r.timestamp!,
    }
  })
  cache.set(file, listings)
  return listings
}
