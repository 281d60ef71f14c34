import { describe, expect, it } from 'vitest'
import { codeOfStatus, ERROR_CODES, statusOf } from './errors.ts'

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
})
