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
 * that discards them). `node bench/gateway.ts floor` (`npm run bench:gateway -- floor`) measures what
 * the gateway's work costs step by step, against what the aim of 0.7 leaves room for (see `floor`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { createAgentDeps } from '../src/agents/deps.ts'
import { createDispatcher } from '../src/agents/dispatch.ts'
import type { ResultContract } from '../src/agents/result.ts'
import { defineAgent } from '../src/agents/types.ts'
import { hashKey } from '../src/engines/keys/format.ts'
import { limitPlan, setLimitHeaders } from '../src/engines/keys/limits.ts'
import {
  type AuthenticatedKey,
  KeyStore,
  type KeyTables,
  type UsageRecord,
} from '../src/engines/keys/store.ts'
import { loadTiers } from '../src/engines/keys/tiers.ts'
import { UsageBuffer } from '../src/engines/keys/usage-buffer.ts'
import { parseEnv } from '../src/kit/config.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { MemoryRateLimiter } from '../src/kit/ratelimit.ts'
import { createServer } from '../src/kit/server.ts'
import { configureTracing } from '../src/kit/tracing.ts'
import { startTestGateway } from '../src/services/gateway/harness.ts'
import { createGatewayMetrics } from '../src/services/gateway/metrics.ts'
import { gatewayService } from '../src/services/gateway/service.ts'
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
  if (kind === 'answer' || kind === 'kit' || kind.startsWith('required')) {
    await serveFloor(kind)
    return
  }
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

// ——— floor: the gateway's work step by step ———

/** The answer the gateway gives the benchmark's request (the agent result contract around `doubled`). */
function gatewayAnswer(requestId: string, n: number) {
  return {
    service: 'data',
    agent: 'bench_echo',
    result: {
      verdict: 'informational',
      partial: false,
      sources: [],
      rules_applied: [],
      assumptions: [],
      doubled: n * 2,
    } as unknown as ResultContract,
    execution_time_ms: 0.01,
    request_id: requestId,
  }
}

/** The six headers the gateway adds to bare Fastify's, with the values it sends for a fresh key. */
function gatewayHeaders(reply: { header(name: string, value: string): unknown }, requestId: string): void {
  reply.header('x-request-id', requestId)
  reply.header('ratelimit-policy', '"minute";q=100000;w=60, "day";q=100000;w=86400')
  reply.header('ratelimit', '"minute";r=99999;t=60, "day";r=99999;t=86400')
  reply.header('x-ratelimit-limit', '100000')
  reply.header('x-ratelimit-remaining', '99999')
  reply.header('x-ratelimit-reset', '60')
}

/** The steps of a keyed agent call `required` does, each of which `required-<step>` leaves out. */
const STEPS = {
  revocation: 'the key row cached without the WAL-index check per request',
  key: 'no key check at all (SHA-256, cached row, WAL-index check)',
  limits: 'no windows and no RateLimit headers',
  usage: 'no usage row',
  metrics: 'no request counter and duration histogram',
  agent: 'no dispatcher: the handler answers, nothing validated',
} as const

/**
 * `answer`: bare Fastify sending the gateway's answer and headers. `kit`: the kit's server (the
 * gateway's) sending the same. `required[-step…]`: the least a keyed agent call does, on bare
 * Fastify with the gateway's own engines — the key store (SHA-256, the cached row, the WAL-index
 * check), both windows and their headers in process, the usage buffer writing to SQLite, the
 * request counter and duration histogram, the agent through the dispatcher — and none of the
 * kit's per-request work (request-id checks, trace context, request logger, the error envelope,
 * the body's depth check, the query-string credential check).
 */
async function serveFloor(kind: string): Promise<void> {
  if (kind === 'answer' || kind === 'kit') {
    const app: FastifyInstance =
      kind === 'kit'
        ? (createServer({
            name: 'gateway',
            envelope: 'gateway',
            logger: createLogger({ level: 'silent' }),
            logRequests: false,
          }) as unknown as FastifyInstance)
        : Fastify({ genReqId: () => randomUUID() })
    app.post(PATH, async (request, reply) => {
      gatewayHeaders(reply, request.id)
      return gatewayAnswer(request.id, (request.body as { n: number }).n)
    })
    app.get(CPU_PATH, async () => cpuMicros())
    await app.listen({ port: 0, host: '127.0.0.1' })
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)))
    process.stdout.write(`READY http://127.0.0.1:${(app.server.address() as AddressInfo).port}\n`)
    return
  }
  const without = new Set(kind.split('-').slice(1))
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-floor-'))
  const db = openDatabase({ dataDir: dir })
  await db.migrate()
  const store = new KeyStore(db.as<KeyTables>(), {
    tiers: loadTiers(),
    keyPrefix: 'gk',
    // Without the revocation check a cached row is trusted until this process changes a key.
    changeVersion: without.has('revocation') ? () => 0 : db.dataVersion,
  })
  const usage = new UsageBuffer<UsageRecord>({ write: (batch) => store.writeUsage(batch) })
  const limiter = new MemoryRateLimiter()
  const metrics = createGatewayMetrics({ processMetrics: false })
  const config = parseEnv(gatewayService.spec, { NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' })
  const dispatcher = createDispatcher(
    [benchAgent],
    createAgentDeps(config as never),
    createLogger({ level: 'silent' }),
  )
  const labels = { method: 'POST', route: '/api/{service}/{agent}', status_class: '2xx' }
  const requests = metrics.requests.entry('bench', () => ({
    ...labels,
    service: 'data',
    agent: 'bench_echo',
  }))
  const duration = metrics.duration.entry('bench', () => labels)
  const keys: string[] = []
  for (let i = 0; i < KEYS_PER_PHASE; i++) {
    const created = await store.create({ name: `k${i}`, requests_per_minute: 100_000, rate_limit: 100_000 })
    keys.push(created.key)
  }
  const anyKey: AuthenticatedKey = { id: 1, rate_limit: 100_000, requests_per_minute: 100_000 }

  const app = Fastify({ genReqId: () => randomUUID() })
  app.decorateRequest('benchKey', null)
  type Keyed = { benchKey: AuthenticatedKey | null }
  app.post<{ Params: { service: string; agent: string }; Body: { n: number } }>(
    '/api/:service/:agent',
    {
      onRequest(request, reply, done) {
        reply.header('x-request-id', request.id)
        const admit = (key: AuthenticatedKey | undefined) => {
          if (!key) {
            done(new Error('invalid key'))
            return
          }
          ;(request as unknown as Keyed).benchKey = key
          if (!without.has('limits')) {
            const plan = limitPlan(key)
            setLimitHeaders(reply, plan, limiter.hitAllSync(plan.checks))
          }
          done()
        }
        if (without.has('key')) return admit(anyKey)
        const presented = request.headers['x-api-key'] as string
        const cached = store.authenticateCached(presented)
        if (cached === null) store.authenticate(presented).then(admit, done)
        else admit(cached)
      },
      onResponse(request, reply, done) {
        if (!without.has('metrics')) {
          requests.value++
          metrics.duration.record(duration, reply.elapsedTime / 1000)
        }
        const key = (request as unknown as Keyed).benchKey
        if (key && !without.has('usage')) {
          usage.record({
            key_id: key.id,
            ts: Date.now(),
            endpoint: PATH,
            method: 'POST',
            status: reply.statusCode,
          })
        }
        done()
      },
    },
    async (request) => {
      if (without.has('agent')) return gatewayAnswer(request.id, request.body.n)
      const { service, agent } = request.params
      const { output, ms } = await dispatcher.call(service, agent, request.body)
      return {
        service,
        agent,
        result: output as ResultContract,
        execution_time_ms: Math.round(ms * 100) / 100,
        request_id: request.id,
      }
    },
  )
  app.get(CPU_PATH, async () => cpuMicros())
  await app.listen({ port: 0, host: '127.0.0.1' })
  process.on('SIGTERM', () => {
    app
      .close()
      .then(() => usage.close())
      .then(() => db.close())
      .then(() => {
        rmSync(dir, { recursive: true, force: true })
        process.exit(0)
      })
  })
  process.stdout.write(
    `READY http://127.0.0.1:${(app.server.address() as AddressInfo).port} ${keys.join(' ')}\n`,
  )
}

/**
 * Where the gateway's CPU per request goes, and what 0.7 of bare Fastify leaves room for. Every
 * server is measured at full throughput (50 connections) in every round, in turn, and compared
 * with bare Fastify's figure of the same round; the median round is reported with the lower
 * quartile (the machine's noise only ever adds time). `required` is the least a keyed agent call
 * can do (see `serveFloor`); each `required-<step>` leaves one step out, so the difference is that
 * step's cost including what it does to the rest (the socket write costs more after more work).
 */
async function floor(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 2)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 11)
  if (pin) execFileSync('taskset', ['-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
  console.log(
    `Gateway floor: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}; ` +
      `${rounds} rounds of ${seconds} s per server at ${CONNECTIONS} connections; load average before the run: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  )
  const kinds: [string, string][] = [
    ['bare', 'bare Fastify, its trivial answer'],
    ['answer', "bare Fastify sending the gateway's answer and six headers"],
    ['required', 'the least a keyed agent call does, on bare Fastify'],
    ...Object.entries(STEPS).map(([step, what]): [string, string] => [`required-${step}`, `  − ${what}`]),
    ['kit', "the kit's server sending the gateway's answer"],
    ['gateway', 'the gateway'],
  ]
  // Each server's stderr is piped to this process's: one listener set per server.
  process.stderr.setMaxListeners(kinds.length + 10)
  const servers = new Map<string, Server>()
  for (const [kind] of kinds) servers.set(kind, await start(kind))
  for (const server of servers.values()) {
    await load(server.url, server.keys, { seconds: 2, connections: CONNECTIONS })
  }
  const cpu = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]))
  for (let round = 0; round < rounds; round++) {
    for (const [kind] of kinds) {
      const server = servers.get(kind)!
      const m = await load(server.url, server.keys.slice(0, KEYS_PER_PHASE), {
        seconds,
        connections: CONNECTIONS,
      })
      if (m.non2xx > 0 || m.errors > 0) throw new Error(`${kind}: ${m.non2xx} non-2xx and ${m.errors} errors`)
      cpu.get(kind)!.push(m.cpuUsPerRequest)
    }
    process.stdout.write(`round ${round + 1}/${rounds}\r`)
  }
  process.stdout.write('\n')
  await Promise.all([...servers.values()].map(stop))

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!
  const q1 = (values: number[]) => sorted(values)[Math.floor(values.length / 4)]!
  const bare = cpu.get('bare')!
  const required = median(cpu.get('required')!)
  console.log(
    '  server                                                         CPU µs/req  lower q.  bare/this  step',
  )
  for (const [kind, what] of kinds) {
    const values = cpu.get(kind)!
    const ratio = median(values.map((v, i) => bare[i]! / v))
    const step = kind.startsWith('required-') ? f(required - median(values), 1).padStart(6) : ''
    console.log(
      `  ${what.padEnd(62)} ${f(median(values), 1).padStart(10)} ${f(q1(values), 1).padStart(9)} ${f(ratio).padStart(10)}  ${step}`,
    )
  }
  const budget = median(bare) / 0.7
  console.log(
    `\n0.7 of bare Fastify is at most ${f(budget, 1)} µs a request: ${f(budget - median(cpu.get('answer')!), 1)} µs ` +
      "beyond the gateway's answer on bare Fastify for everything the gateway does.",
  )
}

if (process.argv[2] === 'serve') await serve(process.argv[3] ?? 'gateway')
else if (process.argv[2] === 'keys') await keyLookup()
else if (process.argv[2] === 'tracing') await tracingCost()
else if (process.argv[2] === 'floor') await floor()
else await parent()
