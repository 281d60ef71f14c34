/**
 * The knowledge base behind the HTTP routes and the CLI, as one object. It wires the parts and
 * reports on them; the work is done in:
 * - index-sync.ts: the in-memory index, built from the store and kept current with its change log;
 * - ingest.ts: convert → chunk → embed → store → index; re-embedding, deleting, the shipped corpus;
 * - query.ts: hybrid search, the relevance test and grounded answers.
 */
import type { LlmClient } from '../../kit/llm.ts'
import type { Logger } from '../../kit/logger.ts'
import type { DocumentConverter } from '../convert/converter.ts'
import type { ChunkOptions } from './chunker.ts'
import type { CollectionDef } from './collections.ts'
import type { Embedder } from './embedders/types.ts'
import type { KnowledgeIndex, SearchHit } from './index.ts'
import { type CollectionState, IndexSync } from './index-sync.ts'
import { Ingester, type IngestInput, type IngestResult } from './ingest.ts'
import { type AskInput, KnowledgeQuery, type SearchInput, type SearchOutcome } from './query.ts'
import type { KnowledgeStore } from './store.ts'
import { type CrossLanguage, passageAnalyzer } from './terms.ts'
import type { QueryTranslator } from './translate.ts'

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
  /** The memory ceiling of one conversion (MiB) of the converter made here (kit/offload.ts). */
  convertMemoryMb?: number | undefined
  /**
   * Search across Czech and English through a bilingual term list (terms.ts); without it a query
   * finds the other language only where words are shared.
   */
  crossLanguage?: CrossLanguage | undefined
  /** Query translation by the language model (translate.ts); off when not given. */
  translator?: QueryTranslator | undefined
}

export class KnowledgeBase {
  readonly index: KnowledgeIndex
  private readonly store: KnowledgeStore
  private readonly opts: KnowledgeBaseOptions
  private readonly indexSync: IndexSync
  private readonly ingester: Ingester
  private readonly query: KnowledgeQuery
  private readonly startedAt = Date.now()
  /** 'loading' while the index is built or the starting corpus is ingested. */
  state: 'loading' | 'ready' = 'loading'
  seedProblem: string | undefined

  constructor(opts: KnowledgeBaseOptions) {
    this.opts = opts
    this.store = opts.store
    this.indexSync = new IndexSync({
      store: opts.store,
      embedders: opts.embedders,
      defaultEmbedder: opts.defaultEmbedder,
      logger: opts.logger,
      collections: opts.collections,
      analyzer: passageAnalyzer(opts.crossLanguage?.passages ? opts.crossLanguage.terms : undefined),
    })
    this.index = this.indexSync.index
    this.ingester = new Ingester({
      store: opts.store,
      indexSync: this.indexSync,
      chunking: opts.chunking,
      maxUploadBytes: opts.maxUploadBytes,
      converter: opts.converter,
      convertMemoryMb: opts.convertMemoryMb,
    })
    this.query = new KnowledgeQuery({
      indexSync: this.indexSync,
      logger: opts.logger,
      llm: opts.llm,
      minSimilarity: opts.minSimilarity,
      minCoverage: opts.minCoverage,
      denseWeight: opts.denseWeight,
      crossLanguage: opts.crossLanguage,
      translator: opts.translator,
    })
  }

  get collections(): readonly CollectionDef[] {
    return this.indexSync.collections
  }

  /** Creates missing collections and builds the in-memory index from storage. */
  async open(): Promise<void> {
    await this.indexSync.open()
    this.state = 'ready'
  }

  // ---------- keeping current (index-sync.ts) ----------

  /** Applies changes other writers committed since the last look. Safe to call at any time. */
  sync(): Promise<number> {
    return this.indexSync.sync()
  }

  /** Polls the change log every `intervalMs` (other instances' and the CLI's writes). */
  startSync(intervalMs: number): void {
    this.indexSync.startSync(intervalMs)
  }

  async close(): Promise<void> {
    await this.indexSync.stop()
    for (const e of this.opts.embedders) await e.close?.()
    await this.ingester.close()
  }

  /** A collection by name; an unknown name is a 400 naming the collections there are. */
  collection(name: string): CollectionState {
    return this.indexSync.collection(name)
  }

  // ---------- ingestion (ingest.ts) ----------

  ingest(input: IngestInput): Promise<IngestResult> {
    return this.ingester.ingest(input)
  }

  deleteDocument(id: string): Promise<boolean> {
    return this.ingester.deleteDocument(id)
  }

  /**
   * Re-embeds every chunk of a collection with `embedder` and records it as the collection's
   * embedder (the only way a collection changes embedder; it never holds two kinds of vectors).
   */
  reembed(collection: string, embedder: Embedder, progress?: (done: number, total: number) => void) {
    return this.ingester.reembed(collection, embedder, progress)
  }

  /** Ingests the shipped corpus when it is new or has changed since the last start. */
  seed(corpusDir: string, progress?: (done: number, total: number, file: string) => void) {
    return this.ingester.seed(corpusDir, progress)
  }

  // ---------- queries (query.ts) ----------

  search(input: SearchInput): Promise<SearchOutcome> {
    return this.query.search(input)
  }

  /** Whether a passage actually answers to the query, not merely ranks first among poor ones. */
  isRelevant(hit: SearchHit, groups: string[][]): boolean {
    return this.query.isRelevant(hit, groups)
  }

  ask(input: AskInput): ReturnType<KnowledgeQuery['ask']> {
    return this.query.ask(input)
  }

  // ---------- stored documents ----------

  async listDocuments(opts: { collection?: string; limit: number; offset: number }) {
    return (await this.store.listDocuments(opts)).map(presentDocument)
  }

  async getDocument(id: string) {
    const doc = await this.store.getDocument(id)
    return doc ? presentDocument(doc) : undefined
  }

  // ---------- reporting ----------

  collectionsReport() {
    const counts = this.index.collectionCounts()
    return this.collections.map((def) => {
      const state = this.indexSync.stateOf(def.name)
      const c = counts.get(def.name) ?? { documents: 0, chunks: 0 }
      const embedder = state?.embedder ?? null
      return {
        name: def.name,
        description: def.description,
        documents: c.documents,
        chunks: c.chunks,
        embedder,
        dimensions: state?.dimensions ?? null,
        embedder_available: embedder === null || this.indexSync.embedderById(embedder) !== undefined,
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
        change_seq: this.indexSync.lastSeq,
      },
      storage: this.store.dialect,
      query_translation: this.opts.translator?.setting ?? {
        enabled: false,
        reason: 'off: not configured in this instance',
      },
      queries: { search: this.query.searchLatency.count, ask: this.query.askLatency.count },
      latency_ms: {
        search: this.query.searchLatency.percentiles(),
        ask: this.query.askLatency.percentiles(),
      },
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
      change_seq: this.indexSync.lastSeq,
      problems,
    }
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
