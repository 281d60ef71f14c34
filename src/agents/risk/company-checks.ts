/**
 * The checks of company_risk, each a named function that raises its flags on the flagger (which
 * records each flag's rule with its register source) or adds its own rules. The agent runs them
 * in order and reports them.
 */
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { comparableName, insolvencyOf, type Lookup } from '../compliance/registry.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { sectorName } from '../sectors.ts'
import type { AgentContext, AppliedRule } from '../types.ts'

interface Flag {
  severity: 'low' | 'medium' | 'high' | 'critical'
  points: number
  label: string
}
export interface Flags extends ReferenceVersion {
  flags: Record<string, Flag>
  levels: { level: string; max: number }[]
}
export interface Sectors extends ReferenceVersion {
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

type Facts = NonNullable<Lookup['facts']>

/** The flags raised so far and the rules applied, each flag's rule citing the register behind it. */
export interface Flagger {
  flags: { flag: string; severity: string; points: number; detail: string }[]
  rules: AppliedRule[]
  raise: (key: string, texts: Texts) => void
  src: ReturnType<typeof cite>
}

export function flagger(ref: Flags, today: string, say: Say): Flagger {
  const src = cite(today, 'policy-company-risk-flags')
  /** What each flag rests on beside the weights: the register that states the fact. */
  const FLAG_LAW: Record<string, ReturnType<typeof cite>> = {
    not_found: cite(today, 'policy-company-risk-flags', 'cz-111-2009-s24'),
    dissolved: cite(today, 'policy-company-risk-flags', 'cz-304-2013'),
    insolvency: cite(today, 'policy-company-risk-flags', 'cz-182-2006-insolvency'),
    high_risk_sector: cite(today, 'policy-company-risk-flags', 'policy-cdd-risk-factors'),
    name_mismatch: cite(today, 'policy-company-risk-flags', 'cz-304-2013'),
  }
  const rules: AppliedRule[] = []
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
  return { flags, rules, raise, src }
}

/** Dissolution in ARES, and insolvency in ARES or in the insolvency register itself. */
export async function statusFlags(
  ctx: AgentContext,
  ico: string,
  f: Facts,
  fl: Flagger,
): Promise<SourceStatus> {
  const { raise } = fl
  const same = (text: string): Texts => ({ cs: text, en: text })
  if (f.active === false)
    raise('dissolved', f.dissolved ? { cs: `dne ${f.dissolved}`, en: `on ${f.dissolved}` } : same('ZANIKLY'))
  // The insolvency register itself, beyond ARES's flag (which lags the register).
  const isir = await insolvencyOf(ctx, ico)
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
  return isir.source
}

/** The company's age from its founding date in ARES. */
export function ageFlags(f: Facts, today: string, fl: Flagger, say: Say): void {
  const { raise, rules, src } = fl
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
}

/** The first NACE activity in a higher-risk sector. */
export function sectorFlag(f: Facts, sectors: Sectors, fl: Flagger): void {
  const { raise } = fl
  for (const code of f.nace ?? []) {
    const key = Object.keys(sectors.high_risk_sectors).find(
      (k) =>
        code === k || code.startsWith(k.includes('.') ? k : `${k}.`) || code.startsWith(k.replace('.', '')),
    )
    if (key) {
      const sector = sectorName(key, sectors.high_risk_sectors[key]!)
      raise('high_risk_sector', { cs: `NACE ${code}: ${sector.cs}`, en: `NACE ${code}: ${sector.en}` })
      break
    }
  }
}

/** The name given against the registered one. */
export function nameFlag(name: string | undefined, f: Facts, fl: Flagger): void {
  const { raise } = fl
  if (name && f.name && comparableName(name) !== comparableName(f.name)) {
    raise('name_mismatch', { cs: `zapsána jako „${f.name}“`, en: `registered as "${f.name}"` })
  }
}
