/**
 * The typo half of the discovery search: the terms within a few edits of a query term, found
 * through a deletion neighbourhood (two strings within k edits share a string reached from each by
 * at most k deletions) of hashed deletions built once from the index's terms, and confirmed by an
 * exact, bounded edit distance. Larger budgets compare the terms of similar length.
 */

/** MiniSearch's cap on a fractional edit budget (its `maxFuzzy` default). */
export const MAX_EDITS = 6
/**
 * Deletions indexed per term (forEachDeletionHash goes up to two); a larger edit budget falls back
 * to comparing terms of similar length.
 */
const INDEXED_DELETIONS = 2

/** Term ids within `max` edits of a query term, with their distances (reused between queries). */
class Candidates {
  ids: number[] = []
  distances: number[] = []
}

export class TypoIndex {
  private readonly terms: readonly string[]
  /**
   * Hashes of the terms with up to INDEXED_DELETIONS characters deleted, ascending, and the term
   * each came from (one entry per distinct hash and term). Hashes rather than strings: about
   * 8 bytes an entry instead of a string and a map entry (tens of MB for this snapshot), and a
   * query hashes its deletions without building them. A collision only adds a candidate that the
   * exact edit distance then rejects.
   */
  private readonly deletionHashes: Float64Array
  private readonly deletionTerms: Int32Array
  /** Term ids by term length, for edit budgets beyond the indexed deletions. */
  private readonly byLength: number[][] = []
  /** tried[t] === stamp: term t was already compared in this typo lookup. */
  private tried = new Int32Array(0)
  private stamp = 0
  /** Low hash bits dropped so that hash × term count stays below 2^53. */
  private readonly hashShift: number
  private readonly candidates = new Candidates()
  private readonly row: Int32Array[] = [new Int32Array(64), new Int32Array(64)]

  /**
   * @param terms the index's terms, by term id
   * @param fuzzyMinLength the shortest query term that gets an edit budget at all
   */
  constructor(terms: readonly string[], fuzzyMinLength: number) {
    this.terms = terms
    this.tried = new Int32Array(terms.length)
    // The deletion index serves budgets of one edit (query terms of 5+ characters) and two (8 to
    // 12 characters): a term within reach has 4+ characters, and only one of 6 to 14 can be two
    // edits away.
    const deletable = (length: number) =>
      length < fuzzyMinLength - 1 ? 0 : length >= 6 && length <= 14 ? 2 : 1
    // Each entry packed as hash × span + term id, so one numeric sort orders by hash then term; the
    // hash keeps as many high bits as fit in 2^53 (all 32 below 2^21 terms).
    const span = Math.max(1, terms.length)
    const hashBits = Math.min(32, 53 - Math.ceil(Math.log2(span + 1)))
    let entryCount = 0
    for (const term of terms) {
      const d = deletable(term.length)
      if (d > 0) entryCount += 1 + term.length + (d === 2 ? (term.length * (term.length - 1)) / 2 : 0)
    }
    const packed = new Float64Array(entryCount)
    let at = 0
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!
      const d = deletable(term.length)
      if (d > 0) {
        forEachDeletionHash(term, d, (hash) => {
          packed[at++] = (hashBits === 32 ? hash : hash >>> (32 - hashBits)) * span + t
        })
      }
      const sameLength = this.byLength[term.length]
      if (sameLength) sameLength.push(t)
      else this.byLength[term.length] = [t]
    }
    packed.sort()
    let unique = 0
    for (let i = 0; i < packed.length; i++)
      if (i === 0 || packed[i] !== packed[i - 1]) packed[unique++] = packed[i]!
    this.deletionHashes = new Float64Array(unique)
    this.deletionTerms = new Int32Array(unique)
    for (let i = 0; i < unique; i++) {
      const term = packed[i]! % span
      this.deletionTerms[i] = term
      this.deletionHashes[i] = (packed[i]! - term) / span
    }
    this.hashShift = 32 - hashBits
  }

  /** Term ids within `max` edits of `term`, with their distances (the list is reused). */
  within(term: string, max: number): Candidates {
    const c = this.candidates
    c.ids.length = 0
    c.distances.length = 0
    const edits = Math.min(max, MAX_EDITS)
    const check = (t: number) => {
      const distance = this.distance(term, this.terms[t]!, edits)
      if (distance <= edits) {
        c.ids.push(t)
        c.distances.push(distance)
      }
    }
    if (edits <= INDEXED_DELETIONS) {
      // Two strings within k edits share a string reached from each by at most k deletions.
      const stamp = ++this.stamp
      const { tried, deletionHashes, deletionTerms, hashShift } = this
      forEachDeletionHash(term, edits, (full) => {
        const hash = hashShift === 0 ? full : full >>> hashShift
        let lo = 0
        let hi = deletionHashes.length
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if (deletionHashes[mid]! < hash) lo = mid + 1
          else hi = mid
        }
        for (let i = lo; i < deletionHashes.length && deletionHashes[i] === hash; i++) {
          const t = deletionTerms[i]!
          if (tried[t] === stamp) continue
          tried[t] = stamp
          check(t)
        }
      })
    } else {
      const from = Math.max(0, term.length - edits)
      const to = Math.min(this.byLength.length - 1, term.length + edits)
      for (let length = from; length <= to; length++) for (const t of this.byLength[length] ?? []) check(t)
    }
    return c
  }

  /** Edit distance of a and b, or max + 1 as soon as it must exceed max. */
  private distance(a: string, b: string, max: number): number {
    const la = a.length
    const lb = b.length
    if (Math.abs(la - lb) > max) return max + 1
    if (this.row[0]!.length <= lb) this.row.splice(0, 2, new Int32Array(lb + 1), new Int32Array(lb + 1))
    let prev = this.row[0]!
    let cur = this.row[1]!
    for (let j = 0; j <= lb; j++) prev[j] = j
    for (let i = 1; i <= la; i++) {
      cur[0] = i
      let rowMin = i
      const ca = a.charCodeAt(i - 1)
      for (let j = 1; j <= lb; j++) {
        const substitute = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1)
        const remove = prev[j]! + 1
        const insert = cur[j - 1]! + 1
        const v = Math.min(substitute, remove, insert)
        cur[j] = v
        if (v < rowMin) rowMin = v
      }
      if (rowMin > max) return max + 1
      const swap = prev
      prev = cur
      cur = swap
    }
    return prev[lb]!
  }
}

/** FNV-1a (32 bits) of the code units of `word` without those at positions i and j (−1: none). */
function deletionHash(word: string, i: number, j: number): number {
  let hash = 0x811c9dc5
  for (let p = 0; p < word.length; p++) {
    if (p === i || p === j) continue
    hash = Math.imul(hash ^ word.charCodeAt(p), 0x01000193)
  }
  return hash >>> 0
}

/**
 * Calls `visit` with the hash of `word` and of every string made by deleting up to `max` (at most
 * 2) of its characters. A string may come more than once (deleting either of two equal
 * neighbours); the index and the lookup both dedupe.
 */
function forEachDeletionHash(word: string, max: number, visit: (hash: number) => void): void {
  visit(deletionHash(word, -1, -1))
  if (max < 1) return
  for (let i = 0; i < word.length; i++) {
    visit(deletionHash(word, i, -1))
    if (max < 2) continue
    for (let j = i + 1; j < word.length; j++) visit(deletionHash(word, i, j))
  }
}
