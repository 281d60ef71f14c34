import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../kit/random.ts'
import type { Sale } from './comparables.ts'
import { describeIndexation, indexToDate } from './indexation.ts'
import { Valuer } from './valuation.ts'

/** 400 flats around one city centre: CZK/m² falls with distance, twins in a few buildings. */
function town(seed: number): Sale[] {
  const random = seededRandom(seed)
  const out: Sale[] = []
  for (let i = 0; i < 400; i++) {
    const building = i % 97
    const lat = 50.07 + ((building * 37) % 100) / 2000 + random() * 0.0004
    const lon = 14.4 + ((building * 53) % 100) / 1500 + random() * 0.0004
    const rooms = 1 + (i % 4)
    const area = 25 + rooms * 18 + Math.round(random() * 10)
    const ppm2 = Math.round(
      140_000 - (Math.abs(lat - 50.095) + Math.abs(lon - 14.43)) * 900_000 + random() * 8000,
    )
    out.push({
      code: `c${i.toString(36)}`,
      disposition: `${rooms}+kk`,
      rooms,
      area,
      price: ppm2 * area,
      ppm2,
      lat,
      lon,
      locality: 'praha',
      scrapedAt: '2024-04-12',
    })
  }
  return out
}

describe('Valuer', () => {
  it('fits the same model from the same listings in any order', () => {
    const sales = town(1)
    const shuffled = [...sales].reverse()
    const a = Valuer.fit(sales, { gbdt: { trees: 30 } })
    const b = Valuer.fit(shuffled, { gbdt: { trees: 30 } })
    for (const subject of [
      { lat: 50.08, lon: 14.41, area: 55, disposition: '2+kk' },
      { lat: 50.1, lon: 14.45, area: 80, disposition: '3+kk' },
      { lat: 50.075, lon: 14.43, area: 40, disposition: '1+kk' },
    ]) {
      expect(b.estimate(subject)).toEqual(a.estimate(subject))
    }
  })

  it('values at a date: the listings’ estimate moved by the index, with the index rule and the statute it is not', () => {
    const valuer = Valuer.fit(town(2), { gbdt: { trees: 30 } })
    const subject = { lat: 50.08, lon: 14.41, area: 55, disposition: '2+kk' }
    const v = valuer.valueAt(subject, '2026-11-20')
    expect(v.estimate).toBe(valuer.estimate(subject).estimate)
    expect(v.indexation).toMatchObject({
      listings_quarter: '2024-Q2',
      valuation_quarter: '2026-Q4',
      factor: 1,
    })
    expect(v.rules_applied.map((r) => r.basis)).toEqual([
      ['method-asking-price-valuation'],
      ['method-asking-price-valuation'],
      ['method-asking-price-valuation'],
      ['method-asking-price-valuation'],
      ['csu-flat-price-index'],
      ['cz-151-1997-s2'],
    ])
    expect(JSON.stringify(v.rules_applied)).not.toMatch(/porovnávací metoda \(zákon 151/)
  })
})

describe('Czech texts of the valuation', () => {
  it('name the confidence levels in Czech, with no English level words', () => {
    const valuer = Valuer.fit(town(3), { gbdt: { trees: 10 } })
    const v = valuer.valueAt({ lat: 50.08, lon: 14.41, area: 55, disposition: '2+kk' }, '2026-11-20', 'cs')
    const text = v.rules_applied.map((r) => `${r.rule} ${r.outcome ?? ''}`).join(' ')
    expect(text).toMatch(/vysoká/)
    expect(text).not.toMatch(/\b(high|medium|low)\b/)
  })
})

describe('indexing to the valuation date (ČSÚ flat-price index on file: 2023-Q1 … 2023-Q4)', () => {
  it('moves a price between two quarters the index covers by the ratio of their values', () => {
    const x = indexToDate('2023-02-10', '2023-11-30')
    // ČR: 2023-Q1 252.1, 2023-Q4 251.9 → 251.9 / 252.1 = 0.99921
    expect(x).toMatchObject({
      used: { from: '2023-Q1', from_value: 252.1, to: '2023-Q4', to_value: 251.9 },
      reaches: true,
      factor: 0.9992,
    })
    expect(describeIndexation(x, 'en')).toContain('(251.9 / 252.1)')
  })

  it('says so when the index reaches neither the listings’ quarter nor the valuation date, and moves nothing', () => {
    const x = indexToDate('2024-04-12', '2026-11-20')
    expect(x).toMatchObject({ reaches: false, factor: 1, used: { from: '2023-Q4', to: '2023-Q4' } })
    expect(describeIndexation(x, 'en')).toContain(
      'the index does not reach 2024-Q2 nor 2026-Q4: quarters 2023-Q4 and 2023-Q4 were used, so price movements after 2023-Q4 are not in the estimate, which stays at the asking prices of 2024-04-12',
    )
    expect(describeIndexation(x, 'cs')).toContain('index nesahá do 2024-Q2 ani 2026-Q4')
  })

  it('indexes back from the last quarter on file when only the valuation date is covered, and says which quarter stood in', () => {
    // ČR: 2023-Q2 251.5, 2023-Q4 251.9 → 251.5 / 251.9 = 0.99841
    const x = indexToDate('2024-04-12', '2023-05-15')
    expect(x).toMatchObject({ reaches: false, used: { from: '2023-Q4', to: '2023-Q2' }, factor: 0.9984 })
    expect(describeIndexation(x, 'en')).toContain('the index does not reach 2024-Q2:')
  })
})
