/**
 * Gradient-boosted regression trees (Friedman 2001) with histogram splits, as LightGBM and
 * scikit-learn's HistGradientBoosting do: each feature is cut into at most 255 quantile bins once,
 * so finding a split is one pass over the rows of a node plus one over the bins. Huber loss keeps
 * the fit from chasing mistyped asking prices. Deterministic: row subsampling uses a seeded PRNG.
 *
 * Why here and not a package: the npm ML packages offer random forests and CART (ml-random-forest,
 * ml-cart) but no maintained boosting; boosting measured better on the listings (docs/valuation.md).
 */
import { seededRandom } from '../../kit/random.ts'

export interface GbdtOptions {
  /** Boosting rounds. */
  trees: number
  /** Largest tree depth (a depth-6 tree has up to 64 leaves). */
  depth: number
  learningRate: number
  /** Fewest rows in a leaf. */
  minLeaf: number
  /** Bins per feature, 2–255. */
  bins: number
  /** Share of rows each tree is fitted on (stochastic gradient boosting). */
  subsample: number
  /** Residuals beyond ±delta count linearly (Huber); in target units. */
  huberDelta: number
  seed: number
}

export const DEFAULT_GBDT: GbdtOptions = {
  trees: 150,
  depth: 6,
  learningRate: 0.1,
  minLeaf: 20,
  bins: 64,
  subsample: 0.8,
  huberDelta: 0.15,
  seed: 1,
}

/** A node: internal nodes split on feature `f` at bin `bin` (≤ goes left); leaves hold `value`. */
interface Node {
  f: number
  bin: number
  left: number
  right: number
  value: number
}

export interface GbdtModel {
  base: number
  learningRate: number
  /** Upper bin edges per feature: value < edges[k] falls in bin k. */
  edges: number[][]
  /** Every tree's nodes, root first. */
  trees: Node[][]
}

function binOf(edges: number[], v: number): number {
  let lo = 0
  let hi = edges.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (v < edges[mid]!) hi = mid
    else lo = mid + 1
  }
  return lo
}

function medianOf(values: ArrayLike<number>): number {
  const s = Array.from(values).sort((a, b) => a - b)
  const n = s.length
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2
}

export function fitGbdt(
  X: readonly ArrayLike<number>[],
  y: readonly number[],
  options: Partial<GbdtOptions> = {},
): GbdtModel {
  const o = { ...DEFAULT_GBDT, ...options }
  const n = X.length
  if (n === 0 || n !== y.length) throw new RangeError('fitGbdt needs as many targets as rows, at least one')
  const F = X[0]!.length
  const bins = Math.max(2, Math.min(255, o.bins))
  // Quantile bin edges per feature, duplicates dropped.
  const edges: number[][] = []
  for (let f = 0; f < F; f++) {
    const sorted = X.map((x) => x[f]!).sort((a, b) => a - b)
    const e: number[] = []
    for (let b = 1; b < bins; b++) {
      const v = sorted[Math.floor((b * n) / bins)]!
      if (e.length === 0 || v > e[e.length - 1]!) e.push(v)
    }
    edges.push(e)
  }
  // Column-major bin codes: one pass over a feature's bins is one contiguous read.
  const codes: Uint8Array[] = []
  for (let f = 0; f < F; f++) {
    const col = new Uint8Array(n)
    for (let i = 0; i < n; i++) col[i] = binOf(edges[f]!, X[i]![f]!)
    codes.push(col)
  }
  const base = medianOf(y)
  const pred = new Float64Array(n).fill(base)
  const grad = new Float64Array(n)
  const random = seededRandom(o.seed)
  const trees: Node[][] = []
  const sums = new Float64Array(256)
  const counts = new Float64Array(256)

  for (let t = 0; t < o.trees; t++) {
    for (let i = 0; i < n; i++) {
      const r = y[i]! - pred[i]!
      // Huber: the gradient of the residual, clipped at ±delta.
      grad[i] = Math.min(o.huberDelta, Math.max(-o.huberDelta, r))
    }
    const rows: number[] = []
    for (let i = 0; i < n; i++) if (random() < o.subsample) rows.push(i)
    const nodes: Node[] = []
    const build = (ids: number[], depth: number): number => {
      let sum = 0
      for (const i of ids) sum += grad[i]!
      const index = nodes.length
      nodes.push({ f: -1, bin: 0, left: -1, right: -1, value: sum / ids.length })
      if (depth >= o.depth || ids.length < 2 * o.minLeaf) return index
      const parent = (sum * sum) / ids.length
      let bestGain = 1e-12
      let bestF = -1
      let bestBin = -1
      for (let f = 0; f < F; f++) {
        const nb = edges[f]!.length + 1
        const col = codes[f]!
        sums.fill(0, 0, nb)
        counts.fill(0, 0, nb)
        for (const i of ids) {
          const b = col[i]!
          sums[b]! += grad[i]!
          counts[b]!++
        }
        let ls = 0
        let lc = 0
        for (let b = 0; b < nb - 1; b++) {
          ls += sums[b]!
          lc += counts[b]!
          const rc = ids.length - lc
          if (lc < o.minLeaf) continue
          if (rc < o.minLeaf) break
          const rs = sum - ls
          const gain = (ls * ls) / lc + (rs * rs) / rc - parent
          if (gain > bestGain) {
            bestGain = gain
            bestF = f
            bestBin = b
          }
        }
      }
      if (bestF < 0) return index
      const col = codes[bestF]!
      const left: number[] = []
      const right: number[] = []
      for (const i of ids) (col[i]! <= bestBin ? left : right).push(i)
      const node = nodes[index]!
      node.f = bestF
      node.bin = bestBin
      node.left = build(left, depth + 1)
      node.right = build(right, depth + 1)
      return index
    }
    build(rows, 0)
    trees.push(nodes)
    for (let i = 0; i < n; i++) {
      let k = 0
      let node = nodes[0]!
      while (node.f >= 0) {
        k = codes[node.f]![i]! <= node.bin ? node.left : node.right
        node = nodes[k]!
      }
      pred[i]! += o.learningRate * node.value
    }
  }
  return { base, learningRate: o.learningRate, edges, trees }
}

/**
 * The trees padded to complete binary trees of the model's depth and laid out level by level (node
 * k's children are 2k + 1 and 2k + 2), so a prediction takes exactly `depth` steps per tree with no
 * test for a leaf and no branch on the data: each step adds the comparison's outcome to the index. A
 * leaf above the deepest level becomes a split no code passes (bin 255: codes are at most 255) over
 * two copies of itself. Per tree: the split features and bins of the 2^depth − 1 inner nodes (a
 * byte each) and the 2^depth leaf values; 300 depth-6 trees take 190 KB. The same leaves are summed
 * in the same order: predictions are bit-for-bit those of the trees themselves.
 */
interface PackedTrees {
  depth: number
  features: Uint8Array
  bins: Uint8Array
  leaves: Float64Array
}

const packed = new WeakMap<GbdtModel, PackedTrees>()

/** A split no feature's code passes: every row goes left. */
const NEVER = 255

function pack(model: GbdtModel): PackedTrees {
  const depthOf = (nodes: Node[], k: number): number => {
    const node = nodes[k]!
    return node.f < 0 ? 0 : 1 + Math.max(depthOf(nodes, node.left), depthOf(nodes, node.right))
  }
  const depth = Math.max(0, ...model.trees.map((nodes) => depthOf(nodes, 0)))
  if (depth > 12) throw new RangeError(`predictGbdt: trees deeper than 12 levels (${depth})`)
  const inner = (1 << depth) - 1
  const leafCount = 1 << depth
  const out: PackedTrees = {
    depth,
    features: new Uint8Array(model.trees.length * inner),
    bins: new Uint8Array(model.trees.length * inner),
    leaves: new Float64Array(model.trees.length * leafCount),
  }
  model.trees.forEach((nodes, t) => {
    // Node `from` of the tree goes to level position `to` at level `level`.
    const place = (from: number, to: number, level: number): void => {
      const node = nodes[from]!
      if (level === depth) {
        out.leaves[t * leafCount + to - inner] = node.value
        return
      }
      if (node.f > 255 || node.bin >= NEVER) throw new RangeError('predictGbdt: a split outside 8 bits')
      const leaf = node.f < 0
      out.features[t * inner + to] = leaf ? 0 : node.f
      out.bins[t * inner + to] = leaf ? NEVER : node.bin
      place(leaf ? from : node.left, 2 * to + 1, level + 1)
      place(leaf ? from : node.right, 2 * to + 2, level + 1)
    }
    place(0, 0, 0)
  })
  packed.set(model, out)
  return out
}

let codeScratch = new Uint8Array(32)

export function predictGbdt(model: GbdtModel, x: ArrayLike<number>): number {
  const { depth, features, bins, leaves } = packed.get(model) ?? pack(model)
  // The features' bins in a reused buffer (predictions are synchronous): no allocation per call.
  if (codeScratch.length < model.edges.length) codeScratch = new Uint8Array(model.edges.length)
  const codes = codeScratch
  for (let f = 0; f < model.edges.length; f++) codes[f] = binOf(model.edges[f]!, x[f]!)
  // Shifts, not 2 ** depth: the indices stay small integers (a double index is slower).
  const inner = (1 << depth) - 1
  const trees = model.trees.length
  const rate = model.learningRate
  let p = model.base
  if (depth === DEFAULT_GBDT.depth) {
    // The default depth unrolled: about a third faster than the loop below.
    for (let t = 0, at = 0; t < trees; t++, at += inner) {
      let k = codes[features[at]!]! > bins[at]! ? 2 : 1
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
      p += rate * leaves[at + t + k - inner]!
    }
    return p
  }
  for (let t = 0, at = 0; t < trees; t++, at += inner) {
    let k = 0
    for (let level = 0; level < depth; level++)
      k = 2 * k + (codes[features[at + k]!]! > bins[at + k]! ? 2 : 1)
    p += rate * leaves[at + t + k - inner]!
  }
  return p
}
