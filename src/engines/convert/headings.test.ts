import { describe, expect, it } from 'vitest'
import { cpuMs } from '../../../test/support/cpu-time.ts'
import { firstHeading } from './headings.ts'

describe('firstHeading', () => {
  it.each([
    ['# Title', 'Title'],
    ['intro\n\n## Second level ##\n# Later', 'Second level'],
    ['### **Bold** title   ', 'Bold title'],
    ['# C#', 'C#'],
    ['#NoSpace\n# Real', 'Real'],
    ['####### seven\n###### six', 'six'],
    ['#   \n# After empty', 'After empty'],
    ['no heading here', undefined],
  ])('%j → %j', (markdown, title) => {
    expect(firstHeading(markdown)).toBe(title)
  })

  it('stays linear on a heading line of many spaces that made the former pattern backtrack', () => {
    const hostile = `# a${' '.repeat(200_000)}b${' '.repeat(200_000)}#x\n`.repeat(3)
    // CPU time of this thread, not wall time (test/support/cpu-time.ts): alone, under a tick
    // (4 ms) here against 0.75 s for the former pattern on a twentieth of one line.
    let heading: string | undefined
    const ms = cpuMs(() => {
      heading = firstHeading(hostile)
    })
    expect(heading).toMatch(/^a +b +#x$/)
    expect(ms).toBeLessThan(200)
    // The pattern it replaces takes most of a second on a twentieth of that: the input is hostile.
    const former = /^#{1,6}\s+(.+?)\s*#*$/m
    expect(cpuMs(() => former.exec(`# a${' '.repeat(10_000)}b${' '.repeat(10_000)}\u0000`))).toBeGreaterThan(
      20,
    )
  })
})
