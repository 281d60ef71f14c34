/**
 * What a key may be created or changed with, checked in one place for the admin API and the CLI.
 * Every refusal is an `invalid_request` naming the field and the rule.
 */
import { errors } from '../../kit/errors.ts'
import { MAX_LOGGED_LIMIT } from '../../kit/ratelimit.ts'
import { type Tier, UNLIMITED } from './tiers.ts'

export const KEY_RULES = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  ownerMaxLength: 254,
  expiresDaysMin: 1,
  expiresDaysMax: 3650,
  /** Keys expire after a year unless asked otherwise: a forgotten key should not live forever. */
  expiresDaysDefault: 365,
  /** Explicit limits: UNLIMITED or 1 … MAX_LOGGED_LIMIT (each allowed hit is kept for its window). */
  limitMax: MAX_LOGGED_LIMIT,
  /** Limits of a key created without a tier and without numbers (the spec's defaults). */
  defaultRequestsPerMinute: 100,
  defaultRequestsPerDay: 10_000,
  /** A rotated key stays valid this long beside its replacement (hours), so clients can switch. */
  rotationGraceHoursDefault: 24,
  /** 0 stops the old key at once; at most 30 days. */
  rotationGraceHoursMax: 720,
} as const

export interface NewKeyInput {
  name: string
  description?: string | undefined
  owner?: string | undefined
  tier?: string | undefined
  expires_days?: number | undefined
  /** Requests per day. */
  rate_limit?: number | undefined
  requests_per_minute?: number | undefined
}

export type KeyPatch = Partial<NewKeyInput>

export interface CheckedNewKey {
  name: string
  description: string | null
  owner: string | null
  tier: string | null
  expiresDays: number
  rateLimit: number
  requestsPerMinute: number
}

export interface CheckedPatch {
  name?: string
  description?: string | null
  owner?: string | null
  tier?: string | null
  expiresDays?: number
  rateLimit?: number
  requestsPerMinute?: number
}

/** name@host.tld: one @, no whitespace, a dot inside the host (checked without a backtracking pattern). */
function isEmailShape(v: string): boolean {
  const at = v.indexOf('@')
  if (at <= 0 || at !== v.lastIndexOf('@') || /\s/.test(v)) return false
  const host = v.slice(at + 1)
  const dot = host.lastIndexOf('.')
  return dot > 0 && dot < host.length - 1 && !host.startsWith('.')
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/

function text(field: string, value: unknown, max: number, required: boolean): string | null {
  if (value === undefined || value === null) {
    if (required) throw errors.invalid(field, 'required', `field "${field}" is required`)
    return null
  }
  if (typeof value !== 'string')
    throw errors.invalid(field, 'type string', `field "${field}" must be a string`)
  const trimmed = value.trim()
  if (required && trimmed.length === 0) {
    throw errors.invalid(field, 'minLength 1', `field "${field}" must not be empty`)
  }
  if (trimmed.length > max) {
    throw errors.invalid(field, `maxLength ${max}`, `field "${field}" must be at most ${max} characters`)
  }
  if (CONTROL.test(trimmed)) {
    throw errors.invalid(
      field,
      'no control characters',
      `field "${field}" must not contain control characters`,
    )
  }
  return trimmed.length === 0 ? null : trimmed
}

function owner(value: unknown): string | null {
  const v = text('owner', value, KEY_RULES.ownerMaxLength, false)
  if (v !== null && !isEmailShape(v)) {
    throw errors.invalid('owner', 'format email', 'field "owner" must be the contact e-mail of the owner')
  }
  return v
}

function integer(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw errors.invalid(field, 'type integer', `field "${field}" must be an integer`)
  }
  if (value < min || value > max) {
    throw errors.invalid(field, `${min} to ${max}`, `field "${field}" must be from ${min} to ${max}`)
  }
  return value
}

function limit(field: string, value: unknown): number {
  if (value === UNLIMITED) return UNLIMITED
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > KEY_RULES.limitMax) {
    throw errors.invalid(
      field,
      `-1 (unlimited) or 1 to ${KEY_RULES.limitMax}`,
      `field "${field}" must be -1 (unlimited) or an integer from 1 to ${KEY_RULES.limitMax}`,
    )
  }
  return value
}

function tierOf(value: unknown, tiers: readonly Tier[]): Tier {
  const tier = tiers.find((t) => t.name === value)
  if (!tier) {
    const names = tiers.map((t) => t.name).join(', ')
    throw errors.invalid('tier', `one of ${names}`, `field "tier" must be one of ${names}`)
  }
  return tier
}

export function checkNewKey(input: NewKeyInput, tiers: readonly Tier[]): CheckedNewKey {
  const tier = input.tier === undefined ? undefined : tierOf(input.tier, tiers)
  return {
    name: text('name', input.name, KEY_RULES.nameMaxLength, true)!,
    description: text('description', input.description, KEY_RULES.descriptionMaxLength, false),
    owner: owner(input.owner),
    tier: tier?.name ?? null,
    expiresDays:
      input.expires_days === undefined
        ? KEY_RULES.expiresDaysDefault
        : integer('expires_days', input.expires_days, KEY_RULES.expiresDaysMin, KEY_RULES.expiresDaysMax),
    rateLimit:
      input.rate_limit !== undefined
        ? limit('rate_limit', input.rate_limit)
        : (tier?.requests_per_day ?? KEY_RULES.defaultRequestsPerDay),
    requestsPerMinute:
      input.requests_per_minute !== undefined
        ? limit('requests_per_minute', input.requests_per_minute)
        : (tier?.requests_per_minute ?? KEY_RULES.defaultRequestsPerMinute),
  }
}

/** A change: only the fields given; a tier sets both limits unless numbers are given too. */
export function checkPatch(patch: KeyPatch, tiers: readonly Tier[]): CheckedPatch {
  const out: CheckedPatch = {}
  if (patch.name !== undefined) out.name = text('name', patch.name, KEY_RULES.nameMaxLength, true)!
  if (patch.description !== undefined) {
    out.description = text('description', patch.description, KEY_RULES.descriptionMaxLength, false)
  }
  if (patch.owner !== undefined) out.owner = owner(patch.owner)
  if (patch.expires_days !== undefined) {
    out.expiresDays = integer(
      'expires_days',
      patch.expires_days,
      KEY_RULES.expiresDaysMin,
      KEY_RULES.expiresDaysMax,
    )
  }
  if (patch.tier !== undefined) {
    const tier = tierOf(patch.tier, tiers)
    out.tier = tier.name
    out.rateLimit = tier.requests_per_day
    out.requestsPerMinute = tier.requests_per_minute
  }
  if (patch.rate_limit !== undefined) out.rateLimit = limit('rate_limit', patch.rate_limit)
  if (patch.requests_per_minute !== undefined) {
    out.requestsPerMinute = limit('requests_per_minute', patch.requests_per_minute)
  }
  if (Object.keys(out).length === 0) {
    throw errors.invalid(
      'body',
      'at least one field',
      'give at least one of name, description, owner, tier, expires_days, rate_limit, requests_per_minute',
    )
  }
  return out
}
