import { describe, expect, it } from 'vitest'
import { annuityPayment, principalForPayment } from './annuity.ts'

describe('annuity', () => {
  it('pays 3 000 000 CZK over 30 years at 4.79 % with 15 721.83 CZK a month', () => {
    expect(annuityPayment(3_000_000, 4.79, 360)).toBeCloseTo(15_721.83, 2)
  })

  it('treats a rate too small to move 1 + r in floating point as interest-free, not as 0 / 0', () => {
    expect(annuityPayment(1200, 1e-15, 12)).toBe(100)
    expect(principalForPayment(100, 1e-15, 12)).toBe(1200)
  })
})
