/**
 * JSON Schema pieces every explainable agent result shares: the rules applied (with source and
 * date) and, for agents that consult other sources, which source failed when an answer is partial.
 */
import { type Static, type TSchema, Type } from 'typebox'

const AppliedRuleSchema = Type.Object({
  rule: Type.String(),
  source: Type.Optional(Type.String()),
  since: Type.Optional(Type.String()),
  outcome: Type.Optional(Type.String()),
})

export const RulesAppliedSchema = Type.Array(AppliedRuleSchema, {
  description: 'Every rule evaluated, with its legal or documented source and the date it applies from',
})

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

/** Status of one outside source an agent consulted (the same shape across all agents). */
const SourceStatusSchema = Type.Object({
  name: Type.String({ description: 'the source consulted, e.g. ares, isir, data/ares_lookup' }),
  status: Type.Union([
    Type.Literal('ok'),
    Type.Literal('cached'),
    Type.Literal('failed'),
    Type.Literal('skipped'),
  ]),
  error: Type.Optional(Type.String({ description: 'why the source failed, when it did' })),
})
export type SourceStatus = Static<typeof SourceStatusSchema>
export const SourcesSchema = Type.Array(SourceStatusSchema, { description: 'each outside source consulted' })
export const PartialSchema = Type.Boolean({
  description: 'true when a source failed and the answer holds only what the other sources gave',
})
