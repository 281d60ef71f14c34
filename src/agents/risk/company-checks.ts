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

/**
 * The flags raised so far and the rules applied, each flag's rule citing the register behind it;
 * and the checks that could not be made (not_verified), each naming the field and what to give.
 */
export interface Flagger {
  flags: { flag: string; severity: string; points: number; detail: string }[]
  rules: AppliedRule[]
  notVerified: string[]
  raise: (key: string, texts: Texts) => void
  /** A flag's check not made for want of a fact: said in not_verified and as a rule, never silent. */
  unverified: (rule: Texts, why: Texts, basis: ReturnType<typeof cite>) => void
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
  const notVerified: string[] = []
  const unverified = (rule: Texts, why: Texts, basis: ReturnType<typeof cite>) => {
    notVerified.push(say(why))
    rules.push({ rule: say(rule), ...basis, outcome: say({ cs: 'neověřeno', en: 'not verified' }) })
  }
  return { flags, rules, notVerified, raise, unverified, src }
}

/** Dissolution in ARES, and insolvency in ARES or in the insolvency register itself. */
export async function statusFlags(
  ctx: AgentContext,
  ico: string,
  f: Facts,
  fl: Flagger,
  today: string,
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
  // A proceeding not ended in a state neither running nor finished is not taken as over.
  else if (isir.unrecognised.length > 0)
    fl.unverified(
      {
        cs: 'Probíhající insolvenční řízení v insolvenčním rejstříku',
        en: 'A running insolvency proceeding in the insolvency register',
      },
      {
        cs: `insolvence (in_insolvency): ${isir.unrecognised.join('; ')}`,
        en: `insolvency (in_insolvency): ${isir.unrecognised.join('; ')}`,
      },
      cite(today, 'policy-company-risk-flags', 'cz-182-2006-s419'),
    )
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
  } else
    fl.unverified(
      { cs: 'Stáří společnosti podle data vzniku v ARES', en: 'Company age from the founding date in ARES' },
      {
        cs: 'stáří společnosti (established): ARES neuvádí datum vzniku — ověřte datum vzniku ve veřejném rejstříku (výpis) a posuďte, zda je společnost mladší 1 nebo 3 let',
        en: 'company age (established): ARES gave no founding date — check the founding date in the public register (an extract) and judge whether the company is younger than 1 or 3 years',
      },
      cite(today, 'policy-company-risk-flags', 'cz-111-2009-s24'),
    )
}

/**
 * The first NACE activity in a higher-risk sector: ARES's activities, else those the caller gave.
 * With neither, the sector is not verified (said, never read as no higher-risk sector).
 */
export function sectorFlag(
  f: Facts,
  given: readonly string[] | undefined,
  sectors: Sectors,
  fl: Flagger,
  today: string,
): void {
  const { raise } = fl
  const nace = f.nace?.length ? f.nace : given?.length ? given : undefined
  if (!nace) {
    fl.unverified(
      { cs: 'Činnost v rizikovějším odvětví (CZ-NACE)', en: 'Activity in a higher-risk sector (CZ-NACE)' },
      {
        cs: 'odvětví (nace): ARES neuvádí činnosti CZ-NACE — uveďte nace (činnosti společnosti podle CZ-NACE, např. z živnostenského nebo obchodního rejstříku)',
        en: "sector (nace): ARES gave no CZ-NACE activities — give nace (the company's CZ-NACE activities, e.g. from the trade or commercial register)",
      },
      cite(today, 'policy-company-risk-flags', 'policy-cdd-risk-factors'),
    )
    return
  }
  for (const code of nace) {
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
