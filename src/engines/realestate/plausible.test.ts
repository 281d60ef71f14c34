import { describe, expect, it } from 'vitest'
import { haveSharedData, SHARED_LISTINGS } from '../../../test/domain/fixtures.ts'
import { saleListings } from './comparables.ts'
import { implausibility, PLAUSIBLE } from './plausible.ts'

describe('implausibility', () => {
  it('names the price of a flat asking under 1,000 or over 2,000,000 CZK/m², and an area no flat has', () => {
    expect(implausibility(10_001, 55)).toMatchObject({
      field: 'price',
      reason: '10001 CZK for 55 m² is 182 CZK/m²',
    })
    expect(implausibility(1e300, 55)?.field).toBe('price')
    expect(implausibility(12_500_000, 0.5)?.field).toBe('area_m2')
    expect(implausibility(12_500_000, 55)).toBeUndefined()
  })

  it.skipIf(!haveSharedData)('refuses none of the real sale listings', () => {
    const sales = saleListings(SHARED_LISTINGS)
    expect(sales.length).toBeGreaterThan(10_000)
    const inArea = sales.filter((s) => s.area >= PLAUSIBLE.areaM2.min && s.area <= PLAUSIBLE.areaM2.max)
    expect(inArea.filter((s) => implausibility(s.price, s.area))).toEqual([])
  })
})
