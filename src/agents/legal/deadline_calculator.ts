import { Type } from 'typebox'
import {
  addDays,
  addMonths,
  addWorkingDays,
  holidayOn,
  isWorkingDay,
  nextWorkingDay,
} from '../../engines/reference/calendar.ts'
import { NotCoveredError, type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

/** The register entry of each regime's rule for counting periods (the table's `law` says it in words). */
const REGIME_LAW = {
  civil: 'cz-89-2012-s605',
  civil_procedure: 'cz-99-1963-s57',
  administrative: 'cz-500-2004-s40',
  tax: 'cz-280-2009-s33',
} as const

interface DeadlineRules extends ReferenceVersion {
  /** Each regime's law and the day it took effect (not the start of the file's data). */
  regimes: Record<string, { law: string; since: string; shift_to_working_day: boolean }>
}

const WEEKDAYS: Texts[] = [
  { cs: 'neděle', en: 'Sunday' },
  { cs: 'pondělí', en: 'Monday' },
  { cs: 'úterý', en: 'Tuesday' },
  { cs: 'středa', en: 'Wednesday' },
  { cs: 'čtvrtek', en: 'Thursday' },
  { cs: 'pátek', en: 'Friday' },
  { cs: 'sobota', en: 'Saturday' },
]

/** The counting rules in force on the event's day; an earlier event is refused naming event_date. */
function rulesOn(eventDate: string): DeadlineRules {
  try {
    return referenceAt<DeadlineRules>('deadline-rules', eventDate)
  } catch (error) {
    if (error instanceof NotCoveredError)
      throw errors.invalid('event_date', `must be on or after ${error.first}`)
    throw error
  }
}

export const deadlineCalculator = defineAgent({
  service: 'legal',
  name: 'deadline_calculator',
  description:
    'Computes the last day of a Czech legal time limit (lhůta) from the event that starts it: days counted from the next day, weeks/months/years to the day of the same name or number, and a last day on a weekend or public holiday moved to the next working day (NOZ § 605–607, OSŘ § 57, správní řád § 40, daňový řád § 33). Also counts working days.',
  input: Type.Object(
    {
      event_date: DateString('the day of the event that starts the time limit (e.g. delivery)'),
      amount: Type.Integer({ minimum: 1, maximum: 3650, description: 'length of the time limit' }),
      unit: Type.Union([
        Type.Literal('days'),
        Type.Literal('weeks'),
        Type.Literal('months'),
        Type.Literal('years'),
        Type.Literal('working_days'),
      ]),
      regime: Type.Optional(
        Type.Union([
          Type.Literal('civil'),
          Type.Literal('civil_procedure'),
          Type.Literal('administrative'),
          Type.Literal('tax'),
        ]),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    deadline: Type.String({ description: 'last day of the time limit (YYYY-MM-DD)' }),
    weekday: Type.String(),
    unshifted: Type.String({ description: 'the last day before any move to a working day' }),
    shifted: Type.Boolean(),
    non_working_days_skipped: Type.Array(Type.Object({ date: Type.String(), reason: Type.String() })),
  }),
  verdict: 'informational',
  law: [...Object.values(REGIME_LAW), 'cz-245-2000'],
  examples: [
    {
      title:
        '15-day appeal period from delivery on 3 April 2025 ends on Good Friday: moved over Easter to 22 April',
      input: { event_date: '2025-04-03', amount: 15, unit: 'days', regime: 'civil_procedure' },
    },
    {
      title: 'One month from 31 January 2025 ends on 28 February',
      input: { event_date: '2025-01-31', amount: 1, unit: 'months', regime: 'civil' },
    },
    {
      title: '8 days from 16 December 2025 would end on Christmas Eve: moved to 29 December',
      input: { event_date: '2025-12-16', amount: 8, unit: 'days', regime: 'administrative' },
    },
    {
      title: '10 working days from 28 April 2025 skip 1 and 8 May',
      input: { event_date: '2025-04-28', amount: 10, unit: 'working_days' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const regime = input.regime ?? 'civil'
    const rules = rulesOn(input.event_date)
    const law = rules.regimes[regime]!
    const applied: AppliedRule[] = []
    let unshifted: string
    if (input.unit === 'working_days') {
      unshifted = addWorkingDays(input.event_date, input.amount)
      applied.push({
        rule: say({
          cs: `${input.amount} pracovních dnů počítaných ode dne následujícího po události, bez víkendů a svátků`,
          en: `${input.amount} working days counted from the day after the event, skipping weekends and holidays`,
        }),
        ...cite(input.event_date, 'cz-245-2000'),
        outcome: unshifted,
      })
    } else if (input.unit === 'days') {
      unshifted = addDays(input.event_date, input.amount)
      applied.push({
        rule: say({
          cs: 'Lhůta určená podle dnů počíná dnem následujícím po události',
          en: 'A period in days starts on the day after the event',
        }),
        ...cite(input.event_date, REGIME_LAW[regime]),
        outcome: say({
          cs: `1. den = ${addDays(input.event_date, 1)}, ${input.amount}. den = ${unshifted}`,
          en: `day 1 = ${addDays(input.event_date, 1)}, day ${input.amount} = ${unshifted}`,
        }),
      })
    } else {
      const months = input.unit === 'weeks' ? 0 : input.unit === 'months' ? input.amount : input.amount * 12
      unshifted =
        input.unit === 'weeks'
          ? addDays(input.event_date, input.amount * 7)
          : addMonths(input.event_date, months)
      applied.push({
        rule:
          input.unit === 'weeks'
            ? say({
                cs: 'Lhůta určená podle týdnů končí dnem, který se pojmenováním shoduje se dnem události',
                en: 'A period in weeks ends on the day with the same name as the event day',
              })
            : say({
                cs: 'Lhůta určená podle měsíců nebo let končí dnem, který se číslem shoduje se dnem události, jinak posledním dnem měsíce',
                en: 'A period in months or years ends on the day with the same number as the event day, or the last day of the month',
              }),
        ...cite(input.event_date, REGIME_LAW[regime]),
        outcome: unshifted,
      })
    }
    const skipped: { date: string; reason: string }[] = []
    let deadline = unshifted
    if (input.unit !== 'working_days' && law.shift_to_working_day && !isWorkingDay(unshifted)) {
      deadline = nextWorkingDay(unshifted)
      for (let d = unshifted; d < deadline; d = addDays(d, 1)) {
        const h = holidayOn(d)
        skipped.push({ date: d, reason: h ? h.name : say(WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()]!) })
      }
      applied.push({
        rule: say({
          cs: 'Připadne-li poslední den na sobotu, neděli nebo svátek, je posledním dnem nejbližší pracovní den',
          en: 'A last day on a Saturday, Sunday or holiday moves to the next working day',
        }),
        ...cite(input.event_date, REGIME_LAW[regime], 'cz-245-2000'),
        outcome: `${unshifted} → ${deadline}`,
      })
    }
    if (input.unit === 'working_days') {
      for (let d = addDays(input.event_date, 1); d <= deadline; d = addDays(d, 1)) {
        if (!isWorkingDay(d)) {
          const h = holidayOn(d)
          skipped.push({
            date: d,
            reason: h ? h.name : say(WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()]!),
          })
        }
      }
    }
    return {
      deadline,
      weekday: say(WEEKDAYS[new Date(`${deadline}T00:00:00Z`).getUTCDay()]!),
      unshifted,
      shifted: deadline !== unshifted,
      non_working_days_skipped: skipped,
      rules_applied: applied,
    }
  },
})
