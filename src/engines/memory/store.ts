/**
 * Memory in mem0's shape: facts scoped by `user_id`, `agent_id` and/or `run_id`, with metadata,
 * searched by meaning and by words. Built on the knowledge engine's pieces: its embedders (the
 * offline hash embedder by default, a local ONNX model or an OpenAI-compatible endpoint when
 * configured), its BM25 index and its reciprocal rank fusion.
 *
 * Adding a fact that is already there does not duplicate it (mem0 users' first complaint):
 * - the same text (after folding case and spaces) in the same scope → NONE (kept as is);
 * - a text whose cosine similarity to a memory in the same scope is ≥ `dedupThreshold`
 *   (default 0.85: a rewording, a typo, a fact restated with more detail) → UPDATE: the newer wording replaces
 *   the older, metadata is merged, and the history keeps the old text;
 * - anything else → ADD.
 *
 * Search loads the scope's memories (a scope is one user, agent or run: hundreds, not millions),
 * applies the filters, and fuses a BM25 ranking with a cosine ranking (RRF, k = 60). Like the
 * knowledge base's, the query is expanded through the bilingual term list (its words' Czech and
 * English wordings as alternatives, each memory compared with the hash vector of the query mixed
 * with its translations into the memory's language), so a question in one language finds a memory
 * written in the other.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../kit/db.ts'
import { AppError, errors } from '../../kit/errors.ts'
import { Bm25Index } from '../knowledge/bm25.ts'
import type { Embedder } from '../knowledge/embedders/types.ts'
import { reciprocalRankFusion } from '../knowledge/fusion.ts'
import { ADDED_TERM_WEIGHT, queryVectors } from '../knowledge/query.ts'
import { shippedTermList } from '../knowledge/terms.ts'
import { analyze, analyzeQueryTerms, detectLanguage, type Language } from '../knowledge/text.ts'
import { type Filter, matches } from './filters.ts'

interface MemoryRow {
  id: string
  user_id: string | null
  agent_id: string | null
  run_id: string | null
  text: string
  hash: string
  metadata: string | null
  embedder: string
  embedding: string
  created_at: number
  updated_at: number
  /** The API key that wrote it (key mode); null when the router runs without keys. */
  owner?: string | null
}

interface HistoryRow {
  id: string
  memory_id: string
  event: 'ADD' | 'UPDATE' | 'DELETE'
  old_memory: string | null
  new_memory: string | null
  at: number
}

interface Tables {
  router_memories: MemoryRow
  router_memory_history: HistoryRow
}

export interface Scope {
  user_id?: string | undefined
  agent_id?: string | undefined
  run_id?: string | undefined
  /** The caller's key under API keys: memories of other keys are invisible to it. */
  owner?: string | undefined
}

export interface Memory {
  id: string
  memory: string
  user_id: string | null
  agent_id: string | null
  run_id: string | null
  metadata: Record<string, unknown>
  created_at: string
  updated_at: string
}

export interface AddResult {
  id: string
  memory: string
  event: 'ADD' | 'UPDATE' | 'NONE'
  previous_memory?: string
  similarity?: number
}

export interface SearchHit extends Memory {
  /** Fused rank score (RRF); higher is better. */
  score: number
  /** Cosine similarity of the memory to the query (0 … 1). */
  similarity: number
}

const DEFAULT_DEDUP_THRESHOLD = 0.85

export class MemoryStore {
  private readonly db: Kysely<Tables>
  private readonly embedder: Embedder
  private readonly threshold: number
  private readonly now: () => number

  constructor(
    database: Database,
    embedder: Embedder,
    opts: { dedupThreshold?: number; now?: () => number } = {},
  ) {
    this.db = database.as<Tables>()
    this.embedder = embedder
    this.threshold = opts.dedupThreshold ?? DEFAULT_DEDUP_THRESHOLD
    this.now = opts.now ?? Date.now
  }

  get dedupThreshold(): number {
    return this.threshold
  }

  /** Stores facts in one scope; each comes back with what happened to it (ADD, UPDATE or NONE). */
  async add(facts: string[], scope: Scope, metadata: Record<string, unknown> = {}): Promise<AddResult[]> {
    requireScope(scope)
    const cleaned = facts.map((f) => f.trim()).filter((f) => f.length > 0)
    if (cleaned.length === 0) return []
    const vectors = await this.embedder.embed(cleaned, 'document')
    const existing = (await this.inScope(scope)).filter((r) => r.embedder === this.embedder.id)
    const loaded = existing.map((r) => ({ row: r, vector: decode(r.embedding) }))
    const results: AddResult[] = []
    for (let i = 0; i < cleaned.length; i++) {
      const text = cleaned[i]!
      const vector = vectors[i]!
      const hash = textHash(text)
      const same = loaded.find((m) => m.row.hash === hash)
      if (same) {
        results.push({ id: same.row.id, memory: same.row.text, event: 'NONE', similarity: 1 })
        continue
      }
      let best: { row: MemoryRow; vector: Float32Array; similarity: number } | undefined
      for (const m of loaded) {
        const similarity = dot(vector, m.vector)
        if (similarity >= this.threshold && (!best || similarity > best.similarity))
          best = { ...m, similarity }
      }
      const now = this.now()
      if (best) {
        const merged = { ...parseMeta(best.row.metadata), ...metadata }
        await this.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('router_memories')
            .set({
              text,
              hash,
              metadata: JSON.stringify(merged),
              embedding: encode(vector),
              updated_at: now,
            })
            .where('id', '=', best.row.id)
            .execute()
          await trx
            .insertInto('router_memory_history')
            .values(history(best.row.id, 'UPDATE', best.row.text, text, now))
            .execute()
        })
        results.push({
          id: best.row.id,
          memory: text,
          event: 'UPDATE',
          previous_memory: best.row.text,
          similarity: round(best.similarity),
        })
        best.row.text = text
        best.row.hash = hash
        best.vector = vector
        continue
      }
      const row: MemoryRow = {
        id: randomUUID(),
        user_id: scope.user_id ?? null,
        agent_id: scope.agent_id ?? null,
        run_id: scope.run_id ?? null,
        text,
        hash,
        metadata: JSON.stringify(metadata),
        embedder: this.embedder.id,
        embedding: encode(vector),
        created_at: now,
        updated_at: now,
        owner: scope.owner ?? null,
      }
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('router_memories').values(row).execute()
        await trx
          .insertInto('router_memory_history')
          .values(history(row.id, 'ADD', null, text, now))
          .execute()
      })
      loaded.push({ row, vector })
      results.push({ id: row.id, memory: text, event: 'ADD' })
    }
    return results
  }

  async search(req: {
    query: string
    scope: Scope
    filters?: Filter | undefined
    topK?: number
    /** Minimum cosine similarity of a hit. */
    threshold?: number | undefined
  }): Promise<SearchHit[]> {
    requireScope(req.scope)
    const topK = req.topK ?? 10
    const rows = (await this.inScope(req.scope)).filter(
      (r) => r.embedder === this.embedder.id && (!req.filters || matches(toMemory(r), req.filters)),
    )
    if (rows.length === 0) return []
    let into: Record<Language, string[]> = { cs: [], en: [] }
    const query = analyzeQueryTerms(req.query, (words) => {
      const expansion = shippedTermList().expandQuery(words)
      into = expansion.into
      return expansion.extras
    })
    // As the knowledge base does: each memory is compared with the query said in its language.
    const vectors = await queryVectors(this.embedder, req.query, into)
    const lexical = new Bm25Index()
    const similarities = rows.map((r, slot) => {
      const language = detectLanguage(r.text) ?? 'cs'
      lexical.add(slot, analyze(r.text, language))
      return dot(vectors[language], decode(r.embedding))
    })
    const semantic = similarities
      .map((score, slot) => ({ slot, score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, Math.max(topK * 4, 50))
    const keyword = lexical.search(query.groups, Math.max(topK * 4, 50), undefined, {
      own: query.own,
      others: ADDED_TERM_WEIGHT,
    })
    const fused = reciprocalRankFusion({ semantic, keyword })
    return fused
      .filter((f) => req.threshold === undefined || similarities[f.slot]! >= req.threshold)
      .slice(0, topK)
      .map((f) => ({
        ...toMemory(rows[f.slot]!),
        score: round(f.score),
        similarity: round(similarities[f.slot]!),
      }))
  }

  /** One memory; another key's memory is "not found", as if it did not exist. */
  async get(id: string, owner?: string): Promise<Memory> {
    return toMemory(await this.row(id, owner))
  }

  private async row(id: string, owner: string | undefined): Promise<MemoryRow> {
    const row = await this.db
      .selectFrom('router_memories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row || (owner !== undefined && row.owner !== owner))
      throw errors.notFound('Memory', { memory_id: id })
    return row
  }

  async list(scope: Scope, filters?: Filter): Promise<Memory[]> {
    requireScope(scope)
    const rows = await this.inScope(scope)
    return rows.map(toMemory).filter((m) => !filters || matches(m, filters))
  }

  async delete(id: string, owner?: string): Promise<void> {
    const row = await this.row(id, owner)
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('router_memories').where('id', '=', id).execute()
      await trx
        .insertInto('router_memory_history')
        .values(history(id, 'DELETE', row.text, null, now))
        .execute()
    })
  }

  async history(
    id: string,
    owner?: string,
  ): Promise<{ event: string; old_memory: string | null; new_memory: string | null; at: string }[]> {
    if (owner !== undefined) await this.row(id, owner)
    const rows = await this.db
      .selectFrom('router_memory_history')
      .selectAll()
      .where('memory_id', '=', id)
      .orderBy('at')
      .execute()
    if (rows.length === 0) throw errors.notFound('Memory', { memory_id: id })
    return rows.map((r) => ({
      event: r.event,
      old_memory: r.old_memory,
      new_memory: r.new_memory,
      at: new Date(Number(r.at)).toISOString(),
    }))
  }

  /** Rows whose ids equal every id the scope names (mem0: ids given are all required). */
  private async inScope(scope: Scope): Promise<MemoryRow[]> {
    let q = this.db.selectFrom('router_memories').selectAll()
    if (scope.user_id !== undefined) q = q.where('user_id', '=', scope.user_id)
    if (scope.agent_id !== undefined) q = q.where('agent_id', '=', scope.agent_id)
    if (scope.run_id !== undefined) q = q.where('run_id', '=', scope.run_id)
    if (scope.owner !== undefined) q = q.where('owner', '=', scope.owner)
    return q.orderBy('created_at').execute()
  }
}

function requireScope(scope: Scope): void {
  if (scope.user_id === undefined && scope.agent_id === undefined && scope.run_id === undefined) {
    throw new AppError('invalid_request', 'One of user_id, agent_id or run_id is required', {
      field: 'user_id',
      rule: 'one of user_id, agent_id, run_id',
    })
  }
}

function history(
  memoryId: string,
  event: HistoryRow['event'],
  oldText: string | null,
  newText: string | null,
  at: number,
): HistoryRow {
  return { id: randomUUID(), memory_id: memoryId, event, old_memory: oldText, new_memory: newText, at }
}

function toMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    memory: row.text,
    user_id: row.user_id,
    agent_id: row.agent_id,
    run_id: row.run_id,
    metadata: parseMeta(row.metadata),
    created_at: new Date(Number(row.created_at)).toISOString(),
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  }
}

function parseMeta(text: string | null): Record<string, unknown> {
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** Identity of a fact's wording: case and runs of white space do not make a new fact. */
function textHash(text: string): string {
  return createHash('sha256')
    .update(text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim())
    .digest('hex')
}

/** Vectors are stored as base64 of their float32 bytes (same text on SQLite and PostgreSQL). */
function encode(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')
}

function decode(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64')
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  return new Float32Array(copy.buffer)
}

/** Both vectors are L2-normalised, so the dot product is the cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length)
  let s = 0
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!
  return s
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000
}
