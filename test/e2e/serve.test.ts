/**
 * `npm start` as a user runs it: every registered service starts in one process, prints where it
 * listens, answers on that address with a request id, and SIGTERM stops the whole process cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portVariable } from '../../src/kit/service.ts'
import { services } from '../../src/services/index.ts'
import { stopChild } from '../support/children.ts'

const root = resolve(import.meta.dirname, '../..')

/** Where each service says it is healthy. */
const HEALTH: Record<string, string> = {
  discovery: '/healthz',
  gateway: '/health',
  router: '/health',
  knowledge: '/rag/health',
  aml: '/health',
  domain: '/health',
  console: '/health',
}

let child: ChildProcess
let output = ''
const urls = new Map<string, string>()

beforeAll(async () => {
  const ports = Object.fromEntries(services.map((s) => [portVariable(s.name), '0']))
  child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'gatehouse-e2e-')),
      LOG_LEVEL: 'warn',
      ...ports,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 90_000
  while (urls.size < services.length) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`services did not start:\n${output}`)
    for (const match of output.matchAll(/^(\S+)\s+(http:\/\/\S+)/gm)) urls.set(match[1]!, match[2]!)
    await new Promise((r) => setTimeout(r, 100))
  }
}, 120_000)

afterAll(() => stopChild(child, 'SIGKILL'))

describe('gatehouse serve (npm start)', () => {
  it('prints the address of every registered service', () => {
    expect([...urls.keys()].sort()).toEqual(services.map((s) => s.name).sort())
  })

  it.each(services.map((s) => s.name))(
    '%s answers on its printed address with a request id',
    async (name) => {
      const path = HEALTH[name] ?? '/'
      const deadline = Date.now() + 60_000
      // A service may answer 503 while it loads data in the background (AML lists); wait for 200.
      for (;;) {
        const res = await fetch(`${urls.get(name)}${path}`)
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
        if (res.status === 200 || Date.now() > deadline) {
          expect(res.status).toBe(200)
          break
        }
        await new Promise((r) => setTimeout(r, 250))
      }
    },
  )

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
