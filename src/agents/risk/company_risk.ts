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
    field: 'risk_level',
    map: { low: 'clear', medium: 'review', high: 'adverse', critical: 'adverse', unknown: 'incomplete' },
  },
  law: [
    'policy-company-risk-flags',
    'policy-cdd-risk-factors',
    'cz-111-2009-s24',
    'cz-304-2013',
    'cz-182-2006-insolvency',
  ],
  examples: [
    { title: 'Established listed company: low risk', input: { ico: '45274649', name: 'ČEZ, a. s.' } },
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
      sources.push(await statusFlags(ctx, ico, f, fl))
      ageFlags(f, today, fl, say)
      sectorFlag(f, sectors, fl)
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
      company,
      partial: sources.some((x) => x.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
