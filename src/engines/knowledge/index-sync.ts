/**
 * Keeping the in-memory index current with the store: the index is built from storage when the
 * knowledge base opens, then follows the store's change log (sync), so several instances, or the
 * CLI writing while a server runs, all serve the same documents. It also holds what each
 * collection is embedded with, which ingestion and queries both need to pick the embedder.
 */

import { AppError } from '../../kit/errors.ts'
import type { Logger } from '../../kit/logger.ts'
import { COLLECTIONS, type CollectionDef } from './collections.ts'
import type { Embedder } from './embedders/types.ts'
import { contextualText, type IndexedChunk, KnowledgeIndex } from './index.ts'
import { bytesToVector, type ChunkRow, type KnowledgeStore } from './store.ts'
import { type PassageAnalyzer, passageAnalyzer } from './terms.ts'

/** The kb_meta key holding the fingerprint of the analysis the stored terms were made with. */
const ANALYZER_META = 'analyzer'

export interface IndexSyncOptions {
  store: KnowledgeStore
  /** Embedders this process can run, by kind; `defaultEmbedder` is used for collections without one. */
  embedders: readonly Embedder[]
  defaultEmbedder: Embedder
  logger: Logger
  collections?: readonly CollectionDef[] | undefined
  /** How passages become index terms (default: the text analysis alone, no term-list expansion). */
  analyzer?: PassageAnalyzer | undefined
}

/** A collection as this instance knows it: its definition and the embedder its vectors come from. */
export interface CollectionState {
  def: CollectionDef
  embedder: string | null
  dimensions: number | null
}

/** What the index needs of a stored document besides its chunks. */
export interface DocumentInfo {
  id: string
  collection: string
  source: string
  title: string
  language: string
  metadata: string
  version: string
}

export class IndexSync {
  readonly index = new KnowledgeIndex()
  private readonly store: KnowledgeStore
  private readonly opts: IndexSyncOptions
  private readonly logger: Logger
  private collectionStates = new Map<string, CollectionState>()
  /** The version of each indexed document, so a change already applied is not loaded again. */
  private versions = new Map<string, string>()
  private seq = 0
  private syncing: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined

  readonly analyzer: PassageAnalyzer

  constructor(opts: IndexSyncOptions) {
    this.opts = opts
    this.analyzer = opts.analyzer ?? passageAnalyzer()
    this.store = opts.store
    this.logger = opts.logger
  }

  get collections(): readonly CollectionDef[] {
    return this.opts.collections ?? COLLECTIONS
  }

  /** The last change-log sequence number applied to the index. */
  get lastSeq(): number {
    return this.seq
  }

  /** Names of the collections, in their defined order. */
  collectionNames(): string[] {
    return [...this.collectionStates.keys()]
  }

  /** The state of a collection, or undefined for a name that is not one. */
  stateOf(name: string): CollectionState | undefined {
    return this.collectionStates.get(name)
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
    this.seq = await this.store.lastSeq()
    await this.reanalyzeIfChanged()
    await this.loadDocuments()
  }

  /**
   * Re-analyses every stored passage when the text analysis (stemmers, stop words, the term list's
   * passage expansion) is not the one its terms were stored with, before the index is built from
   * them. A store that records no fingerprint yet is re-analysed once.
   */
  private async reanalyzeIfChanged(): Promise<void> {
    const fingerprint = this.analyzer.fingerprint
    if ((await this.store.getMeta(ANALYZER_META)) === fingerprint) return
    const docs = new Map((await this.store.documentsInfo()).map((d) => [d.id, d]))
    let passages = 0
    for await (const batch of this.store.chunksOf()) {
      await this.store.setTerms(
        batch.map((row) => {
          const doc = docs.get(row.document_id)
          const language = doc?.language === 'en' ? 'en' : 'cs'
          return {
            id: row.id,
            terms: this.analyzer
              .analyze(contextualText({ title: doc?.title ?? '' }, row), language)
              .join(' '),
          }
        }),
      )
      passages += batch.length
    }
    await this.store.setMeta(ANALYZER_META, fingerprint)
    if (passages > 0)
      this.logger.info(
        { passages },
        'stored passages re-analysed: the text analysis changed since they were stored',
      )
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

  embedderById(id: string): Embedder | undefined {
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

  /** Puts a document and its chunks into the index (replacing it) and records its version. */
  indexDocument(info: DocumentInfo, chunks: IndexedChunk[]): void {
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

  /** Applies changes other writers committed since the last look. Safe to call at any time. */
  async sync(): Promise<number> {
    if (this.syncing) {
      await this.syncing
      return 0
    }
    let applied = 0
    const run = async () => {
      for (;;) {
        const changes = await this.store.changesSince(this.seq)
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
        this.seq = changes[changes.length - 1]!.seq
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

  /** Stops polling and waits for a sync in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.syncing
  }

  /** A collection by name; an unknown name is a 400 naming the collections there are. */
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
  embedderFor(collection: string): Embedder {
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
}
