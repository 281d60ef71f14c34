import { Type } from 'typebox'
import quotas from '../../../data/reference/orchestrator-source-quotas.json' with { type: 'json' }
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { fromPrague, minutesOf, pragueWall } from './prague-time.ts'

type SourceName = keyof typeof quotas.sources
const SOURCES = Object.keys(quotas.sources) as SourceName[]
type Quota = (typeof quotas.sources)[SourceName]

/** The register entry that sets each source's quotas. */
const QUOTA_LAW: Record<SourceName, 'mf-ares-terms'> = { ares: 'mf-ares-terms' }

interface Slot {
  window: string
  from: string
  to: string
  count: number
}

/** The next opening of a window after `minute` on the Prague day of `w`. */
function nextOpening(q: Quota, w: ReturnType<typeof pragueWall>, minute: number): Date {
  const next = q.windows.map((x) => minutesOf(x.from)).filter((m) => m > minute)
  const target =
    next.length > 0 ? Math.min(...next) : Math.min(...q.windows.map((x) => minutesOf(x.from))) + 1440
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day) + Math.floor(target / 1440) * 86_400_000)
  return fromPrague(
    day.getUTCFullYear(),
    day.getUTCMonth() + 1,
    day.getUTCDate(),
    Math.floor((target % 1440) / 60),
    target % 60,
  )
}

/**
 * Spreads `count` queries from `startAt` over the per-minute limit and the windows' quotas (Prague
 * time), minute by minute; a window's quota resets when it opens each day.
 */
function spread(q: Quota, count: number, startAt: Date): { schedule: Slot[]; last: Date } {
  let left = count
  let t = new Date(Math.floor(startAt.getTime() / 60_000) * 60_000)
  const used = new Map<string, number>()
  const schedule: Slot[] = []
  let last = startAt
  for (let guard = 0; left > 0 && guard < 60 * 24 * 400; guard++) {
    const w = pragueWall(t)
    const minute = w.hour * 60 + w.minute
    const win = q.windows.find((x) => {
      const a = minutesOf(x.from)
      const b = minutesOf(x.to)
      return a < b ? minute >= a && minute < b : minute >= a || minute < b
    })!
    // The window instance is named by the Prague date it opened on.
    const opened = minutesOf(win.from) <= minute ? t : new Date(t.getTime() - 86_400_000)
    const ow = pragueWall(opened)
    const key = `${ow.year}-${String(ow.month).padStart(2, '0')}-${String(ow.day).padStart(2, '0')} ${win.from}–${win.to}`
    const room = win.max - (used.get(key) ?? 0)
    const n = Math.min(left, q.per_minute, room)
    if (n > 0) {
      used.set(key, (used.get(key) ?? 0) + n)
      left -= n
      last = t < startAt ? startAt : t
      const slot = schedule.at(-1)
      if (slot && slot.window === key) {
        slot.to = t.toISOString()
        slot.count += n
      } else
        schedule.push({
          window: key,
          from: (t < startAt ? startAt : t).toISOString(),
          to: t.toISOString(),
          count: n,
        })
    }
    // Jump to the next window opening instead of stepping through a closed one.
    t = room - n <= 0 && n < q.per_minute ? nextOpening(q, w, minute) : new Date(t.getTime() + 60_000)
  }
  return { schedule, last }
}

export const rateLimiter = defineAgent({
  service: 'orchestrator',
  name: 'rate_limiter',
  description:
    "Plans a bulk lookup within a register's quotas: removes repeated identical queries (ARES forbids them), then spreads the rest over the per-minute limit and the daytime (8:00–18:00, 1,000) and overnight (18:00–8:00, 5,000) windows in Prague time, and says when the last query can run.",
  input: Type.Object(
    {
      source: Type.Enum(SOURCES),
      requests: Type.Array(
        Type.String({ minLength: 1, maxLength: 200, description: 'query key, e.g. an IČO' }),
        { minItems: 1, maxItems: 100_000 },
      ),
      start: Type.Optional(
        Type.String({ format: 'date-time', description: 'when the batch may start (default: now)' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    source: Type.String(),
    requested: Type.Integer(),
    unique: Type.Integer(),
    duplicates_removed: Type.Integer(),
    schedule: Type.Array(
      Type.Object({ window: Type.String(), from: Type.String(), to: Type.String(), count: Type.Integer() }),
    ),
    finish_at: Type.String(),
  }),
  verdict: 'informational',
  law: ['mf-ares-terms'],
  examples: [
    {
      title: 'Three IČOs, one repeated, on a weekday morning',
      input: {
        source: 'ares',
        requests: ['27074358', '00064581', '27074358'],
        start: '2026-11-20T09:00:00+01:00',
      },
    },
    {
      title: '1,200 lookups started at 17:50: the daytime quota runs out, the rest waits for 18:00',
      input: {
        source: 'ares',
        requests: Array.from({ length: 1200 }, (_, i) => String(10_000_000 + i)),
        start: '2026-11-20T17:50:00+01:00',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const q = quotas.sources[input.source]
    const cited = cite(today(ctx), QUOTA_LAW[input.source])
    const unique = q.no_repeated_queries ? [...new Set(input.requests)] : input.requests
    const { schedule, last } = spread(q, unique.length, input.start ? new Date(input.start) : ctx.now)
    return {
      source: input.source,
      requested: input.requests.length,
      unique: unique.length,
      duplicates_removed: input.requests.length - unique.length,
      schedule,
      finish_at: last.toISOString(),
      rules_applied: [
        lawRule(
          say({ cs: 'opakované totožné dotazy se odstraní', en: 'repeated identical queries are removed' }),
          cited,
          say({
            cs: `odstraněno: ${input.requests.length - unique.length}`,
            en: `${input.requests.length - unique.length} removed`,
          }),
        ),
        lawRule(
          say({
            cs: `nejvýše ${q.per_minute} dotazů za minutu`,
            en: `at most ${q.per_minute} queries a minute`,
          }),
          cited,
          say({ cs: `použitých oken: ${schedule.length}`, en: `${schedule.length} window(s) used` }),
        ),
        lawRule(
          say({
            cs: `${q.windows.map((w) => `${w.max} dotazů ${w.from}–${w.to}`).join('; ')} (pražský čas)`,
            en: `${q.windows.map((w) => `${w.max} queries ${w.from}–${w.to}`).join('; ')} (Prague time)`,
          }),
          cited,
          say({ cs: `poslední dotaz v ${last.toISOString()}`, en: `last query at ${last.toISOString()}` }),
        ),
      ],
    }
  },
})
