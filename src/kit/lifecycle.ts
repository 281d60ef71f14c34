/**
 * Starting and stopping services. Every selected service's configuration is parsed before any of
 * them starts, so one run reports every bad variable at once. SIGTERM and SIGINT drain: each app
 * stops accepting connections, finishes the requests in flight, each answered with
 * `Connection: close` (so no client reuses a connection being closed and sees a reset), answers
 * any request that still arrives on a kept-alive connection with a 503 in the service's envelope,
 * closes idle connections after a 1 s grace (see server.ts), then its `close` runs (flushing
 * buffered writes). A drain that takes longer than SHUTDOWN_TIMEOUT_SECONDS exits with status 1.
 */
import { type CommonConfig, ConfigError, type Env, parseEnv } from './config.ts'
import { createLogger, type Logger } from './logger.ts'
import type { RunningService, ServiceDefinition } from './service.ts'

export interface Started {
  name: string
  url: string
  running: RunningService
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
  const started: Started[] = []
  const stop = async () => {
    for (const s of [...started].reverse()) {
      // The kit server drains its connections itself (see server.ts).
      await s.running.app.close()
      await s.running.close?.()
    }
  }
  try {
    for (const def of defs) {
      const config = configs.get(def.name)!
      const running = await def.start(config, { logger })
      const port = opts.port ?? (config[`${def.name.toUpperCase()}_PORT`] as number)
      const host = config.HOST as string
      await running.app.listen({ port, host })
      const address = running.app.server.address()
      const actualPort = typeof address === 'object' && address ? address.port : port
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
      started.push({ name: def.name, url, running })
      print(`${def.name.padEnd(10)} ${url}  ${def.description}`)
      for (const note of running.notes ?? []) print(`${' '.repeat(11)}${note}`)
    }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
  return { started, stop }
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
