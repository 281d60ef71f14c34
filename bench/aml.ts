/**
 * AML screening speed, in one run: `npm run bench:aml`.
 *
 * 1. Index build: current entities of every list in ../shared/data/sanctions (or AML_LISTS_DIR)
 *    → candidate index, wall and CPU time.
 * 2. Name matching alone: the engine per query (the subjects of test/aml/cases.json), p50/p95/p99.
 * 3. Baseline in the same run: the same queries against a linear scan of every list name
 *    (token-sorted Jaro-Winkler on whole names, no index), the method of a naive screening tool;
 *    the ratio is printed.
 * 4. Complete screenings in process (all modules, network modules off: registry and insolvency
 *    answer NOT_CONFIGURED, so the figures are the service's own work), screenings/s and
 *    p50/p95/p99, including the audit write to SQLite.
 * 5. The same over HTTP (POST /api/aml/screen/complete on 127.0.0.1, autocannon in a separate
 *    process, rate limit above the run), screenings/s and latency percentiles.
 *
 * Options (environment): BENCH_DURATION seconds of HTTP load (default 8), BENCH_CONNECTIONS
 * (default 10, the spec's concurrency limit), BENCH_BASELINE_QUERIES (default 40).
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { pino } from 'pino'
import {
  activeEntities,
  createScreener,
  createScreeningEngine,
  importPaths,
  isPerson,
  loadHighRiskTable,
  normalizeName,
  type Subject,
  screenSubject,
  subjectLabel,
  versionInfo,
} from '../src/engines/aml/index.ts'
import { jaroWinkler } from '../src/engines/aml/similarity.ts'
import { openDatabase } from '../src/kit/db.ts'
import { MemoryRateLimiter } from '../src/kit/ratelimit.ts'
import { LocalSemaphore } from '../src/kit/semaphore.ts'
import { buildApp } from '../src/services/aml/app.ts'
import { ListsHolder } from '../src/services/aml/modules/lists/holder.ts'
import { AmlStore } from '../src/services/aml/store.ts'

const run = promisify(execFile)
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js')
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const BASELINE_QUERIES = Number(process.env.BENCH_BASELINE_QUERIES ?? 40)
const root = resolve(import.meta.dirname, '..')
const listsDir = process.env.AML_LISTS_DIR ?? resolve(root, '../shared/data/sanctions')

function percentiles(ms: number[]): { p50: number; p95: number; p99: number; mean: number } {
  const s = [...ms].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length }
}

const f = (x: number, d = 2) => x.toFixed(d)
const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000

console.log(
  `AML benchmark — Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
)

// 1. Index build
let wall = performance.now()
let cpu = cpuMs()
const { versions } = importPaths([listsDir])
const parseWall = performance.now() - wall
const parseCpu = cpuMs() - cpu
wall = performance.now()
cpu = cpuMs()
const entities = activeEntities(versions)
const engine = createScreeningEngine({ entities })
const buildWall = performance.now() - wall
const buildCpu = cpuMs() - cpu
console.log('\n1. lists and index')
console.log(
  `   list files parsed          ${versions.length} files, ${versions.reduce((n, v) => n + v.entities.length, 0)} entries: ${f(parseWall / 1000, 1)} s wall, ${f(parseCpu / 1000, 1)} s CPU`,
)
console.log(
  `   current entities indexed   ${engine.stats.entities} entities, ${engine.stats.names} names, ${engine.stats.tokens} distinct tokens`,
)
console.log(`   index build (merge+index)  ${f(buildWall / 1000, 1)} s wall, ${f(buildCpu / 1000, 1)} s CPU`)

// 2. Name matching alone
const cases = (
  JSON.parse(readFileSync(resolve(root, 'test/aml/cases.json'), 'utf8')) as { cases: { subject: Subject }[] }
).cases
const subjects = cases.map((c) => c.subject)
for (const s of subjects) screenSubject(engine, s) // warm-up (JIT, token memo)
const matchTimes: number[] = []
const matchCpu = cpuMs()
for (let round = 0; round < 5; round++) {
  for (const s of subjects) {
    const t = performance.now()
    screenSubject(engine, s)
    matchTimes.push(performance.now() - t)
  }
}
const matchCpuPerQuery = (cpuMs() - matchCpu) / matchTimes.length
const match = percentiles(matchTimes)
console.log('\n2. name matching alone (engine, per query)')
console.log(
  `   ${matchTimes.length} queries: mean ${f(match.mean)} ms, p50 ${f(match.p50)} ms, p95 ${f(match.p95)} ms, p99 ${f(match.p99)} ms; CPU ${f(matchCpuPerQuery)} ms per query`,
)
// Person screenings of both case files (the hand-written and the generated name shapes): the
// first time each is seen (its words' neighbourhoods not yet kept) and again (as in a client
// book, where given names and surnames recur).
const persons = [
  ...subjects,
  ...(
    JSON.parse(readFileSync(resolve(root, 'test/aml/cases-generated.json'), 'utf8')) as {
      cases: { subject: Subject }[]
    }
  ).cases.map((c) => c.subject),
].filter(isPerson)
const unseen = persons.filter((s) => !subjects.includes(s))
let personCpu = cpuMs()
for (const s of unseen) screenSubject(engine, s)
const firstCpu = (cpuMs() - personCpu) / unseen.length
personCpu = cpuMs()
for (let round = 0; round < 5; round++) for (const s of persons) screenSubject(engine, s)
const againCpu = (cpuMs() - personCpu) / (5 * persons.length)
console.log(
  `   person screenings: CPU ${f(firstCpu, 3)} ms each the first time (${unseen.length} queries), ${f(againCpu, 3)} ms repeated (${5 * persons.length})`,
)

// 3. Baseline: linear scan of every name, token-sorted Jaro-Winkler on the whole name
const allNames: string[] = []
for (const e of entities)
  for (const n of e.names)
    if (n.kind !== 'weak')
      allNames.push(
        normalizeName(n.full)
          .tokens.map((t) => t.folded)
          .sort()
          .join(' '),
      )
const baselineTimes: number[] = []
const sample = subjects
  .filter((_, i) => i % Math.max(1, Math.floor(subjects.length / BASELINE_QUERIES)) === 0)
  .slice(0, BASELINE_QUERIES)
for (const s of sample) {
  const q = normalizeName(subjectLabel(s))
    .tokens.map((t) => t.folded)
    .sort()
    .join(' ')
  const t = performance.now()
  let best = 0
  for (const n of allNames) {
    const sim = jaroWinkler(q, n)
    if (sim > best) best = sim
  }
  baselineTimes.push(performance.now() - t)
}
const base = percentiles(baselineTimes)
console.log('\n3. baseline: linear scan of all names (no index)')
console.log(
  `   ${baselineTimes.length} queries over ${allNames.length} names: mean ${f(base.mean)} ms, p50 ${f(base.p50)} ms, p95 ${f(base.p95)} ms`,
)
console.log(
  `   ratio: the indexed engine is ${f(base.mean / match.mean, 1)}× faster per query (mean), ${f(base.p95 / match.p95, 1)}× at p95`,
)

// 4. Complete screenings in process, network modules off, with the audit write
const db = openDatabase({ dataDir: '', file: ':memory:' })
await db.migrate()
const store = new AmlStore(db)
const infos = versions.map((v, i) => versionInfo(v, i + 1))
const screener = createScreener({ engine, versions: infos, highRisk: loadHighRiskTable() })
const fullTimes: number[] = []
let fullCpu = cpuMs()
const fullStarted = performance.now()
let n = 0
for (let round = 0; round < 4; round++) {
  for (const s of subjects) {
    const t = performance.now()
    const outcome = await screener.screen(s)
    // The service's own id scheme and counter, so the HTTP run below continues the sequence.
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '')
    const id = `AML-${day}-${String(await store.next(`screening:${day}`)).padStart(6, '0')}`
    await store.saveScreening({
      screening_id: id,
      created_at: new Date().toISOString(),
      subject_type: 'last_name' in s ? 'person' : 'company',
      risk_level: outcome.overall_risk.level,
      input: s,
      list_versions: infos.map((v) => ({ id: v.id, list: v.list })),
      result: outcome,
    })
    fullTimes.push(performance.now() - t)
    n++
  }
}
const fullRate = n / ((performance.now() - fullStarted) / 1000)
fullCpu = (cpuMs() - fullCpu) / n
const full = percentiles(fullTimes)
console.log('\n4. complete screenings in process (network modules off, audit write included)')
console.log(
  `   ${n} screenings: ${f(fullRate, 0)} screenings/s on one core, p50 ${f(full.p50)} ms, p95 ${f(full.p95)} ms, p99 ${f(full.p99)} ms; CPU ${f(fullCpu)} ms per screening (${f(1000 / fullCpu, 0)} screenings/s per core)`,
)

// 5. Over HTTP
const lists = new ListsHolder()
lists.ready(engine, screener, infos, 0)
const app = await buildApp({
  logger: pino({ level: 'silent' }),
  store,
  lists,
  rateLimiter: new MemoryRateLimiter(),
  rateLimitPerMinute: 10_000_000,
  auditKeys: { adminKey: 'bench-admin-key', internalKey: 'bench-internal-key' },
  slots: new LocalSemaphore(CONNECTIONS, 5000),
  logRequests: false,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
/** Two fixed subjects: a listed person with many hits to explain, and a clean one. */
const HTTP_SUBJECTS: Subject[] = [
  { first_name: 'Bashar', last_name: 'al-Assad' },
  { first_name: 'Jan', last_name: 'Novák', birth_date: '1980-05-01' },
]
console.log(
  `\n5. over HTTP: POST /api/aml/screen/complete, ${CONNECTIONS} connections, ${DURATION} s per subject`,
)
for (const subject of HTTP_SUBJECTS) {
  const httpCpu = cpuMs()
  const { stdout } = await run(
    process.execPath,
    [
      AUTOCANNON,
      '--json',
      '-c',
      String(CONNECTIONS),
      '-d',
      String(DURATION),
      '-m',
      'POST',
      '-H',
      'content-type=application/json',
      '-b',
      JSON.stringify(subject),
      `http://127.0.0.1:${port}/api/aml/screen/complete`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  const ac = JSON.parse(stdout) as {
    requests: { average: number; total: number }
    latency: { p50: number; p97_5: number; p99: number; average: number }
    non2xx: number
    statusCodeStats?: Record<string, { count: number }>
  }
  const serverCpu = (cpuMs() - httpCpu) / Math.max(1, ac.requests.total)
  const hits = screenSubject(engine, subject).length
  console.log(
    `   ${subjectLabel(subject)} (${hits} hits): ${f(ac.requests.average, 0)} screenings/s, latency mean ${f(ac.latency.average)} ms, p50 ${ac.latency.p50} ms, p97.5 ${ac.latency.p97_5} ms, p99 ${ac.latency.p99} ms, non-2xx ${ac.non2xx}${ac.non2xx > 0 ? ` ${JSON.stringify(ac.statusCodeStats)}` : ''}; server CPU ${f(serverCpu)} ms per screening`,
  )
}
await app.close()
await db.close()
console.log(
  `\nload average at the end ${os.loadavg()[0]!.toFixed(1)} (figures on a shared machine vary with it)`,
)
