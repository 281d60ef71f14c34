import { Type } from 'typebox'
import { asOfDate, covered, requireIco } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import {
  DateString,
  NullableObject,
  PartialSchema,
  RulesAppliedSchema,
  SourcesSchema,
} from '../../engines/reference/schema.ts'
import { comparableName, insolvencyOf, lookupCompany } from '../compliance/registry.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Flag {
  severity: 'low' | 'medium' | 'high' | 'critical'
  points: number
  label: string
}
interface Flags extends ReferenceVersion {
  flags: Record<string, Flag>
  levels: { level: string; max: number }[]
}
interface Sectors extends ReferenceVersion {
  high_risk_sectors: Record<string, string>
}

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
    partial: PartialSchema,
    sources: SourcesSchema,
    rules_applied: RulesAppliedSchema,
  }),
  examples: [
    { title: 'Established listed company: low risk', input: { ico: '45274649', name: 'ČEZ, a. s.' } },
    { title: 'IČO unknown to the register: critical', input: { ico: '27074358' } },
  ],
  async run(input, ctx) {
    const ico = requireIco(input.ico)
    const today = asOfDate(input.as_of, ctx.now)
    const ref = covered(() => referenceAt<Flags>('company-risk-flags', today))
    const sectors = covered(() => referenceAt<Sectors>('cdd-risk-factors', today))
    const src = { source: ref.source ?? 'risk weights', since: ref.effective_from }
    const found = await lookupCompany(ctx, ico)
    const rules: AppliedRule[] = []
    const flags: { flag: string; severity: string; points: number; detail: string }[] = []
    const raise = (key: string, detail: string) => {
      const f = ref.flags[key]!
      flags.push({ flag: key, severity: f.severity, points: f.points, detail })
      rules.push({ rule: f.label, ...src, outcome: `+${f.points} (${detail})` })
    }
    if (found.source.status === 'failed') {
      rules.push({
        rule: 'Company facts from ARES',
        source: 'ARES (MF ČR)',
        outcome: `unavailable: ${found.source.error}`,
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
    if (found.found === false || !f) raise('not_found', ico)
    else {
      if (f.active === false) raise('dissolved', f.dissolved ? `on ${f.dissolved}` : 'ZANIKLY')
      // The insolvency register itself, beyond ARES's flag (which lags the register).
      const isir = await insolvencyOf(ctx, ico)
      sources.push(isir.source)
      if (f.insolvency) raise('insolvency', 'ISIR/CEU registration active in ARES')
      else if (isir.active) raise('insolvency', `running proceedings: ${isir.references.join(', ')}`)
      if (f.established) {
        const years = (Date.parse(today) - Date.parse(f.established)) / (365.25 * 86_400_000)
        if (years < 1) raise('younger_than_1y', `founded ${f.established}`)
        else if (years < 3) raise('younger_than_3y', `founded ${f.established}`)
        rules.push({
          rule: 'Company age from the founding date in ARES',
          source: 'ARES (MF ČR)',
          outcome: `${years.toFixed(1)} years`,
        })
      }
      for (const code of f.nace ?? []) {
        const key = Object.keys(sectors.high_risk_sectors).find(
          (k) =>
            code === k ||
            code.startsWith(k.includes('.') ? k : `${k}.`) ||
            code.startsWith(k.replace('.', '')),
        )
        if (key) {
          raise('high_risk_sector', `NACE ${code}: ${sectors.high_risk_sectors[key]}`)
          break
        }
      }
      if (input.name && f.name && comparableName(input.name) !== comparableName(f.name)) {
        raise('name_mismatch', `registered as "${f.name}"`)
      }
    }
    const score = flags.reduce((s, x) => s + x.points, 0)
    const level = flags.some((x) => x.severity === 'critical')
      ? 'critical'
      : ref.levels.find((l) => score <= l.max)!.level
    rules.push({
      rule: `Levels: ${ref.levels.map((l) => `${l.level} ≤ ${l.max}`).join(', ')}; a critical flag is critical`,
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
