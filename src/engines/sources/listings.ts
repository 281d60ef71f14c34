/**
 * Apartment-for-sale listings read straight from a file (the Sreality CSV), loaded once per file.
 * The parser is the real-estate engine's (engines/realestate/listings.ts), the same one the domain
 * service imports with.
 */
import { readFileSync } from 'node:fs'
import { type Listing, parseListings } from '../realestate/listings.ts'

export type { Listing }

const cache = new Map<string, Listing[]>()

export function loadListings(file: string): Listing[] {
  const hit = cache.get(file)
  if (hit) return hit
  const { listings } = parseListings(readFileSync(file, 'utf8'))
  cache.set(file, listings)
  return listings
}
