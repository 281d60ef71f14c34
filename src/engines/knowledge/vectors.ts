/**
 * Exact (brute-force) cosine search over L2-normalised vectors held in memory.
 *
 * Vectors are stored in blocks of 1024 rows laid out dimension-major (all rows' value for
 * dimension 0, then dimension 1 …). A query then walks memory sequentially, and a sparse query —
 * the hash embedder's short queries touch a few dozen of 512 dimensions — only walks the
 * dimensions it has. Exact search has recall 1.0 by construction; at 100k passages × 512
 * dimensions a dense scan is ~51M multiply-adds, a sparse one a fraction of that.
 *
 * Rows belong to caller-assigned slots; removal marks the row dead, and `compact()` (run on its
 * own once a quarter of the rows are dead) rewrites the blocks without them.
 */
import { TopK } from './topk.ts'

const BLOCK = 1024

export interface VectorHit {
  slot: number
  score: number
}

export class VectorIndex {
  readonly dimensions: number
  private blocks: Float32Array[] = []
  private rowSlots = new Int32Array(BLOCK)
  private rows = 0
  private readonly rowOfSlot = new Map<number, number>()
  private dead = 0
  private scratch = new Float64Array(BLOCK)

  constructor(dimensions: number) {
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new Error(`invalid dimensions: ${dimensions}`)
    this.dimensions = dimensions
  }

  get size(): number {
    return this.rows - this.dead
  }

  get bytes(): number {
    return this.blocks.length * BLOCK * this.dimensions * 4 + this.rowSlots.byteLength
  }

  add(slot: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions; this index holds ${this.dimensions}`)
    }
    if (this.rowOfSlot.has(slot)) this.remove(slot)
    const row = this.rows
    const b = Math.floor(row / BLOCK)
    if (b === this.blocks.length) this.blocks.push(new Float32Array(BLOCK * this.dimensions))
    const block = this.blocks[b]!
    const r = row % BLOCK
    for (let d = 0; d < this.dimensions; d++) block[d * BLOCK + r] = vector[d]!
    if (row === this.rowSlots.length) {
      const grown = new Int32Array(this.rowSlots.length * 2)
      grown.set(this.rowSlots)
      this.rowSlots = grown
    }
    this.rowSlots[row] = slot
    this.rowOfSlot.set(slot, row)
    this.rows += 1
  }

  remove(slot: number): void {
    const row = this.rowOfSlot.get(slot)
    if (row === undefined) return
    this.rowOfSlot.delete(slot)
    this.rowSlots[row] = -1
    this.dead += 1
    if (this.dead > 1000 && this.dead > this.rows / 4) this.compact()
  }

  has(slot: number): boolean {
    return this.rowOfSlot.has(slot)
  }

  /** Rewrites the blocks without dead rows. */
  compact(): void {
    const live: Array<{ slot: number; vector: Float32Array }> = []
    for (let row = 0; row < this.rows; row++) {
      const slot = this.rowSlots[row]!
      if (slot < 0) continue
      live.push({ slot, vector: this.vectorAt(row) })
    }
    this.blocks = []
    this.rows = 0
    this.dead = 0
    this.rowOfSlot.clear()
    for (const { slot, vector } of live) this.add(slot, vector)
  }

  private vectorAt(row: number): Float32Array {
    const block = this.blocks[Math.floor(row / BLOCK)]!
    const r = row % BLOCK
    const out = new Float32Array(this.dimensions)
    for (let d = 0; d < this.dimensions; d++) out[d] = block[d * BLOCK + r]!
    return out
  }

  /** The `limit` nearest rows by cosine (dot product of unit vectors), best first. */
  search(query: Float32Array, limit: number, allow?: (slot: number) => boolean): VectorHit[] {
    if (query.length !== this.dimensions) {
      throw new Error(`query has ${query.length} dimensions; this index holds ${this.dimensions}`)
    }
    const nonzero: number[] = []
    for (let d = 0; d < this.dimensions; d++) if (query[d] !== 0) nonzero.push(d)
    const top = new TopK(limit)
    const scores = this.scratch
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!
      const rowsHere = Math.min(BLOCK, this.rows - b * BLOCK)
      scores.fill(0, 0, rowsHere)
      for (const d of nonzero) {
        const q = query[d]!
        const base = d * BLOCK
        for (let r = 0; r < rowsHere; r++) scores[r]! += q * block[base + r]!
      }
      const offset = b * BLOCK
      for (let r = 0; r < rowsHere; r++) {
        const score = scores[r]!
        if (score <= top.threshold) continue
        const slot = this.rowSlots[offset + r]!
        if (slot < 0 || (allow && !allow(slot))) continue
        top.offer(slot, score)
      }
    }
    return top.sorted().map(({ id, score }) => ({ slot: id, score }))
  }
}
