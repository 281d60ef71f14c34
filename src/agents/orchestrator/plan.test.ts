import { describe, expect, it } from 'vitest'
import { planWaves } from './plan.ts'
import { fromPrague, pragueWall } from './prague-time.ts'

describe('planWaves', () => {
  it('keeps the input order inside a wave and follows the longest chain', () => {
    const plan = planWaves([
      { id: 'b', after: ['a'], duration_ms: 5 },
      { id: 'a', duration_ms: 10 },
      { id: 'c', after: ['a'], duration_ms: 7 },
      { id: 'd', after: ['b', 'c'], duration_ms: 1 },
    ])
    expect(plan.waves).toEqual([['a'], ['b', 'c'], ['d']])
    expect(plan.critical_path).toEqual(['a', 'c', 'd'])
    expect(plan.start_ms).toEqual({ a: 0, b: 10, c: 10, d: 17 })
    expect(plan.makespan_ms).toBe(18)
  })

  it('names a repeated id and a self-dependency', () => {
    expect(() => planWaves([{ id: 'a' }, { id: 'a' }])).toThrow('tasks/1/id: unique (a appears twice)')
    expect(() => planWaves([{ id: 'a', after: ['a'] }])).toThrow('tasks/0/after: no self-dependency (a)')
  })
})

describe('Prague wall time', () => {
  it('converts across the daylight-saving changes', () => {
    expect(fromPrague(2026, 3, 29, 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z') // CEST starts 02:00 → 03:00
    expect(fromPrague(2026, 1, 15, 14, 30).toISOString()).toBe('2026-01-15T13:30:00.000Z')
    expect(fromPrague(2026, 7, 15, 14, 30).toISOString()).toBe('2026-07-15T12:30:00.000Z')
    expect(pragueWall(new Date('2026-10-25T01:30:00Z'))).toMatchObject({ hour: 2, minute: 30, weekday: 0 })
  })
})
