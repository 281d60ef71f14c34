/**
 * The knowledge base behind the HTTP routes and the CLI: ingestion (convert → chunk → embed →
 * store in one transaction → index), hybrid search, grounded answers, and the in-memory index kept
 * current with the store's change log (so several instances, or the CLI writing while a server
 * runs, all serve the same documents).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { DocumentConverter } from '../../engines/convert/converter.ts'
import { ConvertError, type ConvertResult } from '../../engines/convert/index.ts'
import {
  checkCitations,
  extractiveAnswer,
  groundingPrompt,
  type Passage,
} from '../../engines/knowledge/answer.ts'
import { type ChunkOptions, chunkMarkdown } from '../../engines/knowledge/chunker.ts'
import { type Embedder, EmbedderError } from '../../engines/knowledge/embedders/types.ts'
import {
  contextualText,
  type IndexedChunk,
  type IndexedDocument,
  KnowledgeIndex,
  type SearchHit,
  type SearchMode,
} from '../../engines/knowledge/index.ts'
import { analyze, analyzeQuery, detectLanguage, type Language } from '../../engines/knowledge/text.ts'
import { AppError } from '../../kit/errors.ts'
import type { LlmClient } from '../../kit/llm.ts'
import type { Logger } from '../../kit/logger.ts'
import { COLLECTIONS, type CollectionDef } from './collections.ts'
import { bytesToVector, type ChunkRow, type KnowledgeStore, type NewChunk, vectorToBytes } from './store.ts'

export type MetadataValue = string | number | boolean
export type Filter = Record<string, MetadataValue | MetadataValue[]>

export interface KnowledgeBaseOptions {
  store: KnowledgeStore
  /** Embedders this process can run, by kind; `defaultEmbedder` is used for collections without one. */
  embedders: readonly Embedder[]
  defaultEmbedder: Embedder
  logger: Logger
  llm?: LlmClient | undefined
  collections?: readonly CollectionDef[]
  chunking?: ChunkOptions
  maxUploadBytes: number
  /** Minimum cosine for a passage to count as relevant by meaning alone (/ask), per embedder kind. */
  minSimilarity?: Partial<Record<Embedder['kind'], number>>
  /** Minimum share of the question's words a passage must contain to count as relevant by words. */
  minCoverage?: number
  /** Overrides the weight of the dense ranking in hybrid fusion (lexical weighs 1). */
  denseWeight?: number
  /** Converts uploads off the event loop; one is made (and closed with the knowledge base) when not given. */
  converter?: DocumentConverter
}

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

export interface SearchInput {
  query: string
  collection?: string | undefined
  filter?: Filter | undefined
  limit: number
  mode?: SearchMode | undefined
}

const HASH_DENSE_WEIGHT = 0.5

const DEFAULT_MIN_SIMILARITY: Record<Embedder['kind'], number> = {
  hash: 0.3,
  transformers: 0.75,
  openai: 0.45,
}

class Latencies {
  private readonly samples: number[] = []
  private next = 0
  count = 0
  record(ms: number): void {
    this.count += 1
    if (this.samples.length < 2000) this.samples.push(ms)
    else {
      this.samples[this.next] = ms
      this.next = (this.next + 1) % 2000
    }
  }
  percentiles() {
    const sorted = [...this.samples].sort((a, b) => a - b)
    const at = (p: number) =>
      sorted.length === 0
        ? null
        : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 100) / 100
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
  }
}

interface CollectionState {
  def: CollectionDef
  embedder: string | null
  dimensions: number | null
}

export function documentIdFor(collection: string, source: string): string {
  return `doc_${createHash('sha256').update(`${collection}\n${source}`).digest('hex').slice(0, 24)}`
}

export class KnowledgeBase {
  readonly index = new KnowledgeIndex()
  private readonly store: KnowledgeStore
  private readonly opts: KnowledgeBaseOptions
  private readonly logger: Logger
  private collectionStates = new Map<string, CollectionState>()
  private versions = new Map<string, string>()
  private lastSeq = 0
  private syncing: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private readonly searchLatency = new Latencies()
  private readonly askLatency = new Latencies()
  private readonly startedAt = Date.now()
  /** 'loading' while the index is built or the starting corpus is ingested. */
  state: 'loading' | 'ready' = 'loading'
  seedProblem: string | undefined

  private convertPool: DocumentConverter | undefined

  constructor(opts: KnowledgeBaseOptions) {
    this.opts = opts
    this.store = opts.store
    this.logger = opts.logger
  }

  /** The converter: the one given, or this knowledge base's own, made on the first upload. */
  private get converter(): DocumentConverter {
    if (this.opts.converter) return this.opts.converter
    this.convertPool ??= new DocumentConverter()
    return this.convertPool
  }

  get collections(): readonly CollectionDef[] {
    return this.opts.collections ?? COLLECTIONS
  }

  /** Creates missing collections and builds the in-memory index from storage. */
  async open(): Promise<void> {
    await this.store.ensureCollections(this.collections)
    // Record the default embedder for collections that have none, when its vector length is known
    // without asking a remote model (hash, local ONNX): every collection then shows its embedder.
    const dims = this.opts.defaultEmbedder.dimensions
    if (dims !== undefined) {
      for (const row of await this.store.collections()) {
        if (!row.embedder) await this.store.claimEmbedder(row.name, this.opts.defaultEmbedder.id, dims)
      }
    }
    await this.refreshCollections()
    this.lastSeq = await this.store.lastSeq()
    await this.loadDocuments()
    this.state = 'ready'
  }

  private async refreshCollections(): Promise<void> {
    const rows = await this.store.collections()
    const byName = new Map(rows.map((r) => [r.name, r]))
    this.collectionStates = new Map(
      this.collections.map((def) => {
        const row = byName.get(def.name)
        return [def.name, { def, embedder: row?.embedder ?? null, dimensions: row?.dimensions ?? null }]
      }),
    )
    for (const state of this.collectionStates.values()) {
      if (state.embedder && !this.embedderById(state.embedder)) {
        this.logger.warn(
          { collection: state.def.name, embedder: state.embedder },
          'collection was embedded with an embedder this process cannot run: dense search is off there until it is configured, or run `gatehouse kb reembed`',
        )
      }
    }
  }

  private embedderById(id: string): Embedder | undefined {
    return this.opts.embedders.find((e) => e.id === id)
  }

  /** Loads documents (all, or the given ids) from storage into the index. */
  private async loadDocuments(ids?: readonly string[]): Promise<void> {
    const docs = await this.store.documentsInfo(ids)
    const byId = new Map(docs.map((d) => [d.id, d]))
    let current: { id: string; chunks: IndexedChunk[] } | undefined
    const flush = () => {
      if (!current) return
      const info = byId.get(current.id)
      if (info) this.indexDocument(info, current.chunks)
      current = undefined
    }
    for await (const batch of this.store.chunksOf(ids)) {
      for (const row of batch) {
        if (current?.id !== row.document_id) {
          flush()
          current = { id: row.document_id, chunks: [] }
        }
        current.chunks.push(this.chunkFromRow(row, byId.get(row.document_id)?.collection))
      }
    }
    flush()
  }

  private chunkFromRow(row: ChunkRow, collection: string | undefined): IndexedChunk {
    const state = collection ? this.collectionStates.get(collection) : undefined
    const vector = row.vector && state?.embedder ? bytesToVector(row.vector) : undefined
    return {
      id: row.id,
      position: row.position,
      section: row.section,
      page: row.page ?? undefined,
      text: row.text,
      terms: row.terms === '' ? [] : row.terms.split(' '),
      vector,
    }
  }

  private indexDocument(
    info: {
      id: string
      collection: string
      source: string
      title: string
      language: string
      metadata: string
      version: string
    },
    chunks: IndexedChunk[],
  ): void {
    let metadata: Record<string, unknown> = {}
    try {
      metadata = JSON.parse(info.metadata) as Record<string, unknown>
    } catch {
      metadata = {}
    }
    this.index.upsert(
      {
        id: info.id,
        collection: info.collection,
        title: info.title,
        source: info.source,
        language: info.language === 'en' ? 'en' : 'cs',
        metadata,
      },
      chunks,
    )
    this.versions.set(info.id, info.version)
  }

  // ---------- keeping current ----------

  /** Applies changes other writers committed since the last look. Safe to call at any time. */
  async sync(): Promise<number> {
    if (this.syncing) {
      await this.syncing
      return 0
    }
    let applied = 0
    const run = async () => {
      for (;;) {
        const changes = await this.store.changesSince(this.lastSeq)
        if (changes.length === 0) return
        const reloadCollections = changes.some((c) => c.op === 'collection')
        if (reloadCollections) await this.refreshCollections()
        const toLoad = new Set<string>()
        for (const change of changes) {
          if (change.op === 'delete') {
            toLoad.delete(change.documentId)
            this.index.remove(change.documentId)
            this.versions.delete(change.documentId)
          } else if (change.op === 'upsert') {
            if (this.versions.get(change.documentId) !== change.version) toLoad.add(change.documentId)
          } else {
            for (const doc of await this.store.documentsInfo()) {
              if (doc.collection === change.collection) toLoad.add(doc.id)
            }
            this.index.dropVectors(change.collection)
          }
        }
        if (toLoad.size > 0) {
          const ids = [...toLoad]
          // A document may have been deleted after the change was written: drop what no longer exists.
          const existing = new Set((await this.store.documentsInfo(ids)).map((d) => d.id))
          for (const id of ids) if (!existing.has(id)) this.index.remove(id)
          for (let i = 0; i < ids.length; i += 200)
            await this.loadDocuments(ids.slice(i, i + 200).filter((id) => existing.has(id)))
        }
        applied += changes.length
        this.lastSeq = changes[changes.length - 1]!.seq
      }
    }
    this.syncing = run().finally(() => {
      this.syncing = undefined
    })
    await this.syncing
    return applied
  }

  /** Polls the change log every `intervalMs` (other instances' and the CLI's writes). */
  startSync(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return
    this.timer = setInterval(() => {
      this.sync().catch((error: unknown) => this.logger.error({ err: error }, 'knowledge index sync failed'))
    }, intervalMs)
    this.timer.unref()
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.syncing
    for (const e of this.opts.embedders) await e.close?.()
    await this.convertPool?.close()
    this.convertPool = undefined
  }

  // ---------- ingestion ----------

  collection(name: string): CollectionState {
    const state = this.collectionStates.get(name)
    if (!state) {
      throw new AppError(
        'invalid_request',
        `collection "${name}" does not exist; use one of: ${[...this.collectionStates.keys()].join(', ')}`,
        { field: 'collection', rule: 'one of the collections (GET /rag/collections)' },
      )
    }
    return state
  }

  /** The embedder that writes and queries a collection's vectors (claiming one when it has none). */
  private embedderFor(collection: string): Embedder {
    const state = this.collection(collection)
    if (!state.embedder) return this.opts.defaultEmbedder
    const embedder = this.embedderById(state.embedder)
    if (!embedder) {
      throw new AppError(
        'service_unavailable',
        `collection "${collection}" holds vectors of embedder "${state.embedder}", which this instance cannot run; configure it (see docs/knowledge.md) or re-embed the collection with \`gatehouse kb reembed --collection ${collection}\``,
        { collection, embedder: state.embedder },
      )
    }
    return embedder
  }

  async ingest(input: IngestInput): Promise<IngestResult> {
    const state = this.collection(input.collection)
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
        await this.sync()
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
    const embedder = this.embedderFor(state.def.name)
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
      terms: analyze(texts[i]!, language).join(' '),
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
      if (/unique|duplicate key/i.test((error as Error).message)) {
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
    for (const r of replaced) if (r !== id) this.index.remove(r)
    this.indexDocument(
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
    await this.sync()
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

  async listDocuments(opts: { collection?: string; limit: number; offset: number }) {
    return (await this.store.listDocuments(opts)).map(presentDocument)
  }

  async getDocument(id: string) {
    const doc = await this.store.getDocument(id)
    return doc ? presentDocument(doc) : undefined
  }

  async deleteDocument(id: string): Promise<boolean> {
    const seq = await this.store.deleteDocument(id)
    if (seq === undefined) return false
    await this.sync()
    return true
  }

  /**
   * Re-embeds every chunk of a collection with `embedder` and records it as the collection's
   * embedder (the only way a collection changes embedder; it never holds two kinds of vectors).
   */
  async reembed(collection: string, embedder: Embedder, progress?: (done: number, total: number) => void) {
    this.collection(collection)
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
    await this.sync()
    return { chunks: rows.length, embedder: embedder.id, dimensions }
  }

  // ---------- search ----------

  private filterFn(filter: Filter | undefined): ((doc: IndexedDocument) => boolean) | undefined {
    if (!filter || Object.keys(filter).length === 0) return undefined
    const entries = Object.entries(filter).map(
      ([key, value]) => [key, Array.isArray(value) ? value : [value]] as const,
    )
    return (doc) =>
      entries.every(([key, wanted]) => {
        let actual: unknown
        if (key === 'document_id') actual = doc.id
        else if (key === 'language') actual = doc.language
        else if (key === 'source') actual = doc.source
        else if (key === 'title') actual = doc.title
        else actual = doc.metadata[key]
        const values = Array.isArray(actual) ? actual : [actual]
        return values.some((v) => wanted.some((w) => w === v || String(w) === String(v)))
      })
  }

  async search(input: SearchInput): Promise<{
    hits: SearchHit[]
    groups: string[][]
    embedders: Record<string, string | null>
    warnings: string[]
  }> {
    const started = performance.now()
    const collections = input.collection
      ? [this.collection(input.collection).def.name]
      : [...this.collectionStates.keys()]
    const groups = analyzeQuery(input.query)
    const vectors = new Map<string, Float32Array>()
    const embedders: Record<string, string | null> = {}
    const warnings: string[] = []
    if (input.mode !== 'keyword') {
      const byEmbedder = new Map<string, string[]>()
      for (const name of collections) {
        const state = this.collectionStates.get(name)!
        embedders[name] = state.embedder
        if (!state.embedder) continue
        if (!this.embedderById(state.embedder)) continue
        byEmbedder.set(state.embedder, [...(byEmbedder.get(state.embedder) ?? []), name])
      }
      for (const [id, names] of byEmbedder) {
        try {
          const [vector] = await this.embedderById(id)!.embed([input.query], 'query')
          for (const name of names) vectors.set(name, vector!)
        } catch (error) {
          if (!(error instanceof EmbedderError)) throw error
          // Keyword ranking still answers; say that the semantic half is missing and why.
          warnings.push(`semantic search skipped in ${names.join(', ')}: ${error.message}`)
          this.logger.warn({ err: error, embedder: id }, 'query embedding failed; keyword ranking only')
        }
      }
    }
    const filter = this.filterFn(input.filter)
    const hits = this.index.search({
      groups,
      vectors,
      collections,
      ...(filter ? { filter } : {}),
      limit: input.limit,
      mode: input.mode ?? 'hybrid',
      weights: { dense: this.denseWeight(collections) },
    })
    this.searchLatency.record(performance.now() - started)
    return { hits, groups, embedders, warnings }
  }

  /**
   * Weight of the dense ranking in the fusion. Hash vectors are a lexical signal too (character
   * n-grams): they add recall for word forms and typos but order results worse than BM25, so they
   * count half (measured on the gold set: see docs/knowledge.md). A model's vectors count fully.
   */
  private denseWeight(collections: readonly string[]): number {
    const kinds = new Set(
      collections.map((c) => {
        const id = this.collectionStates.get(c)?.embedder
        return (id ? this.embedderById(id)?.kind : undefined) ?? 'hash'
      }),
    )
    if (this.opts.denseWeight !== undefined) return this.opts.denseWeight
    return kinds.size === 1 && kinds.has('hash') ? HASH_DENSE_WEIGHT : 1
  }

  /** Whether a passage actually answers to the query, not merely ranks first among poor ones. */
  isRelevant(hit: SearchHit, groups: string[][]): boolean {
    const minCoverage = this.opts.minCoverage ?? 0.5
    if (hit.lexical && groups.length > 0 && hit.lexical.matchedGroups / groups.length >= minCoverage)
      return true
    if (hit.dense) {
      const state = this.collectionStates.get(hit.document.collection)
      const embedder = state?.embedder ? this.embedderById(state.embedder) : undefined
      const kind = embedder?.kind ?? 'hash'
      const min = this.opts.minSimilarity?.[kind] ?? DEFAULT_MIN_SIMILARITY[kind]
      if (hit.dense.score >= min) return true
    }
    return false
  }

  async ask(input: SearchInput & { question: string; answerMode: 'auto' | 'extractive' | 'generated' }) {
    const started = performance.now()
    try {
      if (input.answerMode === 'generated' && !this.opts.llm?.configured) {
        throw new AppError(
          'service_unavailable',
          'answer_mode "generated" needs a language model: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL); or ask with answer_mode "extractive"',
          { variable: 'LLM_BASE_URL' },
        )
      }
      const { hits, groups } = await this.search({ ...input, query: input.question })
      const relevant = hits.filter((h) => this.isRelevant(h, groups))
      if (relevant.length === 0) {
        return {
          answer: null,
          answer_mode: 'none' as const,
          found: false,
          message:
            'Nothing relevant was found in the knowledge base for this question; try other words, another collection, or upload the documents that answer it.',
          citations: [],
        }
      }
      const passages: Passage[] = relevant.map((h) => ({
        text: h.chunk.text,
        title: h.document.title,
        section: h.chunk.section,
        page: h.chunk.page,
      }))
      let text: string
      let cited: number[]
      let mode: 'extractive' | 'generated' = 'extractive'
      let warning: string | undefined
      let model: string | undefined
      if (input.answerMode !== 'extractive' && this.opts.llm?.configured) {
        try {
          const prompt = groundingPrompt(input.question, passages)
          const { text: raw, completion } = await this.opts.llm.complete({
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            temperature: 0,
            max_tokens: 500,
          })
          const checked = checkCitations(raw, passages.length)
          text = checked.text
          cited = checked.cited
          mode = 'generated'
          model = completion.model
          if (checked.removed > 0)
            warning = `${checked.removed} citation(s) to passages that were not retrieved were removed`
          if (cited.length === 0) warning = 'the generated answer cites no passage; treat it as unsupported'
        } catch (error) {
          if (input.answerMode === 'generated') throw error
          const extractive = extractiveAnswer(input.question, passages)
          text = extractive.text
          cited = extractive.cited
          warning = `the language model failed (${(error as Error).message}); this is an extractive answer`
        }
      } else {
        const extractive = extractiveAnswer(input.question, passages)
        text = extractive.text
        cited = extractive.cited
      }
      if (mode === 'extractive' && cited.length === 0) {
        // Relevant passages, but no sentence to quote (e.g. only a table): cite the best passage.
        text = `${passages[0]!.text.slice(0, 600).trim()} [1]`
        cited = [1]
      }
      return {
        answer: text,
        answer_mode: mode,
        found: true,
        ...(model ? { model } : {}),
        ...(warning ? { warning } : {}),
        citations: relevant.map((h, i) => ({
          n: i + 1,
          cited: cited.includes(i + 1),
          ...citationOf(h),
          text: h.chunk.text,
          score: h.score,
        })),
      }
    } finally {
      this.askLatency.record(performance.now() - started)
    }
  }

  // ---------- reporting ----------

  collectionsReport() {
    const counts = this.index.collectionCounts()
    return this.collections.map((def) => {
      const state = this.collectionStates.get(def.name)
      const c = counts.get(def.name) ?? { documents: 0, chunks: 0 }
      const embedder = state?.embedder ?? null
      return {
        name: def.name,
        description: def.description,
        documents: c.documents,
        chunks: c.chunks,
        embedder,
        dimensions: state?.dimensions ?? null,
        embedder_available: embedder === null || this.embedderById(embedder) !== undefined,
      }
    })
  }

  stats() {
    return {
      documents: this.index.documentCount,
      chunks: this.index.chunkCount,
      collections: this.collectionsReport(),
      embedder: {
        default: this.opts.defaultEmbedder.id,
        available: this.opts.embedders.map((e) => ({ id: e.id, ...e.describe() })),
      },
      index: {
        chunks: this.index.chunkCount,
        vectors: this.index.vectorCount(),
        bytes: this.index.bytes,
        change_seq: this.lastSeq,
      },
      storage: this.store.dialect,
      queries: { search: this.searchLatency.count, ask: this.askLatency.count },
      latency_ms: { search: this.searchLatency.percentiles(), ask: this.askLatency.percentiles() },
      uptime_seconds: Math.round((Date.now() - this.startedAt) / 1000),
    }
  }

  health() {
    const collections = this.collectionsReport()
    const unavailable = collections.filter((c) => !c.embedder_available).map((c) => c.name)
    const problems: string[] = []
    if (unavailable.length > 0)
      problems.push(`dense search is off in ${unavailable.join(', ')}: their embedder is not configured here`)
    if (this.seedProblem) problems.push(this.seedProblem)
    const status: 'loading' | 'degraded' | 'ok' =
      this.state === 'loading' ? 'loading' : problems.length > 0 ? 'degraded' : 'ok'
    return {
      status,
      storage: this.store.dialect,
      documents: this.index.documentCount,
      chunks: this.index.chunkCount,
      collections: collections.length,
      embedder: this.opts.defaultEmbedder.id,
      llm: this.opts.llm?.configured ? 'configured' : 'not configured (extractive answers only)',
      change_seq: this.lastSeq,
      problems,
    }
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
      if (!this.collectionStates.has(collection)) continue
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

function presentDocument(doc: {
  id: string
  collection: string
  source: string
  title: string
  content_hash: string
  format: string
  language: string
  metadata: string
  bytes: number
  pages: number | null
  chunk_count: number
  created_at: number
  updated_at: number
}) {
  // Written by ingest as a JSON object.
  let metadata: Record<string, unknown> = {}
  try {
    metadata = JSON.parse(doc.metadata) as Record<string, unknown>
  } catch {
    metadata = {}
  }
  return {
    id: doc.id,
    collection: doc.collection,
    title: doc.title,
    source: doc.source,
    format: doc.format,
    language: doc.language,
    content_hash: doc.content_hash,
    bytes: doc.bytes,
    pages: doc.pages,
    chunks: doc.chunk_count,
    metadata,
    created_at: new Date(doc.created_at).toISOString(),
    updated_at: new Date(doc.updated_at).toISOString(),
  }
}

export function citationOf(hit: SearchHit) {
  // The section path usually starts with the document's own title (its H1): do not repeat it.
  const section = hit.chunk.section.startsWith(hit.document.title)
    ? hit.chunk.section.slice(hit.document.title.length).replace(/^\s*›\s*/, '')
    : hit.chunk.section
  const label = [hit.document.title, section, hit.chunk.page !== undefined ? `p. ${hit.chunk.page}` : '']
    .filter(Boolean)
    .join(' › ')
  return {
    document_id: hit.document.id,
    document_title: hit.document.title,
    source: hit.document.source,
    collection: hit.document.collection,
    section: hit.chunk.section,
    page: hit.chunk.page ?? null,
    chunk: hit.chunk.position,
    chunk_id: hit.chunk.id,
    label,
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
