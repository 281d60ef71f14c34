import { describe, expect, it } from 'vitest'
import { backoffDelay, canMove, isTerminal, JOB_STATUSES, MAX_BACKOFF_MS, TRANSITIONS } from './state.ts'

describe('job state machine', () => {
  it('lets nothing leave a terminal status', () => {
    for (const status of JOB_STATUSES) {
      if (isTerminal(status)) expect(TRANSITIONS[status]).toEqual([])
    }
    expect(JOB_STATUSES.filter(isTerminal)).toEqual(['SUCCEEDED', 'FAILED', 'CANCELLED', 'DEAD'])
  })

  it('reaches SUCCEEDED only from RUNNING and DEAD only from RUNNING', () => {
    const into = (to: string) => JOB_STATUSES.filter((from) => canMove(from, to as never))
    expect(into('SUCCEEDED')).toEqual(['RUNNING'])
    expect(into('DEAD')).toEqual(['RUNNING'])
    expect(into('CANCELLED')).toEqual(['QUEUED', 'RUNNING', 'RETRYING'])
  })
})

describe('backoff', () => {
  it('doubles from the base per failed attempt when exponential', () => {
    expect([1, 2, 3, 4].map((a) => backoffDelay('exponential', 1000, a))).toEqual([1000, 2000, 4000, 8000])
  })

  it('stays at the base when fixed, and never exceeds an hour', () => {
    expect(backoffDelay('fixed', 500, 7)).toBe(500)
    expect(backoffDelay('exponential', 1000, 40)).toBe(MAX_BACKOFF_MS)
  })
})
