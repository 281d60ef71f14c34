/**
 * `npm run bench:gateway`: an authenticated agent call through the gateway (key lookup, both
 * sliding windows, usage logging, metrics — everything on) against the same trivial handler in a
 * bare Fastify app, in one run. Prints req/s and latency percentiles for both, the throughput ratio,
 * and the latency the gateway adds at a fixed 1,000 req/s.
 *
 * Each server runs in its own child process; on Linux the server is pinned to CPU 1 and the load
 * generator to CPU 0 (taskset), so the two do not fight over one core. Latencies are measured per
 * response from autocannon's tracker (sub-millisecond; its own histogram rounds to whole ms).
 *
 *   BENCH_SECONDS      measured seconds per phase (default 10)
 *   BENCH_CONNECTIONS  connections in the throughput phase (default 50)
 *   BENCH_RATE         requests per second in the fixed-rate phase (default 1000)
 *   BENCH_ROUNDS       bare/gateway pairs; the median pair is reported (default 5)
 *   BENCH_BACKEND      `embedded` (SQLite + in-process limiter, the default configuration) or
 *                      `scale-out` (PostgreSQL + Redis, as several instances would share them:
 *                      BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, and
 *                      BENCH_REDIS_URL, default redis://127.0.0.1:6379)
 *   BENCH_PROFILE      a folder: each server runs with `--cpu-prof` and writes its CPU profile
 *                      there when it stops (every phase and round; the figures are then those of
 *                      profiled servers, slower than unprofiled ones)
 *
 * `node bench/gateway.ts keys` runs only the key-check comparison; `node bench/gateway.ts tracing`
 * (`npm run bench:gateway -- tracing`) compares the gateway with OpenTelemetry export off (the
 * default: trace context only) and on (every span exported over OTLP/HTTP to a local receiver
 * that discards them).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { Type } from 'typebox'
import { defineAgent } from '../src/agents/types.ts'
import { hashKey } from '../src/engines/keys/format.ts'
import { KeyStore, type KeyTables } from '../src/engines/keys/store.ts'
import { loadTiers } from '../src/engines/keys/tiers.ts'
import { openDatabase } from '../src/kit/db.ts'
import { configureTracing } from '../src/kit/tracing.ts'
import { startTestGateway } from '../src/services/gateway/harness.ts'
import { dropSchema, uniqueSchema } from '../test/support/backing.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const RATE = Number(process.env.BENCH_RATE ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** Keys sharing the throughput phase: 8 × 100,000/min is far above what 2 cores can serve. */
const KEYS_PER_PHASE = 8
const BACKEND = process.env.BENCH_BACKEND ?? 'embedded'
if (BACKEND !== 'embedded' && BACKEND !== 'scale-out') {
  throw new Error(`BENCH_BACKEND must be embedded or scale-out, not ${BACKEND}`)
}
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PROFILE_DIR = process.env.BENCH_PROFILE
const PATH = '/api/data/bench_echo'
const BODY = JSON.stringify({ n: 21 })

/** Each server reports the CPU time it has used, so the parent can divide it by the requests served. */
const CPU_PATH = '/bench/cpu'
function cpuMicros(): { us: number } {
  const usage = process.cpuUsage()
  return { us: usage.user + usage.system }
}
async function cpuOf(url: string): Promise<number> {
  return ((await (await fetch(`${url}${CPU_PATH}`)).json()) as { us: number }).us
}

/** The trivial handler both servers run. */
function echo(input: { n: number }): { doubled: number } {
  return { doubled: input.n * 2 }
}

/** Registered in this benchmark only (never in the catalogue). */
const benchAgent = defineAgent({
  service: 'data',
  name: 'bench_echo',
  description: 'Benchmark agent: doubles n (measures the gateway, not an agent).',
  input: Type.Object({ n: Type.Integer() }, { additionalProperties: false }),
  output: Type.Object({ doubled: Type.Integer() }),
  verdict: 'informational',
  examples: [],
  async run(input) {
    return echo(input)
  },
})

// ——— child: one server ———

async function serve(kind: string): Promise<void> {
  if (kind === 'bare') {
    const app = Fastify()
    app.post(PATH, async (request) => ({ result: echo(request.body as { n: number }) }))
    app.get(CPU_PATH, async () => cpuMicros())
    await app.listen({ port: 0, host: '127.0.0.1' })
    // Exit through process.exit so `--cpu-prof` can write its profile.
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
    const address = app.server.address()
    process.stdout.write(
      `READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`,
    )
    return
  }
  // Traced: spans exported over OTLP/HTTP (http/protobuf, the default) to the parent's receiver.
  if (kind === 'gateway-traced') await configureTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: process.argv[4] }, 1)
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'))
  // Only the benchmark agent: the per-request cost does not depend on the catalogue's size (one
  // map lookup), and the run does not depend on every agent module loading.
  // Scale-out: a schema and a limiter prefix of this run's own, dropped and left to expire after.
  const schema = BACKEND === 'scale-out' ? uniqueSchema('bench_gw') : undefined
  const gw = await startTestGateway({
    dataDir: dir,
    agents: [benchAgent],
    ...(schema
      ? {
          env: { DATABASE_URL, REDIS_URL },
          schema,
          limiterPrefix: `gatehouse:bench:${schema}:`,
        }
      : {}),
  })
  gw.app.get(CPU_PATH, async () => cpuMicros())
  await gw.listen()
  // The largest limits a key may have (100,000/min and /day), so both windows are checked on every
  // request; the throughput phase spreads its load over KEYS_PER_PHASE keys so that a fast machine
  // (>10k req/s) never reaches them either.
  const names = ['warm']
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < KEYS_PER_PHASE; i++) names.push(`max${round}-${i}`)
    names.push(`fixed${round}`)
  }
  const keys = await Promise.all(
    names.map((name) =>
      gw.createKey({ name, requests_per_minute: 100_000, rate_limit: 100_000 }).then((k) => k.key),
    ),
  )
  process.stdout.write(`READY ${gw.url} ${keys.join(' ')}\n`)
  process.on('SIGTERM', () => {
    gw.stop()
      .then(() => (schema ? dropSchema(DATABASE_URL, schema) : undefined))
      .then(() => {
        rmSync(dir, { recursive: true, force: true })
        process.exit(0)
      })
  })
}

// ——— parent: load and report ———

interface Server {
  child: ChildProcess
  url: string
  keys: string[]
}

const pin = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
    return cpus().length >= 2
  } catch {
    return false
  }
})()

async function start(kind: string, ...extra: string[]): Promise<Server> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
  const args = [process.execPath, ...profile, process.argv[1]!, 'serve', kind, ...extra]
  const child = pin ? spawn('taskset', ['-c', '1', ...args]) : spawn(args[0]!, args.slice(1))
  child.stderr!.pipe(process.stderr)
  const lines = createInterface({ input: child.stdout! })
  for await (const line of lines) {
    if (line.startsWith('READY ')) {
      const [url, ...keys] = line.slice(6).split(' ')
      return { child, url: url!, keys }
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
  p99: number
  non2xx: number
  errors: number
  /** Server CPU time (user + system) per request, µs: robust to other load on the machine. */
  cpuUsPerRequest: number
}

async function load(
  url: string,
  keys: string[],
  opts: { seconds: number; connections: number; rate?: number },
) {
  const times: number[] = []
  const cpuBefore = await cpuOf(url)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${PATH}`,
        method: 'POST',
        body: BODY,
        headers: { 'content-type': 'application/json' },
        // Each connection cycles through the keys, so the load is shared evenly between them.
        ...(keys.length > 0
          ? {
              requests: keys.map((key) => ({
                headers: { 'content-type': 'application/json', 'x-api-key': key },
              })),
            }
          : {}),
        connections: opts.connections,
        duration: opts.seconds,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    )
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 300) times.push(ms)
    })
  })
  const cpuUs = (await cpuOf(url)) - cpuBefore
  times.sort((a, b) => a - b)
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN
  return {
    rps: result.requests.total / opts.seconds,
    p50: q(0.5),
    p99: q(0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUsPerRequest: cpuUs / Math.max(1, result.requests.total),
  } satisfies Measure
}

const f = (n: number, digits = 2) => n.toFixed(digits)

async function parent(): Promise<void> {
  if (pin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
  console.log(
    `Gateway benchmark: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}; ` +
      (pin ? 'server pinned to CPU 1, load generator to CPU 0' : 'no CPU pinning (taskset unavailable)'),
  )
  // Other work on the machine skews every figure: say how busy it was.
  console.log(
    `load average before the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  console.log(
    `request: POST ${PATH} {"n":21}; gateway: X-API-Key, minute + day windows, usage log, metrics; ` +
      `backend: ${BACKEND === 'embedded' ? 'SQLite + in-process limiter' : `PostgreSQL (${DATABASE_URL}) + Redis (${REDIS_URL})`}\n`,
  )

  // Both servers stay up. Each round measures bare, then the gateway, back to back, and the
  // comparison is made within the round (a pair); the median pair is reported. On a machine whose
  // speed drifts (shared vCPUs), only a baseline measured next to its target gives a ratio that
  // means anything, and the median is not decided by one lucky or unlucky round.
  const servers = { bare: await start('bare'), gateway: await start('gateway') }
  const pairs: { bare: { max: Measure; fixed: Measure }; gateway: { max: Measure; fixed: Measure } }[] = []
  for (const kind of ['bare', 'gateway'] as const) {
    await load(servers[kind].url, servers[kind].keys.slice(0, 1), { seconds: 3, connections: CONNECTIONS })
  }
  for (let round = 0; round < ROUNDS; round++) {
    const pair: Partial<(typeof pairs)[number]> = {}
    for (const kind of ['bare', 'gateway'] as const) {
      const server = servers[kind]
      const base = 1 + round * (KEYS_PER_PHASE + 1)
      const max = await load(server.url, server.keys.slice(base, base + KEYS_PER_PHASE), {
        seconds: SECONDS,
        connections: CONNECTIONS,
      })
      const fixed = await load(
        server.url,
        server.keys.slice(base + KEYS_PER_PHASE, base + KEYS_PER_PHASE + 1),
        {
          seconds: SECONDS,
          connections: 20,
          rate: RATE,
        },
      )
      for (const m of [max, fixed]) {
        if (m.non2xx > 0 || m.errors > 0) {
          throw new Error(`${kind}: ${m.non2xx} non-2xx and ${m.errors} errors; figures invalid`)
        }
      }
      pair[kind] = { max, fixed }
    }
    pairs.push(pair as (typeof pairs)[number])
  }
  await Promise.all([stop(servers.bare), stop(servers.gateway)])

  const ratioOf = (p: (typeof pairs)[number]) => p.gateway.max.rps / p.bare.max.rps
  const addedOf = (p: (typeof pairs)[number]) => p.gateway.fixed.p99 - p.bare.fixed.p99
  const median = <T>(items: T[], by: (item: T) => number): T =>
    [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!
  const throughput = median(pairs, ratioOf)
  const latency = median(pairs, addedOf)

  const row = (name: string, m: Measure) =>
    `  ${name.padEnd(8)} ${f(m.rps, 0).padStart(8)} ${f(m.p50).padStart(8)} ${f(m.p99).padStart(8)} ${f(m.cpuUsPerRequest, 0).padStart(10)}`
  const header = '  target      req/s   p50 ms   p99 ms  CPU µs/req'
  console.log(
    `max throughput (${CONNECTIONS} connections, ${SECONDS} s; median of ${ROUNDS} bare/gateway pairs)`,
  )
  console.log(header)
  console.log(row('bare', throughput.bare.max))
  console.log(row('gateway', throughput.gateway.max))
  console.log(
    `  ratio gateway/bare: ${f(ratioOf(throughput))} by req/s (target >= 0.50); ` +
      `${f(throughput.bare.max.cpuUsPerRequest / throughput.gateway.max.cpuUsPerRequest)} by CPU per request ` +
      `(gateway adds ${f(throughput.gateway.max.cpuUsPerRequest - throughput.bare.max.cpuUsPerRequest, 0)} µs of CPU per request)`,
  )
  console.log(`  every pair, by req/s: ${pairs.map((p) => f(ratioOf(p))).join(' ')}`)
  console.log(
    `  every pair, by CPU per request: ${pairs.map((p) => f(p.bare.max.cpuUsPerRequest / p.gateway.max.cpuUsPerRequest)).join(' ')}\n`,
  )

  console.log(`fixed rate ${RATE} req/s (20 connections, ${SECONDS} s; median of ${ROUNDS} pairs)`)
  console.log(header)
  console.log(row('bare', latency.bare.fixed))
  console.log(row('gateway', latency.gateway.fixed))
  console.log(
    `  added by the gateway: p50 ${f(latency.gateway.fixed.p50 - latency.bare.fixed.p50)} ms, p99 ${f(addedOf(latency))} ms (target p99 < 2 ms)`,
  )
  console.log(`  every pair, added p99 ms: ${pairs.map((p) => f(addedOf(p))).join(' ')}\n`)

  await keyLookup()
}

/**
 * The key check on its own: reading the row on every request (PostgreSQL, or SQLite without the
 * cache) against the SQLite cache validated by data_version, and against hashing alone.
 */
async function keyLookup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-keys-'))
  const db = openDatabase({ dataDir: dir })
  try {
    await db.migrate()
    const options = { tiers: loadTiers(), keyPrefix: 'gk' }
    const uncached = new KeyStore(db.as<KeyTables>(), options)
    const cached = new KeyStore(db.as<KeyTables>(), { ...options, changeVersion: db.dataVersion })
    const keys: string[] = []
    for (let i = 0; i < 1000; i++) keys.push((await uncached.create({ name: `k${i}` })).key)
    const n = 50_000
    const perCall = async (fn: (key: string) => unknown) => {
      for (let i = 0; i < 1000; i++) await fn(keys[i]!)
      const t = performance.now()
      for (let i = 0; i < n; i++) await fn(keys[i % keys.length]!)
      return ((performance.now() - t) * 1000) / n
    }
    const hashUs = await perCall(hashKey)
    const readUs = await perCall((k) => uncached.authenticate(k))
    const cachedUs = await perCall((k) => cached.authenticate(k))
    const syncUs = await perCall((k) => cached.authenticateCached(k))
    console.log(`key check per request (SQLite, 1,000 keys, ${n} lookups)`)
    console.log(`  SHA-256 alone:                      ${f(hashUs)} µs`)
    console.log(`  authenticate(), row read each time: ${f(readUs)} µs`)
    console.log(`  authenticate(), data_version cache: ${f(cachedUs)} µs`)
    console.log(`  authenticateCached(), no promise:   ${f(syncUs)} µs`)
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What tracing costs: the gateway with export off against the same gateway exporting every span
 * (request, statements) to a local OTLP receiver, in pairs, the median pair reported.
 */
async function tracingCost(): Promise<void> {
  if (pin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
  let exported = 0
  const sink = createHttpServer((req, res) => {
    req.on('data', (chunk: Buffer) => (exported += chunk.length))
    req.on('end', () => res.end())
  })
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r))
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`
  console.log(
    `Tracing cost: gateway with OpenTelemetry export off vs on (OTLP/HTTP protobuf to a local receiver); ` +
      `load average before the run: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  )
  const servers = { off: await start('gateway'), on: await start('gateway-traced', sinkUrl) }
  for (const kind of ['off', 'on'] as const)
    await load(servers[kind].url, servers[kind].keys.slice(0, 1), { seconds: 3, connections: CONNECTIONS })
  const pairs: { off: Measure; on: Measure; offFixed: Measure; onFixed: Measure }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const base = 1 + round * (KEYS_PER_PHASE + 1)
    const measure = (kind: 'off' | 'on', rate?: number) =>
      load(
        servers[kind].url,
        rate
          ? servers[kind].keys.slice(base + KEYS_PER_PHASE, base + KEYS_PER_PHASE + 1)
          : servers[kind].keys.slice(base, base + KEYS_PER_PHASE),
        { seconds: SECONDS, connections: rate ? 20 : CONNECTIONS, ...(rate ? { rate } : {}) },
      )
    const off = await measure('off')
    const on = await measure('on')
    const offFixed = await measure('off', RATE)
    const onFixed = await measure('on', RATE)
    pairs.push({ off, on, offFixed, onFixed })
  }
  await Promise.all([stop(servers.off), stop(servers.on)])
  sink.close()
  const cpuRatio = (p: (typeof pairs)[number]) => p.off.cpuUsPerRequest / p.on.cpuUsPerRequest
  const pair = [...pairs].sort((a, b) => cpuRatio(a) - cpuRatio(b))[Math.floor(pairs.length / 2)]!
  const header = '  export      req/s   p50 ms   p99 ms  CPU µs/req'
  const row = (name: string, m: Measure) =>
    `  ${name.padEnd(8)} ${f(m.rps, 0).padStart(8)} ${f(m.p50).padStart(8)} ${f(m.p99).padStart(8)} ${f(m.cpuUsPerRequest, 0).padStart(10)}`
  console.log(`max throughput (${CONNECTIONS} connections, ${SECONDS} s; median of ${ROUNDS} off/on pairs)`)
  console.log(header)
  console.log(row('off', pair.off))
  console.log(row('on', pair.on))
  console.log(
    `  ratio on/off: ${f(pair.on.rps / pair.off.rps)} by req/s; ${f(cpuRatio(pair))} by CPU per request ` +
      `(export adds ${f(pair.on.cpuUsPerRequest - pair.off.cpuUsPerRequest, 0)} µs of CPU per request)`,
  )
  console.log(`fixed rate ${RATE} req/s (20 connections, ${SECONDS} s)`)
  console.log(header)
  console.log(row('off', pair.offFixed))
  console.log(row('on', pair.onFixed))
  console.log(`  added by export: p99 ${f(pair.onFixed.p99 - pair.offFixed.p99)} ms`)
  console.log(`  OTLP bytes received: ${exported}`)
}

if (process.argv[2] === 'serve') await serve(process.argv[3] ?? 'gateway')
else if (process.argv[2] === 'keys') await keyLookup()
else if (process.argv[2] === 'tracing') await tracingCost()
else await parent()
