import { describe, expect, it } from 'vitest'
import { chunkMarkdown, estimateTokens } from './chunker.ts'

const words = (n: number, word = 'slovo') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')

describe('chunkMarkdown', () => {
  it('follows Markdown headings into a section path', () => {
    const chunks = chunkMarkdown(
      '# Guide\n\nIntro text here.\n\n## Search\n\nHow to search.\n\n### Filters\n\nHow to filter.',
    )
    expect(chunks.map((c) => c.section)).toEqual(['Guide', 'Guide › Search', 'Guide › Search › Filters'])
    expect(chunks.map((c) => c.position)).toEqual([0, 1, 2])
  })

  it('splits Czech legal text on § and cites odstavce', () => {
    const md = [
      '# Zákon',
      '## HLAVA II',
      '§ 7 Identifikace klienta',
      '(1) Povinná osoba identifikuje klienta.',
      '(2) Vždy při vzniku obchodního vztahu.',
      '§ 9 Kontrola klienta',
      '(1) Kontrola zahrnuje zjištění skutečného majitele.',
    ].join('\n\n')
    const chunks = chunkMarkdown(md)
    expect(chunks).toHaveLength(2)
    expect(chunks[0]!.section).toBe('Zákon › HLAVA II › § 7 Identifikace klienta › odst. 1–2')
    expect(chunks[1]!.section).toBe('Zákon › HLAVA II › § 9 Kontrola klienta › odst. 1')
  })

  it('does not take a sentence that starts with § for a heading', () => {
    const chunks = chunkMarkdown('# T\n\n§ 7 stanoví, že klient musí být identifikován. Další věta.')
    expect(chunks).toHaveLength(1)
    expect(chunks[0]!.section).toBe('T')
  })

  it('keeps chunks under the token limit and overlaps consecutive ones', () => {
    const sentences = Array.from(
      { length: 60 },
      (_, i) => `Věta číslo ${i} má několik slov navíc aby byla delší.`,
    )
    const md = `# Dlouhý text\n\n${sentences.join(' ')}`
    const chunks = chunkMarkdown(md, { targetTokens: 120, maxTokens: 160, overlapTokens: 30 })
    expect(chunks.length).toBeGreaterThan(3)
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(160)
    // The next chunk starts with the last sentences of the previous one (at most 30 tokens).
    const first = chunks[0]!.text.split(/(?<=\.)\s+/)
    const second = chunks[1]!.text.split(/(?<=\.)\s+/)
    expect(second.slice(0, 2)).toEqual(first.slice(-2))
    expect(second[2]).not.toBe(first[first.length - 3])
  })

  it('splits a long table by rows and repeats its header', () => {
    const rows = Array.from({ length: 80 }, (_, i) => `| položka ${i} | ${words(6)} |`)
    const md = `# Ceník\n\n| Položka | Popis |\n|---|---|\n${rows.join('\n')}`
    const chunks = chunkMarkdown(md, { targetTokens: 100, maxTokens: 150, overlapTokens: 0 })
    expect(chunks.length).toBeGreaterThan(1)
    for (const c of chunks) expect(c.text.startsWith('| Položka | Popis |\n|---|---|')).toBe(true)
  })

  it('gives each chunk the page it starts on', () => {
    const page1 = '# Report\n\nFirst page text.'
    const page2 = '## Findings\n\nSecond page text.'
    const md = `${page1}\n\n${page2}`
    const chunks = chunkMarkdown(md, { pageOffsets: [0, page1.length + 2] })
    expect(chunks.map((c) => c.page)).toEqual([1, 2])
  })

  it('does not read headings inside code blocks', () => {
    const chunks = chunkMarkdown('# Doc\n\n```\n# not a heading\n```\n\nText.')
    expect(chunks.every((c) => c.section === 'Doc')).toBe(true)
  })

  it('estimates about 1.3 tokens per word', () => {
    expect(estimateTokens(words(100))).toBe(130)
  })
})
