import { describe, expect, it } from 'vitest'
import { AppError } from '../../kit/errors.ts'
import { checkNewKey, checkPatch, KEY_RULES } from './rules.ts'
import { loadTiers, UNLIMITED } from './tiers.ts'

const tiers = loadTiers()

function refusal(fn: () => unknown): { field: unknown; rule: unknown } {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const e = error as AppError
    expect(e.code).toBe('invalid_request')
    return { field: e.details?.field, rule: e.details?.rule }
  }
  throw new Error('expected a refusal')
}

describe('the shipped tiers', () => {
  it('are Free 10/100, Basic 60/1000, Pro 300/10000 and Enterprise unlimited', () => {
    expect(tiers.map((t) => [t.name, t.requests_per_minute, t.requests_per_day])).toEqual([
      ['free', 10, 100],
      ['basic', 60, 1000],
      ['pro', 300, 10000],
      ['enterprise', UNLIMITED, UNLIMITED],
    ])
  })
})

describe('checkNewKey', () => {
  it('needs only a name and applies the defaults: 100/min, 10000/day, a year', () => {
    expect(checkNewKey({ name: '  demo ' }, tiers)).toEqual({
      name: 'demo',
      description: null,
      owner: null,
      tier: null,
      expiresDays: 365,
      rateLimit: KEY_RULES.defaultRequestsPerDay,
      requestsPerMinute: KEY_RULES.defaultRequestsPerMinute,
    })
  })

  it('copies a tier and lets explicit numbers override it', () => {
    expect(checkNewKey({ name: 'a', tier: 'basic' }, tiers)).toMatchObject({
      tier: 'basic',
      rateLimit: 1000,
      requestsPerMinute: 60,
    })
    expect(checkNewKey({ name: 'a', tier: 'basic', requests_per_minute: 5 }, tiers)).toMatchObject({
      tier: 'basic',
      rateLimit: 1000,
      requestsPerMinute: 5,
    })
    expect(checkNewKey({ name: 'a', tier: 'enterprise' }, tiers)).toMatchObject({
      rateLimit: UNLIMITED,
      requestsPerMinute: UNLIMITED,
    })
  })

  it('names the field and the rule of every refusal', () => {
    expect(refusal(() => checkNewKey({ name: ' ' }, tiers))).toEqual({ field: 'name', rule: 'minLength 1' })
    expect(refusal(() => checkNewKey({} as never, tiers))).toEqual({ field: 'name', rule: 'required' })
    expect(refusal(() => checkNewKey({ name: 'a'.repeat(101) }, tiers))).toEqual({
      field: 'name',
      rule: 'maxLength 100',
    })
    expect(refusal(() => checkNewKey({ name: 'a', owner: 'not-an-email' }, tiers))).toEqual({
      field: 'owner',
      rule: 'format email',
    })
    expect(refusal(() => checkNewKey({ name: 'a', tier: 'gold' }, tiers))).toEqual({
      field: 'tier',
      rule: 'one of free, basic, pro, enterprise',
    })
    expect(refusal(() => checkNewKey({ name: 'a', expires_days: 0 }, tiers))).toEqual({
      field: 'expires_days',
      rule: '1 to 3650',
    })
    expect(refusal(() => checkNewKey({ name: 'a', rate_limit: 0 }, tiers))).toMatchObject({
      field: 'rate_limit',
    })
    expect(refusal(() => checkNewKey({ name: 'a', requests_per_minute: 1.5 }, tiers))).toMatchObject({
      field: 'requests_per_minute',
    })
    expect(refusal(() => checkNewKey({ name: 'a\u0007' }, tiers))).toEqual({
      field: 'name',
      rule: 'no control characters',
    })
  })
})

describe('checkPatch', () => {
  it('re-tiers a key, with explicit numbers still winning', () => {
    expect(checkPatch({ tier: 'pro', rate_limit: 50 }, tiers)).toEqual({
      tier: 'pro',
      rateLimit: 50,
      requestsPerMinute: 300,
    })
  })

  it('refuses an empty change', () => {
    expect(refusal(() => checkPatch({}, tiers))).toEqual({ field: 'body', rule: 'at least one field' })
  })
})
