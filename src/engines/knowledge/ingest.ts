/**
 * Ingestion: a document's bytes become searchable passages — convert (off the event loop) →
 * chunk → embed → store with its change-log row in one transaction → index. Also re-embedding a
 * collection, deleting a document and seeding the shipped corpus, all of which change what the
 * store holds and then bring the index up to date through the change log.
 */

import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isUniqueViolation } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { DocumentConverter } from '../convert/converter.ts'
import { ConvertError, type ConvertResult } from '../convert/index.ts'
import { type ChunkOptions, chunkMarkdown } from './chunker.ts'
import { type Embedder, EmbedderError } from './embedders/types.ts'
import { contextualText } from './index.ts'
import type { IndexSync } from './index-sync.ts'
import { type ChunkRow, type KnowledgeStore, type NewChunk, vectorToBytes } from './store.ts'
import { detectLanguage, type Language } from './text.ts'

export type MetadataValue = string | number | boolean

export interface IngestInput {
  collection: string
  bytes: Uint8Array
  filename?: string | undefined
  contentType?: string | undefined
  /** Where the document comes from (a path or URL); defaults to the file name. */
  source?: string | undefined
  title?: string | undefined
  metadata?: Record<string, MetadataValue | MetadataValue[]> | undefined
}

export interface IngestResult {
  status: 'created' | 'replaced' | 'unchanged'
  document: {
    id: string
    collection: string
    title: string
    source: string
    format: string
    language: string
  }
  chunks: number
  replaced: string[]
}

export interface IngesterOptions {
  store: KnowledgeStore
  /** The index the ingested documents go into, and the collections' embedders. */
  indexSync: IndexSync
  chunking?: ChunkOptions | undefined
  maxUploadBytes: number
  /** Converts uploads off the event loop; one is made (and closed with the ingester) when not given. */
  converter?: DocumentConverter | undefined
  /** The memory ceiling of one conversion (MiB) of the converter made here. */
  convertMemoryMb?: number | undefined
}

function documentIdFor(collection: string, source: string): string {
  return `doc_${createHash('sha256').update(`${collection}\n${source}`).digest('hex').slice(0, 24)}`
}

export class Ingester {
  private readonly store: KnowledgeStore
  private readonly indexSync: IndexSync
  private readonly opts: IngesterOptions
  private convertPool: DocumentConverter | undefined

  constructor(opts: IngesterOptions) {
    this.opts = opts
    this.store = opts.store
    this.indexSync = opts.indexSync
  }

  /** The converter: the one given, or this knowledge base's own, made on the first upload. */
  private get converter(): DocumentConverter {
    if (this.opts.converter) return this.opts.converter
    this.convertPool ??= new DocumentConverter({ memoryMb: this.opts.convertMemoryMb })
    return this.convertPool
  }

  /** Closes the converter this ingester made itself (one that was given belongs to its giver). */
  async close(): Promise<void> {
    await this.convertPool?.close()
    this.convertPool = undefined
  }

  async ingest(input: IngestInput): Promise<IngestResult> {
    const state = this.indexSync.collection(input.collection)
    if (input.bytes.byteLength > this.opts.maxUploadBytes) {
      throw new AppError(
        'payload_too_large',
        `file is ${input.bytes.byteLength} bytes; the limit is ${this.opts.maxUploadBytes} bytes (KB_MAX_UPLOAD_BYTES)`,
        { field: 'file', rule: `maxBytes ${this.opts.maxUploadBytes}` },
      )
    }
    const hash = createHash('sha256').update(input.bytes).digest('hex')
    const source = input.source ?? input.filename ?? `sha256:${hash.slice(0, 16)}`
    const metadata = input.metadata ?? {}
    const metadataJson = JSON.stringify(metadata)
    const existing = await this.store.findDocument(state.def.name, { source, contentHash: hash })

    const same = existing.find((e) => e.content_hash === hash)
    if (same) {
      // The same bytes are already stored: nothing to re-chunk. Title and metadata may be new.
      const title = input.title ?? same.title
      if (title !== same.title || (input.metadata && metadataJson !== same.metadata)) {
        const version = `${hash.slice(0, 16)}-${Date.now().toString(36)}`
        await this.store.updateDocumentInfo(same.id, {
          title,
          metadata: input.metadata ? metadataJson : same.metadata,
          version,
        })
        await this.indexSync.sync()
      }
      const doc = await this.store.getDocument(same.id)
      return {
        status: 'unchanged',
        document: {
          id: same.id,
          collection: state.def.name,
          title: doc?.title ?? title,
          source: same.source,
          format: doc?.format ?? '',
          language: doc?.language ?? '',
        },
        chunks: same.chunk_count,
        replaced: [],
      }
    }

    let converted: ConvertResult
    try {
      converted = await this.converter.convert(input.bytes, {
        filename: input.filename,
        contentType: input.contentType,
      })
    } catch (error) {
      if (error instanceof ConvertError) {
        const code =
          error.reason === 'unsupported'
            ? 'unsupported_media_type'
            : error.reason === 'too_large'
              ? 'payload_too_large'
              : error.reason === 'too_complex'
                ? 'unprocessable'
                : 'invalid_request'
        throw new AppError(code, error.message, {
          field: 'file',
          rule: error.reason,
          ...(error.limit ? { limit: error.limit } : {}),
        })
      }
      throw error
    }
    const language: Language =
      metadata.language === 'en' || metadata.language === 'cs'
        ? metadata.language
        : (detectLanguage(converted.markdown) ?? 'cs')
    const title = input.title ?? converted.title ?? input.filename?.replace(/\.[a-z0-9]+$/i, '') ?? source
    const pieces = chunkMarkdown(converted.markdown, {
      ...this.opts.chunking,
      ...(converted.pageOffsets ? { pageOffsets: converted.pageOffsets } : {}),
    })
    if (pieces.length === 0) {
      throw new AppError('invalid_request', 'the document has no text to index', {
        field: 'file',
        rule: 'empty',
      })
    }
    const embedder = this.indexSync.embedderFor(state.def.name)
    const texts = pieces.map((p) => contextualText({ title }, p))
    let vectors: Float32Array[]
    try {
      vectors = await this.embedAll(embedder, texts)
    } catch (error) {
      if (!(error instanceof EmbedderError)) throw error
      throw new AppError(
        'service_unavailable',
        `the embedder of collection "${state.def.name}" failed: ${error.message}; nothing was stored, retry later`,
        {
          embedder: embedder.id,
        },
        { 'retry-after': '30' },
      )
    }
    const dimensions = vectors[0]!.length
    if (!state.embedder) {
      const claimed = await this.store.claimEmbedder(state.def.name, embedder.id, dimensions)
      state.embedder = claimed.embedder
      state.dimensions = claimed.dimensions
      if (claimed.embedder !== embedder.id) return await this.ingest(input) // another writer claimed first
    } else if (state.dimensions !== null && state.dimensions !== dimensions) {
      throw new AppError(
        'internal_error',
        `embedder ${embedder.id} returned ${dimensions} dimensions; collection ${state.def.name} holds ${state.dimensions}`,
      )
    }

    const bySource = existing.find((e) => e.source === source)
    const id = bySource?.id ?? documentIdFor(state.def.name, source)
    const replaced = existing.map((e) => e.id)
    const version = `${hash.slice(0, 16)}-${Date.now().toString(36)}`
    const chunks: NewChunk[] = pieces.map((p, i) => ({
      id: `${id}:${p.position}`,
      position: p.position,
      section: p.section,
      page: p.page ?? null,
      text: p.text,
      terms: this.indexSync.analyzer.analyze(texts[i]!, language).join(' '),
      tokens: p.tokens,
      vector: vectorToBytes(vectors[i]!),
    }))
    try {
      await this.store.putDocument(
        {
          id,
          collection: state.def.name,
          source,
          title,
          content_hash: hash,
          format: converted.format,
          language,
          metadata: metadataJson,
          markdown: converted.markdown,
          bytes: input.bytes.byteLength,
          pages: converted.pages ?? null,
          chunk_count: chunks.length,
          version,
        },
        chunks,
        replaced,
      )
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          'conflict',
          `"${source}" is being ingested by another request; retry in a moment`,
          {
            field: 'file',
            rule: 'one upload of a document at a time',
          },
        )
      }
      throw error
    }
    // Index what was just stored without reading it back; the change-log pass that follows sees
    // the same version and skips it (and applies whatever other writers did meanwhile).
    for (const r of replaced) if (r !== id) this.indexSync.index.remove(r)
    this.indexSync.indexDocument(
      { id, collection: state.def.name, source, title, language, metadata: metadataJson, version },
      chunks.map((c, i) => ({
        id: c.id,
        position: c.position,
        section: c.section,
        page: c.page ?? undefined,
        text: c.text,
        terms: c.terms === '' ? [] : c.terms.split(' '),
        vector: vectors[i],
      })),
    )
    await this.indexSync.sync()
    return {
      status: bySource ? 'replaced' : 'created',
      document: { id, collection: state.def.name, title, source, format: converted.format, language },
      chunks: chunks.length,
      replaced: replaced.filter((r) => r !== id),
    }
  }

  private async embedAll(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = []
    const batch = embedder.kind === 'hash' ? 1000 : 32
    for (let i = 0; i < texts.length; i += batch) {
      out.push(...(await embedder.embed(texts.slice(i, i + batch), 'document')))
    }
    return out
  }

  async deleteDocument(id: string): Promise<boolean> {
    const seq = await this.store.deleteDocument(id)
    if (seq === undefined) return false
    await this.indexSync.sync()
    return true
  }

  /**
   * Re-embeds every chunk of a collection with `embedder` and records it as the collection's
   * embedder (the only way a collection changes embedder; it never holds two kinds of vectors).
   */
  async reembed(collection: string, embedder: Embedder, progress?: (done: number, total: number) => void) {
    this.indexSync.collection(collection)
    const docs = (await this.store.documentsInfo()).filter((d) => d.collection === collection)
    const titles = new Map(docs.map((d) => [d.id, d.title]))
    const rows: ChunkRow[] = []
    for await (const batch of this.store.chunksOf(docs.map((d) => d.id))) rows.push(...batch)
    const updates: Array<{ id: string; vector: Uint8Array }> = []
    let dimensions = embedder.dimensions ?? 0
    for (let i = 0; i < rows.length; i += 64) {
      const slice = rows.slice(i, i + 64)
      const vectors = await embedder.embed(
        slice.map((r) => contextualText({ title: titles.get(r.document_id) ?? '' }, r)),
        'document',
      )
      vectors.forEach((v, j) => {
        dimensions = v.length
        updates.push({ id: slice[j]!.id, vector: vectorToBytes(v) })
      })
      progress?.(Math.min(rows.length, i + 64), rows.length)
    }
    await this.store.claimEmbedder(collection, embedder.id, dimensions || 1, { force: true })
    await this.store.setVectors(collection, updates)
    await this.indexSync.sync()
    return { chunks: rows.length, embedder: embedder.id, dimensions }
  }

  // ---------- the starting corpus ----------

  /**
   * Ingests the shipped corpus (data/knowledge/<collection>/*) when it is new or has changed since the
   * last start. Unchanged documents are recognised by their content hash and skipped.
   */
  async seed(corpusDir: string, progress?: (done: number, total: number, file: string) => void) {
    const files = corpusFiles(corpusDir)
    const version = createHash('sha256')
    for (const f of files) version.update(f.relative).update(readFileSync(f.path))
    const digest = version.digest('hex').slice(0, 16)
    if ((await this.store.getMeta('corpus_version')) === digest) return { ingested: 0, skipped: true }
    let ingested = 0
    for (const [i, f] of files.entries()) {
      const collection = f.relative.split('/')[0]!
      if (!this.indexSync.stateOf(collection)) continue
      const result = await this.ingest({
        collection,
        bytes: readFileSync(f.path),
        filename: f.relative.split('/').pop(),
        source: `corpus:${f.relative}`,
        metadata: { origin: 'corpus' },
      })
      if (result.status !== 'unchanged') ingested += 1
      progress?.(i + 1, files.length, f.relative)
    }
    await this.store.setMeta('corpus_version', digest)
    return { ingested, skipped: false }
  }
}

export function corpusFiles(dir: string): Array<{ path: string; relative: string }> {
  const out: Array<{ path: string; relative: string }> = []
  const walk = (d: string) => {
    let names: string[]
    try {
      names = readdirSync(d).sort()
    } catch {
      return
    }
    for (const name of names) {
      if (name.startsWith('.') || name === 'README.md') continue
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.(md|markdown|txt|html?|pdf|docx)$/i.test(name))
        out.push({ path: p, relative: relative(dir, p).split('\\').join('/') })
    }
  }
  walk(dir)
  return out
}
