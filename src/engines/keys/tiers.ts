/**
 * Tiers as data (data/gateway/tiers.json): named pairs of limits a key can be created with.
 * A key copies its tier's numbers when it is created or re-tiered, so the limits a key lists are
 * the limits it gets; explicit numbers override the tier's.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Marks a window as unlimited in keys, API responses and the CLI. */
export const UNLIMITED = -1

export interface Tier {
  name: string
  title: string
  /** Requests per minute; UNLIMITED for none. */
  requests_per_minute: number
  /** Requests per day; UNLIMITED for none. */
  requests_per_day: number
}

const TIERS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/gateway/tiers.json')

interface TierFile {
  tiers: {
    name: string
    title: string
    requests_per_minute: number | null
    requests_per_day: number | null
  }[]
}

/** Reads and checks the tiers file; a bad file stops start-up with the entry and the rule. */
export function loadTiers(file: string = TIERS_FILE): Tier[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as TierFile
  if (!Array.isArray(parsed.tiers) || parsed.tiers.length === 0) {
    throw new Error(`${file}: "tiers" must be a non-empty array`)
  }
  const seen = new Set<string>()
  return parsed.tiers.map((t, i) => {
    const where = `${file}: tiers[${i}]`
    if (typeof t.name !== 'string' || !/^[a-z][a-z0-9_-]{0,31}$/.test(t.name)) {
      throw new Error(`${where}.name must be a lower-case identifier`)
    }
    if (seen.has(t.name)) throw new Error(`${where}.name "${t.name}" is listed twice`)
    seen.add(t.name)
    const limit = (value: number | null, field: string): number => {
      if (value === null) return UNLIMITED
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`${where}.${field} must be a positive integer or null`)
      return value
    }
    return {
      name: t.name,
      title: typeof t.title === 'string' ? t.title : t.name,
      requests_per_minute: limit(t.requests_per_minute, 'requests_per_minute'),
      requests_per_day: limit(t.requests_per_day, 'requests_per_day'),
    }
  })
}
