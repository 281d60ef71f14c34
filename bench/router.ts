/**
 * Router queue benchmark: `npm run bench:router [-- --jobs N]`.
 *
 * For SQLite (a file in a temporary folder) and PostgreSQL (127.0.0.1:5432, when it answers):
 * 1. throughput — N `echo` jobs enqueued by a producer (64 in flight, like concurrent POST /tasks)
 *    while 4 in-process workers run them;
 *    jobs/s from the first enqueue to the last SUCCEEDED;
 * 2. latency — POST /tasks through the router app (Fastify inject) at a steady rate, measured
 *    from the request to the job's SUCCEEDED (p50, p99);
 * 3. baseline, in the same run — the least any durable queue must write per job: one INSERT and
 *    one UPDATE of a row, back to back, no claiming, no leases. The ratio says what the queue's
 *    guarantees cost over that floor.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import pg from 'pg'
import { JobQueue } from '../src/engines/jobs/queue.ts'
import { WorkerPool } from '../src/engines/jobs/runner.ts'
import type { Job } from '../src/engines/jobs/types.ts'
import { parseEnv } from '../src/kit/config.ts'
import { type Database, openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { buildApp } from '../src/services/router/app.ts'
import type { RouterConfig } from '../src/services/router/config.ts'
import { routerService } from '../src/services/router/service.ts'
import { assembleRouter } from '../src/services/router/start.ts'
import { DEFAULT_POSTGRES } from '../test/support/backing.ts'

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '5000' }, rate: { type: 'string', default: '100' } },
})
const JOBS = Number(values.jobs)
const RATE = Number(values.rate)
const LATENCY_JOBS = Math.min(2000, Math.max(200, RATE * 2))
const PG_URL = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES

interface Result {
  storage: string
  enqueuedPerSec: number
  jobsPerSec: number
  baselinePerSec: number
  p50: number
  p99: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

async function throughput(db: Database): Promise<{ enqueuedPerSec: number; jobsPerSec: number }> {
  const queue = new JobQueue(db)
  let done = 0
  let finish: () => void = () => undefined
  const allDone = new Promise<void>((resolve) => {
    finish = resolve
  })
  queue.onFinished((job) => {
    if (job.kind === 'bench.echo' && ++done === JOBS) finish()
  })
  const pool = new WorkerPool(queue, { 'bench.echo': async (input) => input }, { concurrency: 4, pollMs: 20 })
  await pool.start()
  // As in the service: the reaper runs every 2 s (it also keeps PostgreSQL's statistics fresh).
  const reaper = setInterval(() => void queue.reap(), 2000)
  const started = performance.now()
  // The producer keeps 64 enqueues in flight, as a server does with concurrent POST /tasks.
  const inFlight = new Set<Promise<unknown>>()
  for (let i = 0; i < JOBS; i++) {
    const p: Promise<unknown> = queue
      .enqueue({ kind: 'bench.echo', input: { i } })
      .finally(() => inFlight.delete(p))
    inFlight.add(p)
    if (inFlight.size >= 64) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  const enqueuedAt = performance.now()
  await allDone
  const elapsed = performance.now() - started
  clearInterval(reaper)
  await pool.stop()
  return { enqueuedPerSec: JOBS / ((enqueuedAt - started) / 1000), jobsPerSec: JOBS / (elapsed / 1000) }
}

async function latency(db: Database, dataDir: string): Promise<{ p50: number; p99: number }> {
  const config = parseEnv(routerService.spec, {
    DATA_DIR: dataDir,
    ROUTER_WORKERS: '4',
  }) as unknown as RouterConfig & {
    NODE_ENV: 'development'
  }
  const router = assembleRouter(config, db, { logger: createLogger({ level: 'silent' }) })
  const app = await buildApp(router.deps)
  await router.start()
  await app.ready()
  const finishedAt = new Map<string, number>()
  router.deps.jobs.queue.onFinished((job: Job) => finishedAt.set(job.id, performance.now()))
  const sentAt = new Map<string, number>()
  const interval = 1000 / RATE
  const pending: Promise<void>[] = []
  const t0 = performance.now()
  for (let i = 0; i < LATENCY_JOBS; i++) {
    const due = t0 + i * interval
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait))
    const sent = performance.now()
    pending.push(
      app.inject({ method: 'POST', url: '/tasks', payload: { kind: 'echo', input: { i } } }).then((res) => {
        sentAt.set(res.json().data.job.id, sent)
      }),
    )
  }
  await Promise.all(pending)
  const deadline = Date.now() + 60_000
  while ([...sentAt.keys()].some((id) => !finishedAt.has(id)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20))
  }
  await app.close()
  await router.stop()
  const ms = [...sentAt].map(([id, sent]) => finishedAt.get(id)! - sent).sort((a, b) => a - b)
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) }
}

/** The floor: one INSERT and one UPDATE per job, sequentially, on the same storage. */
async function baseline(db: Database): Promise<number> {
  const k = db.as<Record<string, never>>()
  await sql`create table if not exists bench_floor (id text primary key, input text not null, status text not null)`.execute(
    k,
  )
  const started = performance.now()
  for (let i = 0; i < JOBS; i++) {
    const id = randomUUID()
    await sql`insert into bench_floor (id, input, status) values (${id}, ${JSON.stringify({ i })}, 'QUEUED')`.execute(
      k,
    )
    await sql`update bench_floor set status = 'SUCCEEDED' where id = ${id}`.execute(k)
  }
  return JOBS / ((performance.now() - started) / 1000)
}

async function run(
  storage: string,
  open: () => Database,
  dataDir: string,
  cleanup: () => Promise<void>,
): Promise<Result> {
  const db = open()
  try {
    await db.migrate()
    process.stderr.write(`${storage}: baseline …\n`)
    const baselinePerSec = await baseline(db)
    process.stderr.write(`${storage}: throughput with 4 workers (${JOBS} jobs) …\n`)
    const t = await throughput(db)
    process.stderr.write(`${storage}: latency at ${RATE} tasks/s (${LATENCY_JOBS} tasks) …\n`)
    const l = await latency(db, dataDir)
    return { storage, ...t, baselinePerSec, ...l }
  } finally {
    await db.close()
    await cleanup()
  }
}

async function postgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const results: Result[] = []
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-router-'))
results.push(
  await run(
    'sqlite',
    () => openDatabase({ dataDir: dir, file: 'bench.db' }),
    dir,
    async () => rmSync(dir, { recursive: true, force: true }),
  ),
)
if (await postgresUp()) {
  const schema = `bench_router_${randomBytes(4).toString('hex')}`
  const pgDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-router-pg-'))
  results.push(
    await run(
      'postgres',
      () => openDatabase({ dataDir: pgDir, databaseUrl: PG_URL, schema, poolSize: 10 }),
      pgDir,
      async () => {
        const client = new pg.Client({ connectionString: PG_URL })
        await client.connect()
        await client.query(`drop schema if exists ${schema} cascade`)
        await client.end()
        rmSync(pgDir, { recursive: true, force: true })
      },
    ),
  )
} else {
  process.stderr.write(`postgres: skipped (${PG_URL} unreachable)\n`)
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
console.log(
  `\nRouter queue, ${JOBS} echo jobs, 4 in-process workers; latency at ${RATE} tasks/s via POST /tasks\n`,
)
console.log(
  '| storage | enqueued/s | enqueued+completed jobs/s | baseline insert+update/s | ratio | latency p50 | latency p99 |',
)
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const r of results) {
  console.log(
    `| ${r.storage} | ${fmt(r.enqueuedPerSec)} | ${fmt(r.jobsPerSec)} | ${fmt(r.baselinePerSec)} | ${(r.jobsPerSec / r.baselinePerSec).toFixed(2)}× | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms |`,
  )
}
