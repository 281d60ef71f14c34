/**
 * The discovery service's data: the snapshot loaded at start-up, its search index, and the
 * orderings and caches the routes read. Everything here is immutable for the life of the process
 * (a new dataset means a restart), which is what makes the search cache and the ETags safe.
 *
 * Orderings (documented in docs/discovery.md):
 * - /v1/services: service guides by id;
 * - /v1/content: every record (services, content, products), newest `updated` first, then by id.
 */
import type {
  LoadResult,
  Problem,
  PublicRecord,
  RecordType,
  Snapshot,
} from '../../engines/discovery/dataset.ts'
import { SearchIndex } from '../../engines/search/search-index.ts'

/** Field weights for search: a word in the title counts three times one in the excerpt. */
export const FIELD_BOOSTS = { title: 3, description: 2, excerpt: 1 } as const

/** Distinct normalized searches kept with their response (each well under 10 KB). */
export const SEARCH_CACHE_ENTRIES = 2000

export interface ScoredRecord {
  record: PublicRecord
  score: number
}

export interface ReadyDataset {
  ok: true
  snapshot: Snapshot
  index: SearchIndex
  services: readonly PublicRecord[]
  content: readonly PublicRecord[]
}

interface FailedDataset {
  ok: false
  problems: readonly Problem[]
}

export type DatasetState = ReadyDataset | FailedDataset

export function prepareDataset(result: LoadResult): DatasetState {
  if (!result.ok) return { ok: false, problems: result.problems }
  const { snapshot } = result
  const byId = (a: PublicRecord, b: PublicRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return {
    ok: true,
    snapshot,
    index: new SearchIndex(
      snapshot.records.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        excerpt: r.excerpt,
      })),
      FIELD_BOOSTS,
    ),
    services: snapshot.records.filter((r) => r.type === 'service').sort(byId),
    content: [...snapshot.records].sort((a, b) =>
      a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : byId(a, b),
    ),
  }
}

export function search(
  dataset: ReadyDataset,
  query: string,
  types: ReadonlySet<RecordType> | undefined,
  limit: number,
): { total: number; results: ScoredRecord[] } {
  const byId = dataset.snapshot.byId
  const page = dataset.index.search(query, {
    limit,
    ...(types ? { filter: (id: string) => types.has(byId.get(id)!.type) } : {}),
  })
  return { total: page.total, results: page.hits.map((h) => ({ record: byId.get(h.id)!, score: h.score })) }
}

/**
 * A bounded map that forgets the least recently used entry first (Map keeps insertion order; a hit
 * re-inserts the key at the end).
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>()
  private readonly max: number
  constructor(max: number) {
    this.max = max
  }
  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }
  set(key: string, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
  }
  get size(): number {
    return this.entries.size
  }
}
