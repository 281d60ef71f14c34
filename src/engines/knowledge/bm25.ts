/**
 * An in-memory BM25 (Okapi, k1 = 1.2, b = 0.75) inverted index over analysed terms.
 *
 * Items are numbered slots (0, 1, 2 …) handed out by the caller; postings are appended in slot
 * order into growable typed arrays, so adding is cheap and a query walks contiguous memory.
 * Removal marks the slot dead and lowers document frequencies at once (so IDF stays exact);
 * dead postings are skipped and dropped by `compact()` once they are a quarter of the total.
 *
 * Held in memory on purpose: the same index serves SQLite and PostgreSQL deployments with the same
 * ranking, and a query over 100k passages takes a few milliseconds.
 */
import { TopK } from './topk.ts'

const K1 = 1.2
const B = 0.75

class Postings {
  slots = new Int32Array(4)
  tfs = new Uint16Array(4)
  length = 0
  push(slot: number, tf: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2)
      slots.set(this.slots)
      this.slots = slots
      const tfs = new Uint16Array(this.length * 2)
      tfs.set(this.tfs)
      this.tfs = tfs
    }
    this.slots[this.length] = slot
    this.tfs[this.length] = Math.min(tf, 65535)
    this.length += 1
  }
}

export interface LexicalHit {
  slot: number
  score: number
  /** How many of the query's word groups the item contains (for relevance checks). */
  matchedGroups: number
}

export class Bm25Index {
  private readonly termIds = new Map<string, number>()
  private postings: Postings[] = []
  private df: number[] = []
  private lengths = new Float32Array(1024)
  private termsOf: Array<Int32Array | undefined> = []
  private alive = new Uint8Array(1024)
  private liveCount = 0
  private totalLength = 0
  private deadPostings = 0
  private totalPostings = 0
  // Per-query scratch, reused (sized to the slot capacity).
  private scores = new Float64Array(1024)
  private groupMasks = new Uint32Array(1024)
  /** A group's term frequency per slot while its alternatives are summed (zero between groups). */
  private groupTfs = new Float32Array(1024)

  get size(): number {
    return this.liveCount
  }

  get termCount(): number {
    return this.termIds.size
  }

  /** Approximate bytes held (postings, lengths, per-slot term lists). */
  get bytes(): number {
    let bytes = this.lengths.byteLength + this.alive.byteLength + this.scores.byteLength * 1.5
    for (const p of this.postings) bytes += p.slots.byteLength + p.tfs.byteLength
    for (const t of this.termsOf) bytes += t?.byteLength ?? 0
    return Math.round(bytes)
  }

  /** Indexes `terms` under `slot` (slots must be new; use remove() before re-adding). */
  add(slot: number, terms: readonly string[]): void {
    this.ensure(slot + 1)
    const counts = new Map<number, number>()
    for (const term of terms) {
      let id = this.termIds.get(term)
      if (id === undefined) {
        id = this.postings.length
        this.termIds.set(term, id)
        this.postings.push(new Postings())
        this.df.push(0)
      }
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
    const ids = new Int32Array(counts.size)
    let i = 0
    for (const [id, tf] of counts) {
      this.postings[id]!.push(slot, tf)
      this.df[id]! += 1
      ids[i++] = id
    }
    this.totalPostings += counts.size
    this.termsOf[slot] = ids
    this.lengths[slot] = terms.length
    this.alive[slot] = 1
    this.liveCount += 1
    this.totalLength += terms.length
  }

  remove(slot: number): void {
    if (!this.alive[slot]) return
    this.alive[slot] = 0
    this.liveCount -= 1
    this.totalLength -= this.lengths[slot]!
    const ids = this.termsOf[slot]
    if (ids) {
      for (const id of ids) this.df[id]! -= 1
      this.deadPostings += ids.length
    }
    this.termsOf[slot] = undefined
    if (this.deadPostings > 10_000 && this.deadPostings > this.totalPostings / 4) this.compact()
  }

  /** Drops postings of removed slots. */
  compact(): void {
    for (const p of this.postings) {
      let w = 0
      for (let r = 0; r < p.length; r++) {
        const slot = p.slots[r]!
        if (!this.alive[slot]) continue
        p.slots[w] = slot
        p.tfs[w] = p.tfs[r]!
        w += 1
      }
      p.length = w
    }
    this.totalPostings -= this.deadPostings
    this.deadPostings = 0
  }

  /**
   * Top `limit` slots for a query given as groups of alternative terms, one group per query word:
   * its Czech and English stems, and the term list's translations and synonyms. A group scores as
   * one term (Pirkola's structured query, the #syn operator of dictionary-based cross-language
   * retrieval): its frequency in a passage is the sum of its alternatives' frequencies, and its
   * document frequency the number of passages holding any of them. So a word with many
   * translations weighs no more than a word with one, and a common translation lowers the word's
   * IDF instead of adding a score of its own. When `weighting.own` gives, per group, how many leading
   * alternatives are the word's own stems, the others (translations, synonyms) count
   * `weighting.others` of an occurrence. `allow`, when given, admits a slot.
   */
  search(
    groups: readonly (readonly string[])[],
    limit: number,
    allow?: (slot: number) => boolean,
    weighting?: { own: readonly number[]; others: number },
  ): LexicalHit[] {
    if (this.liveCount === 0 || groups.length === 0) return []
    const avgLength = this.totalLength / this.liveCount
    const n = this.liveCount
    const touched: number[] = []
    const scores = this.scores
    const masks = this.groupMasks
    const tfs = this.groupTfs
    const alive = this.alive
    const lengths = this.lengths
    // Per-slot length normalisation folded into two constants: norm = c0 + c1 × length.
    const c0 = K1 * (1 - B)
    const c1 = (K1 * B) / avgLength
    const inGroup: number[] = []
    for (let g = 0; g < groups.length; g++) {
      const bit = g < 32 ? 1 << g : 0
      inGroup.length = 0
      const group = groups[g]!
      const own = weighting?.own[g] ?? group.length
      for (const [id, position] of this.termIdsOf(group)) {
        const factor = position < own ? 1 : weighting!.others
        const p = this.postings[id]!
        const slots = p.slots
        const termTfs = p.tfs
        for (let i = 0, len = p.length; i < len; i++) {
          const slot = slots[i]!
          if (alive[slot] === 0) continue
          if (tfs[slot] === 0) inGroup.push(slot)
          tfs[slot]! += termTfs[i]! * factor
        }
      }
      const df = inGroup.length
      if (df === 0) continue
      const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1)
      for (const slot of inGroup) {
        const tf = tfs[slot]!
        tfs[slot] = 0
        if (masks[slot] === 0 && scores[slot] === 0) touched.push(slot)
        scores[slot]! += (weight * tf) / (tf + c0 + c1 * lengths[slot]!)
        masks[slot]! |= bit
      }
    }
    const top = new TopK(limit)
    for (const slot of touched) {
      if (!allow || allow(slot)) top.offer(slot, scores[slot]!)
    }
    const hits = top
      .sorted()
      .map(({ id, score }) => ({ slot: id, score, matchedGroups: popcount(masks[id]!) }))
    for (const slot of touched) {
      scores[slot] = 0
      masks[slot] = 0
    }
    return hits
  }

  /** The ids of a group's distinct alternatives that are in the index, with their positions. */
  private termIdsOf(group: readonly string[]): Array<[id: number, position: number]> {
    const ids: Array<[number, number]> = []
    group.forEach((term, position) => {
      const id = this.termIds.get(term)
      if (id !== undefined && this.df[id]! > 0 && !ids.some(([seen]) => seen === id)) ids.push([id, position])
    })
    return ids
  }

  private ensure(capacity: number): void {
    if (capacity <= this.lengths.length) return
    let size = this.lengths.length
    while (size < capacity) size *= 2
    const lengths = new Float32Array(size)
    lengths.set(this.lengths)
    this.lengths = lengths
    const alive = new Uint8Array(size)
    alive.set(this.alive)
    this.alive = alive
    this.scores = new Float64Array(size)
    this.groupMasks = new Uint32Array(size)
    this.groupTfs = new Float32Array(size)
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
