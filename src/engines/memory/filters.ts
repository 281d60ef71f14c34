/**
 * Search filters in mem0's shape: `{AND: [...]}`, `{OR: [...]}`, `{NOT: {...}}`, and field
 * conditions on `user_id`, `agent_id`, `run_id`, `created_at`, `updated_at`, `metadata: {key: …}`,
 * or a bare metadata key. A condition is a value (equality) or an operator object:
 * `{in: [...]}`, `{nin: [...]}`, `{ne: v}`, `{gt|gte|lt|lte: v}`, `{contains|icontains: "text"}`.
 */
import { errors } from '../../kit/errors.ts'
import type { Memory } from './store.ts'

export type Filter = Record<string, unknown>

const FIELDS = new Set(['user_id', 'agent_id', 'run_id', 'created_at', 'updated_at'])
const OPERATORS = new Set(['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'contains', 'icontains'])

export function matches(memory: Memory, filter: Filter): boolean {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === 'AND') {
      if (!asList(key, condition).every((f) => matches(memory, f))) return false
    } else if (key === 'OR') {
      if (!asList(key, condition).some((f) => matches(memory, f))) return false
    } else if (key === 'NOT') {
      if (matches(memory, condition as Filter)) return false
    } else if (key === 'metadata') {
      if (typeof condition !== 'object' || condition === null)
        throw errors.invalid('filters.metadata', 'type object')
      for (const [mk, mc] of Object.entries(condition))
        if (!test(memory.metadata[mk], mc, `metadata.${mk}`)) return false
    } else if (FIELDS.has(key)) {
      if (!test(memory[key as keyof Memory], condition, key)) return false
    } else if (!test(memory.metadata[key], condition, key)) {
      return false
    }
  }
  return true
}

function asList(key: string, value: unknown): Filter[] {
  if (!Array.isArray(value)) throw errors.invalid(`filters.${key}`, 'type array')
  return value as Filter[]
}

function test(actual: unknown, condition: unknown, field: string): boolean {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition))
    return equal(actual, condition)
  for (const [op, expected] of Object.entries(condition)) {
    if (!OPERATORS.has(op))
      throw errors.invalid(`filters.${field}`, `operator one of ${[...OPERATORS].join(', ')}`)
    if (!apply(op, actual, expected, field)) return false
  }
  return true
}

function apply(op: string, actual: unknown, expected: unknown, field: string): boolean {
  switch (op) {
    case 'eq':
      return equal(actual, expected)
    case 'ne':
      return !equal(actual, expected)
    case 'in':
    case 'nin': {
      if (!Array.isArray(expected)) throw errors.invalid(`filters.${field}.${op}`, 'type array')
      const found = expected.some((e) => equal(actual, e))
      return op === 'in' ? found : !found
    }
    case 'contains':
      return typeof actual === 'string' && actual.includes(String(expected))
    case 'icontains':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(expected).toLowerCase())
    default: {
      if (actual === undefined || actual === null) return false
      const a = actual as number | string
      const e = expected as number | string
      if (op === 'gt') return a > e
      if (op === 'gte') return a >= e
      if (op === 'lt') return a < e
      return a <= e
    }
  }
}

function equal(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}
