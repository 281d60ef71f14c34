import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import { burstCheck, bySeverity, countBy, logReview, type Review, workingTimeCheck } from './audit-checks.ts'

const Count = Type.Array(Type.Object({ key: Type.String(), count: Type.Integer() }))

export const auditReport = defineAgent({
  service: 'compliance',
  name: 'audit_report',
  description:
    'Deterministic compliance report from an audit log: activity by actor, action and outcome, bursts of failed or denied attempts, privileged actions and activity outside Czech working hours (weekends and public holidays included).',
  input: Type.Object(
    {
      events: Type.Array(
        Type.Object(
          {
            timestamp: Type.String({ format: 'date-time' }),
            actor: Type.String({ minLength: 1, maxLength: 200 }),
            action: Type.String({ minLength: 1, maxLength: 100 }),
            outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('denied')]),
            resource: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100_000 },
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    period: Type.Object({ from: Type.String(), to: Type.String() }),
    total: Type.Integer(),
    by_outcome: Count,
    by_actor: Count,
    by_action: Count,
    findings: Type.Array(
      Type.Object({
        severity: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
        finding: Type.String(),
        actor: Type.String(),
        at: Type.String(),
      }),
    ),
  }),
  law: ['iso-27001-a8-15', 'policy-audit-review', 'cz-245-2000'],
  verdict: {
    explain:
      '`adverse` when a finding is of high severity, `review` when any other finding was made, else `clear`',
    of: (r) =>
      r.findings.some((f) => f.severity === 'high') ? 'adverse' : r.findings.length > 0 ? 'review' : 'clear',
  },
  examples: [
    {
      title: 'A quiet working day: no findings',
      input: {
        events: [
          { timestamp: '2025-05-14T08:15:00Z', actor: 'jana', action: 'screening.run', outcome: 'success' },
          { timestamp: '2025-05-14T09:40:00Z', actor: 'petr', action: 'report.view', outcome: 'success' },
          { timestamp: '2025-05-14T12:05:00Z', actor: 'jana', action: 'report.view', outcome: 'success' },
        ],
      },
    },
    {
      title: 'Five denied logins in four minutes and a key created on a public holiday',
      input: {
        events: [
          { timestamp: '2025-05-08T21:00:00Z', actor: 'x-bot', action: 'login', outcome: 'denied' },
          { timestamp: '2025-05-08T21:01:00Z', actor: 'x-bot', action: 'login', outcome: 'denied' },
          { timestamp: '2025-05-08T21:02:00Z', actor: 'x-bot', action: 'login', outcome: 'denied' },
          { timestamp: '2025-05-08T21:03:00Z', actor: 'x-bot', action: 'login', outcome: 'denied' },
          { timestamp: '2025-05-08T21:04:00Z', actor: 'x-bot', action: 'login', outcome: 'denied' },
          { timestamp: '2025-05-08T10:00:00Z', actor: 'admin', action: 'key.create', outcome: 'success' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(undefined, ctx.now)
    const review = covered(() => referenceAt<Review>('audit-review-rules', today))
    const events = input.events.map((e, i) => {
      const ms = Date.parse(e.timestamp)
      if (Number.isNaN(ms)) throw errors.invalid(`events/${i}/timestamp`, 'must be an ISO 8601 date-time')
      return { ...e, ms }
    })
    events.sort((a, b) => a.ms - b.ms || a.actor.localeCompare(b.actor))
    const bursts = burstCheck(events, review, today, say)
    const working = workingTimeCheck(events, review, today, say)
    return {
      period: { from: new Date(events[0]!.ms).toISOString(), to: new Date(events.at(-1)!.ms).toISOString() },
      total: events.length,
      by_outcome: countBy(events, (e) => e.outcome),
      by_actor: countBy(events, (e) => e.actor),
      by_action: countBy(events, (e) => e.action),
      findings: bySeverity([...bursts.findings, ...working.findings]),
      rules_applied: [logReview(events, today, say), bursts.rule, ...working.rules],
    }
  },
})
