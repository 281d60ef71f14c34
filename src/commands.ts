/**
 * The commands over every service — serve, openapi; each service's operator commands are in
 * services/<name>/cli.ts (and `migrate`, which needs none of them, in migrate.ts). src/cli.ts
 * lists them all.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Command } from './kit/command.ts'
import { commonSpec, parseEnv } from './kit/config.ts'
import { ListenError, startServices, stopOnSignals } from './kit/lifecycle.ts'
import { createLogger, wantsPrettyLogs } from './kit/logger.ts'
import { VERSION } from './kit/version.ts'
import { openApiDocuments } from './services/documents.ts'
import { services } from './services/index.ts'

export const serve: Command = {
  usage: `gatehouse serve [NAME...] [--port N]\n  names: ${services.map((s) => s.name).join(', ') || '(none yet)'}`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { port: { type: 'string' } },
      allowPositionals: true,
    })
    const unknown = positionals.filter((n) => !services.some((s) => s.name === n))
    if (unknown.length > 0) {
      io.err(`unknown service: ${unknown.join(', ')}; known: ${services.map((s) => s.name).join(', ')}`)
      return 2
    }
    let port: number | undefined
    if (values.port !== undefined) {
      port = Number(values.port)
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        io.err(`--port must be an integer from 0 to 65535, got "${values.port}"`)
        return 2
      }
      if (positionals.length !== 1) {
        io.err('--port needs exactly one service name (each service has its own <NAME>_PORT variable)')
        return 2
      }
    }
    const selected = positionals.length > 0 ? services.filter((s) => positionals.includes(s.name)) : services
    if (selected.length === 0) {
      io.err('no services to start')
      return 2
    }
    const common = parseEnv(commonSpec, io.env)
    const logger = createLogger({
      level: common.LOG_LEVEL,
      pretty: wantsPrettyLogs(common.LOG_FORMAT, Boolean(process.stdout.isTTY)),
    })
    // What a person reads goes to stderr, so stdout carries nothing but log lines (JSON for a
    // collector when it is not a terminal).
    io.err(`gatehouse ${VERSION} on Node ${process.version}`)
    const started = await startServices(selected, io.env, { port, logger, print: io.err }).catch(
      (error: unknown) => {
        if (error instanceof ListenError) return error
        throw error
      },
    )
    if (started instanceof ListenError) {
      io.err(started.message)
      return 69 // EX_UNAVAILABLE: the address cannot be had
    }
    stopOnSignals(started.stop, common.SHUTDOWN_TIMEOUT_SECONDS, logger)
    return await new Promise<number>(() => undefined) // runs until a signal stops it
  },
}

export const openapi: Command = {
  usage: `gatehouse openapi [NAME...] [--out DIR]\n  writes DIR/<name>.json (default DIR: ./openapi)\n  names: ${services.map((s) => s.name).join(', ')}`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { out: { type: 'string', default: 'openapi' } },
      allowPositionals: true,
    })
    const unknown = positionals.filter((n) => !services.some((s) => s.name === n))
    if (unknown.length > 0) {
      io.err(`unknown service: ${unknown.join(', ')}; known: ${services.map((s) => s.name).join(', ')}`)
      return 2
    }
    const selected = positionals.length > 0 ? services.filter((s) => positionals.includes(s.name)) : services
    const out = resolve(values.out)
    mkdirSync(out, { recursive: true })
    const documents = await openApiDocuments(selected, (name) => io.err(`${name}: describing…`))
    for (const [name, document] of documents) {
      const file = join(out, `${name}.json`)
      writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
      io.out(`${file}  ${Object.keys(document.paths).length} paths`)
    }
    return 0
  },
}
