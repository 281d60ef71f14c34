/**
 * Stored passages carry their analysed terms: when the text analysis changes (the shared stemmers
 * or stop words), a knowledge base re-analyses them as it opens instead of serving stale terms.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startKnowledge } from '../../../test/knowledge/harness.ts'
import { contextualText } from './index.ts'
import { ANALYZER_FINGERPRINT, analyze } from './text.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const DOCUMENT = `# Oznámení podezřelého obchodu

Povinná osoba oznámí podezřelý obchod Finančnímu analytickému úřadu bez zbytečného odkladu.
`

describe('index sync', () => {
  it('re-analyses passages stored by another text analysis when it opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-kb-reanalyse-'))
    dirs.push(dir)
    const first = await startKnowledge({ dir })
    await first.kb.ingest({
      collection: 'aml_regulations',
      bytes: Buffer.from(DOCUMENT),
      filename: 'oznameni.md',
    })
    // As an older analysis would have left them: terms that match nothing, another fingerprint.
    const stored = []
    for await (const batch of first.store.chunksOf()) stored.push(...batch)
    await first.store.setTerms(stored.map((row) => ({ id: row.id, terms: 'stale' })))
    await first.store.setMeta('analyzer', 'older')
    await first.close()

    const second = await startKnowledge({ dir })
    try {
      const found = await second.kb.search({ query: 'podezřelé obchody', limit: 5, mode: 'keyword' })
      expect(found.hits.map((h) => h.document.title)).toEqual(['Oznámení podezřelého obchodu'])
      const rows = []
      for await (const batch of second.store.chunksOf()) rows.push(...batch)
      expect(rows.map((r) => r.terms)).toEqual(
        rows.map((r) =>
          analyze(contextualText({ title: 'Oznámení podezřelého obchodu' }, r), 'cs').join(' '),
        ),
      )
      expect(await second.store.getMeta('analyzer')).toBe(ANALYZER_FINGERPRINT)
    } finally {
      await second.close()
    }
  })

  it('leaves passages stored by the same analysis as they are', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-kb-reanalyse-'))
    dirs.push(dir)
    const first = await startKnowledge({ dir })
    await first.kb.ingest({
      collection: 'aml_regulations',
      bytes: Buffer.from(DOCUMENT),
      filename: 'oznameni.md',
    })
    const stored = []
    for await (const batch of first.store.chunksOf()) stored.push(...batch)
    // Terms only this test wrote: a second open with the same fingerprint must not rewrite them.
    await first.store.setTerms(stored.map((row) => ({ id: row.id, terms: 'kept' })))
    await first.close()

    const second = await startKnowledge({ dir })
    try {
      const rows = []
      for await (const batch of second.store.chunksOf()) rows.push(...batch)
      expect(rows.map((r) => r.terms)).toEqual(stored.map(() => 'kept'))
    } finally {
      await second.close()
    }
  })
})
