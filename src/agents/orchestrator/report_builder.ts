import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { lawRule, today } from '../contact/shared.ts'
import { type Lang, sayIn } from '../lang.ts'
import { cite } from '../law.ts'
import { type Verdict, VerdictSchema } from '../result.ts'
import { type AgentContext, defineAgent, type ResultOf } from '../types.ts'
import { signalOf } from './aggregate.ts'
import type { resultAggregator } from './result_aggregator.ts'

interface StepLike {
  id?: string
  service?: string
  agent?: string
  source?: string
  purpose?: string
  status?: string
  ms?: number
  output?: unknown
  error?: { code?: string; message?: string }
  reason?: string
}

interface RuleLike {
  rule?: string
  source?: string
  since?: string
  outcome?: string
}

const LABEL: Record<string, { cs: string; en: string }> = {
  clear: { cs: 'vyhovuje', en: 'clear' },
  review: { cs: 'k posouzení', en: 'refer for review' },
  adverse: { cs: 'nevyhovuje', en: 'adverse' },
  incomplete: { cs: 'neúplné', en: 'incomplete' },
  informational: { cs: 'informativní', en: 'informational' },
  ok: { cs: 'v pořádku', en: 'ok' },
  failed: { cs: 'selhalo', en: 'failed' },
  skipped: { cs: 'přeskočeno', en: 'skipped' },
}

const cell = (v: unknown) =>
  String(v ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')

/** Top-level scalar fields of a result: the figures a reader wants first. */
function figures(output: unknown): [string, string][] {
  if (!output || typeof output !== 'object') return []
  return Object.entries(output as Record<string, unknown>)
    .filter(
      ([k, v]) =>
        k !== 'rules_applied' &&
        (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null),
    )
    .slice(0, 12)
    .map(([k, v]) => [k, v === null ? '—' : String(v)])
}

/** The steps to report and the verdict: the flow's own, else the roll-up of the results by result_aggregator. */
async function stepsAndVerdict(
  input: { flow_result?: object; results?: { source: string; status?: string; output?: unknown }[] },
  ctx: AgentContext,
): Promise<{ steps: StepLike[]; verdict: Verdict }> {
  let steps: StepLike[]
  let verdict: Verdict | undefined
  if (input.flow_result) {
    const fr = input.flow_result as { steps?: StepLike[]; verdict?: unknown }
    if (!Array.isArray(fr.steps))
      throw errors.invalid('flow_result/steps', 'required (the output of a flow agent)')
    steps = fr.steps
    verdict = signalOf('flow', fr)?.verdict
  } else if (input.results) steps = input.results.map((r) => ({ ...r, status: r.status ?? 'ok' }))
  else throw errors.invalid('results', 'required (or flow_result)')
  if (!verdict) {
    const agg = (await ctx.call('orchestrator', 'result_aggregator', {
      results: steps.map((s) => ({
        source: s.source ?? `${s.service}/${s.agent}`,
        status: (s.status ?? 'ok') as 'ok' | 'failed' | 'skipped',
        ...(s.output !== undefined ? { output: s.output } : {}),
      })),
    })) as ResultOf<typeof resultAggregator>
    verdict = agg.verdict
  }
  return { steps, verdict }
}

/** The Markdown: verdict, the steps' table, each step's figures, errors and reasons, then every rule. */
function render(title: string, steps: StepLike[], verdict: Verdict, lang: Lang) {
  const t = (k: string) => LABEL[k]?.[lang] ?? k
  const lines: string[] = [`# ${title}`, '']
  const sections: string[] = []
  const heading = (h: string) => {
    sections.push(h)
    lines.push(`## ${h}`, '')
  }
  heading(lang === 'cs' ? 'Výsledek' : 'Verdict')
  lines.push(`**${t(verdict)}** (${verdict})`, '')
  heading(lang === 'cs' ? 'Kroky' : 'Steps')
  lines.push(lang === 'cs' ? '| krok | stav | čas (ms) |' : '| step | status | time (ms) |', '|---|---|---|')
  for (const s of steps)
    lines.push(`| ${cell(s.source ?? `${s.service}/${s.agent}`)} | ${t(s.status ?? 'ok')} | ${s.ms ?? '—'} |`)
  lines.push('')
  const rules: { step: string; r: RuleLike }[] = []
  for (const s of steps) {
    const name = s.source ?? `${s.service}/${s.agent}`
    heading(name)
    if (s.purpose) lines.push(`_${s.purpose}_`, '')
    if (s.status === 'failed')
      lines.push(
        `${lang === 'cs' ? 'Chyba' : 'Error'}: ${s.error?.code ?? ''} — ${s.error?.message ?? ''}`,
        '',
      )
    if (s.status === 'skipped')
      lines.push(`${lang === 'cs' ? 'Přeskočeno' : 'Skipped'}: ${s.reason ?? ''}`, '')
    for (const [k, v] of figures(s.output)) lines.push(`- ${k}: ${v}`)
    if (figures(s.output).length > 0) lines.push('')
    const applied = (s.output as { rules_applied?: RuleLike[] } | undefined)?.rules_applied
    if (Array.isArray(applied)) for (const r of applied) rules.push({ step: name, r })
  }
  if (rules.length > 0) {
    heading(lang === 'cs' ? 'Použitá pravidla' : 'Rules applied')
    lines.push(
      lang === 'cs'
        ? '| krok | pravidlo | zdroj | od | výsledek |'
        : '| step | rule | source | since | outcome |',
      '|---|---|---|---|---|',
    )
    for (const { step, r } of rules)
      lines.push(
        `| ${cell(step)} | ${cell(r.rule)} | ${cell(r.source)} | ${cell(r.since)} | ${cell(r.outcome)} |`,
      )
    lines.push('')
  }
  return { markdown: lines.join('\n'), sections, rulesCount: rules.length }
}

export const reportBuilder = defineAgent({
  service: 'orchestrator',
  name: 'report_builder',
  description:
    "Writes a Markdown report (Czech or English) from a flow result or a list of agent results: the verdict and its basis, a table of steps with status and time, each step's key figures, errors and skipped reasons, and every rule applied with its source and date. The verdict comes from orchestrator/result_aggregator when the input has none.",
  input: Type.Object(
    {
      title: Type.String({ minLength: 1, maxLength: 200 }),
      language: Type.Optional(
        Type.Enum(['cs', 'en'], {
          description: 'the text’s language; default: the call’s lang (Accept-Language, then cs)',
        }),
      ),
      flow_result: Type.Optional(
        Type.Object(
          {},
          { additionalProperties: true, description: 'the output of a *_flow agent or master_orchestrator' },
        ),
      ),
      results: Type.Optional(
        Type.Array(
          Type.Object(
            {
              source: Type.String({ minLength: 1, maxLength: 100 }),
              status: Type.Optional(Type.Enum(['ok', 'failed', 'skipped'])),
              output: Type.Optional(Type.Unknown()),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 100 },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    markdown: Type.String(),
    verdict: VerdictSchema,
    sections: Type.Array(Type.String()),
    rules_count: Type.Integer(),
  }),
  verdict: {
    explain:
      'the verdict reported: the flow’s, else the roll-up of the results by orchestrator/result_aggregator',
    of: (r) => r.verdict,
  },
  law: ['method-verdict-rollup', 'method-report-layout'],
  examples: [
    {
      title: 'A report on two results, in Czech',
      input: {
        title: 'Prověrka klienta',
        results: [
          {
            source: 'data/ico_validator',
            output: {
              verdict: 'clear',
              ico: '27074358',
              valid: true,
              rules_applied: [{ rule: 'IČO mod-11 check digit', source: 'ČSÚ', outcome: 'valid' }],
            },
          },
          {
            source: 'banking/loan_assessment',
            output: {
              verdict: 'review',
              decision: 'refer',
              ltv: 0.85,
              rules_applied: [{ rule: 'ČNB LTV limit 80 %', since: '2022-04-01', outcome: 'exceeded' }],
            },
          },
        ],
      },
    },
    {
      title: 'A flow result with a failed step, in English',
      input: {
        title: 'Due diligence',
        language: 'en',
        flow_result: {
          flow: 'due_diligence',
          verdict: 'incomplete',
          steps: [
            {
              id: 'ico',
              service: 'data',
              agent: 'ico_validator',
              status: 'ok',
              ms: 0.4,
              output: { verdict: 'clear', valid: true },
            },
            {
              id: 'ares',
              service: 'data',
              agent: 'ares_lookup',
              status: 'failed',
              ms: 812.5,
              error: { code: 'upstream_timeout', message: 'ARES did not answer within 8000 ms' },
            },
          ],
        },
      },
    },
  ],
  async run(input, ctx) {
    const lang = input.language ?? ctx.lang
    const say = sayIn(lang)
    const { steps, verdict } = await stepsAndVerdict(input, ctx)
    const { markdown, sections, rulesCount } = render(input.title, steps, verdict, lang)
    return {
      markdown,
      verdict,
      sections,
      rules_count: rulesCount,
      rules_applied: [
        lawRule(
          say({
            cs: 'verdikt převzatý z toku, jinak souhrn přes orchestrator/result_aggregator',
            en: 'verdict taken from the flow, else rolled up by orchestrator/result_aggregator',
          }),
          cite(today(ctx), 'method-verdict-rollup'),
          verdict,
        ),
        lawRule(
          say({
            cs: 'pravidla každého kroku uvedená se zdrojem a datem',
            en: 'rules of every step listed with source and date',
          }),
          cite(today(ctx), 'method-report-layout'),
          say({ cs: `pravidel: ${rulesCount}`, en: `${rulesCount} rules` }),
        ),
      ],
    }
  },
})
