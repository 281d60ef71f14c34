/**
 * The knowledge store's contract, run against SQLite and PostgreSQL (PostgreSQL when reachable;
 * required with CI=true): documents and chunks written and replaced in one transaction, the change
 * log in commit order, embedders recorded once per collection, and two instances over one database
 * seeing each other's writes through the change log.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { freshPostgresDatabase, startKnowledge } from '../../../test/knowledge/harness.ts'
import { backing } from '../../../test/support/backing.ts'
import { type Database, openDatabase } from '../../kit/db.ts'
import { COLLECTIONS } from './collections.ts'
import { bytesToVector, KnowledgeStore, type NewChunk, type NewDocument, vectorToBytes } from './store.ts'

const postgres = await backing.postgres()
const dirs: string[] = []
const databases: Array<{ url: string; drop(): Promise<void> }> = []
// One PostgreSQL database for the whole suite; each test gets tables of its own by clearing them.
const pgDatabase = postgres.available ? await freshPostgresDatabase(postgres.url) : undefined
if (pgDatabase) databases.push(pgDatabase)

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  for (const db of databases) await db.drop()
})

async function clearPostgres(url: string): Promise<void> {
  const database = openDatabase({ dataDir: '', databaseUrl: url })
  try {
    await database.migrate()
    await sql`TRUNCATE kb_chunks, kb_documents, kb_changes, kb_meta, kb_collections`.execute(
      database.as<unknown>(),
    )
  } finally {
    await database.close()
  }
}

const targets = [
  {
    name: 'sqlite',
    available: true,
    storage() {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-kbstore-'))
      dirs.push(dir)
      return { dir }
    },
  },
  {
    name: 'postgres',
    available: postgres.available,
    storage() {
      return { postgresUrl: pgDatabase!.url }
    },
  },
]

function open(storage: { dir?: string; postgresUrl?: string }): Database {
  return openDatabase({ dataDir: storage.dir ?? '', databaseUrl: storage.postgresUrl })
}

function doc(id: string, overrides: Partial<NewDocument> = {}): NewDocument {
  return {
    id,
    collection: 'glossary',
    source: `${id}.md`,
    title: `Title ${id}`,
    content_hash: `hash-${id}`,
    format: 'markdown',
    language: 'cs',
    metadata: '{}',
    markdown: '# x',
    bytes: 3,
    pages: null,
    chunk_count: 2,
    version: `v-${id}`,
    ...overrides,
  }
}

function chunks(id: string, n = 2): NewChunk[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${id}:${i}`,
    position: i,
    section: 'S',
    page: i + 1,
    text: `text ${i}`,
    terms: 'text',
    tokens: 2,
    vector: vectorToBytes(Float32Array.from([i, 0.5, -1])),
  }))
}

for (const target of targets) {
  describe.skipIf(!target.available)(`KnowledgeStore on ${target.name}`, () => {
    beforeEach(async () => {
      if (target.name === 'postgres') await clearPostgres(pgDatabase!.url)
    })

    it('stores a document with its chunks and vectors, and appends an upsert change', async () => {
      const database = open(target.storage())
      try {
        await database.migrate()
        const store = new KnowledgeStore(database)
        await store.ensureCollections(COLLECTIONS)
        const seq = await store.putDocument(doc('d1'), chunks('d1'), [])
        expect(seq).toBeGreaterThan(0)
        expect(await store.counts()).toEqual({ documents: 1, chunks: 2 })
        const rows: NewChunk[] = []
        for await (const batch of store.chunksOf(['d1'])) rows.push(...batch)
        expect(rows.map((r) => r.position)).toEqual([0, 1])
        expect([...bytesToVector(rows[1]!.vector!)]).toEqual([1, 0.5, -1])
        expect(rows[1]!.page).toBe(2)
        expect(await store.changesSince(0)).toEqual([
          { seq, documentId: 'd1', collection: 'glossary', op: 'upsert', version: 'v-d1' },
        ])
        expect(await store.getDocument('d1')).toMatchObject({ title: 'Title d1', chunk_count: 2, bytes: 3 })
      } finally {
        await database.close()
      }
    })

    it('replaces a document and its chunks in one transaction; a failure leaves the old version', async () => {
      const database = open(target.storage())
      try {
        await database.migrate()
        const store = new KnowledgeStore(database)
        await store.ensureCollections(COLLECTIONS)
        await store.putDocument(doc('d1'), chunks('d1', 3), [])
        // A chunk with a duplicate id makes the insert fail after the old rows were deleted.
        const broken = [...chunks('d1', 1), ...chunks('d1', 1)]
        await expect(store.putDocument(doc('d1', { version: 'v2' }), broken, ['d1'])).rejects.toThrow()
        expect(await store.counts()).toEqual({ documents: 1, chunks: 3 })
        expect((await store.getDocument('d1'))!.version).toBe('v-d1')
        await store.putDocument(doc('d1', { version: 'v3', chunk_count: 1 }), chunks('d1', 1), ['d1'])
        expect(await store.counts()).toEqual({ documents: 1, chunks: 1 })
        const changes = await store.changesSince(0)
        expect(changes.map((c) => c.version)).toEqual(['v-d1', 'v3'])
      } finally {
        await database.close()
      }
    })

    it('records the first embedder of a collection and keeps it unless forced', async () => {
      const database = open(target.storage())
      try {
        await database.migrate()
        const store = new KnowledgeStore(database)
        await store.ensureCollections(COLLECTIONS)
        expect(await store.claimEmbedder('glossary', 'hash-ngram-v1/512', 512)).toEqual({
          embedder: 'hash-ngram-v1/512',
          dimensions: 512,
        })
        expect(await store.claimEmbedder('glossary', 'openai:m', 1536)).toEqual({
          embedder: 'hash-ngram-v1/512',
          dimensions: 512,
        })
        expect(await store.claimEmbedder('glossary', 'openai:m', 1536, { force: true })).toEqual({
          embedder: 'openai:m',
          dimensions: 1536,
        })
        const row = (await store.collections()).find((c) => c.name === 'glossary')!
        expect(row).toMatchObject({ embedder: 'openai:m', dimensions: 1536 })
      } finally {
        await database.close()
      }
    })

    it('lists changes in sequence order from a given point, deletes included', async () => {
      const database = open(target.storage())
      try {
        await database.migrate()
        const store = new KnowledgeStore(database)
        await store.ensureCollections(COLLECTIONS)
        const s1 = await store.putDocument(doc('a'), chunks('a'), [])
        const s2 = await store.putDocument(doc('b'), chunks('b'), [])
        const s3 = (await store.deleteDocument('a'))!
        expect(await store.deleteDocument('a')).toBeUndefined()
        expect(s1 < s2 && s2 < s3).toBe(true)
        const since = await store.changesSince(s1)
        expect(since.map((c) => [c.documentId, c.op])).toEqual([
          ['b', 'upsert'],
          ['a', 'delete'],
        ])
        expect(await store.lastSeq()).toBe(s3)
        expect(await store.counts()).toEqual({ documents: 1, chunks: 2 })
      } finally {
        await database.close()
      }
    })

    it('keeps two service instances over one database in step through the change log', async () => {
      const storage = target.storage()
      const one = await startKnowledge(storage)
      const two = await startKnowledge(storage)
      try {
        const md = '# Plomba\n\nPlomba znamená, že u nemovitosti probíhá řízení o vkladu.'
        const created = await one.kb.ingest({
          collection: 'real_estate',
          bytes: Buffer.from(md),
          filename: 'plomba.md',
        })
        const query = { query: 'plomba řízení', limit: 3 }
        expect((await two.kb.search(query)).hits).toEqual([])
        expect(await two.kb.sync()).toBeGreaterThan(0)
        expect((await two.kb.search(query)).hits[0]!.document.id).toBe(created.document.id)
        await two.kb.deleteDocument(created.document.id)
        await one.kb.sync()
        expect((await one.kb.search(query)).hits).toEqual([])
        expect(one.kb.index.documentCount).toBe(0)
      } finally {
        await two.close()
        await one.close()
      }
    })
  })
}
