import KDBush from 'kdbush'
import { describe, expect, it } from 'vitest'
import { haveSharedData, SHARED_LISTINGS } from '../../../test/domain/fixtures.ts'
import { seededRandom } from '../../kit/random.ts'
import { findComparables, findComparablesAmong, saleListings } from './comparables.ts'
import { NearestSearch } from './nearest.ts'

describe.skipIf(!haveSharedData)('comparables', () => {
  const sales = saleListings(SHARED_LISTINGS)
  const index = new KDBush(sales.length)
  for (const s of sales) index.add(s.lon, s.lat)
  index.finish()
  const search = new NearestSearch(index)

  it('reads from a flat’s 80 nearest listings the same comparables, in the same order, as its own search', () => {
    const next = seededRandom(11)
    let answered = 0
    for (let q = 0; q < 1000; q++) {
      const at = sales[Math.floor(next() * sales.length)]!
      const subject = {
        lat: at.lat + (next() - 0.5) * 0.02,
        lon: at.lon + (next() - 0.5) * 0.02,
        area: Math.round(at.area * (0.8 + next() * 0.4)),
        rooms: q % 10 === 0 ? undefined : at.rooms,
        exclude: q % 7 === 0 ? [at.code] : [],
      }
      const count = search.around(subject.lon, subject.lat, 80, Number.POSITIVE_INFINITY, (i) =>
        subject.exclude.every((code) => sales[i]!.code !== code),
      )
      const among = findComparablesAmong(sales, subject, search.ids, search.km, count, search.km[count - 1]!)
      if (!among) continue
      answered++
      expect(among).toEqual(findComparables(sales, subject))
    }
    // Most flats are answered from their neighbours; the rest fall back to the search.
    expect(answered).toBeGreaterThan(500)
    expect(answered).toBeLessThan(1000)
  })

  it('declines when a radius it would try reaches beyond the listings it was given', () => {
    const s = sales[0]!
    const count = search.around(s.lon, s.lat, 80)
    const subject = { lat: s.lat, lon: s.lon, area: s.area, rooms: s.rooms }
    expect(findComparablesAmong(sales, subject, search.ids, search.km, count, 0.9)).toBeUndefined()
  })
})
