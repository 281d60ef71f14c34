/**
 * Measures the valuation on held-out listings, as Zillow reports its Zestimate: median absolute
 * percentage error (MdAPE) and the share of estimates within ±5, ±10 and ±20 % of the asking
 * price, with the share of listings that got an estimate at all. The fitted model and the
 * comparables-only method (median CZK/m² of same-rooms, ±20 %-area listings within 1–5 km × area)
 * are fitted on the same training split and scored on the same held-out listings, side by side.
 *
 *   npm run eval:valuation                      # LISTINGS_FILE or the shipped demo file
 *   npm run eval:valuation -- --test-share 0.2 --seed 7
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { saleListings } from '../src/engines/realestate/comparables.ts'
import { comparablesEstimate, Valuer } from '../src/engines/realestate/valuation.ts'
import { seededRandom } from '../src/kit/random.ts'

const { values } = parseArgs({
  options: {
    listings: { type: 'string' },
    'test-share': { type: 'string', default: '0.2' },
    seed: { type: 'string', default: '42' },
  },
})
const root = resolve(import.meta.dirname, '..')
const file =
  values.listings ??
  process.env.LISTINGS_FILE ??
  resolve(root, '../shared/data/realestate/sreality_byty_prodej_20240412.csv')
const testShare = Number(values['test-share'])
const seed = Number(values.seed) >>> 0

// A seeded shuffle so every run with the same seed scores the same split.
const random = seededRandom(seed)
const sales = saleListings(file)
const order = sales.map((s) => ({ s, r: random() })).sort((a, b) => a.r - b.r)
const nTest = Math.round(sales.length * testShare)
const test = order.slice(0, nTest).map((x) => x.s)
const train = order.slice(nTest).map((x) => x.s)

console.log(`listings: ${file}`)
console.log(
  `${sales.length} sale listings: ${train.length} to fit, ${test.length} held out (seed ${values.seed})`,
)
const started = performance.now()
const valuer = Valuer.fit(train)
console.log(
  `model fitted in ${Math.round(performance.now() - started)} ms (${valuer.info.trees} trees, ${valuer.info.features} features)`,
)

function score(name: string, estimates: (number | null)[], ms: number) {
  const ape: number[] = []
  test.forEach((s, i) => {
    const e = estimates[i]
    if (e !== null && e !== undefined && Number.isFinite(e)) ape.push(Math.abs(e - s.price) / s.price)
  })
  ape.sort((a, b) => a - b)
  const share = (t: number) => `${((ape.filter((a) => a <= t).length / ape.length) * 100).toFixed(1)} %`
  const mdape = ape[Math.floor(ape.length / 2)]!
  return {
    method: name,
    MdAPE: `${(mdape * 100).toFixed(2)} %`,
    '±5 %': share(0.05),
    '±10 %': share(0.1),
    '±20 %': share(0.2),
    'with an estimate': `${((ape.length / test.length) * 100).toFixed(1)} %`,
    'µs per estimate': Math.round((ms * 1000) / test.length),
  }
}

let t0 = performance.now()
const model = test.map(
  (s) => valuer.pricePerM2({ lat: s.lat, lon: s.lon, area: s.area, disposition: s.disposition }) * s.area,
)
const modelMs = performance.now() - t0
t0 = performance.now()
const comps = test.map((s) =>
  comparablesEstimate(train, { lat: s.lat, lon: s.lon, area: s.area, disposition: s.disposition }),
)
const compsMs = performance.now() - t0
console.table([
  score('fitted model (trees + comparables)', model, modelMs),
  score('comparables only', comps, compsMs),
])
console.log('calibration (held out inside the training split), by confidence level:')
console.table(
  Object.entries(valuer.info.calibration).map(([level, c]) => ({
    level,
    listings: c.count,
    MdAPE: `${(c.mdape * 100).toFixed(1)} %`,
    '±10 %': `${(c.within10 * 100).toFixed(1)} %`,
    '±20 %': `${(c.within20 * 100).toFixed(1)} %`,
    'range (P10–P90)': `${((Math.exp(c.p10) - 1) * 100).toFixed(0)} % … +${((Math.exp(c.p90) - 1) * 100).toFixed(0)} %`,
  })),
)
