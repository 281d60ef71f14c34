/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): score(d) = Σ 1 / (k + rank_i(d)) over
 * the ranked lists d appears in, ranks 1-based, k = 60. It needs no score calibration between
 * BM25 and cosine, which live on unrelated scales.
 */
const RRF_K = 60

export interface Ranked {
  slot: number
  score: number
}

export interface Fused {
  slot: number
  score: number
  /** Rank (1-based) and raw score in each input list, by list name. */
  ranks: Record<string, { rank: number; score: number }>
}

/**
 * `weights` scale each list's contribution (default 1): a weaker ranker can still add recall without
 * overruling a stronger one's order.
 */
export function reciprocalRankFusion(
  lists: Record<string, readonly Ranked[]>,
  k = RRF_K,
  weights: Record<string, number> = {},
): Fused[] {
  const fused = new Map<number, Fused>()
  for (const [name, list] of Object.entries(lists)) {
    list.forEach((hit, i) => {
      let entry = fused.get(hit.slot)
      if (!entry) {
        entry = { slot: hit.slot, score: 0, ranks: {} }
        fused.set(hit.slot, entry)
      }
      entry.score += (weights[name] ?? 1) / (k + i + 1)
      entry.ranks[name] = { rank: i + 1, score: hit.score }
    })
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.slot - b.slot)
}
