/**
 * The EU list of high-risk third countries (Delegated Regulation 2016/1675 as amended), read from
 * the versioned data file data/aml/eu-high-risk-third-countries.json: the version in force on the
 * screening date decides, and the answer names that version and its dates.
 */
import { readFileSync } from 'node:fs'
import { countryName, toCountryCode } from './countries.ts'

export interface HighRiskVersion {
  version: string
  effective_from: string | null
  effective_until: string | null
  amended_by: string | null
  countries: string[]
}

export interface HighRiskTable {
  list: string
  legal_basis: string
  source: string
  updated: string
  versions: HighRiskVersion[]
}

export interface CountryCheck {
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
  effective_from: string | null
  effective_until: string | null
}

const FILE = new URL('../../../data/aml/eu-high-risk-third-countries.json', import.meta.url)

export function loadHighRiskTable(path: string | URL = FILE): HighRiskTable {
  return JSON.parse(readFileSync(path, 'utf8')) as HighRiskTable
}

/** The version in force on a date (YYYY-MM-DD). */
export function versionOn(table: HighRiskTable, date: string): HighRiskVersion {
  const found = table.versions.find(
    (v) =>
      (v.effective_from === null || v.effective_from <= date) &&
      (v.effective_until === null || date <= v.effective_until),
  )
  return found ?? table.versions[table.versions.length - 1]!
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
