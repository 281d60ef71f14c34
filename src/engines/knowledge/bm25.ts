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
  /** The largest frequency and the shortest item among its postings ever (bounds for pruning). */
  maxTf = 0
  minLength = Number.POSITIVE_INFINITY
  push(slot: number, tf: number, itemLength: number): void {
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
    this.maxTf = Math.max(this.maxTf, Math.min(tf, 65535))
    this.minLength = Math.min(this.minLength, itemLength)
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
  private groupTfs = new Float64Array(1024)

  get size(): number {
    return this.liveCount
  }

  get termCount(): number {
    return this.termIds.size
  }

  /** Approximate bytes held (postings, lengths, per-slot term lists). */
  get bytes(): number {
    let bytes = this.lengths.byteLength + this.alive.byteLength + this.scores.byteLength * 2.5
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
      this.postings[id]!.push(slot, tf, terms.length)
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
   * document frequency the sum of theirs (at most the item count: alternatives in different
   * languages rarely share a passage, so the sum is the union's size without a pass over every
   * posting). So a word with many translations weighs no more than a word with one, and a common
   * translation lowers the word's IDF instead of adding a score of its own. When `weighting.own`
   * gives, per group, how many leading alternatives are the word's own stems, the others
   * (translations, synonyms) count `weighting.others` of an occurrence. `allow`, when given, admits
   * a slot.
   *
   * Dynamic pruning (MaxScore, Turtle & Flood 1995): each group has an upper bound of what it can
   * add (its weight at its alternatives' largest frequencies and their shortest item), groups are
   * walked document-at-a-time in slot order, and once the k-th best score exceeds the bounds of the
   * weakest groups together, items holding only those are never scored and the others only look
   * them up. The result is exactly `searchExhaustive`'s (same scores, same order, ties to the lower
   * slot); a test compares the two on random corpora.
   */
  search(
    groups: readonly (readonly string[])[],
    limit: number,
    allow?: (slot: number) => boolean,
    weighting?: Weighting,
  ): LexicalHit[] {
    const plan = this.plan(groups, weighting)
    if (plan.length === 0) return []
    const { c0, c1 } = this.norms()
    const lengths = this.lengths
    const alive = this.alive
    // Groups by ascending bound; `prefix[i]` = the bounds of the i weakest together.
    const order = plan.map((_, i) => i).sort((a, b) => plan[a]!.bound - plan[b]!.bound)
    const G = order.length
    const prefix = new Float64Array(G + 1)
    for (let i = 0; i < G; i++) prefix[i + 1] = prefix[i]! + plan[order[i]!]!.bound
    const cursors = order.map((g) => new GroupCursor(plan[g]!))
    const contributions = new Float64Array(G) // per group, in the query's order
    const top = new TopK(limit)
    const offered: number[] = []
    const masks = this.groupMasks
    let threshold = Number.NEGATIVE_INFINITY
    let essential = 0 // cursors [0, essential) cannot lift an item above the threshold alone
    for (;;) {
      let slot = NONE
      for (let i = essential; i < G; i++) if (cursors[i]!.slot < slot) slot = cursors[i]!.slot
      if (slot === NONE) break
      const admitted = alive[slot] === 1 && (!allow || allow(slot))
      const norm = c0 + c1 * lengths[slot]!
      let partial = 0
      let mask = 0
      contributions.fill(0)
      for (let i = essential; i < G; i++) {
        const cursor = cursors[i]!
        if (cursor.slot !== slot) continue
        const tf = cursor.take(slot)
        if (!admitted) continue
        const c = (cursor.plan.weight * tf) / (tf + norm)
        contributions[order[i]!] = c
        partial += c
        mask |= cursor.plan.bit
      }
      if (!admitted) continue
      let pruned = false
      for (let i = essential - 1; i >= 0; i--) {
        if (partial + prefix[i + 1]! < threshold - slack(threshold)) {
          pruned = true
          break
        }
        const cursor = cursors[i]!
        const tf = cursor.seek(slot)
        if (tf === 0) continue
        const c = (cursor.plan.weight * tf) / (tf + norm)
        contributions[order[i]!] = c
        partial += c
        mask |= cursor.plan.bit
      }
      if (pruned) continue
      // Summed in the query's group order, as the exhaustive search sums: the same float result.
      let score = 0
      for (let g = 0; g < G; g++) score += contributions[g]!
      if (score <= threshold) continue
      top.offer(slot, score)
      masks[slot] = mask
      offered.push(slot)
      threshold = top.threshold
      while (essential < G && prefix[essential + 1]! < threshold - slack(threshold)) essential += 1
    }
    const hits = top
      .sorted()
      .map(({ id, score }) => ({ slot: id, score, matchedGroups: popcount(masks[id]!) }))
    for (const slot of offered) masks[slot] = 0
    return hits
  }

  /**
   * The same ranking as `search`, by scoring every posting of every group: the reference the
   * pruned search is tested against, and the benchmark's baseline.
   */
  searchExhaustive(
    groups: readonly (readonly string[])[],
    limit: number,
    allow?: (slot: number) => boolean,
    weighting?: Weighting,
  ): LexicalHit[] {
    const plan = this.plan(groups, weighting)
    if (plan.length === 0) return []
    const { c0, c1 } = this.norms()
    const touched: number[] = []
    const scores = this.scores
    const masks = this.groupMasks
    const tfs = this.groupTfs
    const alive = this.alive
    const inGroup: number[] = []
    for (const group of plan) {
      inGroup.length = 0
      group.postings.forEach((p, a) => {
        const factor = group.factors[a]!
        for (let i = 0; i < p.length; i++) {
          const slot = p.slots[i]!
          if (alive[slot] === 0) continue
          if (tfs[slot] === 0) inGroup.push(slot)
          tfs[slot]! += p.tfs[i]! * factor
        }
      })
      for (const slot of inGroup) {
        const tf = tfs[slot]!
        tfs[slot] = 0
        if (masks[slot] === 0 && scores[slot] === 0) touched.push(slot)
        scores[slot]! += (group.weight * tf) / (tf + (c0 + c1 * this.lengths[slot]!))
        masks[slot]! |= group.bit
      }
    }
    // Offered in slot order, so equal scores keep the lower slot, as the pruned search does.
    touched.sort((a, b) => a - b)
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

  /** Per-item length normalisation folded into two constants: norm = c0 + c1 × length. */
  private norms() {
    const avgLength = this.totalLength / this.liveCount
    return { c0: K1 * (1 - B), c1: (K1 * B) / avgLength }
  }

  /** Each group's postings with their weights, its IDF weight and the most it can add to a score. */
  private plan(groups: readonly (readonly string[])[], weighting: Weighting | undefined): GroupPlan[] {
    if (this.liveCount === 0) return []
    const n = this.liveCount
    const { c0, c1 } = this.norms()
    const out: GroupPlan[] = []
    groups.forEach((group, g) => {
      const own = weighting?.own[g] ?? group.length
      const ids = this.termIdsOf(group)
      if (ids.length === 0) return
      let df = 0
      let maxTf = 0
      let minLength = Number.POSITIVE_INFINITY
      const postings: Postings[] = []
      const factors: number[] = []
      for (const [id, position] of ids) {
        const p = this.postings[id]!
        const factor = position < own ? 1 : weighting!.others
        df += this.df[id]!
        maxTf += p.maxTf * factor
        minLength = Math.min(minLength, p.minLength)
        postings.push(p)
        factors.push(factor)
      }
      df = Math.min(df, n)
      const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1)
      const bound = (weight * maxTf) / (maxTf + c0 + c1 * minLength)
      const counted = g < (weighting?.counted ?? groups.length)
      out.push({ postings, factors, weight, bound, bit: counted && g < 32 ? 1 << g : 0 })
    })
    return out
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
    this.groupTfs = new Float64Array(size)
  }
}

/**
 * Per group, how many leading alternatives are the word's own stems (the rest count `others` of an
 * occurrence), and how many leading groups are the question's words (`matchedGroups` counts only
 * those; later groups are added words, such as a translation's).
 */
export interface Weighting {
  own: readonly number[]
  others: number
  counted?: number
}

interface GroupPlan {
  postings: Postings[]
  /** What an occurrence of each alternative counts (1 for the word's own forms). */
  factors: number[]
  weight: number
  /** The most the group can add to an item's score. */
  bound: number
  bit: number
}

const NONE = 0x7fffffff

/** A little below `threshold`, so float rounding in a bound never prunes an item that ties or wins. */
function slack(threshold: number): number {
  return Math.abs(threshold) * 1e-9
}

/** Walks a group's alternatives' postings (each in slot order) as one list. */
class GroupCursor {
  readonly plan: GroupPlan
  private readonly positions: Int32Array
  /** The smallest slot not yet passed in any alternative (NONE when all are done). */
  slot = NONE

  constructor(plan: GroupPlan) {
    this.plan = plan
    this.positions = new Int32Array(plan.postings.length)
    this.update()
  }

  private update(): void {
    let slot = NONE
    const postings = this.plan.postings
    for (let a = 0; a < postings.length; a++) {
      const p = postings[a]!
      const pos = this.positions[a]!
      if (pos < p.length && p.slots[pos]! < slot) slot = p.slots[pos]!
    }
    this.slot = slot
  }

  /** The group's weighted frequency at `slot` (the cursor's current one), moving past it. */
  take(slot: number): number {
    let tf = 0
    const postings = this.plan.postings
    for (let a = 0; a < postings.length; a++) {
      const p = postings[a]!
      const pos = this.positions[a]!
      if (pos < p.length && p.slots[pos] === slot) {
        tf += p.tfs[pos]! * this.plan.factors[a]!
        this.positions[a] = pos + 1
      }
    }
    this.update()
    return tf
  }

  /** Moves to the first posting at or after `slot` (galloping) and takes `slot`'s frequency. */
  seek(slot: number): number {
    if (this.slot > slot) return 0
    const postings = this.plan.postings
    for (let a = 0; a < postings.length; a++) {
      const p = postings[a]!
      const slots = p.slots
      let pos = this.positions[a]!
      if (pos >= p.length || slots[pos]! >= slot) continue
      let step = 1
      while (pos + step < p.length && slots[pos + step]! < slot) {
        pos += step
        step *= 2
      }
      // slots[pos] < slot; the first slot ≥ `slot` lies in (pos, pos + step].
      let lo = pos + 1
      let hi = Math.min(pos + step, p.length)
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (slots[mid]! < slot) lo = mid + 1
        else hi = mid
      }
      this.positions[a] = lo
    }
    this.update()
    return this.slot === slot ? this.take(slot) : 0
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
