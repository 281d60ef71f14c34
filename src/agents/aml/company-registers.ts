// The company's entries in the insolvency and VAT registers, two of company_screening's checks.
import {
  type InsolvencyResult,
  openInUnknownState,
  type RegistryAnswer,
} from '../../engines/registries/index.ts'
import type { VatPayerStatus } from '../../engines/sources/index.ts'
import { isStale, registryStatus } from '../data/registry-answer.ts'
import { attempt, failed } from '../data/shared.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'

export type Flag = { flag: string; severity: 'low' | 'medium' | 'high'; reason: string; source: string }

/** What one check of the screening found: its flags and the rules it applied. */
export interface Check {
  flags: Flag[]
  rules: AppliedRule[]
}

/** A running insolvency proceeding in ISIR. */
export async function insolvencyCheck(
  ctx: AgentContext,
  ico: string,
  sources: SourceStatus[],
  today: string,
): Promise<
  Check & {
    result: { active: boolean; proceedings: number; not_recognised: string[] } | null
    stale: boolean
  }
> {
  const say = ctx.say
  let isir: RegistryAnswer<InsolvencyResult> | undefined
  try {
    isir = await ctx.deps.registries.isir.byIco(ico)
    sources.push(registryStatus('isir', isir))
  } catch (error) {
    sources.push(failed('isir', error))
  }
  const flags: Flag[] = []
  if (isir?.data.active) {
    const p = isir.data.proceedings.find((x) => x.active)
    flags.push({
      flag: 'insolvency',
      severity: 'high',
      reason: say({
        cs: `insolvenční řízení ${p?.reference ?? ''} (${p?.state ?? 'probíhá'})`,
        en: `insolvency proceeding ${p?.reference ?? ''} (${p?.state ?? 'running'})`,
      }).trim(),
      source: 'ISIR',
    })
  }
  // None running, but one not ended in a state neither running nor finished: not taken as over.
  const unknown = isir?.data.active ? [] : (isir?.data.proceedings ?? []).filter(openInUnknownState)
  for (const p of unknown) {
    const state = p.state ?? say({ cs: 'neuveden', en: 'not given' })
    const where = p.url ?? 'https://isir.justice.cz'
    flags.push({
      flag: 'insolvency_state_not_recognised',
      severity: 'medium',
      reason: say({
        cs: `insolvenční řízení ${p.reference}: stav „${state}“ není probíhající ani skončený stav, který tato kontrola zná, a řízení nemá datum skončení — přečtěte jeho stav v ISIR (${where})`,
        en: `insolvency proceeding ${p.reference}: state “${state}” is neither a running nor a finished state this check knows, and the proceeding has no end date — read its state in ISIR (${where})`,
      }),
      source: 'ISIR',
    })
  }
  return {
    result: isir
      ? {
          active: isir.data.active,
          proceedings: isir.data.proceedings.length,
          not_recognised: unknown.map((p) => p.reference),
        }
      : null,
    stale: isStale(isir),
    flags,
    rules: [
      {
        rule: say({
          cs: 'probíhající insolvenční řízení je vysoké riziko',
          en: 'a running insolvency proceeding is a high risk',
        }),
        ...cite(today, 'cz-182-2006-insolvency', 'policy-company-screening'),
        outcome: isir
          ? isir.data.active
            ? say({ cs: 'probíhá', en: 'running' })
            : unknown.length > 0
              ? say({
                  cs: `stav nerozpoznán: ${unknown.map((p) => p.reference).join(', ')}`,
                  en: `state not recognised: ${unknown.map((p) => p.reference).join(', ')}`,
                })
              : say({ cs: 'žádné neprobíhá', en: 'none running' })
          : say({ cs: 'ISIR neodpověděl', en: 'ISIR did not answer' }),
      },
    ],
  }
}

/** An unreliable VAT payer in the VAT register. */
export async function vatCheck(
  ctx: AgentContext,
  dic: string | undefined,
  sources: SourceStatus[],
  today: string,
): Promise<
  | (Check & { result: { registered: boolean; unreliable: boolean; unreliable_since: string | null } | null })
  | undefined
> {
  if (!dic || !/^CZ\d{8,10}$/.test(dic)) return undefined
  const say = ctx.say
  const answer = await attempt('vat_register', sources, () => ctx.deps.sources.vatRegister.status([dic]))
  const vat: VatPayerStatus | undefined = answer?.payers.find((p) => `CZ${p.dic}` === dic)
  const flags: Flag[] = []
  if (vat?.unreliable === 'ANO')
    flags.push({
      flag: 'unreliable_vat_payer',
      severity: 'high',
      reason: say({
        cs: `nespolehlivý plátce DPH od ${vat.unreliable_since ?? '?'}`,
        en: `unreliable VAT payer since ${vat.unreliable_since ?? '?'}`,
      }),
      source: 'VAT register',
    })
  return {
    result: vat
      ? {
          registered: vat.unreliable !== 'NENALEZEN',
          unreliable: vat.unreliable === 'ANO',
          unreliable_since: vat.unreliable_since ?? null,
        }
      : null,
    flags,
    rules: [
      {
        rule: say({
          cs: 'u nespolehlivého plátce DPH ručí jeho odběratelé za jeho daň',
          en: 'an unreliable VAT payer makes its customers liable for its VAT',
        }),
        ...cite(today, 'cz-235-2004-s106a'),
        outcome: vat
          ? say(
              vat.unreliable === 'ANO'
                ? { cs: 'nespolehlivý plátce', en: 'unreliable payer' }
                : vat.unreliable === 'NENALEZEN'
                  ? { cs: 'není plátce DPH', en: 'not a VAT payer' }
                  : { cs: 'spolehlivý plátce', en: 'reliable payer' },
            )
          : say({ cs: 'registr neodpověděl', en: 'register did not answer' }),
      },
    ],
  }
}
