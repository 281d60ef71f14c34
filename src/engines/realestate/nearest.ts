/**
 * Nearest points by great-circle distance over a kdbush index, without allocating per search:
 * geokdbush's `around` (the same ids, order, ties and distances) with the kd-tree's nodes and their
 * bounding boxes computed once per index, and the priority queue of points and nodes kept in typed
 * arrays reused between searches. A search overwrites the previous one's results (one search at a
 * time: the engine runs on one thread).
 */
import type KDBush from 'kdbush'

/** Degrees to radians, and the Earth's radius (km) geokdbush measures with. */
const RAD = Math.PI / 180
const EARTH_RADIUS_KM = 6371

function haverSin(theta: number): number {
  const s = Math.sin(theta / 2)
  return s * s
}

function haverSinDistPartial(haverSinDLng: number, cosLat1: number, lat1: number, lat2: number): number {
  return cosLat1 * Math.cos(lat2 * RAD) * haverSinDLng + haverSin((lat1 - lat2) * RAD)
}

function haverSinDist(lng1: number, lat1: number, lng2: number, lat2: number, cosLat1: number): number {
  return haverSinDistPartial(haverSin((lng1 - lng2) * RAD), cosLat1, lat1, lat2)
}

/** Latitude (degrees) of the great circle's point closest to a meridian haverSinDLng away. */
function vertexLat(lat: number, haverSinDLng: number): number {
  const cosDLng = 1 - 2 * haverSinDLng
  if (cosDLng <= 0) return lat > 0 ? 90 : -90
  return Math.atan(Math.tan(lat * RAD) / cosDLng) / RAD
}

export class NearestSearch {
  /** Ids of the last search's points, nearest first (the first `count` entries). */
  readonly ids: Uint32Array
  /** Their great-circle distances (km). */
  readonly km: Float64Array
  private readonly index: KDBush
  // The kd-tree's nodes in geokdbush's shape: the range of the index they cover, their children
  // (-1 for a leaf) and their bounding boxes (degrees), which depend on the tree only.
  private readonly nodeLeft: Int32Array
  private readonly nodeRight: Int32Array
  private readonly nodeChild: Int32Array
  private readonly nodeBox: Float64Array
  // The binary heap (tinyqueue's, so that equal distances leave it in the same order): haversines,
  // and a point's id or a node's number n as -1 - n.
  private readonly heapDist: Float64Array
  private readonly heapRef: Int32Array
  private heapLength = 0

  constructor(index: KDBush) {
    this.index = index
    const left: number[] = []
    const right: number[] = []
    const child: number[] = []
    const box: number[] = []
    const coords = index.coords
    const build = (l: number, r: number, axis: number, b: readonly number[]): number => {
      const n = left.length
      left.push(l)
      right.push(r)
      child.push(-1, -1)
      box.push(...b)
      if (r - l > index.nodeSize) {
        const m = (l + r) >> 1
        const midLng = coords[2 * m]!
        const midLat = coords[2 * m + 1]!
        const [minLng, minLat, maxLng, maxLat] = b as [number, number, number, number]
        const next = (axis + 1) % 2
        child[2 * n] = build(l, m - 1, next, [
          minLng,
          minLat,
          axis === 0 ? midLng : maxLng,
          axis === 1 ? midLat : maxLat,
        ])
        child[2 * n + 1] = build(m + 1, r, next, [
          axis === 0 ? midLng : minLng,
          axis === 1 ? midLat : minLat,
          maxLng,
          maxLat,
        ])
      }
      return n
    }
    build(0, index.ids.length - 1, 0, [-180, -90, 180, 90])
    this.nodeLeft = Int32Array.from(left)
    this.nodeRight = Int32Array.from(right)
    this.nodeChild = Int32Array.from(child)
    this.nodeBox = Float64Array.from(box)
    // Every point and every node enters the queue at most once per search.
    const points = index.ids.length
    this.ids = new Uint32Array(points)
    this.km = new Float64Array(points)
    this.heapDist = new Float64Array(points + left.length)
    this.heapRef = new Int32Array(points + left.length)
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
    const { ids, coords } = this.index
    // NaN for an infinite distance, which no comparison passes: no limit (as in geokdbush).
    const maxHaverSinDist = haverSin(maxKm / EARTH_RADIUS_KM)
    const cosLat = Math.cos(lat * RAD)
    this.heapLength = 0
    let count = 0
    let node = 0
    while (node >= 0) {
      const first = this.nodeChild[2 * node]!
      if (first < 0) {
        for (let i = this.nodeLeft[node]!; i <= this.nodeRight[node]!; i++) {
          const id = ids[i]!
          if (!accept || accept(id))
            this.push(haverSinDist(lng, lat, coords[2 * i]!, coords[2 * i + 1]!, cosLat), id)
        }
      } else {
        const m = (this.nodeLeft[node]! + this.nodeRight[node]!) >> 1
        const id = ids[m]!
        if (!accept || accept(id))
          this.push(haverSinDist(lng, lat, coords[2 * m]!, coords[2 * m + 1]!, cosLat), id)
        const second = this.nodeChild[2 * node + 1]!
        this.push(this.boxDist(lng, lat, cosLat, first), -1 - first)
        this.push(this.boxDist(lng, lat, cosLat, second), -1 - second)
      }
      // Points leave the queue nearest first, each no farther than any node still in it (a node's
      // distance bounds its points'), until the next node comes up.
      node = -1
      while (this.heapLength > 0) {
        const dist = this.heapDist[0]!
        const ref = this.pop()
        if (ref < 0) {
          node = -1 - ref
          break
        }
        if (dist > maxHaverSinDist) return count
        this.ids[count] = ref
        this.km[count] = 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(dist))
        if (++count === maxResults) return count
      }
    }
    return count
  }

  /** Lower bound of the haversine from the query to the points in a node's bounding box. */
  private boxDist(lng: number, lat: number, cosLat: number, node: number): number {
    const minLng = this.nodeBox[4 * node]!
    const minLat = this.nodeBox[4 * node + 1]!
    const maxLng = this.nodeBox[4 * node + 2]!
    const maxLat = this.nodeBox[4 * node + 3]!
    if (lng >= minLng && lng <= maxLng) {
      if (lat < minLat) return haverSin((lat - minLat) * RAD)
      if (lat > maxLat) return haverSin((lat - maxLat) * RAD)
      return 0
    }
    // West or east of the box: the great circle's closest approach to the nearer meridian.
    const haverSinDLng = Math.min(haverSin((lng - minLng) * RAD), haverSin((lng - maxLng) * RAD))
    const extremumLat = vertexLat(lat, haverSinDLng)
    if (extremumLat > minLat && extremumLat < maxLat)
      return haverSinDistPartial(haverSinDLng, cosLat, lat, extremumLat)
    return Math.min(
      haverSinDistPartial(haverSinDLng, cosLat, lat, minLat),
      haverSinDistPartial(haverSinDLng, cosLat, lat, maxLat),
    )
  }

  private push(dist: number, ref: number): void {
    const heapDist = this.heapDist
    const heapRef = this.heapRef
    let pos = this.heapLength++
    while (pos > 0) {
      const parent = (pos - 1) >> 1
      if (dist >= heapDist[parent]!) break
      heapDist[pos] = heapDist[parent]!
      heapRef[pos] = heapRef[parent]!
      pos = parent
    }
    heapDist[pos] = dist
    heapRef[pos] = ref
  }

  /** Removes the top of the heap and returns its ref (the caller reads its distance first). */
  private pop(): number {
    const heapDist = this.heapDist
    const heapRef = this.heapRef
    const top = heapRef[0]!
    const length = --this.heapLength
    if (length > 0) {
      const dist = heapDist[length]!
      const ref = heapRef[length]!
      const half = length >> 1
      let pos = 0
      while (pos < half) {
        let best = 2 * pos + 1
        const right = best + 1
        if (right < length && heapDist[right]! < heapDist[best]!) best = right
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
}
