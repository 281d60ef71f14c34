/**
 * Chaos run: two instances each of the gateway, the router and AML on a throwaway PostgreSQL
 * cluster and Redis server that this script starts on its own ports (FAULT_PORTS, default
 * 9300-9399; the services on CHAOS_PORTS, default 9900-9905), never the machine's shared ones.
 * Load runs through all six while, one after the other, Redis is killed, Redis is frozen
 * (SIGSTOP), PostgreSQL is restarted, and a gateway instance is stopped with SIGTERM and started
 * again. It reports, per phase and service, requests answered, 2xx, 503, other 5xx, hangs and
 * refused connections, the time each service took to answer 2xx again after each fault, and the
 * usage rows and audit records written against the 2xx answers; it exits 1 unless every service
 * recovered by itself, nothing hung, no 5xx other than 503 was answered, and no usage row or
 * audit record of a 2xx answer is missing.
 *
 *   npm run chaos                  # about 2 minutes
 *   CHAOS_PHASE_SECONDS=4 npm run chaos
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { throwaway } from '../test/support/throwaway.ts'

const root = resolve(import.meta.dirname, '..')
const PHASE_MS = Number(process.env.CHAOS_PHASE_SECONDS ?? 8) * 1000
/** A request unanswered this long counts as a hang (ms). */
const HANG_MS = 5000
/** A service that answers no 2xx this long after a fault ended has not recovered (ms). */
const RECOVERY_LIMIT_MS = 30_000
const CLIENTS = 12
const ADMIN_KEY = 'chaos-admin-key-0123456789abcdef'
const INTERNAL_KEY = 'chaos-internal-key-0123456789abcdef'
const [portFrom] = (process.env.CHAOS_PORTS ?? '9900-9905').split('-').map(Number) as [number]

type Service = 'gateway' | 'router' | 'aml'
interface Instance {
  service: Service
  port: number
  child?: ChildProcess
}

const why = throwaway.unavailable()
if (why) {
  console.error(`chaos needs PostgreSQL and Redis binaries: ${why}`)
  process.exit(2)
}

const log = (line: string) => console.log(`[${(performance.now() / 1000).toFixed(1).padStart(6)} s] ${line}`)
log('starting a throwaway PostgreSQL cluster and Redis server')
// Six instances with a pool of up to 10 connections each, and the restarted one's before its old ones close.
const postgres = await throwaway.postgres({ maxConnections: 150 })
const redis = await throwaway.redis()
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-chaos-'))

const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  ADMIN_API_KEY: ADMIN_KEY,
  INTERNAL_API_KEY: INTERNAL_KEY,
  ROUTER_REQUIRE_API_KEY: 'true',
  AML_RATE_LIMIT_PER_MINUTE: '1000000',
  AML_NETWORK_MODULES: 'false',
  SHUTDOWN_TIMEOUT_SECONDS: '10',
}

// Whatever happens to this script, its instances and throwaway servers go with it.
let cleaned = false
async function cleanUp(): Promise<void> {
  if (cleaned) return
  cleaned = true
  for (const i of instances) if (i.child && i.child.exitCode === null) i.child.kill('SIGKILL')
  postgres.destroy()
  await redis.destroy()
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('uncaughtException', (error) => {
  console.error(error)
  void cleanUp().finally(() => process.exit(1))
})
process.on('unhandledRejection', (error) => {
  console.error(error)
  void cleanUp().finally(() => process.exit(1))
})
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)))

const instances: Instance[] = (['gateway', 'gateway', 'router', 'router', 'aml', 'aml'] as Service[]).map(
  (service, i) => ({ service, port: portFrom + i }),
)

function launch(instance: Instance): void {
  const portVariable = `${instance.service.toUpperCase()}_PORT`
  instance.child = spawn(process.execPath, ['src/cli.ts', 'serve', instance.service], {
    cwd: root,
    env: { ...env, [portVariable]: String(instance.port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function healthy(instance: Instance, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${instance.port}/health`, {
        signal: AbortSignal.timeout(2000),
      })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${instance.service}:${instance.port} not healthy in ${withinMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function stop(instance: Instance): Promise<void> {
  const child = instance.child
  if (!child || child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

// The first AML instance imports the lists into the empty store; the second starts on it.
for (const i of instances.filter((x) => x.service !== 'aml')) launch(i)
const [aml1, aml2] = instances.filter((x) => x.service === 'aml') as [Instance, Instance]
launch(aml1)
await Promise.all(instances.filter((x) => x.service !== 'aml').map((i) => healthy(i, 60_000)))
await healthy(aml1, 180_000)
launch(aml2)
await healthy(aml2, 120_000)
log('six instances up')

const created = await fetch(`http://127.0.0.1:${instances[0]!.port}/admin/keys/generate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY },
  body: JSON.stringify({
    name: 'chaos',
    tier: 'enterprise',
    rate_limit: 100_000,
    requests_per_minute: 100_000,
  }),
})
if (!created.ok) throw new Error(`could not issue a key: ${created.status} ${await created.text()}`)
const KEY = ((await created.json()) as { key_data: { key: string } }).key_data.key

// ---------- load ----------

type Outcome = '2xx' | '503' | '5xx' | '4xx' | 'hang' | 'refused'
interface Record {
  at: number
  service: Service
  port: number
  outcome: Outcome
  status: number
}
const records: Record[] = []
let phase = 'warm-up'
const phaseOf = new Map<Record, string>()

function requestFor(instance: Instance): { url: string; init: RequestInit } {
  const base = `http://127.0.0.1:${instance.port}`
  if (instance.service === 'gateway')
    return {
      url: `${base}/api/data/ico_validator`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({ ico: '27082440' }),
      },
    }
  if (instance.service === 'router')
    return { url: `${base}/tasks?limit=1`, init: { headers: { 'x-api-key': KEY } } }
  return {
    url: `${base}/api/aml/screen/complete`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Jan', last_name: 'Novák' }),
    },
  }
}

let running = true
async function client(n: number): Promise<void> {
  let turn = n
  while (running) {
    const instance = instances[turn++ % instances.length]!
    const { url, init } = requestFor(instance)
    let outcome: Outcome
    let status = 0
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) })
      status = res.status
      await res.arrayBuffer()
      outcome = status < 300 ? '2xx' : status === 503 ? '503' : status >= 500 ? '5xx' : '4xx'
    } catch (error) {
      const name = (error as Error).name
      outcome = name === 'TimeoutError' ? 'hang' : 'refused'
    }
    const record = { at: performance.now(), service: instance.service, port: instance.port, outcome, status }
    records.push(record)
    phaseOf.set(record, phase)
    // A refused connection answers at once: pace the retry like a client would.
    if (outcome === 'refused') await new Promise((r) => setTimeout(r, 50))
  }
}

const clients = Array.from({ length: CLIENTS }, (_, n) => client(n))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const recoveries: { fault: string; service: Service; ms: number | null }[] = []

/** Waits until every service has answered 2xx after `since`, noting how long each took. */
async function recovered(fault: string, since: number): Promise<void> {
  const pending = new Set<Service>(['gateway', 'router', 'aml'])
  const deadline = since + RECOVERY_LIMIT_MS
  while (pending.size > 0 && performance.now() < deadline) {
    for (const s of [...pending]) {
      const first = records.find((r) => r.at >= since && r.service === s && r.outcome === '2xx')
      if (first) {
        recoveries.push({ fault, service: s, ms: Math.round(first.at - since) })
        pending.delete(s)
      }
    }
    await sleep(50)
  }
  for (const s of pending) recoveries.push({ fault, service: s, ms: null })
}

async function fault(name: string, start: () => Promise<void> | void, end: () => Promise<void> | void) {
  phase = name
  log(`${name}: begins`)
  await start()
  await sleep(PHASE_MS)
  await end()
  const since = performance.now()
  phase = `${name} (after)`
  log(`${name}: over, waiting for every service to answer 2xx`)
  await recovered(name, since)
  await sleep(PHASE_MS / 2)
}

await sleep(PHASE_MS)
await fault(
  'Redis killed',
  () => redis.kill(),
  () => redis.restart(),
)
await fault(
  'Redis frozen (SIGSTOP)',
  () => redis.freeze(),
  () => redis.thaw(),
)
await fault(
  'PostgreSQL restarted',
  () => postgres.stop('fast'),
  () => postgres.start(),
)
const victim = instances[1]!
await fault(
  `gateway :${victim.port} SIGTERMed under load`,
  () => stop(victim),
  async () => {
    launch(victim)
    await healthy(victim, 60_000)
  },
)
phase = 'cool-down'
await sleep(PHASE_MS)
running = false
await Promise.all(clients)

// Every instance drains (usage buffers are written), then the store is counted.
log('stopping the instances (each drains and writes what it buffered)')
await Promise.all(instances.map(stop))
const db = new pg.Client({ connectionString: postgres.url })
await db.connect()
const usage = Number(
  (await db.query('SELECT count(*) AS n FROM gateway_usage WHERE status >= 200 AND status < 300')).rows[0].n,
)
const audits = Number((await db.query('SELECT count(*) AS n FROM aml_screenings')).rows[0].n)
await db.end()

// ---------- report ----------

const phases = [...new Set(records.map((r) => phaseOf.get(r)!))]
const outcomes: Outcome[] = ['2xx', '503', '5xx', '4xx', 'hang', 'refused']
const rows: { [k: string]: string | number }[] = []
for (const p of phases) {
  for (const s of ['gateway', 'router', 'aml'] as Service[]) {
    const mine = records.filter((r) => phaseOf.get(r) === p && r.service === s)
    const row: { [k: string]: string | number } = { phase: p, service: s, requests: mine.length }
    // Keys that are not array indices keep their order in the table ("503" would jump first).
    for (const o of outcomes) row[o === '503' ? '503s' : o] = mine.filter((r) => r.outcome === o).length
    rows.push(row)
  }
}
console.table(rows)
console.table(
  recoveries.map((r) => ({
    fault: r.fault,
    service: r.service,
    'back to 2xx after (ms)': r.ms ?? 'NOT RECOVERED',
  })),
)

const count = (s: Service | undefined, o: Outcome) =>
  records.filter((r) => (s === undefined || r.service === s) && r.outcome === o).length
const keyed2xx = count('gateway', '2xx') + count('router', '2xx')
const aml2xx = count('aml', '2xx')
console.log(
  `requests: ${records.length}; 2xx ${count(undefined, '2xx')}, 503 ${count(undefined, '503')}, other 5xx ${count(undefined, '5xx')}, hangs ${count(undefined, 'hang')}, refused ${count(undefined, 'refused')}`,
)
console.log(`usage rows of 2xx answers: ${usage} for ${keyed2xx} keyed 2xx answers (gateway and router)`)
console.log(`AML audit records: ${audits} for ${aml2xx} screenings answered 2xx`)

const problems: string[] = []
for (const r of recoveries)
  if (r.ms === null) problems.push(`${r.service} did not recover after "${r.fault}"`)
if (count(undefined, 'hang') > 0)
  problems.push(`${count(undefined, 'hang')} requests hung past ${HANG_MS} ms`)
if (count(undefined, '5xx') > 0) problems.push(`${count(undefined, '5xx')} answers were 5xx other than 503`)
if (usage < keyed2xx) problems.push(`${keyed2xx - usage} usage rows of 2xx answers are missing`)
if (audits < aml2xx) problems.push(`${aml2xx - audits} AML audit records of 2xx answers are missing`)

await cleanUp()
if (problems.length > 0) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log('\nevery service recovered by itself; nothing hung; no usage row or audit record lost')
