import { createHash } from 'node:crypto'
import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { canonicalJson } from './cache_manager.ts'

const GENESIS = '0'.repeat(64)
/** AML Act 253/2008 Sb. § 16: records are kept 10 years from the transaction or the end of the relationship. */
const RETENTION_YEARS = 10

export const auditLogger = defineAgent({
  service: 'orchestrator',
  name: 'audit_logger',
  description:
    "Turns events into tamper-evident audit log entries: each entry is the event as canonical JSON chained to the previous entry by SHA-256, so any later change breaks every hash after it; it also checks a chain given with its hashes and says where it breaks, and dates each entry's retention (10 years, AML Act § 16).",
  input: Type.Object(
    {
      events: Type.Array(
        Type.Object(
          {
            timestamp: Type.String({ format: 'date-time' }),
            actor: Type.String({ minLength: 1, maxLength: 200 }),
            action: Type.String({ minLength: 1, maxLength: 100 }),
            subject: Type.Optional(Type.String({ maxLength: 300 })),
            details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1000 },
      ),
      previous_hash: Type.Optional(
        Type.String({ pattern: '^[0-9a-f]{64}$', description: 'hash of the last entry already logged' }),
      ),
      expected_hashes: Type.Optional(
        Type.Array(Type.String({ pattern: '^[0-9a-f]{64}$' }), {
          description: 'hashes recorded earlier, to verify the chain',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    entries: Type.Array(
      Type.Object({
        seq: Type.Integer(),
        prev_hash: Type.String(),
        hash: Type.String(),
        retain_until: Type.String(),
        canonical: Type.String(),
      }),
    ),
    head_hash: Type.String(),
    verification: Type.Union([
      Type.Object({ intact: Type.Boolean(), first_mismatch: Type.Union([Type.Integer(), Type.Null()]) }),
      Type.Null(),
    ]),
  }),
  law: ['method-audit-hash-chain', 'cz-253-2008-s16'],
  verdict: {
    explain:
      '`adverse` when the verified chain is broken, `clear` when it is intact, `informational` when only appending',
    of: (r) => (r.verification === null ? 'informational' : r.verification.intact ? 'clear' : 'adverse'),
  },
  examples: [
    {
      title: 'Two events of a client check',
      input: {
        events: [
          {
            timestamp: '2026-11-20T09:15:00Z',
            actor: 'analyst@banka.cz',
            action: 'screening.run',
            subject: 'IČO 27074358',
            details: { result: 'no_match' },
          },
          {
            timestamp: '2026-11-20T09:16:30Z',
            actor: 'analyst@banka.cz',
            action: 'client.approve',
            subject: 'IČO 27074358',
          },
        ],
      },
    },
    {
      title: 'A chain checked against hashes recorded earlier (the second was altered)',
      input: {
        events: [
          { timestamp: '2026-11-20T09:15:00Z', actor: 'system', action: 'login' },
          { timestamp: '2026-11-20T09:20:00Z', actor: 'system', action: 'logout' },
        ],
        expected_hashes: [
          'cb18d9c3d4be2f0a4dbd0ffab0fe8a68beb17ff9a03ff780b62bfda7caf001a2',
          'c3a7f0e3b0e1b2d0c1a8a0f6d4c98fa3a1d6f9a3c2b1e0d9c8b7a6f5e4d3c2b1',
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.expected_hashes && input.expected_hashes.length !== input.events.length)
      throw errors.invalid('expected_hashes', `one hash per event (${input.events.length})`)
    let prev = input.previous_hash ?? GENESIS
    const entries = input.events.map((event, seq) => {
      const canonical = canonicalJson(event)
      const hash = createHash('sha256').update(`${prev}\n${canonical}`).digest('hex')
      const t = new Date(event.timestamp)
      const retain = new Date(Date.UTC(t.getUTCFullYear() + RETENTION_YEARS, t.getUTCMonth(), t.getUTCDate()))
      const entry = { seq, prev_hash: prev, hash, retain_until: retain.toISOString().slice(0, 10), canonical }
      prev = hash
      return entry
    })
    let verification: { intact: boolean; first_mismatch: number | null } | null = null
    if (input.expected_hashes) {
      const mismatch = entries.findIndex((e, i) => e.hash !== input.expected_hashes![i])
      verification = { intact: mismatch < 0, first_mismatch: mismatch < 0 ? null : mismatch }
    }
    return {
      entries,
      head_hash: prev,
      verification,
      rules_applied: [
        lawRule(
          say({
            cs: 'hash = SHA-256(předchozí hash + nový řádek + kanonický JSON události); první záznam navazuje na 64 nul nebo previous_hash',
            en: 'hash = SHA-256(previous hash + newline + canonical JSON of the event); the first entry chains to 64 zeros or previous_hash',
          }),
          cite(today(ctx), 'method-audit-hash-chain'),
          say({ cs: `poslední ${prev.slice(0, 12)}…`, en: `head ${prev.slice(0, 12)}…` }),
        ),
        lawRule(
          say({
            cs: `záznamy se uchovávají ${RETENTION_YEARS} let`,
            en: `records kept ${RETENTION_YEARS} years`,
          }),
          cite(today(ctx), 'cz-253-2008-s16'),
          entries[0]!.retain_until,
        ),
        ...(verification
          ? [
              lawRule(
                say({
                  cs: 'zaznamenané hashe porovnány záznam po záznamu',
                  en: 'recorded hashes compared entry by entry',
                }),
                cite(today(ctx), 'method-audit-hash-chain'),
                verification.intact
                  ? say({ cs: 'neporušený', en: 'intact' })
                  : say({
                      cs: `porušen u záznamu ${verification.first_mismatch}`,
                      en: `breaks at entry ${verification.first_mismatch}`,
                    }),
              ),
            ]
          : []),
      ],
    }
  },
})
