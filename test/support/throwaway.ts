/**
 * Throwaway PostgreSQL clusters and Redis servers for fault tests: each is started on its own port
 * with its own data folder under the system temp dir, so a test may stop, restart, freeze (SIGSTOP)
 * or kill it without touching the machine's shared instances (5432, 6379).
 *
 * Ports come from FAULT_PORTS (`first-last`, default 9300-9399): the first one no other test
 * process holds and nothing listens on. An instance holds its port, by a lock file naming its
 * process, from its start until it is destroyed: while a test has stopped or killed its server to
 * start it again, the port is free to listen on but not to take, or another test file's server
 * would answer in its place (a "frozen" Redis that answers, a restart that finds its port taken).
 * PostgreSQL's initdb refuses to run as root, so as root the cluster is made and run as the
 * `postgres` user (runuser). A test asks `throwaway.available()` first and skips, printing why,
 * when the binaries are missing (with CI=true that is a failure, as in backing.ts).
 * Tests only; product code never imports test/support.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const required = (): boolean => process.env.CI === 'true' || process.env.CI === '1'

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
  for (const v of versions) {
    const bin = join(root, v, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return undefined
}

function redisBin(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat('/usr/bin', '/usr/local/bin')) {
    const path = join(dir, 'redis-server')
    if (dir && existsSync(path)) return path
  }
  return undefined
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function pgTool(bin: string, tool: string, args: string[]): void {
  const path = join(bin, tool)
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'ignore' })
  else execFileSync(path, args, { stdio: 'ignore' })
}

function portRange(): [number, number] {
  const match = /^(\d+)-(\d+)$/.exec(process.env.FAULT_PORTS ?? '')
  return match ? [Number(match[1]), Number(match[2])] : [9300, 9399]
}

/** Where the ports held by test processes are written down: a file per port, naming its process. */
const HELD = join(tmpdir(), 'gatehouse-fault-ports')

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes `port` for this process unless another live process holds it (a dead one's is taken over). */
function hold(port: number): boolean {
  mkdirSync(HELD, { recursive: true })
  const file = join(HELD, String(port))
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(readFileSync(file, 'utf8'))
      if (owner === process.pid || alive(owner)) return false
      rmSync(file, { force: true })
    }
  }
  return false
}

function release(port: number): void {
  const file = join(HELD, String(port))
  if (existsSync(file) && readFileSync(file, 'utf8') === String(process.pid)) rmSync(file, { force: true })
}

/**
 * A port of FAULT_PORTS that no process holds and nothing listens on, held for this process until
 * `release`. Test files run in parallel processes, so the search starts at an offset drawn from the
 * process id, and a caller whose server then fails to bind asks again (`withPort`).
 */
async function freePort(): Promise<number> {
  const [first, last] = portRange()
  const size = last - first + 1
  const offset = process.pid % size
  for (let i = 0; i < size; i++) {
    const port = first + ((offset + i) % size)
    if (!hold(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (free) return port
    release(port)
  }
  throw new Error(`no free port in ${first}-${last} (FAULT_PORTS)`)
}

/** Runs `start` on a free port, trying another when something else took the port meanwhile. */
async function withPort<T>(start: (port: number) => Promise<T> | T): Promise<T> {
  let lastError: unknown
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort()
    try {
      return await start(port)
    } catch (error) {
      release(port)
      lastError = error
    }
  }
  throw lastError
}

export interface ThrowawayPostgres {
  url: string
  port: number
  /**
   * Stops the cluster: `immediate` (default) drops every connection as a crash does; `fast` ends
   * each session with 57P01 admin_shutdown first, as a restart by an operator does.
   */
  stop(mode?: 'immediate' | 'fast'): void
  start(): void
  /** Removes the cluster; the instance cannot be started again. */
  destroy(): void
}

export interface ThrowawayRedis {
  url: string
  port: number
  /** Freezes the server: connections stay open, nothing is answered. */
  freeze(): void
  thaw(): void
  /** Kills the server (SIGKILL): every connection drops, the port refuses. */
  kill(): Promise<void>
  /** Starts a killed server again on the same port, empty. */
  restart(): Promise<void>
  destroy(): Promise<void>
}

/** The process id the Redis server on `port` reports (INFO server), or undefined (none answers). */
function redisProcessOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    const done = (pid: number | undefined) => {
      socket.destroy()
      resolve(pid)
    }
    socket.setTimeout(1000, () => done(undefined))
    socket.once('error', () => done(undefined))
    socket.once('connect', () => socket.write('INFO server\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1')
      const pid = /\r\nprocess_id:(\d+)\r\n/.exec(reply)?.[1]
      if (pid) done(Number(pid))
    })
    socket.once('end', () => done(undefined))
  })
}

export const throwaway = {
  /** Why fault tests cannot run here ('' when they can). */
  unavailable(): string {
    const missing = [postgresBin() ? '' : 'PostgreSQL (initdb, pg_ctl)', redisBin() ? '' : 'redis-server']
      .filter(Boolean)
      .join(' and ')
    if (!missing) return ''
    const reason = `${missing} not installed`
    if (required()) throw new Error(`${reason}; fault tests are required when CI=true`)
    process.stderr.write(`skipping fault tests: ${reason}\n`)
    return reason
  },

  /** `maxConnections`: the cluster's max_connections (default 50: one test file's pools). */
  async postgres(opts: { maxConnections?: number } = {}): Promise<ThrowawayPostgres> {
    const bin = postgresBin()
    if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql')
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'))
    if (asRoot) execFileSync('chown', ['postgres', dir])
    const data = join(dir, 'data')
    const starter = (port: number) => () => {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${opts.maxConnections ?? 50}`
      pgTool(bin, 'pg_ctl', ['-D', data, '-o', options, '-w', '-l', join(dir, 'log'), 'start'])
    }
    const stop = (mode: 'immediate' | 'fast' = 'immediate') =>
      pgTool(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])
    let started: { port: number; start: () => void }
    try {
      // Durability is irrelevant for a cluster that lives for one test file: no fsync at all.
      pgTool(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
      started = await withPort((port) => {
        const start = starter(port)
        start()
        return { port, start }
      })
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw error
    }
    const { port, start } = started
    let destroyed = false
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stop,
      start,
      destroy() {
        if (destroyed) return
        destroyed = true
        try {
          stop()
        } catch {
          // already stopped
        }
        rmSync(dir, { recursive: true, force: true })
        release(port)
      },
    }
  },

  async redis(): Promise<ThrowawayRedis> {
    const bin = redisBin()
    if (!bin) throw new Error('redis-server not found')
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-redis-'))
    const launch = async (port: number): Promise<ChildProcess> => {
      const child: ChildProcess = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: 'ignore' },
      )
      // Ready once the server on the port says it is this process (bounded: 5 s): one that exits
      // lost the port, and a connection alone could reach another process's server there.
      const deadline = Date.now() + 5000
      for (;;) {
        if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited`)
        if ((await redisProcessOn(port)) === child.pid) return child
        if (Date.now() > deadline) {
          child.kill('SIGKILL')
          throw new Error(`redis-server on port ${port} did not start`)
        }
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    let running: { port: number; child: ChildProcess }
    try {
      running = await withPort(async (port) => ({ port, child: await launch(port) }))
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw error
    }
    const { port } = running
    let child = running.child
    const kill = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGCONT')
      child.kill('SIGKILL')
      await exited
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      freeze: () => void child.kill('SIGSTOP'),
      thaw: () => void child.kill('SIGCONT'),
      kill,
      async restart() {
        await kill()
        child = await launch(port)
      },
      async destroy() {
        await kill()
        rmSync(dir, { recursive: true, force: true })
        release(port)
      },
    }
  },
}
