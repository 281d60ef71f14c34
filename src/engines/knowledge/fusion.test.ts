import { describe, expect, it } from 'vitest'
import { reciprocalRankFusion } from './fusion.ts'

describe('reciprocalRankFusion', () => {
  it('ranks items found by both lists above items found by one', () => {
    const fused = reciprocalRankFusion({
      lexical: [
        { slot: 1, score: 9 },
        { slot: 2, score: 5 },
      ],
      dense: [
        { slot: 3, score: 0.9 },
        { slot: 2, score: 0.8 },
      ],
    })
    expect(fused[0]!.slot).toBe(2)
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 62)
    expect(fused[0]!.ranks).toEqual({ lexical: { rank: 2, score: 5 }, dense: { rank: 2, score: 0.8 } })
  })

  it('weights a list by its weight', () => {
    const fused = reciprocalRankFusion(
      { lexical: [{ slot: 1, score: 1 }], dense: [{ slot: 2, score: 1 }] },
      60,
      { dense: 0.5 },
    )
    expect(fused.map((f) => f.slot)).toEqual([1, 2])
    expect(fused[1]!.score).toBeCloseTo(0.5 / 61)
  })
})
