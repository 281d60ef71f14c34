/**
 * The duties a flow carries out: each is a named check that rests on sections of the register of
 * law (data/reference/legal-basis.json) and is done by named steps of the flow. After the steps
 * have run, each duty reports one rule — what the law asks, cited by id — and as its finding what
 * each of its steps answered (its verdict), or that it failed or did not run and why. A duty
 * whose steps did not run is reported as not done, never as met; one the law makes a condition of
 * a favourable answer (`owed`) then also keeps the flow from `clear`.
 */
import { lawRule, today } from '../contact/shared.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule, Verdict } from '../result.ts'
import type { AgentContext } from '../types.ts'
import { signalOf } from './aggregate.ts'

export interface Duty {
  /** The check's name as the rules show it, e.g. `identification`. */
  name: string
  /** What the cited sections ask of the flow, in one line. */
  text: Texts
  /** The register entries the duty rests on. */
  law: readonly [string, ...string[]]
  /** The ids of the steps that carry it out. */
  steps: readonly string[]
  /**
   * Set when the law makes the duty a condition of a favourable answer for some requests: for a
   * request it `applies` to, a duty whose steps did not all answer gives the flow a verdict of its
   * own — `review` when the request did not `give` what the duty checks (nothing to establish it
   * from), `incomplete` when a step failed or could not run — never a silent pass.
   */
  owed?: {
    applies: (req: Record<string, unknown>) => boolean
    given: (req: Record<string, unknown>) => boolean
    /** Why an owed duty without its input is for a person to look at. */
    absent: Texts
    /** Why an owed duty whose step failed or did not run leaves the answer incomplete. */
    undone: Texts
    /** What the law asks when the duty is owed, in one line. */
    text: Texts
  }
}

/** A step as a duty reads it: its status, output, error and reason (flow.ts StepResult). */
interface StepOutcome {
  id: string
  status: 'ok' | 'failed' | 'skipped'
  output?: unknown
  error?: { code: string }
  reason?: string
}

interface DutyFinding {
  step: string
  status: StepOutcome['status']
  /** The step's verdict when it answered with one. */
  verdict?: Verdict
}

export interface DutyCheck {
  name: string
  rules: AppliedRule[]
  findings: DutyFinding[]
  /** The verdict an owed duty that was not carried out gives the flow. */
  verdict?: Extract<Verdict, 'review' | 'incomplete'>
}

/** Every register entry a flow's duties cite, once each, for the agent's `law`. */
export function dutyLaw(duties: readonly Duty[]): string[] {
  return [...new Set(duties.flatMap((d) => d.law))]
}

/** One duty checked against the steps' results: its rule and what each of its steps found. */
export function checkDuty(
  duty: Duty,
  results: ReadonlyMap<string, StepOutcome>,
  req: Record<string, unknown>,
  ctx: AgentContext,
): DutyCheck {
  const findings: DutyFinding[] = []
  const parts: Texts[] = []
  for (const id of duty.steps) {
    const step = results.get(id)
    if (!step) throw new Error(`duty ${duty.name} names step ${id}, which the flow lacks`)
    const verdict = step.status === 'ok' ? signalOf(id, step.output)?.verdict : undefined
    findings.push({ step: id, status: step.status, ...(verdict ? { verdict } : {}) })
    if (step.status === 'ok')
      parts.push({ cs: `${id}: ${verdict ?? 'bez verdiktu'}`, en: `${id}: ${verdict ?? 'no verdict'}` })
    else if (step.status === 'failed')
      parts.push({
        cs: `${id}: selhal (${step.error?.code ?? 'chyba'})`,
        en: `${id}: failed (${step.error?.code ?? 'error'})`,
      })
    else
      parts.push({
        cs: `${id}: neproveden (${step.reason ?? ''})`,
        en: `${id}: not run (${step.reason ?? ''})`,
      })
  }
  const outcome = ctx.say({
    cs: parts.map((p) => p.cs).join('; '),
    en: parts.map((p) => p.en).join('; '),
  })
  const rules = [lawRule(`${duty.name}: ${ctx.say(duty.text)}`, cite(today(ctx), ...duty.law), outcome)]
  const owed = duty.owed
  if (!owed?.applies(req) || findings.every((f) => f.status === 'ok'))
    return { name: duty.name, rules, findings }
  const verdict = owed.given(req) ? 'incomplete' : 'review'
  const why = ctx.say(verdict === 'review' ? owed.absent : owed.undone)
  rules.push(
    lawRule(
      `${duty.name}: ${ctx.say(owed.text)}`,
      cite(today(ctx), ...duty.law),
      `${verdict}: ${why} (${outcome})`,
    ),
  )
  return { name: duty.name, rules, findings, verdict }
}
