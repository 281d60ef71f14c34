/**
 * The knowledge base's storage: SQLite (the embedded default) or PostgreSQL, through Kysely.
 * It is the source of truth; the in-memory search index is rebuilt from it and follows its change
 * log. Every write that changes what is searchable (a document stored, replaced or deleted) runs in
 * one transaction together with its change-log row, so an instance either sees all of it or none.
 *
 * On PostgreSQL, writers take a transaction-scoped advisory lock before appending to the change
 * log: sequence numbers are then committed in order, and a reader that has seen sequence n can
 * never later find a smaller one appear (with concurrent writers a bigserial alone allows that).
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../kit/db.ts'

export interface CollectionRow {
  name: string
  description: string
  embedder: string | null
  dimensions: number | null
  created_at: number
  updated_at: number
}

export interface DocumentRow {
  id: string
  collection: string
  source: string
  title: string
  content_hash: string
  format: string
  language: string
  metadata: string
  markdown: string
  bytes: number
  pages: number | null
  chunk_count: number
  version: string
  created_at: number
  updated_at: number
}

export interface ChunkRow {
  id: string
  document_id: string
  position: number
  section: string
  page: number | null
  text: string
  terms: string
  tokens: number
  vector: Uint8Array | null
}

interface ChangeRow {
  seq: number | undefined
  document_id: string
  collection: string
  op: string
  version: string | null
  at: number
}

interface Tables {
  kb_collections: CollectionRow
  kb_documents: DocumentRow
  kb_chunks: ChunkRow
  kb_changes: ChangeRow
  kb_meta: { key: string; value: string }
}

export interface Change {
  seq: number
  documentId: string
  collection: string
  op: 'upsert' | 'delete' | 'collection'
  version: string | null
}

export type NewDocument = Omit<DocumentRow, 'created_at' | 'updated_at'>
export type NewChunk = Omit<ChunkRow, 'document_id'>

export function vectorToBytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength))
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's buffer may be shared or unaligned for a Float32Array view.
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  return new Float32Array(copy.buffer)
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v))

/** PostgreSQL bind parameters per statement are limited to 65 535; stay well below. */
const INSERT_BATCH = 400

/** A document's columns without its Markdown body (listing and lookups never need the body). */
const DOCUMENT_COLUMNS = [
  'id',
  'collection',
  'source',
  'title',
  'content_hash',
  'format',
  'language',
  'metadata',
  'bytes',
  'pages',
  'chunk_count',
  'version',
  'created_at',
  'updated_at',
] as const

export class KnowledgeStore {
  readonly dialect: 'sqlite' | 'postgres'
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.dialect = database.dialect
    this.db = database.as<Tables>()
  }

  // ---------- collections ----------

  async ensureCollections(defs: ReadonlyArray<{ name: string; description: string }>, now = Date.now()) {
    for (const def of defs) {
      await this.db
        .insertInto('kb_collections')
        .values({ ...def, embedder: null, dimensions: null, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ description: def.description }))
        .execute()
    }
  }

  async collections(): Promise<CollectionRow[]> {
    const rows = await this.db.selectFrom('kb_collections').selectAll().orderBy('name').execute()
    return rows.map((r) => ({
      ...r,
      dimensions: r.dimensions === null ? null : num(r.dimensions),
      created_at: num(r.created_at),
      updated_at: num(r.updated_at),
    }))
  }

  /**
   * Records the embedder of a collection. Only sets it when the collection has none yet (or when
   * `force`, used by re-embedding); returns the embedder now recorded.
   */
  async claimEmbedder(
    collection: string,
    embedder: string,
    dimensions: number,
    opts: { force?: boolean } = {},
  ): Promise<{ embedder: string; dimensions: number }> {
    const now = Date.now()
    let q = this.db
      .updateTable('kb_collections')
      .set({ embedder, dimensions, updated_at: now })
      .where('name', '=', collection)
    if (!opts.force) q = q.where('embedder', 'is', null)
    await q.execute()
    const row = await this.db
      .selectFrom('kb_collections')
      .select(['embedder', 'dimensions'])
      .where('name', '=', collection)
      .executeTakeFirstOrThrow()
    return { embedder: row.embedder ?? embedder, dimensions: num(row.dimensions ?? dimensions) }
  }

  // ---------- documents ----------

  async findDocument(collection: string, by: { source?: string; contentHash?: string }) {
    const rows = await this.db
      .selectFrom('kb_documents')
      .select(['id', 'source', 'content_hash', 'metadata', 'title', 'version', 'chunk_count'])
      .where('collection', '=', collection)
      .where((eb) =>
        eb.or([
          ...(by.source !== undefined ? [eb('source', '=', by.source)] : []),
          ...(by.contentHash !== undefined ? [eb('content_hash', '=', by.contentHash)] : []),
        ]),
      )
      .execute()
    return rows.map((r) => ({ ...r, chunk_count: num(r.chunk_count) }))
  }

  async getDocument(id: string): Promise<Omit<DocumentRow, 'markdown'> | undefined> {
    const row = await this.db
      .selectFrom('kb_documents')
      .select(DOCUMENT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? normalizeDocument(row) : undefined
  }

  async listDocuments(opts: { collection?: string; limit: number; offset: number }) {
    let q = this.db.selectFrom('kb_documents').select(DOCUMENT_COLUMNS)
    if (opts.collection) q = q.where('collection', '=', opts.collection)
    const rows = await q.orderBy('created_at').orderBy('id').limit(opts.limit).offset(opts.offset).execute()
    return rows.map(normalizeDocument)
  }

  /**
   * Stores a document and its chunks, removing the documents it replaces, and appends the change —
   * all in one transaction. Returns the change's sequence number.
   */
  async putDocument(
    doc: NewDocument,
    chunks: readonly NewChunk[],
    replaces: readonly string[],
  ): Promise<number> {
    return await this.db.transaction().execute(async (trx) => {
      await this.lockChanges(trx)
      const now = Date.now()
      let createdAt = now
      for (const id of replaces) {
        const old = await trx
          .selectFrom('kb_documents')
          .select('created_at')
          .where('id', '=', id)
          .executeTakeFirst()
        if (old && id === doc.id) createdAt = num(old.created_at)
        await trx.deleteFrom('kb_chunks').where('document_id', '=', id).execute()
        await trx.deleteFrom('kb_documents').where('id', '=', id).execute()
        if (id !== doc.id) await this.appendChange(trx, { document_id: id, op: 'delete', version: null }, now)
      }
      await trx
        .insertInto('kb_documents')
        .values({ ...doc, created_at: createdAt, updated_at: now })
        .execute()
      for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
        await trx
          .insertInto('kb_chunks')
          .values(chunks.slice(i, i + INSERT_BATCH).map((c) => ({ ...c, document_id: doc.id })))
          .execute()
      }
      return await this.appendChange(
        trx,
        { document_id: doc.id, op: 'upsert', version: doc.version },
        now,
        doc.collection,
      )
    })
  }

  /** Updates title and metadata of an unchanged document (no re-chunking). */
  async updateDocumentInfo(id: string, info: { title: string; metadata: string; version: string }) {
    return await this.db.transaction().execute(async (trx) => {
      await this.lockChanges(trx)
      const now = Date.now()
      const row = await trx
        .selectFrom('kb_documents')
        .select('collection')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      await trx
        .updateTable('kb_documents')
        .set({ ...info, updated_at: now })
        .where('id', '=', id)
        .execute()
      return await this.appendChange(
        trx,
        { document_id: id, op: 'upsert', version: info.version },
        now,
        row.collection,
      )
    })
  }

  async deleteDocument(id: string): Promise<number | undefined> {
    return await this.db.transaction().execute(async (trx) => {
      await this.lockChanges(trx)
      const row = await trx
        .selectFrom('kb_documents')
        .select('collection')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      await trx.deleteFrom('kb_chunks').where('document_id', '=', id).execute()
      await trx.deleteFrom('kb_documents').where('id', '=', id).execute()
      return await this.appendChange(
        trx,
        { document_id: id, op: 'delete', version: null },
        Date.now(),
        row.collection,
      )
    })
  }

  /** Replaces the vectors of a collection's chunks (re-embedding), one transaction per call. */
  async setVectors(
    collection: string,
    vectors: ReadonlyArray<{ id: string; vector: Uint8Array }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { id, vector } of vectors) {
        await trx.updateTable('kb_chunks').set({ vector }).where('id', '=', id).execute()
      }
      await this.lockChanges(trx)
      await this.appendChange(
        trx,
        { document_id: '', op: 'collection', version: null },
        Date.now(),
        collection,
      )
    })
  }

  private async lockChanges(trx: Transaction<Tables>): Promise<void> {
    if (this.dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(hashtext('kb_changes'))`.execute(trx)
  }

  private async appendChange(
    trx: Transaction<Tables>,
    change: { document_id: string; op: string; version: string | null },
    at: number,
    collection = '',
  ): Promise<number> {
    const row = await trx
      .insertInto('kb_changes')
      .values({ ...change, collection, at, seq: undefined })
      .returning('seq')
      .executeTakeFirstOrThrow()
    return num(row.seq)
  }

  // ---------- reading for the index ----------

  async lastSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('kb_changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst()
    return row?.seq === null || row?.seq === undefined ? 0 : num(row.seq)
  }

  async changesSince(seq: number, limit = 1000): Promise<Change[]> {
    const rows = await this.db
      .selectFrom('kb_changes')
      .selectAll()
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      seq: num(r.seq),
      documentId: r.document_id,
      collection: r.collection,
      op: r.op as Change['op'],
      version: r.version,
    }))
  }

  async documentsInfo(ids?: readonly string[]) {
    let q = this.db
      .selectFrom('kb_documents')
      .select(['id', 'collection', 'source', 'title', 'language', 'metadata', 'version', 'format'])
    if (ids) {
      if (ids.length === 0) return []
      q = q.where('id', 'in', ids)
    }
    return await q.orderBy('id').execute()
  }

  /** Chunks of the given documents (all documents when omitted), in document and position order. */
  async *chunksOf(documentIds?: readonly string[], batch = 2000): AsyncGenerator<ChunkRow[]> {
    let after: { document_id: string; position: number } | undefined
    for (;;) {
      let q = this.db.selectFrom('kb_chunks').selectAll()
      if (documentIds) q = q.where('document_id', 'in', documentIds)
      if (after) {
        const a = after
        // A row-value comparison walks the (document_id, position) index from where the last batch
        // ended; the equivalent OR makes SQLite scan and sort the whole table for every batch.
        q = q.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('document_id', 'position'), '>', tuple(a.document_id, a.position)),
        )
      }
      const rows = await q.orderBy('document_id').orderBy('position').limit(batch).execute()
      if (rows.length === 0) return
      yield rows.map((r) => ({
        ...r,
        position: num(r.position),
        page: r.page === null ? null : num(r.page),
        tokens: num(r.tokens),
      }))
      const last = rows[rows.length - 1]!
      after = { document_id: last.document_id, position: num(last.position) }
      if (rows.length < batch) return
    }
  }

  async counts(): Promise<{ documents: number; chunks: number }> {
    const d = await this.db
      .selectFrom('kb_documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    const c = await this.db
      .selectFrom('kb_chunks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    return { documents: num(d?.n ?? 0), chunks: num(c?.n ?? 0) }
  }

  // ---------- meta ----------

  /** Replaces passages' analysed terms (space-separated), in one transaction. */
  async setTerms(rows: ReadonlyArray<{ id: string; terms: string }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { id, terms } of rows) {
        await trx.updateTable('kb_chunks').set({ terms }).where('id', '=', id).execute()
      }
    })
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('kb_meta').select('value').where('key', '=', key).executeTakeFirst()
    return row?.value
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('kb_meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
  }
}

function normalizeDocument<
  T extends {
    bytes: unknown
    pages: unknown
    chunk_count: unknown
    created_at: unknown
    updated_at: unknown
  },
>(row: T) {
  return {
    ...row,
    bytes: num(row.bytes),
    pages: row.pages === null ? null : num(row.pages),
    chunk_count: num(row.chunk_count),
    created_at: num(row.created_at),
    updated_at: num(row.updated_at),
  }
}
