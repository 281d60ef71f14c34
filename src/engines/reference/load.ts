/**
 * Reference data: versioned JSON files in data/reference/ (ČNB limits, holidays, AML thresholds,
 * tariffs …). Each file names its sources and holds `versions`, each effective from a date, so an
 * agent evaluates a rule as it stood on the day asked about — and can cite where it comes from.
 *
 * File shape: { name, title, sources: [{title, url?, date?}], versions: [{effective_from, source?, …}] }
 * with versions in ascending effective_from order (checked on load).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const REFERENCE_DIR = fileURLToPath(new URL('../../../data/reference/', import.meta.url))

interface ReferenceSource {
  title: string
  url?: string
  date?: string
}

export interface ReferenceVersion {
  /** YYYY-MM-DD: first day this version applies. */
  effective_from: string
  /** Where this version's values come from (a law, a recommendation, a press release). */
  source?: string
}

export interface ReferenceFile<V extends ReferenceVersion = ReferenceVersion> {
  name: string
  title: string
  sources: ReferenceSource[]
  versions: V[]
  notes?: string
}

const cache = new Map<string, ReferenceFile>()
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Reads and checks one reference file (cached per process: the files ship with the code). */
export function loadReference<V extends ReferenceVersion>(
  name: string,
  dir = REFERENCE_DIR,
): ReferenceFile<V> {
  const key = `${dir}\u0000${name}`
  const hit = cache.get(key)
  if (hit) return hit as ReferenceFile<V>
  const path = `${dir.replace(/\/?$/, '/')}${name}.json`
  const file = JSON.parse(readFileSync(path, 'utf8')) as ReferenceFile<V>
  if (file.name !== name) throw new Error(`${path}: "name" is ${file.name}, expected ${name}`)
  if (!Array.isArray(file.sources) || file.sources.length === 0) throw new Error(`${path}: no sources`)
  if (!Array.isArray(file.versions) || file.versions.length === 0) throw new Error(`${path}: no versions`)
  let previous = ''
  for (const v of file.versions) {
    if (!ISO_DATE.test(v.effective_from)) throw new Error(`${path}: bad effective_from ${v.effective_from}`)
    if (v.effective_from <= previous) throw new Error(`${path}: versions must ascend by effective_from`)
    previous = v.effective_from
  }
  cache.set(key, file)
  return file
}

export class NotCoveredError extends Error {
  /** The reference table (its file name). */
  readonly reference: string
  /** The date asked for (YYYY-MM-DD). */
  readonly date: string
  /** The first date the table covers. */
  readonly first: string
  constructor(name: string, date: string, first: string) {
    super(`${name} covers dates from ${first}, not ${date}`)
    this.name = 'NotCoveredError'
    this.reference = name
    this.date = date
    this.first = first
  }
}

/** The version in force on `date` (YYYY-MM-DD): the latest whose effective_from ≤ date. */
export function versionAt<V extends ReferenceVersion>(file: ReferenceFile<V>, date: string): V {
  let found: V | undefined
  for (const v of file.versions) if (v.effective_from <= date) found = v
  if (!found) throw new NotCoveredError(file.name, date, file.versions[0]!.effective_from)
  return found
}

/** Shorthand: load by name and pick the version in force on `date`. */
export function referenceAt<V extends ReferenceVersion>(name: string, date: string): V {
  return versionAt(loadReference<V>(name), date)
}

/** YYYY-MM-DD of a Date in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10)
}
