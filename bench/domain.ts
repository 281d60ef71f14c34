/**
 * /api/estimate speed against bare Fastify, in one run: `npm run bench:domain`.
 *
 * The requests are varied, as callers send them: REQUESTS flats drawn (seeded) from the listings
 * themselves — their coordinates (to 4 decimals), area (whole m²) and disposition; one in four
 * placed by an address instead ("Smíchov, Praha", from the listing's municipality and part, so the
 * gazetteer runs), one in three with the asking price to judge (the verdict). Every connection takes
 * the next flat of the list, so no two consecutive requests are the same.
 *
 * The domain server is built as in production (listings imported into a throwaway SQLite, model
 * fitted, the kit's request ids, validation, metrics, envelope and response schema) except that
 * request logging is off, as it is for the baseline. The baseline is a bare Fastify app answering
 * the same URLs with the same bodies, each request's body an object serialised by Fastify's
 * default (JSON.stringify) — the same JSON work per request, and nothing else.
 *
 * Each server runs in its own child process; on Linux the servers are pinned to CPU 1 and the load
 * generator (this process) to CPU 0, so they do not fight over one core. Each round measures bare,
 * then domain, back to back; the median pair by ratio is reported, with every pair beside it.
 * Latency percentiles (p95 included) are computed from every response, in ms with decimals.
 *
 *   BENCH_DURATION     measured seconds per server and round (default 8)
 *   BENCH_CONNECTIONS  connections (default 10)
 *   BENCH_ROUNDS       bare/domain pairs (default 3)
 *   BENCH_REQUESTS     distinct flats requested (default 2000)
 *
 * `node --cpu-prof bench/domain.ts serve domain` (with BENCH_FILE naming a scratch file) starts
 * the domain server alone, for profiling under another load generator.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import type { Sale } from '../src/engines/realestate/comparables.ts'
import { DISPOSITIONS } from '../src/engines/realestate/listings.ts'
import { type Gazetteer, loadGazetteer, municipalitiesOfLocality } from '../src/engines/realestate/regions.ts'
import { Valuer } from '../src/engines/realestate/valuation.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../src/kit/operator-keys.ts'
import { seededRandom } from '../src/kit/random.ts'
import { buildApp } from '../src/services/domain/app.ts'
import { ContactStore } from '../src/services/domain/modules/contacts/store.ts'
import { VariableSymbolStore } from '../src/services/domain/modules/payments/store.ts'
import { importListingsFile } from '../src/services/domain/modules/reality/importer.ts'
import { ListingStore } from '../src/services/domain/modules/reality/store.ts'
import { buildSnapshot } from '../src/services/domain/state.ts'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const root = resolve(import.meta.dirname, '..')
const listings =
  process.env.LISTINGS_FILE ?? resolve(root, '../shared/data/realestate/sreality_byty_prodej_20240412.csv')
const registry = process.env.REGISTRY_DATA_DIR ?? resolve(root, '../shared/data/registry')
const PATH = '/api/estimate'

/** Each server reports the CPU time it has used, so the parent can divide it by the requests served. */
const CPU_PATH = '/bench/cpu'
function cpuMicros(): { us: number } {
  const usage = process.cpuUsage()
  return { us: usage.user + usage.system }
}
async function cpuOf(url: string): Promise<number> {
  return ((await (await fetch(`${url}${CPU_PATH}`)).json()) as { us: number }).us
}

/** "Smíchov, Praha" for a listing in praha-smichov-…, "Olomouc" when no part is named. */
function addressOf(sale: Sale, gazetteer: Gazetteer): string | undefined {
  const [town] = municipalitiesOfLocality(sale.locality, gazetteer)
  if (!town) return undefined
  const rest = sale.locality.slice(town.slug.length + 1).split('-')
  for (let k = Math.min(3, rest.length); k >= 1; k--) {
    const part = town.partNames.get(rest.slice(0, k).join('-'))
    if (part && part !== town.name) return `${part}, ${town.name}`
  }
  return town.name
}

/** REQUESTS query strings for flats drawn from the listings (see the header). */
function requestsFrom(sales: readonly Sale[], gazetteer: Gazetteer): string[] {
  const next = seededRandom(20240412)
  const out: string[] = []
  const known = new Set<string>(DISPOSITIONS)
  while (out.length < REQUESTS) {
    const sale = sales[Math.floor(next() * sales.length)]!
    const area = Math.round(sale.area)
    if (area < 10 || area > 1000 || !known.has(sale.disposition)) continue
    const q = new URLSearchParams()
    const address = out.length % 4 === 3 ? addressOf(sale, gazetteer) : undefined
    if (address) q.set('address', address)
    else {
      q.set('latitude', sale.lat.toFixed(4))
      q.set('longitude', sale.lon.toFixed(4))
    }
    q.set('area_m2', String(area))
    q.set('disposition', sale.disposition)
    if (out.length % 3 === 0) q.set('property_value', String(sale.price))
    out.push(`${PATH}?${q}`)
  }
  return out
}

// ——— child: one server ———

async function serveDomain(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-domain-'))
  const db = openDatabase({ dataDir: dir })
  await db.migrate()
  const store = new ListingStore(db)
  const gazetteer = loadGazetteer(registry)
  await importListingsFile(store, listings, gazetteer)
  const snapshot = buildSnapshot(await store.all(), gazetteer)
  const valuer = Valuer.fit(snapshot.sales)
  const app = await buildApp({
    logger: createLogger({ level: 'silent' }),
    store,
    symbols: new VariableSymbolStore(db),
    contacts: new ContactStore(db),
    operatorKeys: DEV_OPERATOR_KEYS,
    snapshot,
    valuer,
    logRequests: false,
  })
  app.get(CPU_PATH, async () => cpuMicros())
  // The requests and their answers, for the parent and the bare server: every one must be a 200.
  const urls = requestsFrom(snapshot.sales, gazetteer)
  const bodies: unknown[] = []
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url })
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    bodies.push(res.json())
  }
  writeFileSync(file, JSON.stringify({ urls, bodies }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  process.stdout.write(
    `READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} ${snapshot.sales.length} sales, model fitted in ${valuer.info.fit_ms} ms\n`,
  )
  // Exit through process.exit so `--cpu-prof` can write its profile.
  process.on('SIGTERM', () =>
    app
      .close()
      .then(() => db.close())
      .then(() => {
        rmSync(dir, { recursive: true, force: true })
        process.exit(0)
      }),
  )
}

async function serveBare(file: string): Promise<void> {
  const { urls, bodies } = JSON.parse(readFileSync(file, 'utf8')) as { urls: string[]; bodies: unknown[] }
  const byUrl = new Map(urls.map((url, i) => [url, bodies[i]]))
  const app = Fastify({ logger: false })
  app.get(PATH, async (request) => byUrl.get(request.url))
  app.get(CPU_PATH, async () => cpuMicros())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  process.stdout.write(
    `READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`,
  )
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
}

// ——— parent: load and report ———

const pin = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
    return cpus().length >= 2
  } catch {
    return false
  }
})()

interface Server {
  child: ChildProcess
  url: string
  note: string
}

async function start(kind: string, file: string): Promise<Server> {
  const args = [process.execPath, process.argv[1]!, 'serve', kind]
  const env = { ...process.env, BENCH_FILE: file }
  const child = pin
    ? spawn('taskset', ['-c', '1', ...args], { env })
    : spawn(args[0]!, args.slice(1), { env })
  child.stderr!.pipe(process.stderr)
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    if (line.startsWith('READY ')) {
      const [url, ...note] = line.slice(6).split(' ')
      return { child, url: url!, note: note.join(' ') }
    }
  }
  throw new Error(`${kind} server exited before it was ready`)
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await exited
}

interface Measure {
  rps: number
  p50: number
  p95: number
  p99: number
  /** Server CPU time (user + system) per request, µs: robust to other load on the machine. */
  cpuUs: number
}

async function load(url: string, paths: readonly string[], seconds: number): Promise<Measure> {
  const times: number[] = []
  let next = 0
  const cpuBefore = await cpuOf(url)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        // One shared cursor: each request, whichever connection sends it, asks for the next flat.
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    )
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  })
  const cpuUs = (await cpuOf(url)) - cpuBefore
  if (result.non2xx > 0 || result.errors + result.timeouts > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors`)
  times.sort((a, b) => a - b)
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN
  return {
    rps: result.requests.total / seconds,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    cpuUs: cpuUs / Math.max(1, result.requests.total),
  }
}

async function parent(): Promise<void> {
  if (pin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
  console.log(
    `Domain benchmark: ${cpus().length} CPUs, Node ${process.version}; ` +
      (pin ? 'servers pinned to CPU 1, load generator to CPU 0' : 'no CPU pinning (taskset unavailable)'),
  )
  console.log(
    `load average before the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const dir = mkdtempSync(join(tmpdir(), 'bench-domain-run-'))
  const file = join(dir, 'requests.json')
  try {
    const domain = await start('domain', file)
    const bare = await start('bare', file)
    const { urls } = JSON.parse(readFileSync(file, 'utf8')) as { urls: string[] }
    console.log(`${domain.note}; ${urls.length} distinct flats, e.g.`)
    for (const url of urls.slice(0, 4)) console.log(`  GET ${url}`)
    console.log(`${CONNECTIONS} connections, ${DURATION} s per server and round, ${ROUNDS} rounds\n`)
    for (const server of [bare, domain]) await load(server.url, urls, 3)
    const pairs: { bare: Measure; domain: Measure }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      pairs.push({
        bare: await load(bare.url, urls, DURATION),
        domain: await load(domain.url, urls, DURATION),
      })
    }
    await Promise.all([stop(bare), stop(domain)])

    const ratioOf = (p: (typeof pairs)[number]) => p.domain.rps / p.bare.rps
    const median = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(pairs.length / 2)]!
    const f = (n: number, digits = 2) => n.toFixed(digits)
    const row = (name: string, m: Measure) =>
      `  ${name.padEnd(22)} ${f(m.rps, 0).padStart(7)} ${f(m.p50).padStart(7)} ${f(m.p95).padStart(7)} ${f(m.p99).padStart(7)} ${f(m.cpuUs, 0).padStart(11)}`
    console.log(`median of ${ROUNDS} bare/domain pairs`)
    console.log('  server                   req/s  p50 ms  p95 ms  p99 ms  CPU µs/req')
    console.log(row('bare Fastify', median.bare))
    console.log(row('domain /api/estimate', median.domain))
    console.log(
      `ratio domain / bare: ${f(ratioOf(median))} of bare req/s (aim >= 0.30, p95 < 10 ms); ` +
        `every pair: ${pairs.map((p) => f(ratioOf(p))).join(' ')}`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[2] === 'serve') {
  const file = process.env.BENCH_FILE ?? join(tmpdir(), 'bench-domain-requests.json')
  if (process.argv[3] === 'bare') await serveBare(file)
  else await serveDomain(file)
} else await parent()
