import { describe, expect, it } from 'vitest'
import { VectorIndex } from './vectors.ts'

function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648 - 0.5
  }
}

function unit(values: number[]): Float32Array {
  const n = Math.hypot(...values)
  return Float32Array.from(values.map((v) => v / n))
}

describe('VectorIndex', () => {
  it.each([
    ['the WebAssembly SIMD kernel', true],
    ['plain JavaScript', false],
  ])(
    'returns exactly the brute-force nearest neighbours, dense and sparse queries alike (%s)',
    (_name, simd) => {
      const rnd = random(7)
      const dim = 32
      const index = new VectorIndex(dim, { simd })
      expect(index.simd).toBe(simd)
      const vectors: Float32Array[] = []
      for (let i = 0; i < 2500; i++) {
        const v = unit(Array.from({ length: dim }, rnd))
        vectors.push(v)
        index.add(i, v)
      }
      const dense = unit(Array.from({ length: dim }, rnd))
      const sparse = new Float32Array(dim)
      sparse[3] = 0.6
      sparse[17] = 0.8
      for (const q of [dense, sparse]) {
        const expected = vectors
          .map((v, slot) => ({ slot, score: v.reduce((s, x, d) => s + x * q[d]!, 0) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, 10)
        const got = index.search(q, 10)
        expect(got.map((h) => h.slot)).toEqual(expected.map((e) => e.slot))
        for (const [i, h] of got.entries()) expect(h.score).toBeCloseTo(expected[i]!.score, 5)
      }
    },
  )

  it('forgets removed rows, also after compaction', () => {
    const index = new VectorIndex(2)
    for (let i = 0; i < 3000; i++) index.add(i, unit([1, i / 3000]))
    for (let i = 0; i < 2000; i++) index.remove(i)
    expect(index.size).toBe(1000)
    const hits = index.search(unit([1, 0]), 5)
    expect(hits.every((h) => h.slot >= 2000)).toBe(true)
    expect(hits[0]!.slot).toBe(2000)
  })

  it('admits only allowed slots', () => {
    const index = new VectorIndex(2)
    index.add(1, unit([1, 0]))
    index.add(2, unit([0.9, 0.1]))
    expect(index.search(unit([1, 0]), 5, (s) => s !== 1).map((h) => h.slot)).toEqual([2])
  })

  it('refuses vectors of another dimension', () => {
    const index = new VectorIndex(3)
    expect(() => index.add(0, new Float32Array(4))).toThrow(/4 dimensions/)
    expect(() => index.search(new Float32Array(2), 1)).toThrow(/2 dimensions/)
  })

  it('replaces a slot that is added again', () => {
    const index = new VectorIndex(2)
    index.add(5, unit([1, 0]))
    index.add(5, unit([0, 1]))
    expect(index.size).toBe(1)
    expect(index.search(unit([0, 1]), 1)[0]).toMatchObject({ slot: 5 })
  })
})
