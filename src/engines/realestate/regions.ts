/**
 * Which kraj (region) a listing lies in, from its locality slug ("ceske-budejovice-…") matched
 * against the municipality names of the RÚIAN gazetteer (psc-list.csv in the registry folder).
 * The longest run of leading slug words that names exactly one kraj wins; names shared by
 * municipalities in several kraje are left unresolved rather than guessed.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'

export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

const cache = new Map<string, Map<string, Set<string>>>()

/** slug of a municipality (obec) or its part → the kraje it occurs in. */
export function municipalityRegions(registryDir: string): Map<string, Set<string>> {
  const hit = cache.get(registryDir)
  if (hit) return hit
  const rows = parse(readFileSync(join(registryDir, 'psc-list.csv'), 'utf8'), { columns: true }) as Record<
    string,
    string
  >[]
  const map = new Map<string, Set<string>>()
  for (const r of rows) {
    const kraj = r.nazevkraj!
    const key = slugify(r.nazobce!)
    const set = map.get(key) ?? new Set<string>()
    set.add(kraj)
    map.set(key, set)
  }
  cache.set(registryDir, map)
  return map
}

export function regionOfLocality(locality: string, regions: Map<string, Set<string>>): string | undefined {
  const words = locality.split('-')
  for (let k = Math.min(6, words.length); k >= 1; k--) {
    const set = regions.get(words.slice(0, k).join('-'))
    if (set) return set.size === 1 ? [...set][0] : undefined
  }
  return undefined
}
