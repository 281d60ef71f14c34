/**
 * AML volume screening, in one run: `npm run bench:aml-batch`.
 *
 * 1. A synthetic client book of BENCH_SUBJECTS (default 100,000) subjects: persons whose given and
 *    family names are recombined (seeded) from the subjects of test/aml/cases.json — Czech names
 *    and listed names written as clients write them, so the candidate stage has real work — half
 *    with a birth date, and one in ten a company by name.
 * 2. The batch path: the book as a CSV upload to POST /api/aml/screen/batch (parse, check every
 *    row, store the batch), then the batch runner screening it chunk by chunk with an audit record
 *    per subject, one transaction per chunk; subjects/s, CPU per subject, total time.
 * 3. Baseline in the same run: the same subjects one at a time through the single-screening path
 *    (screen, take an id, write the audit record in its own transaction), on a sample; the ratio
 *    is printed.
 * 4. Monitoring: the book enrolled (100,000 monitored subjects) while the store holds every list
 *    but the newest EU and OFAC SDN files, their first screening; then each of those files
 *    imported in turn (EU's current version moves from 2025-04-15 to 2026-06-05, OFAC's from the
 *    official CSV of 2024-05-03 to the list of 2026-06-10) and the monitoring pass re-screening
 *    every subject against the list that changed, with its alerts; baseline: the same subjects
 *    screened against all lists.
 *
 * All lists in ../shared/data/sanctions (or AML_LISTS_DIR); network modules off (ARES and ISIR
 * answer NOT_CONFIGURED: the figures are the service's own work); SQLite in a temporary folder,
 * or PostgreSQL with BENCH_DATABASE_URL. BENCH_BASELINE (default 5,000) subjects in the baseline.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import {
  createScreener,
  isPerson,
  loadHighRiskTable,
  type Subject,
  screenSubject,
} from '../src/engines/aml/index.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { MemoryRateLimiter } from '../src/kit/ratelimit.ts'
import { LocalSemaphore } from '../src/kit/semaphore.ts'
import { buildApp } from '../src/services/aml/app.ts'
import { BatchRunner } from '../src/services/aml/modules/batch/runner.ts'
import { BatchStore } from '../src/services/aml/modules/batch/store.ts'
import { ListsHolder } from '../src/services/aml/modules/lists/holder.ts'
import { importIntoStore, loadLists } from '../src/services/aml/modules/lists/load.ts'
import { Monitor } from '../src/services/aml/modules/monitor/monitor.ts'
import { MonitorStore } from '../src/services/aml/modules/monitor/store.ts'
import { AmlStore } from '../src/services/aml/store.ts'

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 100_000)
const BASELINE = Number(process.env.BENCH_BASELINE ?? 5_000)
const root = resolve(import.meta.dirname, '..')
const listsDir = process.env.AML_LISTS_DIR ?? resolve(root, '../shared/data/sanctions')
const f = (x: number, d = 2) => x.toFixed(d)
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

console.log(
  `AML batch benchmark — Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
)

/** A seeded client book (see the header): CSV text and the subjects in it. */
export function syntheticBook(n: number, seed = 20261122): { csv: string; subjects: Subject[] } {
  const cases = (
    JSON.parse(readFileSync(resolve(root, 'test/aml/cases.json'), 'utf8')) as {
      cases: { subject: Subject }[]
    }
  ).cases.map((c) => c.subject)
  const persons = cases.filter(isPerson).filter((s) => s.first_name && s.last_name) as {
    first_name: string
    last_name: string
  }[]
  const companies = cases.filter((s) => !isPerson(s) && 'company_name' in s && s.company_name) as {
    company_name: string
  }[]
  let state = seed
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state / 2 ** 32
  }
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)
  const lines = ['reference,first_name,last_name,birth_date,company_name']
  const subjects: Subject[] = []
  for (let i = 0; i < n; i++) {
    const reference = `K${String(i + 1).padStart(6, '0')}`
    if (rnd() < 0.1) {
      const c = pick(companies)
      subjects.push({ company_name: c.company_name })
      lines.push(`${reference},,,,${quote(c.company_name)}`)
      continue
    }
    const first = pick(persons).first_name
    const last = pick(persons).last_name
    const birth =
      rnd() < 0.5
        ? `${1940 + Math.floor(rnd() * 60)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`
        : ''
    subjects.push({ first_name: first, last_name: last, ...(birth ? { birth_date: birth } : {}) })
    lines.push(`${reference},${quote(first)},${quote(last)},${birth},`)
  }
  return { csv: `${lines.join('\n')}\n`, subjects }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-aml-batch-'))
const db = openDatabase({
  dataDir: dir,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  schema: 'bench_aml_batch',
})
await db.migrate()
const store = new AmlStore(db)
let wall = performance.now()
if ((await store.listVersions()).length === 0) await importIntoStore(store, [listsDir])
const loaded = await loadLists(store, {})
console.log(
  `\n1. lists: ${loaded.engine.stats.entities} entities, ${loaded.engine.stats.names} names; import + index ${f((performance.now() - wall) / 1000, 1)} s`,
)
const screener = createScreener({
  engine: loaded.engine,
  versions: loaded.versions,
  highRisk: loadHighRiskTable(),
})
const book = syntheticBook(SUBJECTS)
console.log(`   client book: ${SUBJECTS} subjects, ${f(book.csv.length / 1024 / 1024, 1)} MB of CSV`)

// 2. The batch path
const lists = new ListsHolder()
lists.ready(loaded.engine, screener, loaded.versions, 0)
const batches = new BatchStore(db)
const app = await buildApp({
  logger: createLogger({ level: 'silent' }),
  store,
  lists,
  rateLimiter: new MemoryRateLimiter(),
  rateLimitPerMinute: 10,
  slots: new LocalSemaphore(10, 5000),
  auditKeys: { adminKey: 'bench-admin', internalKey: 'bench-internal' },
  logRequests: false,
  batches,
  // The runner below is started by hand, so the upload and the screening are timed apart.
  batchRunner: { kick() {} },
  batchMaxBytes: 256 * 1024 * 1024,
})
const boundary = '----benchamlbatch'
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  Buffer.from(book.csv),
  Buffer.from(`\r\n--${boundary}--\r\n`),
])
wall = performance.now()
let cpu = cpuMs()
const res = await app.inject({
  method: 'POST',
  url: '/api/aml/screen/batch',
  payload,
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-admin-key': 'bench-admin' },
})
if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`)
const batchId = res.json().data.batch_id as string
const uploadWall = performance.now() - wall
const uploadCpu = cpuMs() - cpu
console.log('\n2. batch path')
console.log(
  `   upload (CSV parse, every row checked, batch stored): ${f(uploadWall / 1000, 2)} s wall, ${f(uploadCpu / 1000, 2)} s CPU`,
)
const runner = new BatchRunner({
  batches,
  store,
  slots: new LocalSemaphore(10, 5000),
  logger: createLogger({ level: 'silent' }),
  screening: () => ({ screener, versions: loaded.versions }),
})
// Event-loop delay while the batch runs: what a single screening arriving meanwhile waits.
const delay = monitorEventLoopDelay({ resolution: 5 })
delay.enable()
wall = performance.now()
cpu = cpuMs()
const outcome = await runner.process((await batches.claim(runner.owner, new Date(), 60_000, batchId))!)
const batchWall = performance.now() - wall
const batchCpu = cpuMs() - cpu
delay.disable()
if (outcome !== 'completed') throw new Error(`batch ${outcome}`)
const summary = await batches.summary(batchId)
console.log(
  `   screening ${SUBJECTS} subjects, audit record each, one transaction per chunk: ${f(batchWall / 1000, 1)} s wall, ${f(SUBJECTS / (batchWall / 1000), 0)} subjects/s; CPU ${f(batchCpu / SUBJECTS, 3)} ms per subject; event-loop delay p50 ${f(delay.percentile(50) / 1e6, 0)} ms, p99 ${f(delay.percentile(99) / 1e6, 0)} ms, max ${f(delay.max / 1e6, 0)} ms`,
)
console.log(
  `   levels ${JSON.stringify(summary.levels)}, ${summary.withHits} with sanctions hits; upload + screening ${f((uploadWall + batchWall) / 1000, 1)} s`,
)

// 3. Baseline: one at a time, each with its own id and its own write
const sample = book.subjects.slice(0, BASELINE)
wall = performance.now()
cpu = cpuMs()
for (const s of sample) {
  const outcome = await screener.screen(s)
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '')
  const id = `AML-${day}-${String(await store.next(`screening:${day}`)).padStart(6, '0')}`
  await store.saveScreening({
    screening_id: id,
    created_at: new Date().toISOString(),
    subject_type: isPerson(s) ? 'person' : 'company',
    risk_level: outcome.overall_risk.level,
    input: s,
    list_versions: loaded.versions.map((v) => ({ id: v.id, list: v.list })),
    result: { screening_id: id, ...outcome },
  })
}
const singleWall = performance.now() - wall
const singleCpu = cpuMs() - cpu
const singleRate = BASELINE / (singleWall / 1000)
const batchRate = SUBJECTS / (batchWall / 1000)
console.log('\n3. baseline: the single-screening path, one subject at a time (screen, id, own write)')
console.log(
  `   ${BASELINE} subjects: ${f(singleRate, 0)} subjects/s; CPU ${f(singleCpu / BASELINE, 3)} ms per subject`,
)
console.log(
  `   ratio: the batch path screens and records ${f(batchRate / singleRate, 2)}× as many subjects per second`,
)

await app.close()
await db.close()

// 4. Monitoring: the book enrolled, then a new version of the largest list
const mdb = openDatabase({
  dataDir: dir,
  file: 'monitor.db',
  databaseUrl: process.env.BENCH_DATABASE_URL,
  schema: 'bench_aml_monitor',
})
await mdb.migrate()
const mstore = new AmlStore(mdb)
const monitors = new MonitorStore(mdb)
const NEWER = [
  { label: 'EU FSF (2025-04-15 → 2026-06-05)', path: join(listsDir, 'eu', 'eu_fsf_names_2026-06-05.json') },
  { label: 'OFAC SDN (2024-05-03 → 2026-06-10)', path: join(listsDir, 'ofac', 'sdn_names_2026-06-10.json') },
]
if ((await mstore.listVersions()).length === 0) {
  // Every list but the two newest files: their lists' current versions are the older full ones.
  await importIntoStore(
    mstore,
    readdirSync(listsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(csv|json|xml)$/.test(e.name) && !/provenance/.test(e.parentPath))
      .map((e) => join(e.parentPath, e.name))
      .filter((path) => !NEWER.some((n) => n.path === path) && !path.includes('sdn_2021-07'))
      .concat([join(listsDir, 'ofac', 'sdn_2021-07')]),
  )
}
let targetLists = await loadLists(mstore, {})
const monitor = new Monitor({
  monitors,
  store: mstore,
  logger: createLogger({ level: 'silent' }),
  target: () => targetLists,
})
await monitors.enrol(
  book.subjects.map((subject, i) => ({
    reference: `K${String(i + 1).padStart(6, '0')}`,
    subject: subject as Record<string, unknown>,
    subjectType: isPerson(subject) ? 'person' : 'company',
  })),
  'admin',
  new Date(),
)
wall = performance.now()
const baseline = await monitor.pass()
console.log('\n4. monitoring')
console.log(
  `   ${baseline.baselines} subjects enrolled, first screening (baseline, all lists): ${f((performance.now() - wall) / 1000, 1)} s`,
)
for (const update of NEWER) {
  wall = performance.now()
  await importIntoStore(mstore, [update.path])
  targetLists = await loadLists(mstore, {})
  const loadWall = performance.now() - wall
  wall = performance.now()
  cpu = cpuMs()
  const pass = await monitor.pass()
  const passWall = performance.now() - wall
  const passCpu = cpuMs() - cpu
  if (pass.rescreened !== SUBJECTS) throw new Error(`re-screened ${pass.rescreened} of ${SUBJECTS}`)
  console.log(
    `   new ${update.label}: import + index ${f(loadWall / 1000, 1)} s; entries added ${pass.diff?.added}, removed ${pass.diff?.removed}, changed ${pass.diff?.changed}, unchanged ${pass.diff?.unchanged}`,
  )
  console.log(
    `     re-screening ${pass.rescreened} monitored subjects against ${pass.changedLists.join(', ')}: ${f(passWall / 1000, 1)} s wall (aim < 120 s), ${f(passCpu / pass.rescreened, 3)} ms CPU per subject; alerts: ${pass.alerts.new_hit} new, ${pass.alerts.changed_hit} changed, ${pass.alerts.removed_hit} removed hits`,
  )
}
// Baseline in the same run: re-screening a sample against every list, as a fresh screening would.
const msample = book.subjects.slice(0, 10_000)
wall = performance.now()
for (const s of msample) screenSubject(targetLists.engine, s, { limit: 100 })
const fullPer = (performance.now() - wall) / msample.length
console.log(
  `   baseline: the same subjects against all lists ${f(fullPer, 3)} ms each, ${f((fullPer * SUBJECTS) / 1000, 1)} s for ${SUBJECTS} (the name matching alone, no writes)`,
)
await mdb.close()
rmSync(dir, { recursive: true, force: true })
console.log(
  `\nload average at the end ${os.loadavg()[0]!.toFixed(1)} (figures on a shared machine vary with it)`,
)
