import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const bin = resolve(import.meta.dirname, '../bin/gatehouse.js')

async function gatehouse(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('the gatehouse command', () => {
  it('lists its commands', async () => {
    const { code, stdout } = await gatehouse(['help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/serve\s+start services/)
    expect(stdout).toMatch(/migrate\s+apply pending database migrations/)
  })

  it('exits 2 and points to help on an unknown command', async () => {
    const { code, stderr } = await gatehouse(['frobnicate'])
    expect(code).toBe(2)
    expect(stderr).toContain('run `gatehouse help` for the list')
  })

  it('answers a file that is not there with one line naming it, never a stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-missing-'))
    for (const args of [
      ['aml', 'screen', '/nonexistent/clients.csv'],
      ['aml', 'import', '/nonexistent/lists'],
    ]) {
      const { code, stderr } = await gatehouse(args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
      expect(code).toBe(2)
      expect(stderr).toMatch(/^no such file or folder: \/nonexistent\//m)
      expect(stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('exits 2 on an unknown service name', async () => {
    const { code, stderr } = await gatehouse(['serve', 'nosuch'])
    expect(code).toBe(2)
    expect(stderr).toContain('unknown service: nosuch')
  })

  it('rejects a --port that is not a port number', async () => {
    const { code, stderr } = await gatehouse(['serve', '--port', 'abc'])
    expect(code).toBe(2)
    expect(stderr).toContain('--port must be an integer')
  })

  it('refuses --port without exactly one service name', async () => {
    const { code, stderr } = await gatehouse(['serve', '--port', '9000'])
    expect(code).toBe(2)
    expect(stderr).toContain('--port needs exactly one service name')
  })

  it('applies migrations once, then reports the database up to date', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-'))
    const first = await gatehouse(['migrate'], { DATA_DIR: dataDir })
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^sqlite: (applied .+|up to date)\n$/)
    const second = await gatehouse(['migrate'], { DATA_DIR: dataDir })
    expect(second.stdout).toBe('sqlite: up to date\n')
  })

  it('exits 78 naming the variable when the configuration is bad', async () => {
    const { code, stderr } = await gatehouse(['migrate'], { DATABASE_URL: 'mysql://nope' })
    expect(code).toBe(78)
    expect(stderr).toContain('DATABASE_URL must use postgres or postgresql')
  })
})
