import { describe, expect, it } from 'vitest'
import { countCs } from './czech.ts'

describe('Czech number agreement', () => {
  const platba = ['platba', 'platby', 'plateb'] as const
  it('takes the singular for one, the plural for two to four, the genitive plural for five and more or none', () => {
    expect([0, 1, 2, 4, 5, 11, 22, 25].map((n) => countCs(n, platba))).toEqual([
      '0 plateb',
      '1 platba',
      '2 platby',
      '4 platby',
      '5 plateb',
      '11 plateb',
      '22 plateb',
      '25 plateb',
    ])
  })
})
