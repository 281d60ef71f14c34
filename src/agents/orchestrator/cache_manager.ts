import { createHash } from 'node:crypto'
import { Type } from 'typebox'
import policies from '../../../data/reference/orchestrator-cache-policies.json' with { type: 'json' }
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { fromPrague, minutesOf, pragueWall } from './prague-time.ts'

type PolicyName = keyof typeof policies.policies
const SOURCES = Object.keys(policies.policies) as PolicyName[]

/** The register entry on what each source publishes and how often it changes. */
const SOURCE_LAW: Record<PolicyName, string> = {
  ares: 'mf-ares',
  cnb_rates: 'cnb-fx-rates',
  isir: 'cz-182-2006-s419',
  vat_register: 'cz-235-2004-s106a',
  sanctions: 'cz-69-2006',
  dns: 'rfc-1035-ttl',
  cadastre: 'cz-256-2013',
}

interface Policy {
  kind: string
  ttl_seconds?: number
  at?: string
}

/**
 * When an answer fetched at `fetched` expires: after the source's time, or for ČNB rates at the
 * next weekday's declaration time in Prague. Public holidays are not skipped, which only makes an
 * entry expire early (one extra fetch), never serve a stale rate.
 */
function expiryOf(policy: Policy, fetched: Date): Date {
  if (policy.kind !== 'next_business_day')
    return new Date(fetched.getTime() + (policy.ttl_seconds ?? 0) * 1000)
  const at = minutesOf(policy.at ?? '14:30')
  const w = pragueWall(fetched)
  let day = new Date(Date.UTC(w.year, w.month - 1, w.day))
  const beforeToday = w.weekday >= 1 && w.weekday <= 5 && w.hour * 60 + w.minute < at
  if (!beforeToday) {
    do day = new Date(day.getTime() + 86_400_000)
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6)
  }
  return fromPrague(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    Math.floor(at / 60),
    at % 60,
  )
}

/** JSON with object keys sorted at every level, so equal parameters give one key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export const cacheManager = defineAgent({
  service: 'orchestrator',
  name: 'cache_manager',
  description:
    "Says how a lookup in an outside source is cached: a canonical cache key (parameters in sorted order, SHA-256) and how long the answer may be reused by that source's policy — a day for ARES, until the next business day's 14:30 declaration for ČNB rates, 15 minutes for the insolvency register — with the exact expiry time.",
  input: Type.Object(
    {
      source: Type.Enum(SOURCES),
      params: Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 500 }), {
        description: 'the lookup parameters, e.g. {"ico": "27074358"}',
      }),
      at: Type.Optional(
        Type.String({ format: 'date-time', description: 'when the answer was fetched (default: now)' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    source: Type.String(),
    key: Type.String(),
    key_hash: Type.String(),
    ttl_seconds: Type.Integer(),
    fetched_at: Type.String(),
    expires_at: Type.String(),
    basis: Type.String(),
  }),
  verdict: 'informational',
  law: ['method-source-cache', ...new Set(Object.values(SOURCE_LAW))],
  examples: [
    {
      title: 'An ARES record',
      input: { source: 'ares', params: { ico: '27074358' }, at: '2026-11-20T10:00:00Z' },
    },
    {
      title: 'ČNB rates fetched on a Friday afternoon hold until Monday 14:30',
      input: { source: 'cnb_rates', params: { date: '2026-11-20' }, at: '2026-11-20T15:00:00+01:00' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const policy = policies.policies[input.source] as Policy & { basis: string; basis_cs: string }
    const basis = say({ cs: policy.basis_cs, en: policy.basis })
    const fetched = input.at ? new Date(input.at) : ctx.now
    const expires = expiryOf(policy, fetched)
    const key = `${input.source}:${canonicalJson(input.params)}`
    return {
      source: input.source,
      key,
      key_hash: createHash('sha256').update(key).digest('hex'),
      ttl_seconds: Math.max(0, Math.round((expires.getTime() - fetched.getTime()) / 1000)),
      fetched_at: fetched.toISOString(),
      expires_at: expires.toISOString(),
      basis,
      rules_applied: [
        lawRule(
          say({
            cs: 'klíč cache = zdroj + parametry jako kanonický JSON (seřazené klíče), hash SHA-256',
            en: 'cache key = source + parameters as canonical JSON (sorted keys), hashed with SHA-256',
          }),
          cite(today(ctx), 'method-source-cache'),
          key,
        ),
        lawRule(
          basis,
          cite(today(ctx), 'method-source-cache', SOURCE_LAW[input.source]),
          expires.toISOString(),
        ),
      ],
    }
  },
})
