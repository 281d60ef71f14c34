/**
 * Input rules shared by agents that are checked beyond the JSON Schema: the evaluation date
 * (`as_of`, defaulting to the call's time) must be covered by the reference data, and a birth
 * number must pass its checksum. Each failure is a 400 naming the field and the rule.
 */

import { errors } from '../../kit/errors.ts'
import { checkBirthNumber, checkIco } from '../czech/identifiers.ts'
import { isoDate, NotCoveredError } from './load.ts'

/** The date rules are evaluated at: `as_of` when given, else the call's `now`. */
export function asOfDate(asOf: string | undefined, now: Date): string {
  return asOf ?? isoDate(now)
}

/** Runs `fn`, turning "reference data does not cover this date" into a 400 on `as_of`. */
export function covered<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof NotCoveredError) throw errors.invalid('as_of', `must be on or after ${error.first}`)
    throw error
  }
}

/** Completed years between a birth date and a date (both YYYY-MM-DD). */
function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** Age from `age` or from a birth number (rodné číslo), which must then pass its checksum. */
export function applicantAge(
  input: { age?: number | undefined; birth_number?: string | undefined },
  date: string,
): number | undefined {
  if (input.birth_number !== undefined) {
    const rc = checkBirthNumber(input.birth_number)
    if (!rc.valid) throw errors.invalid('birth_number', rc.reason)
    const derived = ageOn(rc.birthDate!, date)
    if (input.age !== undefined && input.age !== derived) {
      throw errors.invalid('age', `does not match the birth number (which gives ${derived})`)
    }
    return derived
  }
  return input.age
}

/** A normalised IČO, or a 400 naming `field` and the failed checksum rule. */
export function requireIco(value: string, field = 'ico'): string {
  const check = checkIco(value)
  if (!check.valid) throw errors.invalid(field, check.reason)
  return check.value
}
