/**
 * The `gatehouse` command: serve the services, and the operator tasks each service brings
 * (run `gatehouse help` for the list).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Command, CommandIO } from './kit/command.ts'
import { ConfigError, commonSpec, parseEnv } from './kit/config.ts'
import { openDatabase } from './kit/db.ts'
import { ListenError, startServices, stopOnSignals } from './kit/lifecycle.ts'
import { createLogger, wantsPrettyLogs } from './kit/logger.ts'
import { amlCommands } from './services/aml/cli.ts'
import { consoleCommands } from './services/console/cli.ts'
import { datasetCheck } from './services/discovery/cli.ts'
import { openApiDocuments } from './services/documents.ts'
import { domainCommands } from './services/domain/cli.ts'
import { keyCommands } from './services/gateway/cli.ts'
import { services } from './services/index.ts'
import { kbIngest, kbReembed } from './services/knowledge/cli.ts'
import { truthLogVerify } from './services/router/cli.ts'

const serve: Command = {
  path: ['serve'],
  summary: 'start services (all of them when no name is given)',
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
    const { stop } = await startServices(selected, io.env, { port, logger, print: io.err })
    stopOnSignals(stop, common.SHUTDOWN_TIMEOUT_SECONDS, logger)
    return await new Promise<number>(() => undefined) // runs until a signal stops it
  },
}

const migrate: Command = {
  path: ['migrate'],
  summary: 'apply pending database migrations (SQLite in DATA_DIR, or DATABASE_URL)',
  usage: 'gatehouse migrate',
  async run(_args, io) {
    const config = parseEnv(commonSpec, io.env)
    const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
    try {
      const applied = await db.migrate()
      io.out(
        applied.length === 0 ? `${db.dialect}: up to date` : `${db.dialect}: applied ${applied.join(', ')}`,
      )
      return 0
    } finally {
      await db.close()
    }
  },
}

const openapi: Command = {
  path: ['openapi'],
  summary: 'write every service’s OpenAPI document to a folder (no running services needed)',
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

const VERSION = '0.1.0'

export const commands: Command[] = [
  serve,
  migrate,
  openapi,
  truthLogVerify,
  datasetCheck,
  kbIngest,
  kbReembed,
  ...keyCommands,
  ...amlCommands,
  ...domainCommands,
  ...consoleCommands,
]

function help(io: CommandIO): void {
  io.out(`gatehouse ${VERSION}: know who you deal with\n`)
  io.out('usage: gatehouse <command> [options]\n')
  const width = Math.max(...commands.map((c) => c.path.join(' ').length))
  for (const c of commands) io.out(`  ${c.path.join(' ').padEnd(width)}  ${c.summary}`)
  io.out('\n`gatehouse <command> --help` shows a command’s usage.')
}

/** File-system errors that are the user's mistake (a wrong path), not the program's. */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'not allowed to read it',
  EISDIR: 'a folder, where a file is needed',
  ENOTDIR: 'not a folder',
}

export async function main(argv: string[], io: CommandIO): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    help(io)
    return 0
  }
  if (argv[0] === '--version' || argv[0] === 'version') {
    io.out(VERSION)
    return 0
  }
  // The longest command path that prefixes argv wins (`aml import` before `aml`).
  const command = [...commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => argv[i] === word))
  if (!command) {
    io.err(`unknown command: ${argv.join(' ')}\nrun \`gatehouse help\` for the list`)
    return 2
  }
  const rest = argv.slice(command.path.length)
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage)
    return 0
  }
  try {
    return await command.run(rest, io)
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message)
      return 78 // EX_CONFIG
    }
    if (error instanceof ListenError) {
      io.err(error.message)
      return 69 // EX_UNAVAILABLE: the address cannot be had
    }
    const code = (error as { code?: string }).code
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      io.err(`${(error as Error).message}\nusage: ${command.usage}`)
      return 2
    }
    // A file the user named that is not there or cannot be read: one line, no stack.
    const problem = code ? FILE_PROBLEMS[code] : undefined
    if (problem) {
      const path = (error as { path?: string }).path
      io.err(`${problem}${path ? `: ${path}` : ''}\nusage: ${command.usage}`)
      return 2
    }
    throw error
  }
}

/** Runs the command line with the process's own streams; sets the exit code. */
export async function runCli(argv: string[]): Promise<void> {
  // A reader that stops early (`gatehouse … | head`) closes the pipe: stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
  const io: CommandIO = {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: process.stderr.isTTY === true,
    async readStdin() {
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
  }
  try {
    process.exitCode = await main(argv, io)
  } catch (error) {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`)
    process.exitCode = 1
  }
}

if (import.meta.main) await runCli(process.argv.slice(2))
