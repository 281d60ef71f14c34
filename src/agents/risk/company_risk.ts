import { Type } from 'typebox'
import { asOfDate, covered, requireIco } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableObject } from '../../engines/reference/schema.ts'
import { lookupCompany } from '../compliance/registry.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import {
  ageFlags,
  type Flags,
  flagger,
  nameFlag,
  type Sectors,
  sectorFlag,
  statusFlags,
} from './company-checks.ts'

export const companyRisk = defineAgent({
  service: 'risk',
  name: 'company_risk',
  description:
    'Counterparty risk of a Czech company from the public registers (data/ares_lookup, data/insolvency_check): dissolved, insolvency, very young company, higher-risk sector, name mismatch — each flag weighted, summed to a level. When the register cannot be reached the level is "unknown" and the failed source is named.',
  input: Type.Object(
    {
      ico: Type.String({ maxLength: 12, description: 'IČO' }),
      name: Type.Optional(Type.String({ maxLength: 300, description: 'name as the counterparty gave it' })),
      nace: Type.Optional(
        Type.Array(Type.String({ pattern: '^[0-9]{2}(\\.?[0-9]{1,3})?$', maxLength: 6 }), {
          minItems: 1,
          maxItems: 50,
          description:
            "the company's CZ-NACE activities, checked against the higher-risk sectors when ARES gives none; with neither, the sector is not verified and a low level is reviewed",
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    ico: Type.String(),
    risk_level: Type.Union([
      Type.Literal('low'),
      Type.Literal('medium'),
      Type.Literal('high'),
      Type.Literal('critical'),
      Type.Literal('unknown'),
    ]),
    score: Type.Integer(),
    flags: Type.Array(
      Type.Object({
        flag: Type.String(),
        severity: Type.String(),
        points: Type.Integer(),
        detail: Type.String(),
      }),
    ),
    not_verified: Type.Array(Type.String(), {
      description:
        'checks not made for want of a register fact (founding date, CZ-NACE activities, an insolvency proceeding not ended whose state is not recognised), each naming the field and what to give or read; a low level with any is reviewed',
    }),
    company: NullableObject(
      Type.Object({
        name: Type.Optional(Type.String()),
        established: Type.Optional(Type.String()),
        legal_form: Type.Optional(Type.String()),
        address: Type.Optional(Type.String()),
      }),
    ),
  }),
  verdict: {
    explain:
      'from `risk_level`: low → `clear`, or `review` when `not_verified` names a check not made; medium → `review`; high, critical → `adverse`; unknown → `incomplete`',
    of: (r) =>
      r.risk_level === 'low'
        ? r.not_verified.length > 0
          ? 'review'
          : 'clear'
        : r.risk_level === 'medium'
          ? 'review'
          : r.risk_level === 'unknown'
            ? 'incomplete'
            : 'adverse',
  },
  law: [
    'policy-company-risk-flags',
    'policy-cdd-risk-factors',
    'cz-111-2009-s24',
    'cz-304-2013',
    'cz-182-2006-insolvency',
    'cz-182-2006-s419',
  ],
  examples: [
    {
      title: 'Established listed company: low risk',
      input: { ico: '45274649', name: 'ČEZ, a. s.' },
    },
    { title: 'IČO unknown to the register: critical', input: { ico: '27074358' } },
  ],
  async run(input, ctx) {
    const ico = requireIco(input.ico)
    const today = asOfDate(input.as_of, ctx.now)
    const ref = covered(() => referenceAt<Flags>('company-risk-flags', today))
    const sectors = covered(() => referenceAt<Sectors>('cdd-risk-factors', today))
    const say = ctx.say
    const fl = flagger(ref, today, say)
    const found = await lookupCompany(ctx, ico)
    const { flags, rules, src } = fl
    if (found.source.status === 'failed') {
      rules.push({
        rule: say({ cs: 'Údaje o společnosti z ARES', en: 'Company facts from ARES' }),
        ...cite(today, 'cz-111-2009-s24'),
        outcome: say({ cs: `nedostupné: ${found.source.error}`, en: `unavailable: ${found.source.error}` }),
      })
      return {
        ico,
        risk_level: 'unknown' as const,
        score: 0,
        flags,
        not_verified: fl.notVerified,
        company: null,
        partial: true,
        sources: [found.source],
        rules_applied: rules,
      }
    }
    const f = found.facts
    const sources = [found.source]
    if (found.found === false || !f) fl.raise('not_found', { cs: ico, en: ico })
    else {
      sources.push(await statusFlags(ctx, ico, f, fl, today))
      ageFlags(f, today, fl, say)
      sectorFlag(f, input.nace, sectors, fl, today)
      nameFlag(input.name, f, fl)
    }
    const score = flags.reduce((s, x) => s + x.points, 0)
    const level = flags.some((x) => x.severity === 'critical')
      ? 'critical'
      : ref.levels.find((l) => score <= l.max)!.level
    rules.push({
      rule: say({
        cs: `Úrovně: ${ref.levels.map((l) => `${l.level} ≤ ${l.max}`).join(', ')}; kritický příznak znamená critical`,
        en: `Levels: ${ref.levels.map((l) => `${l.level} ≤ ${l.max}`).join(', ')}; a critical flag is critical`,
      }),
      ...src,
      outcome: `${score} → ${level}`,
    })
    const company = f
      ? {
          ...(f.name ? { name: f.name } : {}),
          ...(f.established ? { established: f.established } : {}),
          ...(f.legalForm ? { legal_form: f.legalForm } : {}),
          ...(f.address ? { address: f.address } : {}),
        }
      : null
    return {
      ico,
      risk_level: level as 'low' | 'medium' | 'high' | 'critical',
      score,
      flags,
      not_verified: fl.notVerified,
      company,
      partial: sources.some((x) => x.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
