/**
 * How long `gatehouse serve` (what `npm start` runs) takes to stop on SIGTERM after it has served
 * traffic: `npm run bench:stop`.
 *
 * Starts every service in a child process on free ports (`<NAME>_PORT=0`) with its own DATA_DIR
 * (BENCH_DATA_DIR, default a folder under the system's temporary one, kept between runs so only
 * the first run imports the demo data), waits until every service is ready (answers 200 at its
 * health path: AML once its lists have loaded), sends each service a few requests on one
 * kept-alive connection, waits BENCH_IDLE_MS (default 200) and sends SIGTERM, then times the exit.
 * Prints, for each of BENCH_ROUNDS runs (default 3), the time to ready, the stop time and the
 * exit status.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { portVariable } from '../src/kit/service.ts'
import { services } from '../src/services/index.ts'

const root = resolve(import.meta.dirname, '..')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 200)
const DATA = process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'gatehouse-bench-stop')
mkdirSync(DATA, { recursive: true })

const healthPath = (name: string) => services.find((s) => s.name === name)!.healthPath

function get(url: string, agent: Agent): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? 0))
    })
      .on('error', fail)
      .end()
  })
}

async function round(): Promise<{ startMs: number; stopMs: number; code: number | null }> {
  const ports = Object.fromEntries(services.map((s) => [portVariable(s.name), '0']))
  const began = performance.now()
  const child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: DATA, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...ports },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const urls = new Map<string, string>()
  const deadline = Date.now() + 300_000
  while (urls.size < services.length) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start:\n${output}`)
    for (const m of output.matchAll(/^(\S+)\s+(http:\/\/\S+)/gm)) urls.set(m[1]!, m[2]!)
    await new Promise((r) => setTimeout(r, 50))
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  // Ready: every service answers 200 (AML answers 503 until its lists have loaded).
  for (const [name, url] of urls)
    while ((await get(`${url}${healthPath(name)}`, agent)) !== 200) {
      if (Date.now() > deadline) throw new Error(`${name} not ready`)
      await new Promise((r) => setTimeout(r, 100))
    }
  const startMs = performance.now() - began
  for (const [name, url] of urls) for (let i = 0; i < 3; i++) await get(`${url}${healthPath(name)}`, agent)
  await new Promise((r) => setTimeout(r, IDLE_MS))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const t0 = performance.now()
  child.kill('SIGTERM')
  const code = await exited
  const stopMs = performance.now() - t0
  agent.destroy()
  return { startMs, stopMs, code }
}

for (let i = 0; i < ROUNDS; i++) {
  const r = await round()
  console.log(
    `round ${i + 1}: ready in ${(r.startMs / 1000).toFixed(2)} s, stopped in ${(r.stopMs / 1000).toFixed(2)} s (exit ${r.code})`,
  )
}
