/**
 * CPU per search query in process, without HTTP or the response cache:
 * `node bench/discovery-search.ts` (via npx). Runs the benchmark's query and a spread of others
 * (typos, Czech with and without diacritics, English, prefixes, long words) against the shipped
 * snapshot's index, and prints µs of CPU per query. BENCH_ITERATIONS (default 2000) rounds over
 * the query set.
 */
import { DEFAULT_ORIGIN, loadDataset } from '../src/engines/discovery/dataset.ts'
import { SHIPPED_DATASET } from '../src/services/discovery/config.ts'
import { prepareDataset, search } from '../src/services/discovery/store.ts'

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000)

export const QUERIES = [
  'kontrola insolvence',
  'nemovitosy',
  'ocenění nemovitostí valuation',
  'ocenění valuation platba screening právní',
  'pravni analyza',
  'aml screening sankce',
  'smlouva',
  'insolvenční rejstřík',
  'qr platba spayd',
  'due diligence společnosti',
  'kontrla insolvnce dluzniku',
  'property valuation report',
  'znalecky posudek',
]

const t0 = performance.now()
const dataset = prepareDataset(await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN))
if (!dataset.ok) throw new Error('the shipped dataset is invalid')
const buildMs = performance.now() - t0

const run = (queries: readonly string[], rounds: number) => {
  const before = process.cpuUsage()
  let sink = 0
  for (let i = 0; i < rounds; i++) for (const q of queries) sink += search(dataset, q, undefined, 10).total
  const cpu = process.cpuUsage(before)
  return { us: (cpu.user + cpu.system) / (rounds * queries.length), sink }
}

run(QUERIES, Math.max(1, ITERATIONS / 10))
const all = run(QUERIES, ITERATIONS)
const one = run([QUERIES[0]!], ITERATIONS * 4)
console.log(`index built in ${buildMs.toFixed(0)} ms (load + index)`)
console.log(`${QUERIES.length} queries × ${ITERATIONS}: ${all.us.toFixed(1)} µs CPU/query`)
console.log(`"${QUERIES[0]}" alone: ${one.us.toFixed(1)} µs CPU/query`)
for (const q of QUERIES) console.log(`  ${run([q], ITERATIONS).us.toFixed(1).padStart(6)} µs  ${q}`)
