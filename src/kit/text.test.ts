import { describe, expect, it } from 'vitest'
import { cpuMs } from '../../test/support/cpu-time.ts'
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
    // CPU time of this thread, not wall time (test/support/cpu-time.ts). Alone: trimming takes
    // under a tick (4 ms) and the former expression 0.4 s on a fifteenth of the input, so ~90 s
    // (15² × 0.4 s) on all of it.
    let trimmed = ''
    const trim = cpuMs(() => {
      trimmed = trimEndOf(hostile, `${WHITESPACE},`)
    })
    expect(trimmed).toBe(hostile)
    expect(trim).toBeLessThan(100)
    expect(cpuMs(() => /[,\s]+$/.test(hostile.slice(-20_001)))).toBeGreaterThan(10)
  })
})
