import { Type } from 'typebox'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { type Verdict, VerdictSchema } from '../result.ts'
import { defineAgent } from '../types.ts'
import { ROLL_UP_RULE, ROLL_UP_TEXTS, rollUp, signalOf } from './aggregate.ts'

export const resultAggregator = defineAgent({
  service: 'orchestrator',
  name: 'result_aggregator',
  description:
    "Rolls several agent results up into one verdict: reads each result's `verdict` (the shared vocabulary every agent answers in), lets the least favourable decide (adverse, then incomplete, then review, then clear), and marks the roll-up incomplete when a step failed, was skipped, answered only partially or gave no verdict it can read, and nothing is already adverse.",
  input: Type.Object(
    {
      results: Type.Array(
        Type.Object(
          {
            source: Type.String({ minLength: 1, maxLength: 100, description: 'service/agent or any label' }),
            status: Type.Optional(Type.Enum(['ok', 'failed', 'skipped'], { default: 'ok' })),
            output: Type.Optional(Type.Unknown({ description: 'the agent result' })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100 },
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    verdict: VerdictSchema,
    signals: Type.Array(Type.Object({ source: Type.String(), verdict: VerdictSchema })),
    counts: Type.Object({
      clear: Type.Integer(),
      review: Type.Integer(),
      adverse: Type.Integer(),
      incomplete: Type.Integer(),
      informational: Type.Integer(),
      silent: Type.Integer({ description: 'results without a verdict of the shared vocabulary' }),
      missing: Type.Integer(),
    }),
    missing: Type.Array(Type.String({ description: 'sources that failed or were skipped' })),
    partial_sources: Type.Array(
      Type.String({ description: 'sources that answered only partially (partial: true)' }),
    ),
  }),
  verdict: { explain: ROLL_UP_RULE, of: (r) => r.verdict },
  law: ['method-verdict-rollup'],
  examples: [
    {
      title: 'An approved loan and a credit grade that needs an underwriter: review',
      input: {
        results: [
          { source: 'banking/loan_assessment', output: { verdict: 'clear', decision: 'approve', ltv: 0.78 } },
          { source: 'risk/credit_risk', output: { verdict: 'review', grade: 'D', score: 560 } },
          {
            source: 'banking/mortgage_calculator',
            output: { verdict: 'informational', monthly_payment: 21000 },
          },
        ],
      },
    },
    {
      title: 'A failed source and nothing adverse: incomplete',
      input: {
        results: [
          { source: 'data/ico_validator', output: { verdict: 'clear', valid: true } },
          { source: 'data/ares_lookup', status: 'failed' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const answered = input.results.filter((r) => (r.status ?? 'ok') === 'ok')
    const signals = answered.flatMap((r) => signalOf(r.source, r.output) ?? [])
    const missing = input.results.filter((r) => (r.status ?? 'ok') !== 'ok').map((r) => r.source)
    // An answer marked partial (a source behind it failed) is not a full check either.
    const partial = answered
      .filter((r) => (r.output as { partial?: unknown } | undefined)?.partial === true)
      .map((r) => r.source)
    const verdicts = signals.map((s) => s.verdict)
    // A result without a verdict of the vocabulary cannot be read: it judges nothing the roll-up can
    // count, so it is not a pass either (fail closed).
    const silent = answered.length - signals.length
    const verdict = rollUp(verdicts, missing.length > 0 || partial.length > 0 || silent > 0)
    const count = (v: Verdict) => verdicts.filter((x) => x === v).length
    return {
      verdict,
      signals,
      counts: {
        clear: count('clear'),
        review: count('review'),
        adverse: count('adverse'),
        incomplete: count('incomplete'),
        informational: count('informational'),
        silent,
        missing: missing.length,
      },
      missing,
      partial_sources: partial,
      rules_applied: [
        lawRule(
          say({
            cs: 'každý výsledek se čte podle svého verdiktu, společného slovníku, v němž odpovídají všichni agenti; výsledek bez něj nelze posoudit',
            en: 'each result is read by its verdict, the shared vocabulary every agent answers in; a result without one cannot be judged',
          }),
          cite(today(ctx), 'method-verdict-rollup'),
          say({
            cs: `verdiktů ${signals.length}, výsledků bez verdiktu ${silent}`,
            en: `${signals.length} verdicts, ${silent} results without one`,
          }),
        ),
        lawRule(say(ROLL_UP_TEXTS), cite(today(ctx), 'method-verdict-rollup'), verdict),
      ],
    }
  },
})
