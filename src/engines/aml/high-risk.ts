/**
 * The EU list of high-risk third countries (Delegated Regulation 2016/1675 as amended), read from
 * the platform's one versioned copy of it, data/reference/eu-high-risk-third-countries.json (the
 * AML agents read the same file): the version in force on the screening date decides, and the
 * answer names that version and its dates.
 */
import { loadReference, REFERENCE_DIR, type ReferenceVersion } from '../reference/load.ts'
import { countryName, toCountryCode } from './countries.ts'

/** One version as the data file holds it. */
interface ListedVersion extends ReferenceVersion {
  version: string
  amended_by: string | null
  countries: string[]
}

export interface HighRiskVersion {
  version: string
  effective_from: string
  /** The day before the next version took effect; null for the version in force. */
  effective_until: string | null
  amended_by: string | null
  countries: string[]
}

export interface HighRiskTable {
  list: string
  versions: HighRiskVersion[]
}

const NAME = 'eu-high-risk-third-countries'

export function loadHighRiskTable(dir: string = REFERENCE_DIR): HighRiskTable {
  const file = loadReference<ListedVersion>(NAME, dir)
  const versions = file.versions.map((v, i) => {
    const next = file.versions[i + 1]
    return {
      version: v.version,
      effective_from: v.effective_from,
      effective_until: next ? dayBefore(next.effective_from) : null,
      amended_by: v.amended_by,
      countries: v.countries,
    }
  })
  return { list: file.title, versions }
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

/**
 * The version in force on a date (YYYY-MM-DD). Screenings are dated today, well inside the file;
 * a date before its first version gets the first (the file records no earlier list).
 */
export function versionOn(table: HighRiskTable, date: string): HighRiskVersion {
  let found = table.versions[0]!
  for (const v of table.versions) if (v.effective_from <= date) found = v
  return found
}

interface CountryCheck {
  /** As given by the client or the registry. */
  input: string
  code: string | null
  name: string | null
  high_risk: boolean
  /** Where the country came from: 'nationality', 'country', 'registered_seat'. */
  role: string
}

export interface HighRiskResult {
  checked: CountryCheck[]
  high_risk: string[]
  list_version: string
  effective_from: string
  effective_until: string | null
}

export function checkCountries(
  table: HighRiskTable,
  countries: { value: string; role: string }[],
  date: string = new Date().toISOString().slice(0, 10),
): HighRiskResult {
  const v = versionOn(table, date)
  const listed = new Set(v.countries)
  const checked = countries.map(({ value, role }) => {
    const code = toCountryCode(value) ?? null
    return {
      input: value,
      code,
      name: code ? countryName(code) : null,
      high_risk: code !== null && listed.has(code),
      role,
    }
  })
  return {
    checked,
    high_risk: [...new Set(checked.filter((c) => c.high_risk).map((c) => c.code!))],
    list_version: v.version,
    effective_from: v.effective_from,
    effective_until: v.effective_until,
  }
}
