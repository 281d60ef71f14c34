import { Type } from 'typebox'
import { holidayOn, isWeekend } from '../../engines/reference/calendar.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Review extends ReferenceVersion {
  failed_burst: { count: number; window_minutes: number }
  working_hours: { from: number; to: number }
  privileged_actions: string[]
}

const PRAGUE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
})

/** Local (Prague) calendar date and hour of an instant. */
function local(ms: number): { date: string; hour: number } {
  const parts = Object.fromEntries(PRAGUE.formatToParts(new Date(ms)).map((p) => [p.type, p.value]))
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) }
}

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
    const src = cite(today, 'policy-audit-review')
    const events = input.events.map((e, i) => {
      const ms = Date.parse(e.timestamp)
      if (Number.isNaN(ms)) throw errors.invalid(`events/${i}/timestamp`, 'must be an ISO 8601 date-time')
      return { ...e, ms }
    })
    events.sort((a, b) => a.ms - b.ms || a.actor.localeCompare(b.actor))
    const count = (key: (e: (typeof events)[number]) => string) => {
      const m = new Map<string, number>()
      for (const e of events) m.set(key(e), (m.get(key(e)) ?? 0) + 1)
      return [...m.entries()]
        .map(([k, c]) => ({ key: k, count: c }))
        .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    }
    let bursts = 0
    let outside = 0
    const findings: { severity: 'high' | 'medium' | 'low'; finding: string; actor: string; at: string }[] = []

    // Bursts: N failed/denied events of one actor inside the window (reported once per burst).
    const windowMs = review.failed_burst.window_minutes * 60_000
    const failuresByActor = new Map<string, number[]>()
    for (const e of events) {
      if (e.outcome === 'success') continue
      const list = failuresByActor.get(e.actor) ?? []
      list.push(e.ms)
      failuresByActor.set(e.actor, list)
    }
    for (const [actor, times] of failuresByActor) {
      let i = 0
      while (i + review.failed_burst.count - 1 < times.length) {
        const end = times[i + review.failed_burst.count - 1]!
        if (end - times[i]! <= windowMs) {
          findings.push({
            severity: 'high',
            finding: say({
              cs: `${review.failed_burst.count} neúspěšných nebo odepřených pokusů během ${review.failed_burst.window_minutes} minut`,
              en: `${review.failed_burst.count} failed or denied attempts within ${review.failed_burst.window_minutes} minutes`,
            }),
            actor,
            at: new Date(times[i]!).toISOString(),
          })
          bursts++
          i += review.failed_burst.count
        } else i++
      }
    }
    for (const e of events) {
      const { date, hour } = local(e.ms)
      const holiday = holidayOn(date)
      const offHours = hour < review.working_hours.from || hour >= review.working_hours.to
      const dayOff: Texts | null = holiday
        ? { cs: `ve státní svátek (${holiday.name})`, en: `on a public holiday (${holiday.name})` }
        : isWeekend(date)
          ? { cs: 'o víkendu', en: 'on a weekend' }
          : null
      const when = dayOff ?? (offHours ? { cs: 'mimo pracovní dobu', en: 'outside working hours' } : null)
      const privileged = review.privileged_actions.includes(e.action)
      if (e.outcome === 'success' && when) outside++
      if (privileged && e.outcome === 'success') {
        findings.push({
          severity: dayOff || offHours ? 'high' : 'low',
          finding: say({
            cs: `privilegovaná akce ${e.action}${when ? ` ${when.cs}` : ''}`,
            en: `privileged action ${e.action}${when ? ` ${when.en}` : ''}`,
          }),
          actor: e.actor,
          at: e.timestamp,
        })
      } else if (e.outcome === 'success' && when) {
        findings.push({
          severity: 'medium',
          finding: `${e.action} ${say(when)}`,
          actor: e.actor,
          at: e.timestamp,
        })
      }
    }
    const order = { high: 0, medium: 1, low: 2 }
    findings.sort((a, b) => order[a.severity] - order[b.severity] || a.at.localeCompare(b.at))
    const rules: AppliedRule[] = [
      {
        rule: say({
          cs: 'Auditní záznamy se kontrolují na anomálie',
          en: 'Audit logs are reviewed for anomalies',
        }),
        ...cite(today, 'iso-27001-a8-15'),
        outcome: say({ cs: `událostí: ${events.length}`, en: `${events.length} events` }),
      },
      {
        rule: say({
          cs: `Série: ${review.failed_burst.count} neúspěšných/odepřených pokusů jednoho aktéra během ${review.failed_burst.window_minutes} minut`,
          en: `Burst: ${review.failed_burst.count} failed/denied attempts by one actor within ${review.failed_burst.window_minutes} minutes`,
        }),
        ...src,
        outcome: say({ cs: `nalezeno: ${bursts}`, en: `${bursts} found` }),
      },
      {
        rule: say({
          cs: `Pracovní doba ${review.working_hours.from}:00–${review.working_hours.to}:00 Europe/Prague v pracovní dny`,
          en: `Working hours ${review.working_hours.from}:00–${review.working_hours.to}:00 Europe/Prague on working days`,
        }),
        ...cite(today, 'cz-245-2000', 'policy-audit-review'),
        outcome: say({ cs: `událostí mimo: ${outside}`, en: `${outside} events outside` }),
      },
      {
        rule: say({
          cs: `Privilegované akce: ${review.privileged_actions.join(', ')}`,
          en: `Privileged actions: ${review.privileged_actions.join(', ')}`,
        }),
        ...src,
      },
    ]
    return {
      period: { from: new Date(events[0]!.ms).toISOString(), to: new Date(events.at(-1)!.ms).toISOString() },
      total: events.length,
      by_outcome: count((e) => e.outcome),
      by_actor: count((e) => e.actor),
      by_action: count((e) => e.action),
      findings,
      rules_applied: rules,
    }
  },
})
