import { describe, expect, it } from 'vitest'
import { Bm25Index } from './bm25.ts'

describe('Bm25Index', () => {
  const build = () => {
    const index = new Bm25Index()
    index.add(0, ['klient', 'identifik', 'banka'])
    index.add(1, ['klient', 'hotovost'])
    index.add(2, ['katastr', 'vklad', 'klient'])
    index.add(3, ['katastr', 'plomba'])
    return index
  }

  it('ranks the item with the rarer matching term first', () => {
    const hits = build().search([['klient'], ['plomba']], 10)
    expect(hits[0]!.slot).toBe(3)
    expect(hits.map((h) => h.slot).sort()).toEqual([0, 1, 2, 3])
  })

  it('counts how many query word groups an item covers', () => {
    const hits = build().search([['katastr'], ['vklad'], ['nic']], 10)
    expect(hits[0]).toMatchObject({ slot: 2, matchedGroups: 2 })
  })

  it('matches any alternative form within a group', () => {
    const hits = build().search([['hotovost', 'hotovosti']], 10)
    expect(hits.map((h) => h.slot)).toEqual([1])
  })

  it('forgets removed items and their document frequencies', () => {
    const index = build()
    index.remove(3)
    expect(index.search([['plomba']], 10)).toEqual([])
    expect(index.size).toBe(3)
    // katastr now occurs in one item of three: its idf rose accordingly.
    const before = build().search([['katastr']], 1)[0]!.score
    expect(index.search([['katastr']], 1)[0]!.score).toBeGreaterThan(before)
  })

  it('keeps results identical after compaction', () => {
    const index = build()
    index.remove(1)
    const before = index.search([['klient']], 10)
    index.compact()
    expect(index.search([['klient']], 10)).toEqual(before)
  })

  it('admits only allowed slots', () => {
    const hits = build().search([['klient']], 10, (slot) => slot !== 0)
    expect(hits.map((h) => h.slot).sort()).toEqual([1, 2])
  })

  it('returns at most the limit, best first', () => {
    const hits = build().search([['klient']], 2)
    expect(hits).toHaveLength(2)
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score)
  })
})

describe('Bm25Index with groups of alternatives', () => {
  const build = () => {
    const index = new Bm25Index()
    index.add(0, ['rent', 'rental', 'lease', 'filler'])
    index.add(1, ['rent', 'deposit', 'filler', 'filler'])
    for (let slot = 2; slot < 8; slot++) index.add(slot, ['other', 'filler', 'filler', 'filler'])
    return index
  }

  it('scores a group as one term: three of one word’s alternatives weigh less than two words', () => {
    const hits = build().search([['rent', 'rental', 'lease'], ['deposit']], 10)
    expect(hits.map((h) => h.slot)).toEqual([1, 0])
    expect(hits[1]!.matchedGroups).toBe(1)
  })

  it('counts added alternatives at the given weight, the word’s own forms in full', () => {
    const index = new Bm25Index()
    index.add(0, ['najem', 'x'])
    index.add(1, ['lease', 'x'])
    index.add(2, ['y', 'z'])
    const hits = index.search([['najem', 'lease']], 10, undefined, { own: [1], others: 0.5 })
    expect(hits.map((h) => h.slot)).toEqual([0, 1])
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
  })
})

describe('Bm25Index pruned search', () => {
  // A seeded generator, so a failure can be replayed.
  const generator = (seed: number) => () => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return seed / 0x100000000
  }

  it('returns exactly what scoring every posting returns, on random corpora and queries', () => {
    let compared = 0
    let filledTopK = false
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = generator(seed)
      const vocabulary = 5 + Math.floor(rnd() * 200)
      // Zipf-like: a few very common terms, many rare ones, as in text.
      const term = () => `t${Math.floor(vocabulary * rnd() ** 3)}`
      const index = new Bm25Index()
      const items = 50 + Math.floor(rnd() * 1500)
      for (let slot = 0; slot < items; slot++) {
        const length = 1 + Math.floor(rnd() * 60)
        index.add(
          slot,
          Array.from({ length }, () => term()),
        )
      }
      for (let slot = 0; slot < items; slot++) if (rnd() < 0.1) index.remove(slot)
      for (let q = 0; q < 25; q++) {
        const groups = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () =>
          Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => term()),
        )
        const own = groups.map((g) => 1 + Math.floor(rnd() * g.length))
        const weighting = rnd() < 0.7 ? { own, others: [0.5, 0.3, 1][q % 3]! } : undefined
        const allow = rnd() < 0.3 ? (slot: number) => slot % 3 !== 0 : undefined
        const limit = [1, 5, 10, 50][q % 4]!
        const pruned = index.search(groups, limit, allow, weighting)
        const exhaustive = index.searchExhaustive(groups, limit, allow, weighting)
        expect(pruned).toEqual(exhaustive)
        compared += 1
        if (pruned.length === limit) filledTopK = true
      }
    }
    expect(compared).toBe(1000)
    expect(filledTopK).toBe(true)
  })

  it('ranks equal scores by the lower slot, as the exhaustive search does', () => {
    const index = new Bm25Index()
    for (let slot = 0; slot < 20; slot++) index.add(slot, ['same', 'words'])
    expect(index.search([['same']], 3).map((h) => h.slot)).toEqual([0, 1, 2])
    expect(index.searchExhaustive([['same']], 3).map((h) => h.slot)).toEqual([0, 1, 2])
  })
})
