/**
 * JSON Schema pieces for dated and nullable values in agent inputs and results. The result
 * contract itself (verdict, partial, sources, rules applied, assumptions) is src/agents/result.ts.
 */
import { type Static, type TSchema, Type } from 'typebox'

/** ISO date YYYY-MM-DD. */
export const DateString = (description?: string) =>
  Type.String({ format: 'date', ...(description ? { description } : {}) })

/*
 * Nullable scalars are written as `type: [T, 'null']`, not `anyOf: [T, null]`: validators that
 * coerce types (the platform's Ajv does) rewrite a value inside an anyOf branch-by-branch, turning
 * 0 into null or null into "" — the type-array form is checked in one step and leaves values alone.
 */
export const NullableNumber = (opts: Record<string, unknown> = {}) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...opts })
export const NullableInteger = (opts: Record<string, unknown> = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...opts })
export const NullableString = (opts: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...opts })
export const NullableBoolean = (opts: Record<string, unknown> = {}) =>
  Type.Unsafe<boolean | null>({ type: ['boolean', 'null'], ...opts })
/** An object schema that also admits null. */
export const NullableObject = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: ['object', 'null'] })
