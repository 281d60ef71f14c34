/**
 * The RÚIAN municipality/postcode gazetteer (psc-list.csv: parts of municipalities × postcodes,
 * with district and region), loaded once per file. Answers which municipalities a PSČ serves and
 * which PSČ, district and region a municipality (or part of one) has.
 */
import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { AppError } from '../../kit/errors.ts'
import { fold } from './text.ts'

export interface Place {
  part_code: string
  part: string
  psc: string
  municipality_code: string
  municipality: string
  district_code: string
  district: string
  region_code: string
  region: string
  /** Městská část / městský obvod of Prague or a statutory city ("Praha 7", "Brno-střed"), if any. */
  city_district: string | null
}

export interface Gazetteer {
  file: string
  places: Place[]
  byPsc: Map<string, Place[]>
  /** Folded municipality or part-of-municipality name → places. */
  byName: Map<string, Place[]>
}

const cache = new Map<string, Gazetteer>()

export function loadGazetteer(file: string): Gazetteer {
  const hit = cache.get(file)
  if (hit) return hit
  if (!existsSync(file)) {
    throw new AppError(
      'not_configured',
      `The postcode gazetteer ${file} is missing: set REGISTRY_DATA_DIR to the folder holding psc-list.csv`,
      { variable: 'REGISTRY_DATA_DIR', file },
    )
  }
  const rows = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[]
  const places = rows.map(
    (r): Place => ({
      part_code: r.kodcobce!,
      part: r.nazcobce!,
      psc: r.psc!,
      municipality_code: r.kodobce!,
      municipality: r.nazobce!,
      district_code: r.kodokresu!,
      district: r.nazokresu!,
      region_code: r.kodkraj!,
      region: r.nazevkraj!,
      city_district: r.nazmomc || null,
    }),
  )
  const byPsc = new Map<string, Place[]>()
  const byName = new Map<string, Place[]>()
  const add = (map: Map<string, Place[]>, key: string, p: Place) => {
    const list = map.get(key)
    if (list) list.push(p)
    else map.set(key, [p])
  }
  for (const p of places) {
    add(byPsc, p.psc, p)
    add(byName, fold(p.municipality), p)
    if (fold(p.part) !== fold(p.municipality)) add(byName, fold(p.part), p)
  }
  const g = { file, places, byPsc, byName }
  cache.set(file, g)
  return g
}
