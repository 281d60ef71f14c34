/**
 * The flow runner behind the *_flow agents: a flow is a static plan of agent calls with
 * dependencies. Each wave of the plan runs in parallel through ctx.call (the same validated
 * dispatch the gateway uses), every step is timed, and a step that fails is recorded with its
 * error while the steps that do not need it go on. Steps whose inputs are missing are skipped with
 * the reason. The results are rolled up by orchestrator/result_aggregator.
 */

import { Type } from 'typebox'
import { AppError } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { lawRule, today } from '../contact/shared.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import { type SourceStatus, type Verdict, VerdictSchema } from '../result.ts'
import type { AgentContext, ResultOf } from '../types.ts'
import { ROLL_UP_RULE, ROLL_UP_TEXTS } from './aggregate.ts'
import { checkDuty, type Duty, dutyLaw } from './duties.ts'
import { planWaves } from './plan.ts'
import type { resultAggregator } from './result_aggregator.ts'

export type Request = Record<string, unknown>

export interface FlowStep {
  id: string
  service: string
  agent: string
  /** Why the flow takes this step, for the plan shown to the caller (in the call's language). */
  purpose: Texts
  after?: string[]
  /** Run even when a step in `after` did not succeed (its output is then undefined). */
  tolerant?: boolean
  /** The step's input from the request and earlier outputs; a `skip` says why it cannot run. */
  input(req: Request, done: Record<string, unknown>): unknown
}

export interface Skip {
  skip: Texts
}

export const skip = (reason: Texts): Skip => ({ skip: reason })
const isSkip = (v: unknown): v is Skip =>
  Boolean(v && typeof v === 'object' && 'skip' in v && Object.keys(v).length === 1)

/** Copies the named fields that are present. */
export function pick(req: Request, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) if (req[f] !== undefined && req[f] !== null) out[f] = req[f]
  return out
}

/** Skips unless every field is present. */
export function needs(req: Request, fields: string[]): Skip | undefined {
  const missing = fields.filter((f) => req[f] === undefined || req[f] === null)
  return missing.length > 0
    ? skip({ cs: `chybí ${missing.join(', ')}`, en: `needs ${missing.join(', ')}` })
    : undefined
}

export interface StepResult {
  id: string
  service: string
  agent: string
  purpose: string
  wave: number
  status: 'ok' | 'failed' | 'skipped'
  /** Wall time of the call, milliseconds (0 when skipped). */
  ms: number
  output?: unknown
  error?: { code: string; message: string; details?: Record<string, unknown> }
  reason?: string
  /** Skipped because its inputs were not given (not applicable), not because a step it needs failed. */
  not_applicable?: boolean
}

const StepSchema = Type.Object({
  id: Type.String(),
  service: Type.String(),
  agent: Type.String(),
  purpose: Type.String(),
  wave: Type.Integer(),
  status: Type.Enum(['ok', 'failed', 'skipped']),
  ms: Type.Number({ minimum: 0 }),
  output: Type.Optional(Type.Unknown()),
  error: Type.Optional(
    Type.Object({
      code: Type.String(),
      message: Type.String(),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  ),
  reason: Type.Optional(Type.String()),
  not_applicable: Type.Optional(Type.Boolean()),
})

/** Every flow's verdict: the roll-up of its steps' verdicts by orchestrator/result_aggregator. */
export const FLOW_VERDICT = {
  explain: `the roll-up of the steps' verdicts: ${ROLL_UP_RULE}`,
  of: (r: { verdict: Verdict }) => r.verdict,
}

export const FlowResultSchema = Type.Object({
  flow: Type.String(),
  status: Type.Enum(['completed', 'completed_with_failures', 'failed']),
  verdict: VerdictSchema,
  verdict_basis: Type.Array(Type.Object({ source: Type.String(), verdict: VerdictSchema }), {
    description: 'the verdict of each step that gave one',
  }),
  plan: Type.Array(Type.Array(Type.String()), { description: 'step ids by wave; a wave runs in parallel' }),
  steps: Type.Array(StepSchema),
  counts: Type.Object({ ok: Type.Integer(), failed: Type.Integer(), skipped: Type.Integer() }),
  total_ms: Type.Number({ minimum: 0 }),
})

/** A step's status as a Czech text names it. */
const STATUS_CS: Record<StepResult['status'], string> = {
  ok: 'v pořádku',
  failed: 'selhal',
  skipped: 'přeskočen',
}

const ms = (from: number) => Math.round((performance.now() - from) * 100) / 100

function describeError(error: unknown): { code: string; message: string; details?: Record<string, unknown> } {
  if (error instanceof AppError) {
    return error.details
      ? { code: error.code, message: error.message, details: error.details }
      : { code: error.code, message: error.message }
  }
  if (error instanceof UpstreamError) {
    return {
      code: error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_error',
      message: error.message,
      details: { source: error.source },
    }
  }
  return { code: 'internal_error', message: 'the step failed unexpectedly; the logs hold the cause' }
}

/** One step of a wave: skipped when a step it needs did not succeed or its inputs are missing, else called and timed. */
async function runStep(
  step: FlowStep,
  wave: number,
  results: ReadonlyMap<string, StepResult>,
  done: Record<string, unknown>,
  req: Request,
  ctx: AgentContext,
  name: string,
): Promise<StepResult> {
  const id = step.id
  const base = { id, service: step.service, agent: step.agent, purpose: ctx.say(step.purpose), wave }
  const blocked = (step.after ?? []).filter((dep) => results.get(dep)?.status !== 'ok')
  if (blocked.length > 0 && !step.tolerant) {
    // A step that needs only steps which did not apply does not apply either.
    const notApplicable = blocked.every((b) => results.get(b)?.not_applicable === true)
    return {
      ...base,
      status: 'skipped',
      ms: 0,
      reason: ctx.say({
        cs: `závisí na ${blocked.map((b) => `${b} (${STATUS_CS[results.get(b)?.status ?? 'skipped']})`).join(', ')}`,
        en: `depends on ${blocked.map((b) => `${b} (${results.get(b)?.status})`).join(', ')}`,
      }),
      ...(notApplicable ? { not_applicable: true } : {}),
    }
  }
  let input: unknown
  try {
    input = step.input(req, done)
  } catch (error) {
    return { ...base, status: 'failed', ms: 0, error: describeError(error) }
  }
  if (isSkip(input))
    return { ...base, status: 'skipped', ms: 0, reason: ctx.say(input.skip), not_applicable: true }
  const t0 = performance.now()
  try {
    const output = await ctx.call(step.service, step.agent, input)
    done[id] = output
    return { ...base, status: 'ok', ms: ms(t0), output }
  } catch (error) {
    if (error instanceof AppError || error instanceof UpstreamError)
      ctx.logger.debug({ flow: name, step: id, err: error }, 'flow step failed')
    else ctx.logger.error({ flow: name, step: id, err: error }, 'flow step crashed')
    return { ...base, status: 'failed', ms: ms(t0), error: describeError(error) }
  }
}

/**
 * Each step as a source of the flow's answer: ok, failed with its error code, or skipped as not
 * applicable or blocked by a step it needs (codes, the same in every language; the step's reason
 * in words is on the step).
 */
function stepSources(steps: StepResult[]): SourceStatus[] {
  return steps.map((s) => {
    const name = `${s.service}/${s.agent}`
    if (s.status === 'ok') return { name, status: 'ok' as const }
    const code = s.status === 'failed' ? s.error?.code : s.not_applicable ? 'not_applicable' : 'blocked'
    return { name, status: s.status, error: `${s.id}: ${code}` }
  })
}

/**
 * Runs a flow: its steps wave by wave, the roll-up of their verdicts by result_aggregator, and
 * each of its duties checked against what the steps found.
 */
export async function runFlow(
  name: string,
  steps: FlowStep[],
  duties: readonly Duty[],
  req: Request,
  ctx: AgentContext,
) {
  const plan = planWaves(
    steps.map((s) => ({ id: s.id, ...(s.after ? { after: s.after } : {}) })),
    'steps',
  )
  const byId = new Map(steps.map((s) => [s.id, s]))
  const results = new Map<string, StepResult>()
  const done: Record<string, unknown> = {}
  const started = performance.now()
  for (const [wave, ids] of plan.waves.entries()) {
    const answered = await Promise.all(
      ids.map((id) => runStep(byId.get(id)!, wave, results, done, req, ctx, name)),
    )
    for (const r of answered) results.set(r.id, r)
  }
  const ordered = steps.map((s) => results.get(s.id)!)
  const counts = {
    ok: ordered.filter((s) => s.status === 'ok').length,
    failed: ordered.filter((s) => s.status === 'failed').length,
    skipped: ordered.filter((s) => s.status === 'skipped').length,
  }
  const checks = duties.map((d) => checkDuty(d, results, req, ctx))
  const aggregated = (await ctx.call('orchestrator', 'result_aggregator', {
    // A step that did not apply (its inputs were not given) does not make the verdict incomplete;
    // a duty the law owes for this request and the steps did not carry out votes with its own verdict.
    results: [
      ...ordered
        .filter((s) => !s.not_applicable)
        .map((s) => ({
          source: `${s.service}/${s.agent}`,
          status: s.status,
          ...(s.output !== undefined ? { output: s.output } : {}),
        })),
      ...checks.flatMap((c) =>
        c.verdict ? [{ source: `duty/${c.name}`, output: { verdict: c.verdict } }] : [],
      ),
    ],
  })) as ResultOf<typeof resultAggregator>
  const partiallyAnswered = ordered.some(
    (s) => (s.output as { partial?: unknown } | undefined)?.partial === true,
  )
  const at = today(ctx)
  return {
    flow: name,
    status:
      counts.ok === 0
        ? ('failed' as const)
        : counts.failed > 0
          ? ('completed_with_failures' as const)
          : ('completed' as const),
    verdict: aggregated.verdict,
    verdict_basis: aggregated.signals,
    plan: plan.waves,
    steps: ordered,
    counts,
    total_ms: ms(started),
    partial: counts.failed > 0 || partiallyAnswered,
    sources: stepSources(ordered),
    rules_applied: [
      lawRule(
        ctx.say({
          cs: 'kroky běží ve vlnách podle závislostí; neúspěšný krok se zaznamená a kroky, které ho nepotřebují, pokračují',
          en: 'steps run in dependency waves; a failed step is recorded and the steps that do not need it go on',
        }),
        cite(at, 'method-flow-runner'),
        ctx.say({
          cs: `${counts.ok} v pořádku, ${counts.failed} neúspěšných, ${counts.skipped} přeskočených`,
          en: `${counts.ok} ok, ${counts.failed} failed, ${counts.skipped} skipped`,
        }),
      ),
      lawRule(
        ctx.say({
          cs: `${ROLL_UP_TEXTS.cs}; kroky, které se neuplatnily (jejich vstupy nebyly zadány), se nepočítají, ale povinnost, kterou zákon pro tento požadavek ukládá a kroky ji nesplnily, hlasuje sama (duty/…)`,
          en: `${ROLL_UP_TEXTS.en}; steps that did not apply (their inputs were not given) do not count, but a duty the law asks for this request that the steps did not carry out votes itself (duty/…)`,
        }),
        cite(at, 'method-verdict-rollup'),
        aggregated.verdict,
      ),
      ...checks.flatMap((c) => c.rules),
    ],
  }
}

/** The register entries every flow cites: the runner, the roll-up and its duties' sections. */
export function flowLaw(duties: readonly Duty[]): string[] {
  return ['method-flow-runner', 'method-verdict-rollup', ...dutyLaw(duties)]
}
