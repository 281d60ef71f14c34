/**
 * Knowledge base: collections (each records the embedder that wrote its vectors), documents (one
 * row per source document, identified within its collection by source name and content hash),
 * chunks (passages with their citation fields, analysed terms and vector) and a change log whose
 * increasing sequence lets every instance keep its in-memory index current.
 * Times are milliseconds since the epoch; JSON documents are text; vectors are little-endian
 * float32 bytes.
 */
import type { Kysely } from 'kysely'
import { dialectOf } from '../src/kit/db.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const bytes = postgres ? 'bytea' : 'blob'

  await db.schema
    .createTable('kb_collections')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('embedder', 'text')
    .addColumn('dimensions', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('kb_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull().references('kb_collections.name'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('kb_documents_collection_source', ['collection', 'source'])
    .execute()
  await db.schema
    .createIndex('kb_documents_hash')
    .on('kb_documents')
    .columns(['collection', 'content_hash'])
    .execute()

  await db.schema
    .createTable('kb_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('kb_documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('vector', bytes)
    .execute()
  await db.schema
    .createIndex('kb_chunks_document')
    .on('kb_chunks')
    .columns(['document_id', 'position'])
    .execute()

  await db.schema
    .createTable('kb_changes')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('kb_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
}
