import { Type } from 'typebox'
import { RulesSchema, rule } from '../contact/shared.ts'
import { defineAgent } from '../types.ts'
import { type Level, rollUp, signalsOf, VERDICT_TABLE } from './aggregate.ts'

export const resultAggregator = defineAgent({
  service: 'orchestrator',
  name: 'result_aggregator',
  description:
    "Rolls several agent results up into one verdict: reads each result's own verdict field (decision, risk_level, valid, match …) by a documented table, lets the strictest signal decide (fail over refer over pass), and marks the roll-up incomplete when a step failed, was skipped or answered only partially and nothing already fails it.",
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
    overall: Type.Enum(['pass', 'refer', 'fail', 'incomplete']),
    signals: Type.Array(
      Type.Object({
        source: Type.String(),
        field: Type.String(),
        value: Type.String(),
        level: Type.Enum(['pass', 'refer', 'fail']),
      }),
    ),
    counts: Type.Object({
      pass: Type.Integer(),
      refer: Type.Integer(),
      fail: Type.Integer(),
      silent: Type.Integer(),
      missing: Type.Integer(),
    }),
    missing: Type.Array(Type.String({ description: 'sources that failed or were skipped' })),
    partial: Type.Array(Type.String({ description: 'sources that answered only partially (partial: true)' })),
    rules_applied: RulesSchema,
  }),
  examples: [
    {
      title: 'An approved loan and a medium credit risk: refer',
      input: {
        results: [
          { source: 'banking/loan_assessment', output: { decision: 'approve', ltv: 0.78 } },
          { source: 'risk/credit_risk', output: { risk_level: 'medium', score: 612 } },
          { source: 'data/ico_validator', output: { valid: true } },
        ],
      },
    },
    {
      title: 'A failed source with no failing signal: incomplete',
      input: {
        results: [
          { source: 'data/ico_validator', output: { valid: true } },
          { source: 'data/ares_lookup', status: 'failed' },
        ],
      },
    },
  ],
  async run(input) {
    const signals = input.results.flatMap((r) =>
      (r.status ?? 'ok') === 'ok' ? signalsOf(r.source, r.output) : [],
    )
    const missing = input.results.filter((r) => (r.status ?? 'ok') !== 'ok').map((r) => r.source)
    // An answer marked partial (a source behind it failed) is not a full check either.
    const partial = input.results
      .filter(
        (r) =>
          (r.status ?? 'ok') === 'ok' && (r.output as { partial?: unknown } | undefined)?.partial === true,
      )
      .map((r) => r.source)
    const levels = signals.map((s) => s.level as Level)
    const strictest = rollUp(levels)
    const overall: 'pass' | 'refer' | 'fail' | 'incomplete' =
      strictest === 'fail'
        ? 'fail'
        : missing.length > 0 || partial.length > 0 || !strictest
          ? 'incomplete'
          : strictest
    const silent = input.results.filter(
      (r) => (r.status ?? 'ok') === 'ok' && signalsOf(r.source, r.output).length === 0,
    ).length
    return {
      overall,
      signals,
      counts: {
        pass: levels.filter((l) => l === 'pass').length,
        refer: levels.filter((l) => l === 'refer').length,
        fail: levels.filter((l) => l === 'fail').length,
        silent,
        missing: missing.length,
      },
      missing,
      partial,
      rules_applied: [
        rule(
          `verdict read from the first of: ${VERDICT_TABLE.fields.slice(0, 6).join(', ')} …`,
          'data/reference/orchestrator-verdicts.json',
          undefined,
          `${signals.length} signals`,
        ),
        rule(
          'strictest signal decides: fail > refer > pass',
          'data/reference/orchestrator-verdicts.json',
          undefined,
          strictest ?? 'no signal',
        ),
        rule(
          'a failed, skipped or partial source leaves the verdict incomplete unless a fail already decides it',
          'data/reference/orchestrator-verdicts.json',
          undefined,
          overall,
        ),
      ],
    }
  },
})
