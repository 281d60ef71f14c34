import { Type } from 'typebox'
import { asOfDate, covered, requireIco } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableObject } from '../../engines/reference/schema.ts'
import { comparableName, insolvencyOf, lookupCompany } from '../compliance/registry.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import { sectorName } from '../sectors.ts'
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

/** The flags of company-risk-flags.json in both languages (by key); a new key shows the table's label. */
const FLAG_LABELS: Record<string, Texts> = {
  not_found: { cs: 'subjekt s tímto IČO v ARES není', en: 'no subject with this IČO in ARES' },
  dissolved: { cs: 'společnost zanikla (ZANIKLY)', en: 'company dissolved (ZANIKLY)' },
  insolvency: {
    cs: 'zapsána v insolvenčním rejstříku nebo v evidenci úpadců',
    en: 'listed in the insolvency or bankrupts register',
  },
  younger_than_1y: { cs: 'založena před méně než 1 rokem', en: 'founded less than 1 year ago' },
  younger_than_3y: { cs: 'založena před méně než 3 lety', en: 'founded less than 3 years ago' },
  high_risk_sector: { cs: 'činnost v rizikovějším odvětví', en: 'activity in a higher-risk sector' },
  name_mismatch: {
    cs: 'uvedený název se liší od zapsaného',
    en: 'name given differs from the registered name',
  },
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
    const src = cite(today, 'policy-company-risk-flags')
    /** What each flag rests on beside the weights: the register that states the fact. */
    const FLAG_LAW: Record<string, ReturnType<typeof cite>> = {
      not_found: cite(today, 'policy-company-risk-flags', 'cz-111-2009-s24'),
      dissolved: cite(today, 'policy-company-risk-flags', 'cz-304-2013'),
      insolvency: cite(today, 'policy-company-risk-flags', 'cz-182-2006-insolvency'),
      high_risk_sector: cite(today, 'policy-company-risk-flags', 'policy-cdd-risk-factors'),
      name_mismatch: cite(today, 'policy-company-risk-flags', 'cz-304-2013'),
    }
    const found = await lookupCompany(ctx, ico)
    const rules: AppliedRule[] = []
    const say = ctx.say
    const flags: { flag: string; severity: string; points: number; detail: string }[] = []
    const raise = (key: string, texts: Texts) => {
      const f = ref.flags[key]!
      const detail = say(texts)
      flags.push({ flag: key, severity: f.severity, points: f.points, detail })
      rules.push({
        rule: say(FLAG_LABELS[key] ?? { cs: f.label, en: f.label }),
        ...(FLAG_LAW[key] ?? src),
        outcome: `+${f.points} (${detail})`,
      })
    }
    const same = (text: string): Texts => ({ cs: text, en: text })
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
    if (found.found === false || !f) raise('not_found', same(ico))
    else {
      if (f.active === false)
        raise(
          'dissolved',
          f.dissolved ? { cs: `dne ${f.dissolved}`, en: `on ${f.dissolved}` } : same('ZANIKLY'),
        )
      // The insolvency register itself, beyond ARES's flag (which lags the register).
      const isir = await insolvencyOf(ctx, ico)
      sources.push(isir.source)
      if (f.insolvency)
        raise('insolvency', {
          cs: 'v ARES aktivní registrace ISIR/CEU',
          en: 'ISIR/CEU registration active in ARES',
        })
      else if (isir.active)
        raise('insolvency', {
          cs: `probíhající řízení: ${isir.references.join(', ')}`,
          en: `running proceedings: ${isir.references.join(', ')}`,
        })
      if (f.established) {
        const years = (Date.parse(today) - Date.parse(f.established)) / (365.25 * 86_400_000)
        const founded = { cs: `založena ${f.established}`, en: `founded ${f.established}` }
        if (years < 1) raise('younger_than_1y', founded)
        else if (years < 3) raise('younger_than_3y', founded)
        rules.push({
          rule: say({
            cs: 'Stáří společnosti podle data vzniku v ARES',
            en: 'Company age from the founding date in ARES',
          }),
          ...src,
          outcome: say({ cs: `${years.toFixed(1)} let`, en: `${years.toFixed(1)} years` }),
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
          const sector = sectorName(key, sectors.high_risk_sectors[key]!)
          raise('high_risk_sector', { cs: `NACE ${code}: ${sector.cs}`, en: `NACE ${code}: ${sector.en}` })
          break
        }
      }
      if (input.name && f.name && comparableName(input.name) !== comparableName(f.name)) {
        raise('name_mismatch', { cs: `zapsána jako „${f.name}“`, en: `registered as "${f.name}"` })
      }
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
