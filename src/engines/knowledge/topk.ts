/** Keeps the k best (highest-scoring) ids seen, in O(log k) per offer (a binary min-heap). */
export class TopK {
  private readonly k: number
  private readonly ids: Int32Array
  private readonly scores: Float64Array
  private size = 0

  constructor(k: number) {
    this.k = Math.max(1, k)
    this.ids = new Int32Array(this.k)
    this.scores = new Float64Array(this.k)
  }

  /** The score an id must beat to enter (−Infinity while not full). */
  get threshold(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : this.scores[0]!
  }

  offer(id: number, score: number): void {
    if (this.size < this.k) {
      let i = this.size++
      this.ids[i] = id
      this.scores[i] = score
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (this.scores[parent]! <= this.scores[i]!) break
        this.swap(i, parent)
        i = parent
      }
      return
    }
    if (score <= this.scores[0]!) return
    this.ids[0] = id
    this.scores[0] = score
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let smallest = i
      if (l < this.size && this.scores[l]! < this.scores[smallest]!) smallest = l
      if (r < this.size && this.scores[r]! < this.scores[smallest]!) smallest = r
      if (smallest === i) break
      this.swap(i, smallest)
      i = smallest
    }
  }

  /** Best first; ties broken by the lower id, so results are deterministic. */
  sorted(): Array<{ id: number; score: number }> {
    const out: Array<{ id: number; score: number }> = []
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i]!, score: this.scores[i]! })
    return out.sort((a, b) => b.score - a.score || a.id - b.id)
  }

  private swap(a: number, b: number): void {
    const id = this.ids[a]!
    this.ids[a] = this.ids[b]!
    this.ids[b] = id
    const s = this.scores[a]!
    this.scores[a] = this.scores[b]!
    this.scores[b] = s
  }
}
