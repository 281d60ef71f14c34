/**
 * Schema pieces and helpers the data and AML agents share: the rules applied (with source and
 * date), the status of each outside source consulted, and turning a source failure into "this
 * source failed" (partial answer) rather than an error or an invented value.
 */
import { type TSchema, Type } from 'typebox'
import { checkIco } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import type { Citation } from '../law.ts'
import type { AppliedRule, SourceStatus } from '../result.ts'

export const IcoSchema = Type.String({
  minLength: 1,
  maxLength: 12,
  description: 'IČO, the Czech company number: 8 digits (shorter historical forms are left-padded)',
})

export const DateSchema = (description: string) => Type.String({ format: 'date', description })

function ok(name: string, cached = false): SourceStatus {
  return { name, status: cached ? 'cached' : 'ok' }
}

/** A failed source, when `error` is an UpstreamError (anything else is a bug and is rethrown). */
export function failed(name: string, error: unknown): SourceStatus {
  if (error instanceof UpstreamError) return { name, status: 'failed', error: error.message }
  throw error
}

/** Runs a source call; on an UpstreamError records the failure and gives undefined. */
export async function attempt<T>(
  name: string,
  sources: SourceStatus[],
  call: () => Promise<T & { cached?: boolean }>,
): Promise<(T & { cached?: boolean }) | undefined> {
  try {
    const value = await call()
    sources.push(ok(name, value.cached === true))
    return value
  } catch (error) {
    sources.push(failed(name, error))
    return undefined
  }
}

/** A normalised IČO or a 400 naming the field and the checksum rule. */
export function requireIco(value: string, field = 'ico'): string {
  const check = checkIco(value)
  if (!check.valid) throw errors.invalid(field, check.reason)
  return check.value
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10)
}

/**
 * A rule resting on entries of the register of law (data/reference/legal-basis.json): `citation`
 * is cite(at, …ids) — the ids in basis, their citations in source, and the date the rule as it
 * stood on `at` took effect in since.
 */
export function lawRule(rule: string, citation: Citation, outcome?: string): AppliedRule {
  return { rule, ...citation, ...(outcome ? { outcome } : {}) }
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/**
 * A nullable schema, Null listed first: a coercing Ajv validating `anyOf [T, null]` turns false,
 * 0 and "" into null; with null first it never does.
 */
export function nullable<T extends TSchema>(schema: T) {
  return Type.Union([Type.Null(), schema])
}
