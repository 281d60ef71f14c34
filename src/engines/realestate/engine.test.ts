import { describe, expect, it } from 'vitest'
import { csv, SAMPLE } from '../../../test/domain/fixtures.ts'
import { seededRandom } from '../../kit/random.ts'
import { fitGbdt, predictGbdt } from './gbdt.ts'
import { parseListings, SHIFTED_EXPORT } from './listings.ts'

describe('gradient-boosted trees', () => {
  // y = 2·x0 + (x1 > 0.5 ? 1 : 0) on a grid; x2 is noise the trees should not need.
  const X: number[][] = []
  const y: number[] = []
  for (let i = 0; i < 40; i++)
    for (let j = 0; j < 40; j++) {
      const x = [i / 40, j / 40, ((i * 7 + j * 13) % 17) / 17]
      X.push(x)
      y.push(2 * x[0]! + (x[1]! > 0.5 ? 1 : 0))
    }

  it('learns a smooth trend and a step to within a few hundredths', () => {
    const model = fitGbdt(X, y, { huberDelta: 10, trees: 200, learningRate: 0.1, minLeaf: 5 })
    for (const x of [
      [0.1, 0.2, 0.5],
      [0.5, 0.9, 0.1],
      [0.9, 0.3, 0.9],
    ])
      expect(predictGbdt(model, x)).toBeCloseTo(2 * x[0]! + (x[1]! > 0.5 ? 1 : 0), 1)
  })

  it('fits the same trees from the same seed', () => {
    const a = fitGbdt(X, y, { trees: 20 })
    const b = fitGbdt(X, y, { trees: 20 })
    expect(predictGbdt(a, [0.3, 0.6, 0.2])).toBe(predictGbdt(b, [0.3, 0.6, 0.2]))
  })

  it('predicts bit for bit what walking the fitted trees gives, at the default depth and shallower', () => {
    // The reference: each tree walked node by node from its root, leaves summed in tree order.
    const walk = (model: ReturnType<typeof fitGbdt>, x: number[]) => {
      let p = model.base
      for (const nodes of model.trees) {
        let node = nodes[0]!
        while (node.f >= 0) {
          const edges = model.edges[node.f]!
          let code = 0
          while (code < edges.length && x[node.f]! >= edges[code]!) code++
          node = nodes[code <= node.bin ? node.left : node.right]!
        }
        p += model.learningRate * node.value
      }
      return p
    }
    const next = seededRandom(7)
    // Depth 6 (the default, unrolled), 3, and trees whose leaves sit at many depths (large minLeaf).
    for (const options of [{ trees: 40 }, { trees: 40, depth: 3 }, { trees: 40, minLeaf: 150 }]) {
      const model = fitGbdt(X, y, options)
      for (let q = 0; q < 200; q++) {
        const x = [next() * 1.2 - 0.1, next() * 1.2 - 0.1, next()]
        expect(predictGbdt(model, x)).toBe(walk(model, x))
      }
    }
  })

  it('refuses targets that do not match the rows', () => {
    expect(() => fitGbdt(X, y.slice(1))).toThrow(RangeError)
  })
})

describe('listings parser', () => {
  it('takes the disposition from category_sub_cb when rooms says "-" and keeps unpriced ads without a price', () => {
    const { listings } = parseListings(csv(SAMPLE))
    expect(listings.find((l) => l.code === '2003')).toMatchObject({ disposition: '2+1', area_m2: 62 })
    expect(listings.find((l) => l.code === '3001')).toMatchObject({ price_czk: null })
  })

  it('takes the known shift off the coordinates of a file that carries its fingerprint', () => {
    const shifted = SAMPLE.map((r) => ({
      ...r,
      lat: Math.floor((r.lat + SHIFTED_EXPORT.lat) * 1e6) / 1e6 + 0.7700874e-6,
      lon: Math.floor((r.lon + SHIFTED_EXPORT.lon) * 1e6) / 1e6 + 0.2299126e-6,
    }))
    const parsed = parseListings(csv(shifted))
    expect(parsed.shift).toEqual({ lat: -0.0135, lon: 0.0143 })
    expect(parsed.listings[0]!.lat).toBeCloseTo(50.0713, 5)
    expect(parsed.listings[0]!.lon).toBeCloseTo(14.4035, 5)
    expect(parseListings(csv(SAMPLE)).shift).toBeNull()
  })
})
