import KDBush from 'kdbush'
import { describe, expect, it } from 'vitest'
import { haveSharedData, SHARED_LISTINGS } from '../../../test/domain/fixtures.ts'
import { seededRandom } from '../../kit/random.ts'
import { saleListings } from './comparables.ts'
import { NearestSearch } from './nearest.ts'

type Points = readonly (readonly [number, number])[]

/** A kdbush index that remembers the positions it was given (its own are in tree order). */
function indexOf(points: Points, nodeSize?: number): KDBush & { points: Points } {
  const index = new KDBush(points.length, nodeSize)
  for (const [lon, lat] of points) index.add(lon, lat)
  index.finish()
  return Object.assign(index, { points })
}

/** The haversine of two points: the square of the sine of half the angle between them. */
function haversine(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180
  const hav = (theta: number) => Math.sin(theta / 2) ** 2
  return Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * hav((lng1 - lng2) * rad) + hav((lat1 - lat2) * rad)
}

/** Great-circle distance (km) on a sphere of the Earth's mean radius, 6371.0088 km. */
const distance = (lng1: number, lat1: number, lng2: number, lat2: number) =>
  2 * 6371.0088 * Math.asin(Math.sqrt(haversine(lng1, lat1, lng2, lat2)))

/**
 * The value that would be at `nth` (from 0) if `values` were sorted ascending: Hoare's selection,
 * in place, linear on average, where sorting all 13,000 listings for every query took most of
 * this file's time.
 */
function select(values: Float64Array, nth: number): number {
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i++] = values[j]!
        values[j--] = t
      }
    }
    if (nth <= j) hi = j
    else if (nth >= i) lo = i
    else return values[nth]!
  }
  return values[nth]!
}

/**
 * The search's ids and distances next to the answer by brute force: every point accepted and within
 * maxKm, sorted by haversine and then by id (two haversines a bit apart can give the same distance in
 * km), the first k, at their great-circle distances.
 */
function both(
  index: KDBush & { points: Points },
  search: NearestSearch,
  lng: number,
  lat: number,
  k = Number.POSITIVE_INFINITY,
  maxKm = Number.POSITIVE_INFINITY,
  accept?: (id: number) => boolean,
) {
  const h = new Float64Array(index.points.length)
  const values = new Float64Array(h.length)
  let count = 0
  for (let id = 0; id < h.length; id++) {
    const [plng, plat] = index.points[id]!
    h[id] = haversine(lng, lat, plng, plat)
    if (!accept || accept(id)) values[count++] = h[id]!
  }
  // Only the points as near as the k-th nearest need sorting.
  const within =
    count === 0 ? Number.NEGATIVE_INFINITY : select(values.subarray(0, count), Math.min(k, count) - 1)
  const near: number[] = []
  for (let id = 0; id < h.length; id++) if (h[id]! <= within && (!accept || accept(id))) near.push(id)
  const all = near
    .sort((a, b) => h[a]! - h[b]! || a - b)
    .map((id) => ({ id, km: distance(lng, lat, ...index.points[id]!) }))
    .filter(({ km }) => km <= maxKm)
    .slice(0, k)
  const expected = { ids: all.map((p) => p.id), km: all.map((p) => p.km) }
  const found = search.around(lng, lat, k, maxKm, accept)
  return {
    actual: { ids: [...search.ids.subarray(0, found)], km: [...search.km.subarray(0, found)] },
    expected,
  }
}

describe('nearest points by great-circle distance', () => {
  it.skipIf(!haveSharedData)(
    'finds the nearest listings, nearest first and equal distances by id, at their exact distances, for 1,500 random queries',
    () => {
      const sales = saleListings(SHARED_LISTINGS)
      expect(sales.length).toBeGreaterThan(10_000)
      // Sorted by id in kdbush, not by position: the listing positions are given as read.
      const index = indexOf(sales.map((s) => [s.lon, s.lat] as const))
      const search = new NearestSearch(index)
      const next = seededRandom(42)
      let ties = 0
      for (let q = 0; q < 1500; q++) {
        // Half at a listing's own position (where twins tie at distance 0), half anywhere in Czechia.
        const at = sales[Math.floor(next() * sales.length)]!
        const [lng, lat] = q % 2 ? [at.lon, at.lat] : [12 + next() * 7, 48.5 + next() * 2.6]
        const k = q % 5 === 0 ? 80 : 1 + Math.floor(next() * 200)
        const maxKm = q % 3 === 0 ? next() * 20 : undefined
        const skip = Math.floor(next() * sales.length)
        const accept = q % 4 === 0 ? (id: number) => id !== skip && id % 7 !== 3 : undefined
        const { actual, expected } = both(index, search, lng, lat, k, maxKm, accept)
        expect(actual).toEqual(expected)
        for (let i = 1; i < actual.km.length; i++) if (actual.km[i] === actual.km[i - 1]) ties++
      }
      // The comparison covered equal distances, where only the ids decide the order.
      expect(ties).toBeGreaterThan(500)
    },
  )

  const grid: [number, number][] = []
  for (let i = 0; i < 30; i++) for (let j = 0; j < 30; j++) grid.push([14 + i * 0.01, 50 + j * 0.01])
  const stacked: [number, number][] = [...grid, ...grid, ...grid.slice(0, 100)]

  it('returns every point, nearest first, when more are asked for than there are', () => {
    const index = indexOf(grid.slice(0, 150), 4)
    const search = new NearestSearch(index)
    const { actual, expected } = both(index, search, 14.05, 50.05, 1000)
    expect(actual.ids).toHaveLength(150)
    expect(actual).toEqual(expected)
  })

  it('stops at the maximum distance, and finds nothing when no point is within it', () => {
    const index = indexOf(grid, 8)
    const search = new NearestSearch(index)
    const within = both(index, search, 14.1, 50.1, 500, 1.5)
    expect(within.actual).toEqual(within.expected)
    expect(Math.max(...within.actual.km)).toBeLessThanOrEqual(1.5)
    expect(within.actual.ids.length).toBeLessThan(500)
    const far = both(index, search, 16, 49, 10, 5)
    expect(far.actual.ids).toEqual([])
    expect(far.actual).toEqual(far.expected)
  })

  it("orders points at the same position by id, with and without a filter, whatever the tree's leaf size", () => {
    for (const nodeSize of [2, 16, 64]) {
      const index = indexOf(stacked, nodeSize)
      const search = new NearestSearch(index)
      for (const [lng, lat] of [stacked[5]!, stacked[417]!, [14.123, 50.2] as [number, number]]) {
        for (const k of [1, 3, 80, 2000]) {
          const plain = both(index, search, lng, lat, k)
          expect(plain.actual).toEqual(plain.expected)
          const odd = both(index, search, lng, lat, k, undefined, (id) => id % 2 === 1)
          expect(odd.actual).toEqual(odd.expected)
        }
      }
    }
  })

  it('keeps no state between searches: a search after another gives the same answer as on its own', () => {
    const index = indexOf(stacked, 16)
    const search = new NearestSearch(index)
    search.around(14.2, 50.2, 2000)
    const { actual, expected } = both(index, search, 14.01, 50.27, 7, 2)
    expect(actual).toEqual(expected)
  })

  it('searches across the antimeridian and at the poles without failing', () => {
    const points: [number, number][] = [
      [179.9, 0],
      [-179.9, 0],
      [179.5, 10],
      [-170, -5],
      [0, 89.9],
      [180, 90],
      [-180, -90],
      [10, 45],
    ]
    const index = indexOf(points, 2)
    const search = new NearestSearch(index)
    for (const [lng, lat] of [
      [180, 0],
      [-179.99, 1],
      [0, 90],
      [45, -90],
    ] as const) {
      const { actual, expected } = both(index, search, lng, lat, 5)
      expect(actual).toEqual(expected)
      expect(actual.ids).toHaveLength(5)
    }
  })

  it('finds nothing in an empty index', () => {
    const index = indexOf([])
    const search = new NearestSearch(index)
    expect(search.around(14, 50, 10)).toBe(0)
  })
})
