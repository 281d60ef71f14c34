import { execFile, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
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
      timeout: 150_000,
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

  it('names the service, the port and its variable when a port is taken, and stops the others cleanly', async () => {
    const busy = await occupiedPort()
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-busy-'))
      const env = { DATA_DIR: dataDir, DISCOVERY_PORT: '0', GATEWAY_PORT: String(busy.port) }
      const { code, stderr } = await gatehouse(['serve', 'discovery', 'gateway'], env)
      expect(code).toBe(69)
      expect(stderr).toContain(
        `gateway cannot listen on 127.0.0.1:${busy.port}: the port is in use; stop what listens there or choose another port with GATEWAY_PORT`,
      )
      expect(stderr).toMatch(/^discovery\s+http:\/\/127\.0\.0\.1:\d+/m)
      expect(stderr).not.toMatch(/\n\s+at /)
      expect(stderr).not.toContain('EADDRINUSE')
    } finally {
      busy.server.close()
    }
  }, 180_000)

  it('names --port when the port given on the command line is taken', async () => {
    const busy = await occupiedPort()
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-busy-'))
      const { code, stderr } = await gatehouse(['serve', 'discovery', '--port', String(busy.port)], {
        DATA_DIR: dataDir,
      })
      expect(code).toBe(69)
      expect(stderr).toContain(
        `discovery cannot listen on 127.0.0.1:${busy.port}: the port is in use; stop what listens there or choose another port with --port`,
      )
    } finally {
      busy.server.close()
    }
  }, 180_000)

  it('writes the start-up banner to stderr and only JSON log lines to stdout when not at a terminal', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-cli-streams-'))
    const child = spawn(process.execPath, [bin, 'serve', 'discovery'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DISCOVERY_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const deadline = Date.now() + 60_000
    while (!/Server listening/.test(stdout) && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100))
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(stderr).toMatch(/^gatehouse \S+ on Node v24/m)
    expect(stderr).toMatch(/^discovery\s+http:\/\/127\.0\.0\.1:\d+ {2}public discovery/m)
    const lines = stdout.split('\n').filter(Boolean)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
  }, 180_000)
})

/** A port some other program listens on. */
function occupiedPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 })
    })
  })
}
