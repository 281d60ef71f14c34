/**
 * A small in-memory TTL cache for source answers that HttpClient's GET cache cannot hold: SOAP
 * POSTs (the VAT register), DNS answers and parsed results. Oldest entry evicted first when full.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V }>()
  private readonly ttlMs: number
  private readonly maxEntries: number

  constructor(ttlMs: number, maxEntries = 1000) {
    this.ttlMs = ttlMs
    this.maxEntries = maxEntries
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.expires <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return hit.value
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { expires: Date.now() + this.ttlMs, value })
  }
}

/** Runs `load` once per key while the cached value is fresh; reports whether it came from the cache. */
export async function cached<V>(
  cache: TtlCache<V>,
  key: string,
  load: () => Promise<V>,
): Promise<{ value: V; cached: boolean }> {
  const hit = cache.get(key)
  if (hit !== undefined) return { value: hit, cached: true }
  const value = await load()
  cache.set(key, value)
  return { value, cached: false }
}
