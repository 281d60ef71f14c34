/**
 * `npm start` as a user runs it on a fresh clone: every registered service starts in one process
 * (demo data, no outside network, no LLM), prints where it listens and answers there with a request
 * id; every curl example of every README then answers as documented (test/support/readme.ts); and
 * SIGTERM stops the whole process cleanly. The services take port 0 and the test reads the bound
 * addresses from the banner, so no port can be taken between choosing and binding it; each service
 * is given the addresses of those it calls (src/kit/lifecycle.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ADMIN_KEY } from '../../src/kit/secrets.ts'
import { portVariable } from '../../src/kit/service.ts'
import { services } from '../../src/services/index.ts'
import { haveSharedData } from '../domain/fixtures.ts'
import { stopChild } from '../support/children.ts'
import { samplePdf } from '../support/documents.ts'
import { READMES, readmeProblems } from '../support/readme.ts'

const root = resolve(import.meta.dirname, '../..')

const work = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'))
let child: ChildProcess
let output = ''
const urls = new Map<string, string>()

beforeAll(async () => {
  const ports = Object.fromEntries(services.map((s) => [portVariable(s.name), '0']))
  child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      // Every README's screenings come from this one address within about a minute (over 20),
      // more than the default of 10 per address per minute that a person trying one README meets.
      AML_RATE_LIMIT_PER_MINUTE: '100',
      ...ports,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 120_000
  while (urls.size < services.length) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`services did not start:\n${output}`)
    // The banner: `<name>  http://127.0.0.1:<port>  <description>`.
    for (const match of output.matchAll(/^(\S+)\s+(http:\/\/\S+)/gm)) urls.set(match[1]!, match[2]!)
    await new Promise((r) => setTimeout(r, 100))
  }
}, 180_000)

afterAll(() => stopChild(child, 'SIGKILL'))

/** Answers 200 at its health path within 60 s (AML loads its lists in the background: 503 until then). */
async function healthy(name: string): Promise<Response> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await fetch(`${urls.get(name)}${services.find((s) => s.name === name)!.healthPath}`)
    if (res.status === 200 || Date.now() > deadline) return res
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('gatehouse serve (npm start)', () => {
  it('prints the address of every registered service', () => {
    expect([...urls.keys()].sort()).toEqual(services.map((s) => s.name).sort())
  })

  it.each(services.map((s) => s.name))(
    '%s answers on its printed address with a request id',
    async (name) => {
      const res = await healthy(name)
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.status).toBe(200)
    },
  )
})

describe.skipIf(!haveSharedData)('README examples against npm start', () => {
  /** Each service's default port → the port it took. */
  const ports = new Map<number, number>()
  let key = ''

  beforeAll(async () => {
    for (const s of services) ports.set(s.defaultPort, Number(new URL(urls.get(s.name)!).port))
    for (const name of ['aml', 'domain', 'router']) expect((await healthy(name)).status).toBe(200)
    const issued = await fetch(`${urls.get('gateway')}/admin/keys/generate`, {
      method: 'POST',
      headers: { 'x-admin-key': DEV_ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'readme examples', tier: 'pro' }),
    })
    key = ((await issued.json()) as { key_data: { key: string } }).key_data.key
    // The files the examples upload.
    writeFileSync(join(work, 'smlouva.pdf'), samplePdf())
    writeFileSync(join(work, 'smernice.pdf'), samplePdf())
    writeFileSync(
      join(work, 'clients.csv'),
      'reference,first_name,last_name,birth_date,ico,company_name\nK-1,Jan,Novák,1980-05-01,,\nK-2,,,,27082440,\n',
    )
  }, 120_000)

  /** The example as the test runs it: the services' ports, the run's key. */
  const localise = (text: string) =>
    text
      .replace(/\b(localhost|127\.0\.0\.1):(\d{4})\b/g, (all, _host, port) =>
        ports.has(Number(port)) ? `127.0.0.1:${ports.get(Number(port))}` : all,
      )
      .replace(/gk_(…|\.\.\.)/g, key)

  it.each(READMES)(
    '%s: every curl example answers as documented',
    async (readme) => {
      expect(await readmeProblems(readme, work, localise)).toEqual([])
    },
    300_000,
  )
})

describe('gatehouse serve (npm start), at the end', () => {
  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
