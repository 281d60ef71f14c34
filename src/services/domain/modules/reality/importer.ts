/**
 * Importing a listings file into the store: read (size-capped), parse, place each listing in its
 * municipality and kraj (RÚIAN gazetteer), upsert by code. Used by `gatehouse realestate import`
 * and by the first start of the service on an empty table.
 */
import { readFileSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { placeListings } from '../../../../engines/realestate/geocode.ts'
import {
  MAX_LISTINGS_FILE_BYTES,
  parseListings,
  type Rejected,
} from '../../../../engines/realestate/listings.ts'
import type { Gazetteer } from '../../../../engines/realestate/regions.ts'
import type { ImportCounts, ListingStore } from './store.ts'

export interface ImportReport extends ImportCounts {
  file: string
  /** Data rows read from the file. */
  read: number
  rejected: Rejected[]
  /** Listings whose kraj could not be resolved (kept, without region). */
  unplaced: number
}

export interface ImportProgress {
  step(text: string): void
  tick(done: number, total: number): void
}

export async function importListingsFile(
  store: ListingStore,
  file: string,
  gazetteer: Gazetteer,
  progress?: ImportProgress,
): Promise<ImportReport> {
  const size = statSync(file).size
  if (size > MAX_LISTINGS_FILE_BYTES) {
    throw new Error(`${file} is ${size} bytes; the largest listings file read is ${MAX_LISTINGS_FILE_BYTES}`)
  }
  progress?.step(`reading ${file}`)
  const { listings, rejected } = parseListings(readFileSync(file, 'utf8'))
  progress?.step(`placing ${listings.length} listings in municipalities and regions`)
  const places = placeListings(listings, gazetteer)
  const placed = listings.map((l, i) => ({ ...l, ...places[i]! }))
  progress?.step(`writing ${placed.length} listings`)
  const counts = await store.upsert(placed, basename(file), (done, total) => progress?.tick(done, total))
  return {
    file,
    read: listings.length + rejected.length,
    rejected,
    unplaced: places.filter((p) => p.region === null).length,
    ...counts,
  }
}
