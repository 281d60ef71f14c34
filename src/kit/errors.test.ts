import { describe, expect, it } from 'vitest'
import { AppError, codeOfStatus, ERROR_CODES, REFINED_CODES, statusOf } from './errors.ts'

describe('error vocabulary', () => {
  it('gives every code its own status, so a status names exactly one code', () => {
    const statuses = ERROR_CODES.map(statusOf)
    expect(new Set(statuses).size).toBe(statuses.length)
    for (const code of ERROR_CODES) expect(codeOfStatus(statusOf(code))).toBe(code)
  })

  it('names no code for a status outside the vocabulary', () => {
    expect(codeOfStatus(418)).toBeUndefined()
    expect(codeOfStatus(200)).toBeUndefined()
  })

  it('gives a refined code the status of the code it refines, and keeps statuses naming base codes', () => {
    for (const [refined, base] of Object.entries(REFINED_CODES)) {
      expect(new AppError(refined as keyof typeof REFINED_CODES, 'x').status).toBe(statusOf(base))
      expect(codeOfStatus(statusOf(base))).toBe(base)
    }
  })
})
