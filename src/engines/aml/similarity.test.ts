import { describe, expect, it } from 'vitest'
import { jaro, jaroWinkler, jaroWinklerBound, trigrams } from './similarity.ts'

describe('Jaro-Winkler', () => {
  it('matches the published reference values', () => {
    // Winkler (1990) / Wikipedia examples.
    expect(jaro('martha', 'marhta')).toBeCloseTo(0.944, 3)
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3)
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2)
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3)
  })

  it('is 1 for equal strings and 0 with nothing in common', () => {
    expect(jaroWinkler('novak', 'novak')).toBe(1)
    expect(jaroWinkler('abc', 'xyz')).toBe(0)
    expect(jaroWinkler('', 'abc')).toBe(0)
  })

  it('pads trigrams so short tokens and word starts count', () => {
    expect(trigrams('jan')).toEqual(['^ja', 'jan', 'an$'])
    expect(trigrams('a')).toEqual(['^a$'])
  })

  it('bounds Jaro-Winkler from above by the letters two words share', () => {
    // Words over a small alphabet share many letters in many orders: the hard cases for a bound.
    let seed = 7
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const word = () =>
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => 'aeinorsvk'[Math.floor(next() * 9)]).join('')
    for (let i = 0; i < 20_000; i++) {
      const a = word()
      const b = next() < 0.5 ? word() : a.slice(1) + a[0]
      expect(jaroWinklerBound(a, b)).toBeGreaterThanOrEqual(jaroWinkler(a, b) - 1e-12)
    }
    expect(jaroWinklerBound('martha', 'marhta')).toBe(1)
    expect(jaroWinklerBound('abc', 'xyz')).toBe(0)
  })
})
