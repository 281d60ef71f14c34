/**
 * Qualifiers of a name score: birth date and country move a name score up or down and are written
 * into the explanation. They confirm a name match; they never lift a name below the threshold
 * into a hit.
 */
import { countryName, toCountryCode } from './countries.ts'
import type { MatchFeatures } from './explanation.ts'
import type { ListEntity } from './types.ts'
import { WEIGHTS } from './weights.ts'

/** The final score of a name score against `entity`, writing what it used into `features`. */
export type Qualifier = (
  entity: ListEntity,
  features: MatchFeatures,
  nameScore: number,
  threshold: number,
) => number

/** No qualifier: the name score is the score. */
export const nameOnly: Qualifier = (_entity, _features, nameScore) => nameScore

/** Birth date and nationalities or countries of residence of a person (codes or names). */
export function personQualifier(birthDate: string | undefined, countryList: string[] | undefined): Qualifier {
  const countries = (countryList ?? []).map(toCountryCode).filter((c): c is string => !!c)
  return (entity, features, nameScore, threshold) => {
    let score = nameScore
    let raise = 0
    if (birthDate) {
      const bd = compareBirthDates(birthDate, entity.birthDates)
      if (bd) {
        features.birth_date = { query: birthDate, list: entity.birthDates, ...bd }
        if (bd.adjustment < 0) score += bd.adjustment
        else raise += bd.adjustment
        if (features.partial && bd.adjustment > 0) features.partial.confirmed_by_birth_date = true
      }
    }
    if (countries.length > 0 && (entity.nationalities.length > 0 || entity.countries.length > 0)) {
      const c = compareCountries(countries, entity)
      features.country = { query: countries, list: [...entity.nationalities, ...entity.countries], ...c }
      if (c.adjustment < 0) score += c.adjustment
      else raise += c.adjustment
    }
    // Qualifiers confirm a name match; they never lift a name below the threshold into a hit.
    if (nameScore >= threshold) score += raise
    return score
  }
}

/** The country of a company (code or name). */
export function companyQualifier(countryText: string | undefined): Qualifier {
  const country = toCountryCode(countryText)
  return (entity, features, nameScore, threshold) => {
    if (!country || entity.countries.length + entity.nationalities.length === 0) return nameScore
    const c = compareCountries([country], entity)
    features.country = { query: [country], list: [...entity.nationalities, ...entity.countries], ...c }
    return c.adjustment < 0
      ? nameScore + c.adjustment
      : nameScore >= threshold
        ? nameScore + c.adjustment
        : nameScore
  }
}

interface Comparison {
  result: string
  adjustment: number
}

/** A date as lists write it: a day, a month, a year, or a range of years. */
interface ListedDate {
  year: number
  month?: number
  day?: number
  /** The last year of a range ("1960 to 1962"). */
  untilYear?: number
}

function parseDate(s: string): ListedDate | undefined {
  const full = /^(\d{4})-(\d{2})-(\d{2})/.exec(s)
  if (full) return { year: Number(full[1]), month: Number(full[2]), day: Number(full[3]) }
  const ym = /^(\d{4})-(\d{2})$/.exec(s)
  if (ym) return { year: Number(ym[1]), month: Number(ym[2]) }
  const range = /^(\d{4})\s*(?:-|to|–)\s*(\d{4})$/.exec(s)
  if (range) return { year: Number(range[1]), untilYear: Number(range[2]) }
  const y = /^(\d{4})$/.exec(s.trim())
  if (y) return { year: Number(y[1]) }
  return undefined
}

function compareBirthDates(query: string, list: string[]): Comparison | undefined {
  const q = parseDate(query)
  if (!q || list.length === 0) return undefined
  const B = WEIGHTS.birthDate
  let best: Comparison | undefined
  for (const raw of list) {
    const l = parseDate(raw)
    if (!l) continue
    let r: Comparison
    const inRange = l.untilYear !== undefined && q.year >= l.year && q.year <= l.untilYear
    const yearGap =
      l.untilYear !== undefined
        ? inRange
          ? 0
          : Math.min(Math.abs(q.year - l.year), Math.abs(q.year - l.untilYear))
        : Math.abs(q.year - l.year)
    if (yearGap === 0) {
      if (l.month === undefined || q.month === undefined) r = { result: 'same_year', adjustment: B.sameYear }
      else if (l.month !== q.month) r = { result: 'month_differs', adjustment: B.monthDiffers }
      else if (l.day === undefined || q.day === undefined)
        r = { result: 'same_month', adjustment: B.sameYear }
      else if (l.day !== q.day) r = { result: 'day_differs', adjustment: B.dayDiffers }
      else r = { result: 'exact', adjustment: B.exact }
    } else if (yearGap === 1) r = { result: 'year_off_by_one', adjustment: B.nearYear }
    else r = { result: 'different', adjustment: B.far }
    if (!best || r.adjustment > best.adjustment) best = r
  }
  return best
}

function compareCountries(query: string[], entity: ListEntity): Comparison {
  const C = WEIGHTS.country
  if (entity.nationalities.some((c) => query.includes(c)))
    return { result: 'nationality', adjustment: C.nationality }
  if (entity.countries.some((c) => query.includes(c))) return { result: 'residence', adjustment: C.residence }
  if (entity.nationalities.length > 0)
    return {
      result: `differs (${query.map(countryName).join(', ')} vs ${entity.nationalities.map(countryName).join(', ')})`,
      adjustment: C.mismatch,
    }
  return { result: 'unknown', adjustment: 0 }
}
