import { describe, expect, it } from 'vitest'
import { BEGIN, END, render, type Source, selectTargets, TARGETS } from './sync.ts'

const source: Source = { files: ['AGENTS.md'], content: '<!-- Source: AGENTS.md -->\n\n# P\n', sha256: 'x' }
const claude = TARGETS.find((t) => t.id === 'claude')!
const cursor = TARGETS.find((t) => t.id === 'cursor')!

describe('context rendering', () => {
  it('creates a file holding only the managed block, with front matter for Cursor rules', () => {
    expect(render(claude, source, undefined)).toBe(`${BEGIN}\n${source.content}${END}\n`)
    expect(
      render(cursor, source, undefined).startsWith('---\ndescription: Gatehouse project context\n'),
    ).toBe(true)
  })

  it('replaces only the block and keeps what is around it', () => {
    const current = `# Mine\n\n${BEGIN}\nold\n${END}\n\nTail\n`
    expect(render(claude, source, current)).toBe(`# Mine\n\n${BEGIN}\n${source.content}${END}\n\nTail\n`)
  })

  it('appends the block to a hand-written file instead of overwriting it', () => {
    expect(render(claude, source, '# Mine\n\n')).toBe(`# Mine\n\n${BEGIN}\n${source.content}${END}\n`)
  })

  it('refuses unknown targets by name', () => {
    expect(() => selectTargets(['claude', 'vim'])).toThrow(/unknown target vim/)
  })
})
