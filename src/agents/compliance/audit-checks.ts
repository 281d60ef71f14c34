/**
 * The checks of audit_report (ISO/IEC 27001 A.8.15, the review policy on file, the Czech public
 * holidays of Act 245/2000 Coll.), each a named function over the events in time order that
 * returns its findings and the rules it applied (with their register sources). The agent joins
 * them and orders the findings by severity.
 */
import { holidayOn, isWeekend } from '../../engines/reference/calendar.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export interface Review extends ReferenceVersion {
  failed_burst: { count: number; window_minutes: number }
  working_hours: { from: number; to: number }
  privileged_actions: string[]
}

/** One event of the log, `ms` its instant in milliseconds since the epoch. */
interface LogEvent {
  timestamp: string
  actor: string
  action: string
  outcome: 'success' | 'failure' | 'denied'
  ms: number
}

interface Finding {
  severity: 'high' | 'medium' | 'low'
  finding: string
  actor: string
  at: string
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

/** The log as a whole: reviewed for anomalies. */
export const logReview = (events: LogEvent[], today: string, say: Say): AppliedRule => ({
  rule: say({ cs: 'Auditní záznamy se kontrolují na anomálie', en: 'Audit logs are reviewed for anomalies' }),
  ...cite(today, 'iso-27001-a8-15'),
  outcome: say({ cs: `událostí: ${events.length}`, en: `${events.length} events` }),
})

/** Bursts: N failed or denied events of one actor inside the window, each burst reported once. */
export function burstCheck(
  events: LogEvent[],
  review: Review,
  today: string,
  say: Say,
): { findings: Finding[]; rule: AppliedRule } {
  const { count, window_minutes } = review.failed_burst
  const findings: Finding[] = []
  const windowMs = window_minutes * 60_000
  const failuresByActor = new Map<string, number[]>()
  for (const e of events) {
    if (e.outcome === 'success') continue
    const list = failuresByActor.get(e.actor) ?? []
    list.push(e.ms)
    failuresByActor.set(e.actor, list)
  }
  for (const [actor, times] of failuresByActor) {
    let i = 0
    while (i + count - 1 < times.length) {
      const end = times[i + count - 1]!
      if (end - times[i]! <= windowMs) {
        findings.push({
          severity: 'high',
          finding: say({
            cs: `${count} neúspěšných nebo odepřených pokusů během ${window_minutes} minut`,
            en: `${count} failed or denied attempts within ${window_minutes} minutes`,
          }),
          actor,
          at: new Date(times[i]!).toISOString(),
        })
        i += count
      } else i++
    }
  }
  const rule = {
    rule: say({
      cs: `Série: ${count} neúspěšných/odepřených pokusů jednoho aktéra během ${window_minutes} minut`,
      en: `Burst: ${count} failed/denied attempts by one actor within ${window_minutes} minutes`,
    }),
    ...cite(today, 'policy-audit-review'),
    outcome: say({ cs: `nalezeno: ${findings.length}`, en: `${findings.length} found` }),
  }
  return { findings, rule }
}

/**
 * Successful actions outside working hours (Europe/Prague) or on a weekend or public holiday
 * (medium), and privileged actions (high when outside working time, else low).
 */
export function workingTimeCheck(
  events: LogEvent[],
  review: Review,
  today: string,
  say: Say,
): { findings: Finding[]; rules: AppliedRule[] } {
  const findings: Finding[] = []
  let outside = 0
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
  const rules: AppliedRule[] = [
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
      ...cite(today, 'policy-audit-review'),
    },
  ]
  return { findings, rules }
}

/** High first, then medium, then low; within a severity by time. */
export function bySeverity(findings: Finding[]): Finding[] {
  const order = { high: 0, medium: 1, low: 2 }
  return findings.sort((a, b) => order[a.severity] - order[b.severity] || a.at.localeCompare(b.at))
}

/** How many events each key has, most first (ties by key). */
export function countBy(events: LogEvent[], key: (e: LogEvent) => string) {
  const m = new Map<string, number>()
  for (const e of events) m.set(key(e), (m.get(key(e)) ?? 0) + 1)
  return [...m.entries()]
    .map(([k, c]) => ({ key: k, count: c }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}
