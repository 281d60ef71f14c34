/** Wall-clock time in Europe/Prague (CET/CEST) for quota windows and cache expiries. */

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
})

export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

export function pragueWall(date: Date): WallTime {
  const parts = Object.fromEntries(FORMAT.formatToParts(date).map((p) => [p.type, p.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon'),
  }
}

/** The instant when Prague clocks show the given wall time (the later one in the autumn overlap). */
export function fromPrague(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  let guess = wall - 3600_000
  for (let i = 0; i < 3; i++) {
    const w = pragueWall(new Date(guess))
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
    guess += wall - shown
  }
  return new Date(guess)
}

/** "HH:MM" → minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':')
  return Number(h) * 60 + Number(m)
}
