import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOC_PATH, GOLDEN_DOC_PATH, renderAgentsDoc, renderGoldenDoc } from '../../scripts/gen-agents-doc.ts'
import { agents } from '../../src/agents/index.ts'

describe('docs/agents.md', () => {
  it('is up to date with the catalogue (run npm run docs:agents)', () => {
    expect(
      readFileSync(DOC_PATH, 'utf8') === renderAgentsDoc(),
      'docs/agents.md is stale: run npm run docs:agents',
    ).toBe(true)
  })

  it('has docs/golden-cases.md up to date with the golden cases (run npm run docs:agents)', () => {
    expect(
      readFileSync(GOLDEN_DOC_PATH, 'utf8') === renderGoldenDoc(),
      'docs/golden-cases.md is stale: run npm run docs:agents',
    ).toBe(true)
  })

  it('lists under every agent that declares its law each register entry with its source', () => {
    const doc = renderAgentsDoc()
    for (const a of agents.filter((x) => x.law.length > 0)) {
      const start = doc.indexOf(`### ${a.service}/${a.name}\n`)
      const section = doc.slice(start, doc.indexOf('\n### ', start + 1))
      for (const id of a.law) expect(section, `${a.service}/${a.name} lists ${id}`).toContain(`| \`${id}\` |`)
    }
  })

  it('documents every agent with its call, an example and both schemas', () => {
    const doc = renderAgentsDoc()
    for (const a of agents) {
      const start = doc.indexOf(`### ${a.service}/${a.name}\n`)
      expect(start, `${a.service}/${a.name} has a section`).toBeGreaterThan(0)
      const next = doc.indexOf('\n### ', start + 1)
      const section = doc.slice(start, next < 0 ? undefined : next)
      expect(section).toContain(`POST /api/${a.service}/${a.name}`)
      expect(section).toContain('**Example 1:')
      expect(section).toContain('<summary>Input schema</summary>')
      expect(section).toContain('<summary>Output schema</summary>')
    }
  })
})
