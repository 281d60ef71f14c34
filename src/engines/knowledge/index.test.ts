import { describe, expect, it } from 'vitest'
import { chunkMarkdown } from './chunker.ts'
import { hashEmbed } from './embedders/hash.ts'
import { contextualText, type IndexedDocument, KnowledgeIndex } from './index.ts'
import { analyzeQuery } from './text.ts'

const DIM = 256

function add(
  index: KnowledgeIndex,
  doc: Omit<IndexedDocument, 'source' | 'metadata'> & { metadata?: Record<string, unknown> },
  md: string,
) {
  const full: IndexedDocument = { source: `${doc.id}.md`, metadata: {}, ...doc }
  const chunks = chunkMarkdown(md).map((c) => ({
    ...c,
    id: `${doc.id}:${c.position}`,
    vector: hashEmbed(contextualText(full, c), DIM),
  }))
  index.upsert(full, chunks)
}

function search(
  index: KnowledgeIndex,
  query: string,
  opts: {
    collections?: string[]
    filter?: (d: IndexedDocument) => boolean
    mode?: 'hybrid' | 'keyword' | 'semantic'
  } = {},
) {
  const vector = hashEmbed(query, DIM)
  return index.search({
    groups: analyzeQuery(query),
    vectors: new Map([
      ['aml', { cs: vector, en: vector }],
      ['realty', { cs: vector, en: vector }],
    ]),
    limit: 5,
    ...opts,
  })
}

describe('KnowledgeIndex', () => {
  const build = () => {
    const index = new KnowledgeIndex()
    add(
      index,
      { id: 'a', collection: 'aml', title: 'Oznámení', language: 'cs', metadata: { tags: ['aml'] } },
      '# Oznámení\n\nPodezřelý obchod se oznamuje do 5 kalendářních dnů.',
    )
    add(
      index,
      { id: 'b', collection: 'realty', title: 'Katastr', language: 'cs', metadata: { tags: ['reality'] } },
      '# Katastr\n\nVklad do katastru se provede po 20 dnech.',
    )
    add(
      index,
      { id: 'c', collection: 'aml', title: 'Reporting', language: 'en', metadata: { tags: ['aml', 'en'] } },
      '# Reporting\n\nA suspicious transaction is reported within five days.',
    )
    return index
  }

  it('finds passages by words in any inflection, with fused lexical and dense ranks', () => {
    const hits = search(build(), 'oznámení podezřelých obchodů')
    expect(hits[0]!.document.id).toBe('a')
    expect(hits[0]!.lexical?.rank).toBe(1)
    expect(hits[0]!.dense?.rank).toBe(1)
  })

  it('restricts to the given collections and to documents the filter admits', () => {
    const index = build()
    expect(
      search(index, 'katastr vklad', { collections: ['aml'] }).every((h) => h.document.collection === 'aml'),
    ).toBe(true)
    const filtered = search(index, 'suspicious transaction oznámení', {
      filter: (d) => (d.metadata.tags as string[]).includes('en'),
    })
    expect(filtered.map((h) => h.document.id)).toEqual(['c'])
  })

  it('replaces a document on upsert and forgets it on remove', () => {
    const index = build()
    add(
      index,
      { id: 'b', collection: 'realty', title: 'Katastr', language: 'cs' },
      '# Katastr\n\nPlomba značí probíhající řízení.',
    )
    expect(index.documentCount).toBe(3)
    expect(search(index, 'vklad 20 dnech', { mode: 'keyword' }).some((h) => h.document.id === 'b')).toBe(
      false,
    )
    expect(search(index, 'plomba')[0]!.document.id).toBe('b')
    index.remove('b')
    expect(search(index, 'plomba', { mode: 'keyword' })).toEqual([])
    expect(index.collectionCounts().get('realty')).toBeUndefined()
  })

  it('searches by keywords alone or vectors alone when asked', () => {
    const index = build()
    const keyword = search(index, 'katastr', { mode: 'keyword' })
    expect(keyword.every((h) => h.dense === undefined)).toBe(true)
    const semantic = search(index, 'katastr', { mode: 'semantic' })
    expect(semantic.every((h) => h.lexical === undefined)).toBe(true)
    expect(semantic[0]!.document.id).toBe('b')
  })
})
