import { describe, expect, it } from 'vitest'
import { jaro, jaroWinkler, trigrams } from './similarity.ts'

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
})
