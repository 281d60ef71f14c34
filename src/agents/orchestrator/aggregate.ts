/**
 * Reads the verdict out of agent results (decision, risk_level, valid …) by the table in
 * data/reference/orchestrator-verdicts.json, and rolls several up: the strictest signal decides.
 */
import table from '../../../data/reference/orchestrator-verdicts.json' with { type: 'json' }

export type Level = 'pass' | 'refer' | 'fail'

export interface Signal {
  source: string
  field: string
  value: string
  level: Level
}

const VALUE_LEVEL = new Map<string, Level>()
for (const level of ['pass', 'refer', 'fail'] as const)
  for (const v of table.values[level]) VALUE_LEVEL.set(v, level)
const BOOLEANS = table.booleans as Record<string, { true: Level; false: Level }>

/** The verdict signals of one result: top-level fields only, so nested detail does not vote twice. */
export function signalsOf(source: string, output: unknown): Signal[] {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return []
  const out: Signal[] = []
  const record = output as Record<string, unknown>
  for (const field of table.fields) {
    const value = record[field]
    if (typeof value === 'boolean' && BOOLEANS[field]) {
      out.push({ source, field, value: String(value), level: BOOLEANS[field][value ? 'true' : 'false'] })
    } else if (typeof value === 'string') {
      const level = VALUE_LEVEL.get(value.toLowerCase())
      if (level) out.push({ source, field, value, level })
    }
  }
  // One verdict per result: the first field in table order that says something.
  return out.slice(0, 1)
}

export function rollUp(levels: Level[]): Level | undefined {
  if (levels.includes('fail')) return 'fail'
  if (levels.includes('refer')) return 'refer'
  if (levels.includes('pass')) return 'pass'
  return undefined
}

export const VERDICT_TABLE = table
