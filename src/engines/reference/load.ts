/**
 * Reference data: versioned JSON files in data/reference/ (ČNB limits, holidays, AML thresholds,
 * tariffs …). Each file names its sources and holds `versions`, each effective from a date, so an
 * agent evaluates a rule as it stood on the day asked about — and can cite where it comes from.
 *
 * File shape: { name, title, sources: [{title, url?, date?}], versions: [{effective_from, source?, …}] }
 * with versions in ascending effective_from order (checked on load).
 *
 * Some files are not law but the operator's policy (`kind: "operator_policy"`, with its
 * `policy_version`): the scorecard, underwriting, tariff, claims-triage and CDD weights … The
 * operator replaces one by putting a file of the same name in POLICY_DIR; it is read and checked at
 * start (`readPolicyDir`) against the shipped file's shape, which serves as its schema, and a file
 * that does not fit stops the start with the path of the first field that does not.
 */
import { existsSync, readFileSync } from 'node:fs'
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
  /** "operator_policy": the operator's own choice (weights, points, rates), not law. */
  kind?: 'operator_policy'
  /** The policy's version, named in rules_applied. */
  policy_version?: string
  /** How the operator replaces the file. */
  how_to_change?: string
}

const cache = new Map<string, ReferenceFile>()
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The folder of the operator's policy files (POLICY_DIR), when set. */
let policyDir: string | undefined

/**
 * Reads the operator's policy files from `dir` (POLICY_DIR) in place of the shipped defaults, and
 * checks every one at once: throws naming the file and the first field that does not fit.
 */
export function readPolicyDir(dir: string | undefined): void {
  policyDir = dir
  cache.clear()
  if (!dir) return
  for (const name of POLICY_FILES) loadReference(name)
}

/** The reference files that are the operator's policy (`kind: "operator_policy"`). */
const POLICY_FILES = [
  'bank-lending-policy',
  'cdd-risk-factors',
  'claims-triage',
  'company-risk-flags',
  'credit-scorecard',
  'fraud-rules',
  'insurance-tariff',
  'insurance-underwriting',
  'realestate-opportunity',
] as const

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
const kindOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

/**
 * Where `value` departs from the shape of `template` (the shipped file): the path and the rule, or
 * null. Objects keep every field the template has; a field the template lacks is allowed only in
 * a table keyed by names (all of whose entries share one shape); array items take the shape of one
 * of the template's items.
 */
function misfit(template: Json, value: Json, path: string): string | null {
  const want = kindOf(template)
  const got = kindOf(value)
  if (want !== got) return `${path}: must be ${want === 'object' ? 'an object' : `a ${want}`}, not ${got}`
  if (want === 'number' && !Number.isFinite(value)) return `${path}: must be a finite number`
  if (want === 'array') {
    const items = template as Json[]
    if (items.length === 0) return null
    for (const [i, item] of (value as Json[]).entries()) {
      const errors = items.map((t) => misfit(t, item, `${path}[${i}]`))
      if (!errors.includes(null)) return errors[0]!
    }
    return null
  }
  if (want === 'object') {
    const t = template as Record<string, Json>
    const v = value as Record<string, Json>
    for (const key of Object.keys(t)) {
      if (!(key in v)) return `${path}.${key}: is required`
      const error = misfit(t[key]!, v[key]!, `${path}.${key}`)
      if (error) return error
    }
    const entries = Object.values(t)
    const table = entries.length > 0 && entries.every((e) => misfit(entries[0]!, e, '') === null)
    for (const key of Object.keys(v)) {
      if (key in t) continue
      if (!table) return `${path}.${key}: is not a field of this policy`
      const error = misfit(entries[0]!, v[key]!, `${path}.${key}`)
      if (error) return error
    }
  }
  return null
}

/** The operator's replacement of a policy file, checked against the shipped one. */
function operatorPolicy<V extends ReferenceVersion>(
  shipped: ReferenceFile<V>,
  path: string,
): ReferenceFile<V> {
  let file: ReferenceFile<V>
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as ReferenceFile<V>
  } catch (error) {
    throw new Error(`${path}: not readable JSON (${(error as Error).message})`)
  }
  if (file?.kind !== 'operator_policy') throw new Error(`${path}.kind: must be "operator_policy"`)
  if (typeof file.policy_version !== 'string' || file.policy_version.trim() === '')
    throw new Error(`${path}.policy_version: is required (a name for this version of the policy)`)
  if (!Array.isArray(file.versions) || file.versions.length === 0) throw new Error(`${path}.versions: none`)
  const latest = shipped.versions[shipped.versions.length - 1] as unknown as Json
  for (const [i, v] of file.versions.entries()) {
    const error = misfit(latest, v as unknown as Json, `${path}.versions[${i}]`)
    if (error) throw new Error(`${error} (as in the shipped ${shipped.name}.json)`)
  }
  return file
}

/** Reads and checks one reference file (cached per process: the files ship with the code). */
export function loadReference<V extends ReferenceVersion>(
  name: string,
  dir = REFERENCE_DIR,
): ReferenceFile<V> {
  const key = `${dir}\u0000${name}`
  const hit = cache.get(key)
  if (hit) return hit as ReferenceFile<V>
  let path = `${dir.replace(/\/?$/, '/')}${name}.json`
  let file = JSON.parse(readFileSync(path, 'utf8')) as ReferenceFile<V>
  const own = policyDir ? `${policyDir.replace(/\/?$/, '/')}${name}.json` : undefined
  if (file.kind === 'operator_policy' && own && existsSync(own)) {
    file = operatorPolicy(file, own)
    path = own
  }
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

/**
 * How rules_applied names a rule of the operator's policy: its file, version and who set it, and
 * the date its version took effect — never a law.
 */
export function policySource(name: string, version: ReferenceVersion): { source: string; since: string } {
  const file = loadReference(name)
  const by =
    policyDir && existsSync(`${policyDir.replace(/\/?$/, '/')}${name}.json`)
      ? 'set by the operator'
      : 'the shipped default'
  return {
    source:
      `operator policy ${name} ${file.policy_version ?? ''} (${by}; not law${version.source ? `: ${version.source}` : ''})`.replace(
        '  ',
        ' ',
      ),
    since: version.effective_from,
  }
}

/** Shorthand: load by name and pick the version in force on `date`. */
export function referenceAt<V extends ReferenceVersion>(name: string, date: string): V {
  return versionAt(loadReference<V>(name), date)
}

/** YYYY-MM-DD of a Date in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10)
}
