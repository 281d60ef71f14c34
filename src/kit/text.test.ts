import { describe, expect, it } from 'vitest'
import { trimEndOf, trimOf, trimStartOf, WHITESPACE } from './text.ts'

describe('trimming a set of characters', () => {
  it('trims exactly the characters of the set off the ends', () => {
    expect(trimEndOf('Praha 1, \t', `${WHITESPACE},`)).toBe('Praha 1')
    expect(trimStartOf(', \u00a0Novák', `${WHITESPACE},`)).toBe('Novák')
    expect(trimOf('| a | b |', `${WHITESPACE}|`)).toBe('a | b')
    expect(trimEndOf('Novaks, ', `${WHITESPACE},`)).toBe('Novaks')
    expect(trimOf('   ', WHITESPACE)).toBe('')
  })

  it('takes the same whitespace as \\s', () => {
    for (let c = 0; c < 0x3001; c++) {
      const ch = String.fromCharCode(c)
      expect(WHITESPACE.includes(ch), `U+${c.toString(16)}`).toBe(/\s/.test(ch))
    }
    expect(WHITESPACE.includes('\ufeff')).toBe(/\s/.test('\ufeff'))
  })

  it('is linear where the regular expression it replaces is quadratic', () => {
    const hostile = `${' '.repeat(300_000)}x`
    const started = performance.now()
    expect(trimEndOf(hostile, `${WHITESPACE},`)).toBe(hostile)
    expect(performance.now() - started).toBeLessThan(100)
    const t = performance.now()
    ;/[,\s]+$/.test(hostile.slice(-20_001))
    expect(performance.now() - t).toBeGreaterThan(10)
  })
})
