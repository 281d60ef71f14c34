import { describe, expect, it } from 'vitest'
import type { Sale } from './comparables.ts'
import { askingSeries, flatPriceIndex } from './trends.ts'

const sale = (month: string, ppm2: number): Sale => ({
  code: `${month}-${ppm2}`,
  disposition: '2+kk',
  rooms: 2,
  area: 50,
  price: ppm2 * 50,
  ppm2,
  lat: 50,
  lon: 14,
  locality: 'praha',
  scrapedAt: `${month}-15 10:00:00`,
})

describe('price trends', () => {
  it('gives the median asking CZK/m² per month and the change from the first month to the last', () => {
    const sales = [
      ...[100, 110, 120, 130, 140].map((p) => sale('2024-01', p * 1000)),
      ...[120, 130, 132, 140, 150].map((p) => sale('2024-03', p * 1000)),
      sale('2024-02', 999_000), // a month with too few listings is left out
    ]
    const series = askingSeries(sales)
    expect(series.points).toEqual([
      { month: '2024-01', listings: 5, median_price_per_m2: 120_000 },
      { month: '2024-03', listings: 5, median_price_per_m2: 132_000 },
    ])
    expect(series.change_pct).toBe(10)
    expect(askingSeries(sales.slice(0, 5)).change_pct).toBeNull()
  })

  it('reads the ČSÚ index of a kraj by its everyday name, and nothing for an unknown one', () => {
    const prague = flatPriceIndex('Praha', new Date('2026-01-01'))!
    expect(prague.region).toBe('Hlavní město Praha')
    expect(prague.quarters).toHaveLength(4)
    expect(prague.change_since_2010_pct).toBeCloseTo(prague.annual_average - 100, 1)
    expect(flatPriceIndex('Atlantida', new Date('2026-01-01'))).toBeUndefined()
  })
})
