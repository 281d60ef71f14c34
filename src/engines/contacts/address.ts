/**
 * Czech postal addresses: "Ulice 846/1, 110 00 Praha 1" split into street, house numbers (číslo
 * popisné / orientační), PSČ and municipality, then checked against the RÚIAN postcode gazetteer
 * (psc-list.csv: part of municipality × PSČ → obec, okres, kraj). The gazetteer is read from its
 * folder at run time (REGISTRY_DATA_DIR), once per folder.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { fold, squish } from './text.ts'

export interface GazetteerRow {
  part: string
  psc: string
  municipality: string
  municipality_code: string
  district: string
  region: string
  city_district: string
}

export interface Gazetteer {
  file: string
  rows: number
  byPsc: Map<string, GazetteerRow[]>
  byName: Map<string, GazetteerRow[]>
}

const loaded = new Map<string, Gazetteer>()

/** Loads (once) the gazetteer from `dir`/psc-list.csv. Throws with the path when it is missing. */
export function loadGazetteer(dir: string): Gazetteer {
  const file = join(dir, 'psc-list.csv')
  const hit = loaded.get(file)
  if (hit) return hit
  const records = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[]
  const byPsc = new Map<string, GazetteerRow[]>()
  const byName = new Map<string, GazetteerRow[]>()
  const add = (map: Map<string, GazetteerRow[]>, key: string, row: GazetteerRow) => {
    const list = map.get(key)
    if (list) list.push(row)
    else map.set(key, [row])
  }
  for (const r of records) {
    const row: GazetteerRow = {
      part: r.nazcobce ?? '',
      psc: r.psc ?? '',
      municipality: r.nazobce ?? '',
      municipality_code: r.kodobce ?? '',
      district: r.nazokresu ?? '',
      region: r.nazevkraj ?? '',
      city_district: r.nazmomc || r.nazpobvod || '',
    }
    add(byPsc, row.psc, row)
    add(byName, fold(row.municipality), row)
    if (row.part !== row.municipality) add(byName, fold(row.part), row)
    if (r.nazpobvod) add(byName, fold(r.nazpobvod), row)
    if (r.nazmomc) add(byName, fold(r.nazmomc), row)
  }
  const gazetteer = { file, rows: records.length, byPsc, byName }
  loaded.set(file, gazetteer)
  return gazetteer
}

export interface ParsedAddress {
  street?: string
  /** Číslo popisné (or evidenční), the building's number in its part of the municipality. */
  house_number?: string
  /** Číslo orientační, the number on the street (may carry a letter: 12a). */
  street_number?: string
  psc?: string
  /** The place as written after the PSČ ("Praha 1"). */
  place?: string
  municipality?: string
  part?: string
  district?: string
  region?: string
  /** Whether the PSČ exists and the place matches one of its municipalities or parts. */
  verified: boolean
  issues: string[]
  formatted: string
}

const PSC = /\b(\d{3})\s?(\d{2})\b/

export function parseAddress(input: string, gazetteer: Gazetteer): ParsedAddress {
  const text = squish(input.replace(/\s*,\s*/g, ', '))
  const issues: string[] = []
  const segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  let psc: string | undefined
  let place: string | undefined
  let placeAt = -1
  const pscAt = segments.findIndex((seg) => /^(?:PSČ\s*)?\d{3}\s?\d{2}(?:\s|$)/i.test(seg))
  if (pscAt >= 0) {
    const seg = segments[pscAt]!.replace(/^PSČ\s*/i, '')
    const m = PSC.exec(seg)!
    psc = `${m[1]}${m[2]}`
    place = seg.slice(m.index + m[0].length).trim() || undefined
    if (place === undefined && segments[pscAt + 1] !== undefined) {
      place = segments[pscAt + 1]
      placeAt = pscAt + 1
    }
  }
  const rest = segments.filter((_, i) => i !== pscAt && i !== placeAt)
  const streetPart = rest.find((seg) => /\d/.test(seg))
  if (place === undefined) place = [...rest].reverse().find((seg) => seg !== streetPart && !/\d{3}/.test(seg))
  const out: ParsedAddress = { verified: false, issues, formatted: '' }
  if (streetPart) {
    const m = /^(.*?)\s*(?:č\.\s*p\.\s*)?(\d{1,5})(?:\s*\/\s*(\d{1,4}[a-zA-Z]?))?$/.exec(streetPart)
    if (m) {
      if (m[1]) out.street = m[1]
      out.house_number = m[2]
      if (m[3]) out.street_number = m[3]
    } else {
      out.street = streetPart
      issues.push('no house number found in the street part')
    }
  }
  if (psc) out.psc = psc
  else issues.push('no PSČ (5 digits, e.g. 110 00) found')
  if (place) out.place = place
  const candidates = psc ? (gazetteer.byPsc.get(psc) ?? []) : []
  if (psc && candidates.length === 0)
    issues.push(`PSČ ${psc.slice(0, 3)} ${psc.slice(3)} is not in the gazetteer`)
  let match: GazetteerRow | undefined
  if (candidates.length > 0) {
    if (place) {
      const p = fold(place)
      const base = fold(place.replace(/\s+\d+$/, ''))
      match =
        candidates.find((r) => fold(r.city_district) === p) ??
        candidates.find((r) => fold(r.municipality) === p || fold(r.part) === p) ??
        candidates.find((r) => fold(r.municipality) === base)
      if (!match) issues.push(`${place} does not lie in PSČ ${psc!.slice(0, 3)} ${psc!.slice(3)}`)
    } else {
      const municipalities = new Set(candidates.map((r) => r.municipality))
      if (municipalities.size === 1) match = candidates[0]
      else issues.push('the PSČ covers several municipalities and no place is given')
    }
  } else if (place && !psc) {
    const rows = gazetteer.byName.get(fold(place.replace(/\s+\d+$/, ''))) ?? gazetteer.byName.get(fold(place))
    if (rows && new Set(rows.map((r) => r.municipality_code)).size === 1) {
      match = rows[0]
    } else if (rows) issues.push(`${place} is the name of several municipalities: add the PSČ`)
    else issues.push(`${place} is not a municipality in the gazetteer`)
  }
  if (match) {
    out.municipality = match.municipality
    if (match.part !== match.municipality) out.part = match.part
    out.district = match.district
    out.region = match.region
    out.verified = Boolean(psc) && issues.length === 0
  }
  const street = [out.street, [out.house_number, out.street_number].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' ')
  const town = [psc ? `${psc.slice(0, 3)} ${psc.slice(3)}` : undefined, place ?? out.municipality]
    .filter(Boolean)
    .join(' ')
  out.formatted = [street, town].filter(Boolean).join(', ')
  return out
}
