/**
 * Which kraj (region) a listing lies in, from its locality slug ("ceske-budejovice-…") matched
 * against the municipality names of the RÚIAN gazetteer (psc-list.csv in the registry folder).
 * The longest run of leading slug words that names exactly one kraj wins; names shared by
 * municipalities in several kraje are left unresolved rather than guessed.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { fold } from '../czech/text.ts'

export function slugify(s: string): string {
  return fold(s)
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

/** One municipality of the gazetteer with the parts (části obce) and postcodes it has. */
export interface Municipality {
  /** RÚIAN code of the municipality (kód obce). */
  code: string
  name: string
  slug: string
  district: string
  region: string
  parts: Set<string>
  /** Part slug → the part's name as RÚIAN spells it ("smichov" → "Smíchov"). */
  partNames: Map<string, string>
  /**
   * City districts of the statutory cities (městské části and Prague's obvody), slug → name
   * ("brno-lisen" → "Brno-Líšeň", "praha-5" → "Praha 5"): listing slugs often name these
   * instead of a part.
   */
  cityDistricts: Map<string, string>
  /** City district slug → the slugs of the parts it holds ("brno-stred" → veveri, trnita …). */
  districtParts: Map<string, Set<string>>
}

/**
 * The RÚIAN gazetteer as lookups by slug: municipalities (obce), their parts and postcodes. It
 * has no coordinates; `geocode` in geocode.ts places an address through the listings of the
 * municipality (part) it names.
 */
export interface Gazetteer {
  /** Municipality slug → the municipalities of that name (several kraje may share a name). */
  municipalities: Map<string, Municipality[]>
  /** Part slug → the municipalities that have a part of that name. */
  parts: Map<string, Municipality[]>
  /** PSČ (5 digits) → the municipalities it serves. */
  postcodes: Map<string, Municipality[]>
}

const gazetteers = new Map<string, Gazetteer>()

export function loadGazetteer(registryDir: string): Gazetteer {
  const hit = gazetteers.get(registryDir)
  if (hit) return hit
  const rows = parse(readFileSync(join(registryDir, 'psc-list.csv'), 'utf8'), { columns: true }) as Record<
    string,
    string
  >[]
  const byCode = new Map<string, Municipality>()
  const municipalities = new Map<string, Municipality[]>()
  const parts = new Map<string, Municipality[]>()
  const postcodes = new Map<string, Municipality[]>()
  const add = (map: Map<string, Municipality[]>, key: string, m: Municipality) => {
    const list = map.get(key)
    if (!list) map.set(key, [m])
    else if (!list.includes(m)) list.push(m)
  }
  for (const r of rows) {
    let m = byCode.get(r.kodobce!)
    if (!m) {
      m = {
        code: r.kodobce!,
        name: r.nazobce!,
        slug: slugify(r.nazobce!),
        district: r.nazokresu!,
        region: r.nazevkraj!,
        parts: new Set(),
        partNames: new Map(),
        cityDistricts: new Map(),
        districtParts: new Map(),
      }
      byCode.set(r.kodobce!, m)
      add(municipalities, m.slug, m)
    }
    const part = slugify(r.nazcobce!)
    m.parts.add(part)
    if (!m.partNames.has(part)) m.partNames.set(part, r.nazcobce!)
    for (const d of [r.nazmomc, r.nazpobvod])
      if (d) {
        const slug = slugify(d)
        if (!m.cityDistricts.has(slug)) m.cityDistricts.set(slug, d)
        const held = m.districtParts.get(slug)
        if (held) held.add(part)
        else m.districtParts.set(slug, new Set([part]))
      }
    add(parts, part, m)
    if (/^\d{5}$/.test(r.psc ?? '')) add(postcodes, r.psc!, m)
  }
  const gazetteer = { municipalities, parts, postcodes }
  gazetteers.set(registryDir, gazetteer)
  return gazetteer
}

/**
 * The municipalities a locality slug ("praha-smichov-ostrovskeho") may mean: the longest run of
 * leading words that is a municipality name; when several municipalities share the name, those
 * having a part named by the following words, if any do.
 */
export function municipalitiesOfLocality(locality: string, gazetteer: Gazetteer): Municipality[] {
  const words = locality.split('-')
  for (let k = Math.min(6, words.length); k >= 1; k--) {
    const list = gazetteer.municipalities.get(words.slice(0, k).join('-'))
    if (!list) continue
    if (list.length === 1) return list
    const rest = words.slice(k)
    for (let j = Math.min(6, rest.length); j >= 1; j--) {
      const part = rest.slice(0, j).join('-')
      const having = list.filter((m) => m.parts.has(part))
      if (having.length > 0) return having
    }
    return list
  }
  return []
}

/**
 * The municipality and kraj a locality slug names; undefined when it names none, or when its
 * municipalities lie in more than one kraj (left unresolved rather than guessed).
 */
export function placeOfLocality(
  locality: string,
  gazetteer: Gazetteer,
): { municipality: string; region: string } | undefined {
  const list = municipalitiesOfLocality(locality, gazetteer)
  const regions = new Set(list.map((m) => m.region))
  return regions.size === 1 ? { municipality: list[0]!.name, region: list[0]!.region } : undefined
}
