/**
 * What the valuation's trees read of a flat (valuation.ts): its neighbourhood as a k-d tree over
 * the sale listings, and the features over the nearest ones — medians of the nearest 3 … 80, of
 * the most similar (distance + area + rooms), of twins in the same building — beside the flat's own
 * position, area and layout.
 */
import KDBush from 'kdbush'
import { roomsOf, type Sale } from './comparables.ts'
import { NearestSearch } from './nearest.ts'
import type { ValuationSubject } from './valuation.ts'

/** Points per leaf of the neighbours' k-d tree. */
const NEAREST_LEAF_SIZE = 32

/** Neighbours read per valuation (the widest feature looks at all of them). */
export const NEIGHBOURS = 80
/** Area elasticity used to restate a neighbour's CZK/m² at the subject's area (fitted on the listings). */
const AREA_ELASTICITY = 0.15
/** Twin: same rooms, area within 1.5 m², within 300 m — the same flat listed twice, or its building. */
const TWIN_KM = 0.3
const TWIN_AREA_M2 = 1.5

export const FEATURE_NAMES = [
  'similar8_area_adjusted',
  'most_similar',
  'most_similar_score',
  'twins',
  'twins_median',
  'latitude',
  'longitude',
  'log_area',
  'rooms',
  'kitchenette',
  'atypical',
  'nearest3',
  'nearest8',
  'nearest20',
  'distance8_km',
  'same_rooms8',
  'same_rooms_reach_km',
  'within50m',
  'within50m_median',
  'nearest50',
  'nearest80',
  'idw10',
  'similar8',
  'similar8_reach',
  'similar3',
  'log_area_vs_similar8',
] as const

/** The most similar neighbours (distance + area + rooms) whose medians are features. */
const SIMILAR = 8

/** The counts of nearest neighbours whose medians of y are features (nearest 3, 8, 20, 50, 80). */
const NEAREST_COUNTS = [3, 8, 20, 50, 80] as const

/**
 * Medians of y over the nearest 3, 8, 20, 50 and 80 neighbours (all of them when there are fewer),
 * in NEAREST_COUNTS order, from one insertion-sorted pass instead of a copy and a sort per count: the
 * same values.
 */
function nearestMedians(near: Neighbours): number[] {
  const sorted = new Float64Array(near.count)
  const middle = (n: number) => middleOfSorted(sorted, n)
  const out: number[] = []
  for (let n = 1; n <= near.count; n++) {
    const y = near.y[near.ids[n - 1]!]!
    let i = n - 1
    for (; i > 0 && sorted[i - 1]! > y; i--) sorted[i] = sorted[i - 1]!
    sorted[i] = y
    if (NEAREST_COUNTS[out.length] === n) out.push(middle(n))
  }
  while (out.length < NEAREST_COUNTS.length) out.push(middle(near.count))
  return out
}

/** rooms (0 for atypical), kitchenette flag, atypical flag; rooms guessed from area when unknown. */
export function layout(
  disposition: string | undefined,
  area: number,
): { rooms: number; kk: number; atyp: number } {
  if (disposition === 'atypické') return { rooms: 0, kk: 0, atyp: 1 }
  const rooms = disposition ? roomsOf(disposition) : null
  if (rooms !== null) return { rooms, kk: disposition!.includes('kk') ? 1 : 0, atyp: 0 }
  // No layout given: about one room per 25 m² (the listings' median), 1 to 6.
  return { rooms: Math.max(1, Math.min(6, Math.round(area / 25))), kk: 1, atyp: 0 }
}

/**
 * The nearest listings of a subject, nearest first: the n-th is sale ids[n] at km[n] (the search's
 * reused buffers, valid until the next search), its log CZK/m², log area, area and rooms (0 when
 * unknown) read from per-sale typed arrays, so a search makes no object per neighbour.
 */
export interface Neighbours {
  count: number
  ids: Uint32Array
  km: Float64Array
  y: Float64Array
  logArea: Float64Array
  area: Float64Array
  rooms: Float64Array
}

/**
 * Scratch space of featuresOf (one valuation runs at a time: the engine is synchronous), so a
 * valuation allocates no array per median and no object per scored neighbour. Grown when a caller
 * passes more neighbours than NEIGHBOURS.
 */
let scores = new Float64Array(NEIGHBOURS)
let order = new Int32Array(NEIGHBOURS)
let values = new Float64Array(NEIGHBOURS)

/** The median of values[0 … n) (sorted in place: insertion sort, n ≤ 80), NaN when n is 0. */
function medianOfFirst(n: number): number {
  for (let i = 1; i < n; i++) {
    const v = values[i]!
    let j = i
    for (; j > 0 && values[j - 1]! > v; j--) values[j] = values[j - 1]!
    values[j] = v
  }
  return middleOfSorted(values, n)
}

/** The median of sorted[0 … n), NaN when n is 0. */
function middleOfSorted(sorted: Float64Array, n: number): number {
  return n === 0 ? Number.NaN : n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2
}

/** The features of a subject given its nearest listings (nearest first, the subject not among them). */
export function featuresOf(subject: ValuationSubject, near: Neighbours): number[] {
  const la = Math.log(subject.area)
  const { rooms, kk, atyp } = layout(subject.disposition, subject.area)
  const medians = nearestMedians(near)
  const k = (n: (typeof NEAREST_COUNTS)[number]) => medians[NEAREST_COUNTS.indexOf(n)]!
  const { count, ids, km, y, logArea, area } = near
  const roomCounts = near.rooms
  if (scores.length < count) {
    scores = new Float64Array(count)
    order = new Int32Array(count)
    values = new Float64Array(count)
  }
  // The most similar 8 neighbours by score, ties in nearness order (a stable insertion into a list
  // of 8: the first 8 a stable sort by score gives), in order[0 … similar8).
  const similar8 = Math.min(SIMILAR, count)
  let kept = 0
  for (let n = 0; n < count; n++) {
    const i = ids[n]!
    const score = km[n]! + 3 * Math.abs(logArea[i]! - la) + 0.3 * Math.abs(roomCounts[i]! - rooms)
    scores[n] = score
    if (kept === SIMILAR && score >= scores[order[SIMILAR - 1]!]!) continue
    let j = kept < SIMILAR ? kept++ : SIMILAR - 1
    for (; j > 0 && scores[order[j - 1]!]! > score; j--) order[j] = order[j - 1]!
    order[j] = n
  }
  const similar3 = Math.min(3, count)
  // Medians over the most similar 8 and 3 (values is overwritten by each median).
  for (let n = 0; n < similar3; n++) values[n] = y[ids[order[n]!]!]!
  const similar3Median = medianOfFirst(similar3)
  for (let n = 0; n < similar8; n++) {
    const i = ids[order[n]!]!
    values[n] = y[i]! + AREA_ELASTICITY * (logArea[i]! - la)
  }
  const similar8Adjusted = medianOfFirst(similar8)
  for (let n = 0; n < similar8; n++) values[n] = y[ids[order[n]!]!]!
  const similar8Median = medianOfFirst(similar8)
  for (let n = 0; n < similar8; n++) values[n] = area[ids[order[n]!]!]!
  const similar8Area = medianOfFirst(similar8)
  // Same rooms and area within 25 %: the nearest 8 of them.
  let sameRooms = 0
  let sameRoomsReach = 99
  for (let n = 0; n < count && sameRooms < 8; n++) {
    const i = ids[n]!
    if (roomCounts[i] === rooms && Math.abs(area[i]! - subject.area) <= 0.25 * subject.area) {
      values[sameRooms++] = y[i]!
      sameRoomsReach = km[n]!
    }
  }
  const sameRoomsMedian = sameRooms > 0 ? medianOfFirst(sameRooms) : k(8)
  let within50 = 0
  for (let n = 0; n < count; n++) if (km[n]! < 0.05) values[within50++] = y[ids[n]!]!
  const within50Median = within50 > 0 ? medianOfFirst(within50) : k(3)
  let twins = 0
  for (let n = 0; n < count; n++) if (isTwin(near, n, subject.area, rooms)) values[twins++] = y[ids[n]!]!
  const twinsMedian = twins > 0 ? medianOfFirst(twins) : similar3Median
  let wSum = 0
  let wy = 0
  for (let n = 0; n < Math.min(10, count); n++) {
    const w = 1 / (km[n]! + 0.2)
    wSum += w
    wy += w * y[ids[n]!]!
  }
  return [
    similar8Adjusted,
    y[ids[order[0]!]!]!,
    scores[order[0]!]!,
    twins,
    twinsMedian,
    subject.lat,
    subject.lon,
    la,
    rooms,
    kk,
    atyp,
    k(3),
    k(8),
    k(20),
    km[Math.min(7, count - 1)]!,
    sameRoomsMedian,
    sameRooms > 0 ? sameRoomsReach : 99,
    within50,
    within50Median,
    k(50),
    k(80),
    wy / wSum,
    similar8Median,
    scores[order[similar8 - 1]!]!,
    similar3Median,
    la - Math.log(similar8Area),
  ]
}

/** Twin: the n-th neighbour has the same rooms, an area within 1.5 m² and lies within 300 m. */
export function isTwin(near: Neighbours, n: number, area: number, rooms: number): boolean {
  const i = near.ids[n]!
  return near.km[n]! < TWIN_KM && Math.abs(near.area[i]! - area) <= TWIN_AREA_M2 && near.rooms[i] === rooms
}

/**
 * The sales in the order of a k-d tree over their positions, with what the features read of each in
 * typed arrays in that order: a flat's nearest listings are then a few runs of neighbouring entries
 * instead of 80 scattered ones (under a server's load each scattered read is a cache miss).
 * Neighbour ids are indices into `sales` here.
 */
export class Neighbourhood {
  /** The sales in k-d tree order. */
  readonly sales: readonly Sale[]
  /** The position in `sales` of each sale of the set given, by its index there. */
  private readonly positionOf: Int32Array
  private readonly search: NearestSearch
  private readonly y: Float64Array
  private readonly logArea: Float64Array
  private readonly area: Float64Array
  private readonly rooms: Float64Array
  constructor(given: readonly Sale[]) {
    const tree = (sales: readonly Sale[]) => {
      // Leaves of 32 points: the 80-nearest search measured ~8 % faster than with kdbush's 64 (the
      // answer does not depend on the tree's shape).
      const index = new KDBush(Math.max(1, sales.length), NEAREST_LEAF_SIZE)
      for (const s of sales) index.add(s.lon, s.lat)
      index.finish()
      return index
    }
    const order = given.length > 0 ? tree(given).ids : []
    const sales = Array.from(order, (i) => given[i]!)
    this.sales = sales
    this.positionOf = new Int32Array(given.length)
    order.forEach((i, position) => {
      this.positionOf[i] = position
    })
    this.search = new NearestSearch(tree(sales))
    this.y = Float64Array.from(sales, (s) => Math.log(s.ppm2))
    this.logArea = Float64Array.from(sales, (s) => Math.log(s.area))
    this.area = Float64Array.from(sales, (s) => s.area)
    this.rooms = Float64Array.from(sales, (s) => s.rooms ?? 0)
    // The search measures its starting limits for NEIGHBOURS on first use (a few ms): now, at the
    // fit, rather than in the first valuation a caller waits for.
    if (sales.length > 0) this.search.around(sales[0]!.lon, sales[0]!.lat, NEIGHBOURS)
  }
  /** Nearest listings first, leaving out `skip` (an index into the set given) and the `exclude` codes. */
  near(lat: number, lon: number, skip = -1, exclude?: ReadonlySet<string>): Neighbours {
    const { search } = this
    const skipped = skip >= 0 ? this.positionOf[skip]! : -1
    const count = search.around(
      lon,
      lat,
      NEIGHBOURS,
      Number.POSITIVE_INFINITY,
      skipped >= 0 || exclude
        ? (i: number) => i !== skipped && !(exclude?.has(this.sales[i]!.code) ?? false)
        : undefined,
    )
    const { y, logArea, area, rooms } = this
    return { count, ids: search.ids, km: search.km, y, logArea, area, rooms }
  }
}
