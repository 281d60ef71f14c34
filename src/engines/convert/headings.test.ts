import { describe, expect, it } from 'vitest'
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
    const started = performance.now()
    expect(firstHeading(hostile)).toMatch(/^a +b +#x$/)
    expect(performance.now() - started).toBeLessThan(200)
    // The pattern it replaces takes seconds on a twentieth of that: the test input is hostile.
    const former = /^#{1,6}\s+(.+?)\s*#*$/m
    const t = performance.now()
    former.exec(`# a${' '.repeat(10_000)}b${' '.repeat(10_000)}\u0000`)
    expect(performance.now() - t).toBeGreaterThan(20)
  })
})
