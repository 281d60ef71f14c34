/**
 * The Czech working calendar: public holidays (data/reference/cz-public-holidays.json, by year, with
 * the movable days from the Gregorian Easter), weekends, working days and date arithmetic on
 * YYYY-MM-DD strings in UTC (no time zones involved: a legal day is a calendar date).
 */
import { loadReference, type ReferenceVersion, versionAt } from './load.ts'

interface HolidayVersion extends ReferenceVersion {
  fixed: { date: string; name: string }[]
  movable: { easter_offset: number; name: string }[]
}

export interface Holiday {
  date: string
  name: string
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Adds calendar months; a day missing in the target month becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const total = y * 12 + (m - 1) + months
  const ty = Math.floor(total / 12)
  const tm = (total % 12) + 1
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate()
  return `${ty}-${String(tm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

const yearCache = new Map<number, Holiday[]>()

/** Holidays of a calendar year, by the version of the law in force on 1 January of that year. */
function holidaysOf(year: number): Holiday[] {
  const hit = yearCache.get(year)
  if (hit) return hit
  const v = versionAt(loadReference<HolidayVersion>('cz-public-holidays'), `${year}-01-01`)
  const easter = easterSunday(year)
  const list = [
    ...v.fixed.map((f) => ({ date: `${year}-${f.date}`, name: f.name })),
    ...v.movable.map((m) => ({ date: addDays(easter, m.easter_offset), name: m.name })),
  ].sort((a, b) => a.date.localeCompare(b.date))
  yearCache.set(year, list)
  return list
}

export function holidayOn(date: string): Holiday | undefined {
  return holidaysOf(Number(date.slice(0, 4))).find((h) => h.date === date)
}

/** 0 = Sunday … 6 = Saturday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay()
}

export function isWeekend(date: string): boolean {
  const w = weekday(date)
  return w === 0 || w === 6
}

export function isWorkingDay(date: string): boolean {
  return !isWeekend(date) && !holidayOn(date)
}

/** The date itself when it is a working day, else the next working day. */
export function nextWorkingDay(date: string): string {
  let d = date
  while (!isWorkingDay(d)) d = addDays(d, 1)
  return d
}

/** Moves `n` working days forward (n > 0) or back (n < 0) from `date` (the start day is not counted). */
export function addWorkingDays(date: string, n: number): string {
  let d = date
  let left = Math.abs(n)
  const step = n >= 0 ? 1 : -1
  while (left > 0) {
    d = addDays(d, step)
    if (isWorkingDay(d)) left--
  }
  return d
}
