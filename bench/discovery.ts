/**
 * Discovery routes against a bare Fastify hello-world, in one run: `npm run bench:discovery`.
 *
 * Both servers run in this process, one at a time; autocannon runs as a separate process (so the
 * load generator does not share the servers' event loop, though it shares the two cores). The
 * discovery app is built as in production (shipped snapshot, Ajv validation, response schemas, the
 * per-IP rate limiter on, with a limit above what the run reaches) except that request logging is
 * off, as it is for the baseline.
 *
 * Options (environment): BENCH_DURATION seconds per measurement (default 4), BENCH_ROUNDS pairs per
 * target (default 3), BENCH_CONNECTIONS (default 20).
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import os from 'node:os'
import { promisify } from 'node:util'
import Fastify from 'fastify'
import { pino } from 'pino'
import { DEFAULT_ORIGIN, loadDataset } from '../src/engines/discovery/dataset.ts'
import { MemoryRateLimiter } from '../src/kit/ratelimit.ts'
import { createServer } from '../src/kit/server.ts'
import { buildApp } from '../src/services/discovery/app.ts'
import { SHIPPED_DATASET } from '../src/services/discovery/config.ts'
import { prepareDataset } from '../src/services/discovery/store.ts'

const run = promisify(execFile)
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js')
const DURATION = Number(process.env.BENCH_DURATION ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)

/** A query a user would type: two Czech words, one of them without its diacritics. */
const QUERY = '/v1/search?q=kontrola%20insolvence'
const RECORD = '/v1/content/sluzba-oceneni-nemovitosti'

interface Figures {
  rps: number
  p50: number
  p99: number
  non2xx: number
  /** Server CPU time (user + system, this process) per request served, in µs. */
  cpuUs: number
}

/**
 * Where taskset exists, the servers (this process) keep CPU 1 and autocannon gets CPU 0, so the
 * load generator does not steal the servers' core; otherwise both float.
 */
let pinned = false
async function pin(): Promise<void> {
  try {
    await run('taskset', ['-a', '-cp', '1', String(process.pid)])
    pinned = true
  } catch {
    pinned = false
  }
}

function autocannon(args: string[]) {
  return pinned
    ? run('taskset', ['-c', '0', process.execPath, AUTOCANNON, ...args], { maxBuffer: 16 * 1024 * 1024 })
    : run(process.execPath, [AUTOCANNON, ...args], { maxBuffer: 16 * 1024 * 1024 })
}

async function load(url: string): Promise<Figures> {
  const before = process.cpuUsage()
  const { stdout } = await autocannon(['--json', '-c', String(CONNECTIONS), '-d', String(DURATION), url])
  const cpu = process.cpuUsage(before)
  const r = JSON.parse(stdout)
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    cpuUs: (cpu.user + cpu.system) / Math.max(1, r.requests.total),
  }
}

async function warm(url: string): Promise<void> {
  await autocannon(['-c', String(CONNECTIONS), '-d', '2', url])
}

/**
 * Each target is measured in ROUNDS pairs, the baseline immediately before the target, and the
 * ratio is taken per pair; the median pair is reported. On a shared machine whose load swings
 * within seconds, only a baseline measured next to its target gives a ratio that means anything.
 *
 * Two ratios are printed. "req/s vs baseline" is what autocannon saw, at the mercy of whatever else
 * runs on the machine. "CPU vs baseline" is baseline CPU per request ÷ target CPU per request,
 * counted for this process only (the servers; autocannon runs in its own process), so other load
 * barely moves it: it is the throughput ratio the two would reach on cores of their own.
 */
async function main(): Promise<void> {
  await pin()
  const baseline = Fastify({ logger: false })
  baseline.get('/', async () => ({ hello: 'world' }))
  const baseUrl = `${await baseline.listen({ port: 0, host: '127.0.0.1' })}/`

  const dataset = prepareDataset(await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN))
  if (!dataset.ok) throw new Error('the shipped dataset is invalid; run `gatehouse dataset check`')
  const start = async (searchCacheEntries?: number) => {
    const limiter = new MemoryRateLimiter()
    const app = await buildApp({
      logger: pino({ level: 'warn' }),
      dataset,
      origin: DEFAULT_ORIGIN,
      rateLimitPerMinute: 10_000_000,
      rateLimiter: limiter,
      securityContact: 'mailto:security@gatehouse.cz',
      logRequests: false,
      ...(searchCacheEntries === undefined ? {} : { searchCacheEntries }),
    })
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const stop = async () => {
      await app.close()
      await limiter.close()
    }
    return { url, stop }
  }
  // The platform's server factory with a hello-world route and the same logger: the floor every
  // service starts from (request ids, hooks, error handling, a child logger per request).
  const floor = createServer({
    name: 'floor',
    envelope: 'discovery',
    logger: pino({ level: 'warn' }),
    logRequests: false,
  })
  floor.get('/', async () => ({ hello: 'world' }))
  const floorUrl = `${await floor.listen({ port: 0, host: '127.0.0.1' })}/`

  const cached = await start()
  const uncached = await start(0)
  const targets: Array<[string, string]> = [
    ['kit floor: createServer + hello-world', floorUrl],
    ['GET /healthz', `${cached.url}/healthz`],
    [`GET ${QUERY}`, `${cached.url}${QUERY}`],
    [`GET ${RECORD}`, `${cached.url}${RECORD}`],
    [`GET ${QUERY} (search cache off)`, `${uncached.url}${QUERY}`],
  ]

  await warm(baseUrl)
  const rows: Array<{ name: string; base: Figures; f: Figures; ratio: number; cpuRatio: number }> = []
  for (const [name, url] of targets) {
    await warm(url)
    const pairs: Array<{ base: Figures; f: Figures; ratio: number; cpuRatio: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const base = await load(baseUrl)
      const f = await load(url)
      pairs.push({ base, f, ratio: f.rps / base.rps, cpuRatio: base.cpuUs / f.cpuUs })
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    pairs.sort((a, b) => a.ratio - b.ratio)
    rows.push({
      name,
      ...pairs[Math.floor(pairs.length / 2)]!,
      cpuRatio: median(pairs.map((p) => p.cpuRatio)),
    })
  }
  await cached.stop()
  await uncached.stop()
  await floor.close()
  await baseline.close()

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  console.log(
    `\nDiscovery benchmark — ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  )
  console.log(
    `autocannon -c ${CONNECTIONS} -d ${DURATION} (separate process${pinned ? ' on CPU 0, servers on CPU 1' : ', same machine'}); median of ${ROUNDS} baseline/target pairs\n`,
  )
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'baseline req/s',
    'req/s vs baseline',
    'CPU µs/req',
    'baseline µs/req',
    'CPU vs baseline',
    'non-2xx',
  ]
  const table = rows.map(({ name, base, f, ratio, cpuRatio }) => [
    name,
    Math.round(f.rps).toLocaleString('en'),
    String(f.p50),
    String(f.p99),
    Math.round(base.rps).toLocaleString('en'),
    `${Math.round(ratio * 100)}%`,
    f.cpuUs.toFixed(0),
    base.cpuUs.toFixed(0),
    `${Math.round(cpuRatio * 100)}%`,
    String(f.non2xx),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(line(header))
  for (const r of table) console.log(line(r))
}

await main()
