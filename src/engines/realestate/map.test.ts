import { describe, expect, it } from 'vitest'
import { distribution, PointLayer, searchKey, splitLocality, TooManyFeatures } from './map.ts'
import type { Municipality } from './regions.ts'

/** Points on a 10 × 10 grid, 0.01° apart (~0.7 km east–west, ~1.1 km north–south at 50° N). */
const grid = () =>
  Array.from({ length: 100 }, (_, i) => ({
    id: String(i),
    lon: 14 + (i % 10) * 0.01,
    lat: 50 + Math.floor(i / 10) * 0.01,
    properties: { i },
  }))

describe('PointLayer', () => {
  const layer = new PointLayer(grid())

  it('answers one cluster of every point at zoom 0 and every point alone from zoom 17', () => {
    const world: [number, number, number, number] = [-180, -90, 180, 90]
    const z0 = layer.dots(world, 0)
    expect(z0.features).toHaveLength(1)
    expect(z0.features[0]!.properties).toMatchObject({ cluster: true, point_count: 100 })
    const z17 = layer.dots(world, 17)
    expect(z17).toMatchObject({ points: 100, clusters: 0 })
    expect(z17.features.map((f) => f.id).sort((a, b) => Number(a) - Number(b))).toEqual(
      grid().map((p) => p.id),
    )
  })

  it('splits into more, smaller clusters as the zoom grows, always standing for every point', () => {
    const world: [number, number, number, number] = [-180, -90, 180, 90]
    const counts = [10, 11, 12, 13, 14].map((z) => layer.dots(world, z))
    for (const d of counts) expect(d.points).toBe(100)
    const sizes = counts.map((d) => d.features.length)
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b))
    expect(sizes[0]).toBeLessThan(sizes[4]!)
  })

  it('refuses to send more features than the caller allows, and sends the clustered view of the same box', () => {
    const world: [number, number, number, number] = [-180, -90, 180, 90]
    expect(() => layer.dots(world, 17, 99)).toThrow(TooManyFeatures)
    expect(() => layer.dots(world, 17, 99)).toThrow(
      '100 features in the box at this zoom, at most 99 are sent',
    )
    expect(layer.dots(world, 17, 100).features).toHaveLength(100)
    expect(layer.dots(world, 0, 99).features).toHaveLength(1)
  })

  it('returns only what lies in the box', () => {
    // The western column (lon 14.00) only.
    const d = layer.dots([13.995, 49.995, 14.005, 50.095], 17)
    expect(d.features.map((f) => f.properties.i)).toEqual(expect.arrayContaining([0, 10, 20, 90]))
    expect(d.points).toBe(10)
  })
})

describe('distribution', () => {
  it('gives the mean, median and R type 7 quartiles, rounded', () => {
    // Sorted 1, 2, 4, 10: p25 at position 0.75 → 1.75, median 3, p75 at 2.25 → 5.5, mean 4.25.
    expect(distribution([10, 1, 4, 2])).toEqual({ mean: 4, median: 3, p25: 2, p75: 6 })
    expect(distribution([])).toBeNull()
  })
})

describe('searchKey', () => {
  it('folds diacritics and case and turns punctuation into single spaces', () => {
    expect(searchKey('  Ústí nad Labem ')).toBe('usti nad labem')
    expect(searchKey('Brno-Líšeň')).toBe('brno lisen')
    expect(searchKey('PLZEŇ')).toBe(searchKey('plzen'))
  })
})

describe('splitLocality', () => {
  const brno = {
    code: '582786',
    name: 'Brno',
    slug: 'brno',
    district: 'Brno-město',
    region: 'Jihomoravský',
    parts: new Set(['veveri', 'zabovresky']),
    partNames: new Map([['veveri', 'Veveří']]),
    cityDistricts: new Map([['brno-lisen', 'Brno-Líšeň']]),
    districtParts: new Map([['brno-lisen', new Set(['lisen'])]]),
  } satisfies Municipality

  it('reads the part, or the city district, and the street after the municipality name', () => {
    expect(splitLocality('brno-veveri-kounicova', brno)).toEqual({ part: 'veveri', street: 'kounicova' })
    expect(splitLocality('brno-brno-lisen-trnkova', brno)).toEqual({ part: 'brno-lisen', street: 'trnkova' })
    expect(splitLocality('brno-veveri', brno)).toEqual({ part: 'veveri', street: undefined })
    expect(splitLocality('brno-neznama', brno)).toEqual({ part: undefined, street: 'neznama' })
    expect(splitLocality('brnov-hlavni', brno)).toBeUndefined()
  })
})
