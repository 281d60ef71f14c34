/**
 * The in-process search index of the knowledge base: every live passage's BM25 terms, its vector
 * (one vector index per collection, since each collection has its own embedder), its text and the
 * metadata needed for filters and citations. Storage (SQLite or PostgreSQL) is the source of
 * truth; this index is rebuilt from it at start and kept current by the service.
 *
 * Search is hybrid: the best lexical and the best dense candidates are fused by reciprocal rank.
 */
import { Bm25Index } from './bm25.ts'
import { type Fused, reciprocalRankFusion } from './fusion.ts'
import { analyze, type Language } from './text.ts'
import { VectorIndex } from './vectors.ts'

export interface IndexedDocument {
  id: string
  collection: string
  title: string
  source: string
  language: Language
  metadata: Record<string, unknown>
}

export interface IndexedChunk {
  id: string
  position: number
  section: string
  page: number | undefined
  text: string
  /** Analysed terms; computed from title, section and text when omitted. */
  terms?: string[]
  vector: Float32Array | undefined
}

export type SearchMode = 'hybrid' | 'keyword' | 'semantic'

/** The query's vector for the passages of each language (the same one unless it is translated). */
export type QueryVectors = Readonly<Record<Language, Float32Array>>

export interface SearchRequest {
  /** Query word groups from `analyzeQuery`. */
  groups: string[][]
  /**
   * Per group, how many leading alternatives are the word's own stems; the rest (the term list's
   * translations and synonyms) count `addedWeight` of an occurrence in BM25.
   */
  own?: readonly number[]
  addedWeight?: number
  /** How many leading groups are the question's own words (matchedGroups counts only those). */
  counted?: number
  /**
   * Query vectors per collection (each collection's own embedder), one for each language's passages;
   * missing → lexical only there.
   */
  vectors: ReadonlyMap<string, QueryVectors>

  collections?: readonly string[]
  /** Admits a document (metadata filters). */
  filter?: (doc: IndexedDocument) => boolean
  limit: number
  /** Candidates taken from each ranked list before fusion. */
  candidates?: number
  mode?: SearchMode
  /** Weight of each ranked list in the fusion (default 1 each). */
  weights?: { lexical?: number; dense?: number }
}

export interface SearchHit {
  chunk: IndexedChunk
  document: IndexedDocument
  score: number
  lexical: { rank: number; score: number; matchedGroups: number } | undefined
  dense: { rank: number; score: number } | undefined
}

/** Text the passage is indexed and embedded by: its document title and section give it context. */
export function contextualText(
  doc: Pick<IndexedDocument, 'title'>,
  chunk: Pick<IndexedChunk, 'section' | 'text'>,
) {
  // The section path usually starts with the title (the document's H1): count those words once.
  const head = chunk.section.startsWith(doc.title) ? chunk.section : `${doc.title}\n${chunk.section}`
  return `${head}\n${chunk.text}`
}

interface DocEntry {
  doc: IndexedDocument
  num: number
  slots: number[]
}

export class KnowledgeIndex {
  private readonly bm25 = new Bm25Index()
  /** Vectors per collection and per document language (each language has its own query vector). */
  private readonly spaces = new Map<string, Partial<Record<Language, VectorIndex>>>()
  private readonly documents = new Map<string, DocEntry>()
  private readonly docByNum: Array<DocEntry | undefined> = []
  private chunks: Array<IndexedChunk | undefined> = []
  private docOfSlot: number[] = []
  private nextSlot = 0
  private freeDocNums: number[] = []
  /**
   * Scores every posting instead of pruning (same results, slower): the benchmark's baseline
   * (bench/kb.ts).
   */
  exhaustiveLexical = false

  get documentCount(): number {
    return this.documents.size
  }

  get chunkCount(): number {
    return this.bm25.size
  }

  get bytes(): number {
    let bytes = this.bm25.bytes
    for (const space of this.allSpaces()) bytes += space.bytes
    return bytes
  }

  vectorCount(): number {
    let n = 0
    for (const space of this.allSpaces()) n += space.size
    return n
  }

  hasDocument(id: string): boolean {
    return this.documents.has(id)
  }

  document(id: string): IndexedDocument | undefined {
    return this.documents.get(id)?.doc
  }

  /** Counts of live documents and passages per collection. */
  collectionCounts(): Map<string, { documents: number; chunks: number }> {
    const out = new Map<string, { documents: number; chunks: number }>()
    for (const { doc, slots } of this.documents.values()) {
      const entry = out.get(doc.collection) ?? { documents: 0, chunks: 0 }
      entry.documents += 1
      entry.chunks += slots.length
      out.set(doc.collection, entry)
    }
    return out
  }

  /** Adds a document's passages, replacing whatever the index held under its id. */
  upsert(doc: IndexedDocument, chunks: readonly IndexedChunk[]): void {
    this.remove(doc.id)
    const num = this.freeDocNums.pop() ?? this.docByNum.length
    const entry: DocEntry = { doc, num, slots: [] }
    this.docByNum[num] = entry
    this.documents.set(doc.id, entry)
    for (const chunk of chunks) {
      const slot = this.nextSlot++
      entry.slots.push(slot)
      this.chunks[slot] = chunk
      this.docOfSlot[slot] = num
      this.bm25.add(slot, chunk.terms ?? analyze(contextualText(doc, chunk), doc.language))
      if (chunk.vector) this.space(doc.collection, doc.language, chunk.vector.length).add(slot, chunk.vector)
    }
  }

  remove(documentId: string): boolean {
    const entry = this.documents.get(documentId)
    if (!entry) return false
    const space = this.spaces.get(entry.doc.collection)?.[entry.doc.language]
    for (const slot of entry.slots) {
      this.bm25.remove(slot)
      space?.remove(slot)
      this.chunks[slot] = undefined
    }
    this.documents.delete(documentId)
    this.docByNum[entry.num] = undefined
    this.freeDocNums.push(entry.num)
    return true
  }

  /** Drops a collection's vectors (before re-embedding it with another embedder). */
  dropVectors(collection: string): void {
    this.spaces.delete(collection)
  }

  vectorDimensions(collection: string): number | undefined {
    const spaces = this.spaces.get(collection)
    return (spaces?.cs ?? spaces?.en)?.dimensions
  }

  private *allSpaces(): Iterable<VectorIndex> {
    for (const spaces of this.spaces.values()) {
      if (spaces.cs) yield spaces.cs
      if (spaces.en) yield spaces.en
    }
  }

  private space(collection: string, language: Language, dimensions: number): VectorIndex {
    let spaces = this.spaces.get(collection)
    if (!spaces) {
      spaces = {}
      this.spaces.set(collection, spaces)
    }
    let space = spaces[language]
    if (!space) {
      space = new VectorIndex(dimensions)
      spaces[language] = space
    }
    return space
  }

  /** The best `candidates` passages by cosine with each collection's query vector. */
  private denseRanking(
    vectors: ReadonlyMap<string, QueryVectors>,
    collections: ReadonlySet<string> | undefined,
    candidates: number,
    allow: ((slot: number) => boolean) | undefined,
  ): Array<{ slot: number; score: number }> {
    const dense: Array<{ slot: number; score: number }> = []
    for (const [collection, spaces] of this.spaces) {
      if (collections && !collections.has(collection)) continue
      const perLanguage = vectors.get(collection)
      if (!perLanguage) continue
      for (const language of ['cs', 'en'] as const) {
        const space = spaces[language]
        const vector = perLanguage[language]
        if (!space || vector.length !== space.dimensions) continue
        dense.push(...space.search(vector, candidates, allow))
      }
    }
    dense.sort((a, b) => b.score - a.score || a.slot - b.slot)
    return dense.slice(0, candidates)
  }

  search(req: SearchRequest): SearchHit[] {
    const mode = req.mode ?? 'hybrid'
    const candidates = Math.max(req.limit, req.candidates ?? Math.max(50, req.limit * 4))
    const collections = req.collections ? new Set(req.collections) : undefined
    let docAllowed: Uint8Array | undefined
    if (collections || req.filter) {
      docAllowed = new Uint8Array(this.docByNum.length)
      for (const entry of this.docByNum) {
        if (!entry) continue
        if (collections && !collections.has(entry.doc.collection)) continue
        if (req.filter && !req.filter(entry.doc)) continue
        docAllowed[entry.num] = 1
      }
    }
    const allowed = docAllowed
    const allow = allowed ? (slot: number) => allowed[this.docOfSlot[slot]!] === 1 : undefined

    const lists: Record<string, Array<{ slot: number; score: number }>> = {}
    const matched = new Map<number, number>()
    if (mode !== 'semantic') {
      const weighting = req.own
        ? { own: req.own, others: req.addedWeight ?? 1, counted: req.counted ?? req.groups.length }
        : undefined
      const hits = this.exhaustiveLexical
        ? this.bm25.searchExhaustive(req.groups, candidates, allow, weighting)
        : this.bm25.search(req.groups, candidates, allow, weighting)
      for (const h of hits) matched.set(h.slot, h.matchedGroups)
      lists.lexical = hits
    }
    if (mode !== 'keyword') {
      lists.dense = this.denseRanking(req.vectors, collections, candidates, allow)
    }
    const fused: Fused[] = reciprocalRankFusion(lists, undefined, {
      lexical: req.weights?.lexical ?? 1,
      dense: req.weights?.dense ?? 1,
    })
    return fused.slice(0, req.limit).map((f) => {
      const chunk = this.chunks[f.slot]!
      const document = this.docByNum[this.docOfSlot[f.slot]!]!.doc
      const lex = f.ranks.lexical
      return {
        chunk,
        document,
        score: f.score,
        lexical: lex ? { ...lex, matchedGroups: matched.get(f.slot) ?? 0 } : undefined,
        dense: f.ranks.dense,
      }
    })
  }
}
