/**
 * Reads each agent result's `verdict` (the shared vocabulary of src/agents/result.ts) and rolls
 * several up: the least favourable decides. Nothing here looks at an agent's own fields — how a
 * `decision` or a `risk_level` becomes a verdict is each agent's declared rule, applied once.
 */
import type { Texts } from '../lang.ts'
import { VERDICTS, type Verdict } from '../result.ts'

export interface Signal {
  source: string
  verdict: Verdict
}

const isVerdict = (v: unknown): v is Verdict => typeof v === 'string' && Object.hasOwn(VERDICTS, v)

/** The verdict a result carries, if it is one of the shared vocabulary. */
export function signalOf(source: string, output: unknown): Signal | undefined {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return undefined
  const verdict = (output as { verdict?: unknown }).verdict
  return isVerdict(verdict) ? { source, verdict } : undefined
}

/**
 * The roll-up, least favourable first: adverse; incomplete (a step failed, could not run, answered
 * partially, could not decide or gave no verdict); review; clear; informational when no step judged anything.
 */
export function rollUp(verdicts: Verdict[], anyMissing: boolean): Verdict {
  if (verdicts.includes('adverse')) return 'adverse'
  if (anyMissing || verdicts.includes('incomplete')) return 'incomplete'
  if (verdicts.includes('review')) return 'review'
  if (verdicts.includes('clear')) return 'clear'
  return verdicts.length > 0 ? 'informational' : 'incomplete'
}

export const ROLL_UP_RULE =
  'the least favourable step verdict decides: adverse, then incomplete (a step failed, was skipped because a step it needs failed, answered partially, could not decide or gave no verdict), then review, then clear; steps that only inform do not vote'

/** The roll-up rule in both languages, for the rules a flow reports. */
export const ROLL_UP_TEXTS: Texts = {
  cs: 'rozhoduje nejméně příznivý verdikt kroku: adverse, pak incomplete (krok selhal, byl přeskočen, protože selhal krok, který potřebuje, odpověděl jen částečně, nerozhodl nebo nedal verdikt), pak review, pak clear; kroky, které jen informují, nehlasují',
  en: ROLL_UP_RULE,
}
