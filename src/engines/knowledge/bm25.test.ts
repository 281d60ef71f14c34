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
