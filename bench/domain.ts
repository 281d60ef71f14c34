/**
 * /api/estimate speed against bare Fastify, in one run: `npm run bench:domain`.
 *
 * The domain app (listings imported into a throwaway SQLite, model fitted) and a bare Fastify app
 * answering a fixed JSON body of about the same size listen on 127.0.0.1; autocannon (a separate
 * process) loads each for BENCH_DURATION seconds (default 8) with BENCH_CONNECTIONS (default 10),
 * bare first, then GET /api/estimate for a flat in Prague-Smíchov. Prints req/s, latency
 * percentiles (autocannon reports p90 and p97.5, not p95; p97.5 is quoted as the bound) and the
 * ratio domain / bare.
 */

import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import Fastify from 'fastify'
import { loadGazetteer } from '../src/engines/realestate/regions.ts'
import { Valuer } from '../src/engines/realestate/valuation.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../src/kit/operator-keys.ts'
import { buildApp } from '../src/services/domain/app.ts'
import { ContactStore } from '../src/services/domain/contacts-store.ts'
import { importListingsFile } from '../src/services/domain/importer.ts'
import { buildSnapshot } from '../src/services/domain/state.ts'
import { DomainStore } from '../src/services/domain/store.ts'
import { VariableSymbols } from '../src/services/domain/variable-symbols.ts'

const run = promisify(execFile)
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js')
const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const root = resolve(import.meta.dirname, '..')
const listings =
  process.env.LISTINGS_FILE ?? resolve(root, '../shared/data/realestate/sreality_byty_prodej_20240412.csv')
const registry = process.env.REGISTRY_DATA_DIR ?? resolve(root, '../shared/data/registry')
const QUERY = '/api/estimate?latitude=50.0707&longitude=14.4036&area_m2=55&disposition=2%2Bkk'

const dir = mkdtempSync(join(tmpdir(), 'bench-domain-'))
const db = openDatabase({ dataDir: dir })
await db.migrate()
const store = new DomainStore(db.as())
const gazetteer = loadGazetteer(registry)
await importListingsFile(store, listings, gazetteer)
const snapshot = buildSnapshot(await store.all(), gazetteer)
const valuer = Valuer.fit(snapshot.sales)
console.log(`${snapshot.sales.length} sales; model fitted in ${valuer.info.fit_ms} ms`)
const app = await buildApp({
  logger: createLogger({ level: 'silent' }),
  store,
  symbols: new VariableSymbols(db.as()),
  contacts: new ContactStore(db.as()),
  operatorKeys: DEV_OPERATOR_KEYS,
  snapshot,
  valuer,
  logRequests: false,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const sample = (await app.inject({ method: 'GET', url: QUERY })).body

const bare = Fastify({ logger: false })
bare.get('/api/estimate', async (_req, reply) => reply.type('application/json').send(sample))
await bare.listen({ port: 0, host: '127.0.0.1' })

const portOf = (server: { server: { address(): unknown } }) =>
  (server.server.address() as { port: number }).port

async function load(url: string) {
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION), url],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return JSON.parse(stdout) as {
    requests: { average: number }
    latency: { p50: number; p90: number; p97_5: number; p99: number }
    non2xx: number
  }
}

const b = await load(`http://127.0.0.1:${portOf(bare)}${QUERY}`)
const d = await load(`http://127.0.0.1:${portOf(app)}${QUERY}`)
const row = (name: string, r: typeof b) => ({
  server: name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p90 ms': r.latency.p90,
  'p97.5 ms': r.latency.p97_5,
  'p99 ms': r.latency.p99,
  non2xx: r.non2xx,
})
console.log(`GET ${QUERY}, ${CONNECTIONS} connections, ${DURATION} s each`)
console.table([row('bare Fastify (fixed body)', b), row('domain /api/estimate', d)])
console.log(`ratio domain / bare: ${(d.requests.average / b.requests.average).toFixed(2)} of bare req/s`)
await app.close()
await bare.close()
await db.close()
rmSync(dir, { recursive: true, force: true })
