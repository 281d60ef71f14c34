/**
 * A place named in words — "Brno-střed", "Praha 5 - Smíchov", "Ostrava", "Smíchov" — as the set
 * of listings it covers: a municipality of the RÚIAN gazetteer, one of its city districts
 * (městská část or Prague's obvod, with the parts it holds) or one of its parts (část obce).
 * Listing slugs name parts ("brno-veveri-…") or districts ("brno-brno-lisen-…"), so a district
 * covers the listings of its own slug and of every part the gazetteer puts in it.
 */
import type { Sale } from './comparables.ts'
import { splitLocality } from './map.ts'
import { type Gazetteer, type Municipality, slugify } from './regions.ts'

export interface Area {
  kind: 'municipality' | 'district' | 'part'
  /** What the text was read as, e.g. "Brno-střed (Brno)" or "Smíchov (Praha)". */
  label: string
  municipality: Municipality
  /** The part or district slugs covered; null for the whole municipality. */
  parts: ReadonlySet<string> | null
}

/** Words of a place name read; a longer text names no more than this. */
const MAX_WORDS = 12
/** Longest run of words one name has ("Brandýs nad Labem-Stará Boleslav" has 6). */
const MAX_NAME_WORDS = 6

const inMunicipality = (s: Sale, m: Municipality) => s.municipality === m.name && s.region === m.region

/** The area a text names; undefined when it names no municipality or part of the gazetteer. */
export function resolveArea(text: string, gazetteer: Gazetteer, sales: readonly Sale[]): Area | undefined {
  const words = slugify(text).split('-').filter(Boolean).slice(0, MAX_WORDS)
  const runs: { slug: string; from: number; to: number }[] = []
  for (let i = 0; i < words.length; i++)
    for (let k = Math.min(MAX_NAME_WORDS, words.length - i); k >= 1; k--)
      runs.push({ slug: words.slice(i, i + k).join('-'), from: i, to: i + k })
  runs.sort((a, b) => b.to - b.from - (a.to - a.from))

  const listed = new Map<Municipality, number>()
  const count = (m: Municipality) => {
    let n = listed.get(m)
    if (n === undefined) {
      n = 0
      for (const s of sales) if (inMunicipality(s, m)) n++
      listed.set(m, n)
    }
    return n
  }
  // The municipality: one with listings before one without, then the longest name in the text,
  // then the most listings (namesakes). A text naming only a part ("Smíchov") means the
  // municipality with that part and most listings.
  const pick = (found: { m: Municipality; from: number; to: number }[]) =>
    found
      .map((f) => ({ ...f, n: count(f.m) }))
      .sort((a, b) => Number(b.n > 0) - Number(a.n > 0) || b.to - b.from - (a.to - a.from) || b.n - a.n)[0]
  let town = pick(
    runs.flatMap((r) =>
      (gazetteer.municipalities.get(r.slug) ?? []).map((m) => ({ m, from: r.from, to: r.to })),
    ),
  )
  town ??= pick(
    runs.flatMap((r) => (gazetteer.parts.get(r.slug) ?? []).map((m) => ({ m, from: -1, to: -1 }))),
  )
  if (!town) return undefined
  const m = town.m
  // A part named outside the municipality's own name, longest first ("praha-5-smichov" → smichov).
  const part = runs.find(
    (r) => (r.to <= town.from || r.from >= town.to) && r.slug !== m.slug && m.parts.has(r.slug),
  )
  if (part) {
    const name = m.partNames.get(part.slug) ?? part.slug
    return { kind: 'part', label: `${name} (${m.name})`, municipality: m, parts: new Set([part.slug]) }
  }
  const district = runs.find((r) => m.cityDistricts.has(r.slug))
  if (district) {
    const held = new Set(m.districtParts.get(district.slug) ?? [])
    held.add(district.slug)
    return {
      kind: 'district',
      label: `${m.cityDistricts.get(district.slug)} (${m.name})`,
      municipality: m,
      parts: held,
    }
  }
  return { kind: 'municipality', label: m.name, municipality: m, parts: null }
}

/** Whether a sale lies in the area: its municipality, and its part or district when one is named. */
export function inArea(sale: Sale, area: Area): boolean {
  if (!inMunicipality(sale, area.municipality)) return false
  if (area.parts === null) return true
  const part = splitLocality(sale.locality, area.municipality)?.part
  return part !== undefined && area.parts.has(part)
}

/**
 * The locality slug prefix of an area (what the listings table filters by), for a municipality or
 * a part; undefined for a district, whose listings no single prefix covers.
 */
export function localityPrefix(area: Area): string | undefined {
  if (area.kind === 'municipality') return area.municipality.slug
  if (area.kind === 'part') return `${area.municipality.slug}-${[...area.parts!][0]}`
  return undefined
}
