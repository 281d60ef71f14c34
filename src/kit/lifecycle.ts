/**
 * Starting and stopping services. Every selected service's configuration is parsed before any of
 * them starts, so one run reports every bad variable at once. SIGTERM and SIGINT drain: each app
 * stops accepting connections, finishes the requests in flight, each answered with
 * `Connection: close` (so no client reuses a connection being closed and sees a reset), answers
 * any request that still arrives on a kept-alive connection with a 503 in the service's envelope,
 * closes an idle connection 1 s after its last answer (at once when that has passed; see
 * server.ts), then its `close` runs (flushing buffered writes). Services stop one after the other,
 * callers first, so none goes while one that calls it still answers; the grace counting from each
 * connection's last answer keeps them from waiting a second each for the same traffic. A drain
 * that takes longer than SHUTDOWN_TIMEOUT_SECONDS exits with status 1.
 * A port that cannot be taken (in use, privileged, an address not on this machine) stops the
 * services already started the same way and is reported as one `ListenError` naming the service,
 * the address and the setting to change.
 */
import { type CommonConfig, ConfigError, type Env, parseEnv } from './config.ts'
import { createLogger, type Logger } from './logger.ts'
import { portVariable, type RunningService, type ServiceDefinition, urlVariable } from './service.ts'
import { configureTracing, flushTracing } from './tracing.ts'

export interface Started {
  name: string
  url: string
  running: RunningService
}

/** Why a service could not take its address, in words a person can act on. */
const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'the port is in use; stop what listens there or choose another port',
  EACCES: 'ports below 1024 need privileges; choose a port from 1024 up',
  EADDRNOTAVAIL: 'the address is not one of this machine’s; set HOST to one of its addresses',
}

/** A service could not listen; the message is the one line the command prints. */
export class ListenError extends Error {
  /**
   * @param address `host:port` it tried
   * @param code the system's error code (EADDRINUSE …)
   * @param setting what chose the port: `--port` or `<NAME>_PORT`
   */
  constructor(service: string, address: string, code: string, setting: string) {
    const problem = LISTEN_PROBLEMS[code] ?? code
    const hint = code === 'EADDRNOTAVAIL' ? '' : ` with ${setting}`
    super(`${service} cannot listen on ${address}: ${problem}${hint}`)
    this.name = 'ListenError'
  }
}

export function parseAll(defs: ServiceDefinition[], source: Env): Map<string, Record<string, unknown>> {
  const problems = new Set<string>()
  const configs = new Map<string, Record<string, unknown>>()
  for (const def of defs) {
    try {
      configs.set(def.name, parseEnv(def.spec, source) as Record<string, unknown>)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const p of error.problems) problems.add(p)
    }
  }
  if (problems.size > 0) throw new ConfigError([...problems])
  return configs
}

export async function startServices(
  defs: ServiceDefinition[],
  source: Env,
  opts: { port?: number; logger?: Logger; print?: (line: string) => void } = {},
): Promise<{ started: Started[]; stop: () => Promise<void> }> {
  const configs = parseAll(defs, source)
  const first = configs.values().next().value as CommonConfig | undefined
  const logger = opts.logger ?? createLogger({ level: first?.LOG_LEVEL ?? 'info' })
  const print = opts.print ?? ((line: string) => process.stdout.write(`${line}\n`))
  if (first) await configureTracing(first, defs.length)
  const started: Started[] = []
  const stop = async () => {
    for (const s of [...started].reverse()) {
      // The kit server drains its connections itself (see server.ts).
      await s.running.app.close()
      await s.running.close?.()
    }
    // The spans of the last requests are sent before the process ends.
    await flushTracing()
  }
  // A service that calls another started here is given the address that one took, unless its
  // <NAME>_URL says otherwise: a port changed (or 0) without its URL would leave the caller at the
  // default address. Services are listed callees first (services/index.ts).
  const wired: Record<string, string | undefined> = { ...source }
  try {
    for (const def of defs) {
      const config = parseEnv(def.spec, wired) as Record<string, unknown>
      const running = await def.start(config, { logger })
      const setting = opts.port === undefined ? portVariable(def.name) : '--port'
      const port = opts.port ?? (config[portVariable(def.name)] as number)
      const host = config.HOST as string
      await listen(def.name, running, { port, host, setting })
      const address = running.app.server.address()
      const actualPort = typeof address === 'object' && address ? address.port : port
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
      started.push({ name: def.name, url, running })
      if (source[urlVariable(def.name)] === undefined)
        wired[urlVariable(def.name)] = `http://${reachable(host)}:${actualPort}`
      print(`${def.name.padEnd(10)} ${url}  ${def.description}`)
      for (const note of running.notes ?? []) print(`${' '.repeat(11)}${note}`)
    }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
  return { started, stop }
}

/** The address to call a service listening on `host` at: loopback for the wildcard addresses. */
function reachable(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::' || host === '[::]') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

/** Listens, or releases what the service opened and throws a `ListenError` for a known cause. */
async function listen(
  name: string,
  running: RunningService,
  at: { port: number; host: string; setting: string },
): Promise<void> {
  try {
    await running.app.listen({ port: at.port, host: at.host })
  } catch (error) {
    await running.app.close().catch(() => undefined)
    await running.close?.().catch(() => undefined)
    const code = (error as NodeJS.ErrnoException).code
    if (code === undefined || !(code in LISTEN_PROBLEMS)) throw error
    const host = at.host.includes(':') ? `[${at.host}]` : at.host
    throw new ListenError(name, `${host}:${at.port}`, code, at.setting)
  }
}

/** Wires SIGTERM/SIGINT to a bounded, draining stop. */
export function stopOnSignals(stop: () => Promise<void>, timeoutSeconds: number, logger: Logger): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'draining in-flight requests, then stopping')
    const timer = setTimeout(() => {
      logger.error({ timeoutSeconds }, 'shutdown timed out; exiting')
      process.exit(1)
    }, timeoutSeconds * 1000)
    timer.unref()
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
