/**
 * Nearest points by great-circle distance over a kdbush index, without allocating per search.
 *
 * The kd-tree's nodes are visited nearest first (by a lower bound of the haversine to the tight
 * bounding box of their points), and the best k points so far are kept in a max-heap: a node or
 * point that cannot beat the k-th best is not looked at further. Most points of a leaf are refused
 * by a lower bound on their haversine that needs no sine (sin y ≥ y − y³/6 for y ≥ 0), so the exact
 * distance is computed only for the few that could enter. Equal distances are ordered by id (the
 * smaller first): the answer is the first k of all points sorted by (haversine, id), whatever the
 * tree's shape. The nodes, their boxes and each point's cos(latitude) are computed once per index;
 * the heaps are typed arrays reused between searches, and a search overwrites the previous one's
 * results (one search at a time: the engine runs on one thread).
 */
import type KDBush from 'kdbush'

/** Degrees to radians, and the Earth's mean radius (km, IUGG). */
const RAD = Math.PI / 180
const EARTH_RADIUS_KM = 6371.0088
/** Points a search's starting limit allows `accept` to refuse before the search runs again without it. */
const REACH_SPARE = 8
/** The largest k a starting limit is measured for (one search per leaf, on first use of a k). */
const MAX_REACH_K = 256
/** Below 1 it keeps the sine-free bound under the computed haversine despite rounding (≈ 1e-16 relative). */
const BOUND_SLACK = 1 - 1e-9

function haverSin(theta: number): number {
  const s = Math.sin(theta / 2)
  return s * s
}

/**
 * Great-circle distance in km (haversine): the one formula of the real-estate engine, which the
 * search's distances equal bit for bit (the same operations in the same order).
 */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * haverSin((lon1 - lon2) * RAD) +
    haverSin((lat1 - lat2) * RAD)
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h))
}

/** (sin y)² bounded from below without a sine, for 0 ≤ y ≤ π: (y − y³/6)², or 0 where that is negative. */
function sinSquaredAtLeast(y: number): number {
  const s = y - (y * y * y) / 6
  return s > 0 ? s * s : 0
}

export class NearestSearch {
  /** Ids of the last search's points, nearest first (the first `count` entries). */
  readonly ids: Uint32Array
  /** Their great-circle distances (km). */
  readonly km: Float64Array
  private readonly index: KDBush
  // The kd-tree's nodes: the range of the index they cover, their children (-1 for a leaf) and the
  // tight bounding boxes of their points (degrees), which depend on the tree only.
  private readonly nodeLeft: Int32Array
  private readonly nodeRight: Int32Array
  private readonly nodeChild: Int32Array
  private readonly nodeBox: Float64Array
  /** The smallest cos(latitude) in each node's box (at one of its edges: cos is concave there). */
  private readonly nodeCosMin: Float64Array
  /** cos(latitude) of the index's points, in the index's order. */
  private readonly cosLat: Float64Array
  // Nodes still to visit: a min-heap of their boxes' haversine lower bounds.
  private readonly nodeDist: Float64Array
  private readonly nodeRef: Int32Array
  private nodeCount = 0
  // The best points so far: a max-heap by (haversine, id), the worst of them on top.
  private readonly bestDist: Float64Array
  private readonly bestId: Uint32Array
  private bestCount = 0
  /**
   * Per k searched for: for each leaf, the distance (km) from its box's centre within which lie
   * k + REACH_SPARE points (Infinity where there are fewer). Measured on first use of a k.
   */
  private readonly reachByK = new Map<number, Float64Array>()

  constructor(index: KDBush) {
    this.index = index
    const left: number[] = []
    const right: number[] = []
    const child: number[] = []
    const box: number[] = []
    const coords = index.coords
    // kdbush's tree: a node covers index positions l … r, its median point splits it in two while
    // it holds more than nodeSize points. Each node's box is the tight box of its own points.
    const build = (l: number, r: number): number => {
      const n = left.length
      left.push(l)
      right.push(r)
      child.push(-1, -1)
      let minLng = Number.POSITIVE_INFINITY
      let minLat = Number.POSITIVE_INFINITY
      let maxLng = Number.NEGATIVE_INFINITY
      let maxLat = Number.NEGATIVE_INFINITY
      for (let i = l; i <= r; i++) {
        minLng = Math.min(minLng, coords[2 * i]!)
        minLat = Math.min(minLat, coords[2 * i + 1]!)
        maxLng = Math.max(maxLng, coords[2 * i]!)
        maxLat = Math.max(maxLat, coords[2 * i + 1]!)
      }
      box.push(minLng, minLat, maxLng, maxLat)
      if (r - l > index.nodeSize) {
        const m = (l + r) >> 1
        child[2 * n] = build(l, m - 1)
        child[2 * n + 1] = build(m + 1, r)
      }
      return n
    }
    if (index.ids.length > 0) build(0, index.ids.length - 1)
    this.nodeLeft = Int32Array.from(left)
    this.nodeRight = Int32Array.from(right)
    this.nodeChild = Int32Array.from(child)
    this.nodeBox = Float64Array.from(box)
    this.nodeCosMin = Float64Array.from(left, (_, n) =>
      Math.max(0, Math.min(Math.cos(box[4 * n + 1]! * RAD), Math.cos(box[4 * n + 3]! * RAD))),
    )
    const points = index.ids.length
    this.cosLat = new Float64Array(points)
    for (let i = 0; i < points; i++) this.cosLat[i] = Math.cos(coords[2 * i + 1]! * RAD)
    this.ids = new Uint32Array(points)
    this.km = new Float64Array(points)
    this.bestDist = new Float64Array(points)
    this.bestId = new Uint32Array(points)
    // Every node enters the queue at most once per search.
    this.nodeDist = new Float64Array(left.length)
    this.nodeRef = new Int32Array(left.length)
  }

  /**
   * Searches the points nearest to (lng, lat), at most `maxResults` of them and none farther than
   * `maxKm`, leaving out those `accept` refuses; returns how many were found (in `ids` and `km`).
   */
  around(
    lng: number,
    lat: number,
    maxResults = Number.POSITIVE_INFINITY,
    maxKm = Number.POSITIVE_INFINITY,
    accept?: (id: number) => boolean,
  ): number {
    const { ids } = this.index
    const k = Math.min(maxResults, ids.length)
    if (!(k >= 1) || !(maxKm >= 0)) return 0
    // Beyond half the circumference every point is within reach.
    const maxDist =
      maxKm < Math.PI * EARTH_RADIUS_KM ? haverSin(maxKm / EARTH_RADIUS_KM) : Number.POSITIVE_INFINITY
    // The k-th nearest is no farther than the query's leaf's centre plus that centre's reach
    // (triangle inequality): a limit from the start, so far points never enter. Should `accept`
    // refuse more than REACH_SPARE of the points within it, the search runs again without it.
    if (k < ids.length && k <= MAX_REACH_K) {
      const reach = this.reachOf(k)
      const leaf = this.leafOf(lng, lat)
      const box = this.nodeBox
      const reachKm =
        haversineKm(
          lat,
          lng,
          (box[4 * leaf + 1]! + box[4 * leaf + 3]!) / 2,
          (box[4 * leaf]! + box[4 * leaf + 2]!) / 2,
        ) + reach[leaf]!
      if (reachKm < Math.PI * EARTH_RADIUS_KM) {
        const bound = haverSin(reachKm / EARTH_RADIUS_KM) * (2 - BOUND_SLACK)
        if (bound < maxDist) {
          const count = this.search(lng, lat, k, bound, accept)
          if (count === k) return count
        }
      }
    }
    return this.search(lng, lat, k, maxDist, accept)
  }

  /** The search itself: at most k points within the haversine maxDist, nearest first. */
  private search(
    lng: number,
    lat: number,
    k: number,
    maxDist: number,
    accept?: (id: number) => boolean,
  ): number {
    const { ids, coords } = this.index
    const cosLat = Math.cos(lat * RAD)
    const pointCos = this.cosLat
    const bestDist = this.bestDist
    const bestId = this.bestId
    this.bestCount = 0
    this.nodeCount = 0
    this.pushNode(0, 0)
    // The farthest a point may be to enter: the k-th best's distance once there are k.
    let limit = maxDist
    while (this.nodeCount > 0 && this.nodeDist[0]! <= limit) {
      const node = this.popNode()
      const first = this.nodeChild[2 * node]!
      const leaf = first < 0
      // A leaf's points, or an inner node's own point (the median) and then its two children.
      const from = leaf ? this.nodeLeft[node]! : (this.nodeLeft[node]! + this.nodeRight[node]!) >> 1
      const to = leaf ? this.nodeRight[node]! : from
      for (let i = from; i <= to; i++) {
        const pointLng = coords[2 * i]!
        const pointLat = coords[2 * i + 1]!
        const halfDLng = Math.abs(lng - pointLng) * (RAD / 2)
        const halfDLat = Math.abs(lat - pointLat) * (RAD / 2)
        const bound = cosLat * pointCos[i]! * sinSquaredAtLeast(halfDLng) + sinSquaredAtLeast(halfDLat)
        if (bound * BOUND_SLACK > limit) continue
        const dist =
          cosLat * pointCos[i]! * haverSin((lng - pointLng) * RAD) + haverSin((lat - pointLat) * RAD)
        if (dist > limit) continue
        const id = ids[i]!
        const full = this.bestCount === k
        if (full && dist === limit && id > bestId[0]!) continue
        if (accept && !accept(id)) continue
        if (full) this.replaceWorst(dist, id)
        else this.pushBest(dist, id)
        if (this.bestCount === k) limit = bestDist[0]!
      }
      if (!leaf) {
        const second = this.nodeChild[2 * node + 1]!
        const firstDist = this.boxDist(lng, lat, cosLat, first)
        if (firstDist <= limit) this.pushNode(firstDist, first)
        const secondDist = this.boxDist(lng, lat, cosLat, second)
        if (secondDist <= limit) this.pushNode(secondDist, second)
      }
    }
    // The heap's worst first, into the results from the back.
    const count = this.bestCount
    for (let n = count - 1; n >= 0; n--) {
      this.ids[n] = bestId[0]!
      this.km[n] = 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(bestDist[0]!))
      this.popWorst()
    }
    return count
  }

  /** The leaf whose points the query falls among, by kdbush's splits (longitude first). */
  private leafOf(lng: number, lat: number): number {
    const coords = this.index.coords
    let node = 0
    for (let axis = 0; this.nodeChild[2 * node]! >= 0; axis ^= 1) {
      const m = (this.nodeLeft[node]! + this.nodeRight[node]!) >> 1
      node = this.nodeChild[2 * node + ((axis === 0 ? lng : lat) < coords[2 * m + axis]! ? 0 : 1)]!
    }
    return node
  }

  private reachOf(k: number): Float64Array {
    let reach = this.reachByK.get(k)
    if (reach) return reach
    reach = new Float64Array(this.nodeLeft.length).fill(Number.POSITIVE_INFINITY)
    const box = this.nodeBox
    const want = k + REACH_SPARE
    for (let node = 0; node < this.nodeLeft.length; node++) {
      if (this.nodeChild[2 * node]! >= 0) continue
      const lng = (box[4 * node]! + box[4 * node + 2]!) / 2
      const lat = (box[4 * node + 1]! + box[4 * node + 3]!) / 2
      const count = this.search(lng, lat, want, Number.POSITIVE_INFINITY)
      if (count === want) reach[node] = this.km[want - 1]!
    }
    this.reachByK.set(k, reach)
    return reach
  }

  /**
   * Lower bound of the haversine from the query to the points in a node's bounding box, term by
   * term: no point of the box is nearer in longitude than the box's edge (the shorter way round),
   * nor nearer in latitude, nor has a larger cos(latitude) than the box's smallest.
   */
  private boxDist(lng: number, lat: number, cosLat: number, node: number): number {
    const box = this.nodeBox
    const minLng = box[4 * node]!
    const minLat = box[4 * node + 1]!
    const maxLng = box[4 * node + 2]!
    const maxLat = box[4 * node + 3]!
    let dLng = 0
    if (lng < minLng) dLng = Math.min(minLng - lng, lng + 360 - maxLng)
    else if (lng > maxLng) dLng = Math.min(lng - maxLng, minLng + 360 - lng)
    const dLat = lat < minLat ? minLat - lat : lat > maxLat ? lat - maxLat : 0
    return (
      (cosLat * this.nodeCosMin[node]! * sinSquaredAtLeast(dLng * (RAD / 2)) +
        sinSquaredAtLeast(dLat * (RAD / 2))) *
      BOUND_SLACK
    )
  }

  private pushNode(dist: number, node: number): void {
    const heapDist = this.nodeDist
    const heapRef = this.nodeRef
    let pos = this.nodeCount++
    while (pos > 0) {
      const parent = (pos - 1) >> 1
      if (dist >= heapDist[parent]!) break
      heapDist[pos] = heapDist[parent]!
      heapRef[pos] = heapRef[parent]!
      pos = parent
    }
    heapDist[pos] = dist
    heapRef[pos] = node
  }

  /** Removes the nearest node from the queue and returns it. */
  private popNode(): number {
    const heapDist = this.nodeDist
    const heapRef = this.nodeRef
    const top = heapRef[0]!
    const length = --this.nodeCount
    if (length > 0) {
      const dist = heapDist[length]!
      const ref = heapRef[length]!
      let pos = 0
      for (;;) {
        let best = 2 * pos + 1
        if (best >= length) break
        if (best + 1 < length && heapDist[best + 1]! < heapDist[best]!) best++
        if (heapDist[best]! >= dist) break
        heapDist[pos] = heapDist[best]!
        heapRef[pos] = heapRef[best]!
        pos = best
      }
      heapDist[pos] = dist
      heapRef[pos] = ref
    }
    return top
  }

  /** (dist, id) ranks after (otherDist, otherId): farther, or as far with a larger id. */
  private static worse(dist: number, id: number, otherDist: number, otherId: number): boolean {
    return dist > otherDist || (dist === otherDist && id > otherId)
  }

  private pushBest(dist: number, id: number): void {
    const heapDist = this.bestDist
    const heapId = this.bestId
    let pos = this.bestCount++
    while (pos > 0) {
      const parent = (pos - 1) >> 1
      if (!NearestSearch.worse(dist, id, heapDist[parent]!, heapId[parent]!)) break
      heapDist[pos] = heapDist[parent]!
      heapId[pos] = heapId[parent]!
      pos = parent
    }
    heapDist[pos] = dist
    heapId[pos] = id
  }

  /** Puts (dist, id) in the worst one's place and sifts it down. */
  private replaceWorst(dist: number, id: number): void {
    this.siftDown(dist, id, this.bestCount)
  }

  private popWorst(): void {
    const length = --this.bestCount
    if (length > 0) this.siftDown(this.bestDist[length]!, this.bestId[length]!, length)
  }

  private siftDown(dist: number, id: number, length: number): void {
    const heapDist = this.bestDist
    const heapId = this.bestId
    let pos = 0
    for (;;) {
      let child = 2 * pos + 1
      if (child >= length) break
      if (
        child + 1 < length &&
        NearestSearch.worse(heapDist[child + 1]!, heapId[child + 1]!, heapDist[child]!, heapId[child]!)
      )
        child++
      if (!NearestSearch.worse(heapDist[child]!, heapId[child]!, dist, id)) break
      heapDist[pos] = heapDist[child]!
      heapId[pos] = heapId[child]!
      pos = child
    }
    heapDist[pos] = dist
    heapId[pos] = id
  }
}
