/**
 * The `gatehouse` command: serve the services, and the operator tasks each service brings
 * (run `gatehouse help` for the list). Each command's code is imported only when it runs, so
 * `gatehouse help` or `gatehouse keys list` does not load every service (README, "The `gatehouse`
 * command", has the start-up times).
 */
import { enableCompileCache } from 'node:module'
import type { Command, CommandIO } from './kit/command.ts'
import { ConfigError } from './kit/config.ts'
import { VERSION } from './kit/version.ts'

/** A command as `gatehouse help` lists it: the words that select it, and where its code is. */
interface Listed {
  path: string[]
  summary: string
  load(): Promise<Command>
}

const platform = () => import('./commands.ts')
const gateway = () => import('./services/gateway/cli.ts')
const aml = () => import('./services/aml/cli.ts')
const knowledge = () => import('./services/knowledge/cli.ts')
const domain = () => import('./services/domain/cli.ts')
const consoleUsers = () => import('./services/console/cli.ts')

const commands: Listed[] = [
  {
    path: ['serve'],
    summary: 'start services (all of them when no name is given)',
    load: async () => (await platform()).serve,
  },
  {
    path: ['migrate'],
    summary: 'apply pending database migrations (SQLite in DATA_DIR, or DATABASE_URL)',
    load: async () => (await import('./migrate.ts')).migrate,
  },
  {
    path: ['openapi'],
    summary: 'write every service’s OpenAPI document to a folder (no running services needed)',
    load: async () => (await platform()).openapi,
  },
  {
    path: ['truth-log', 'verify'],
    summary: 'check the truth log’s hash chain and name the first broken entry',
    load: async () => (await import('./services/router/cli.ts')).truthLogVerify,
  },
  {
    path: ['dataset', 'check'],
    summary: 'validate a discovery dataset file and list every problem',
    load: async () => (await import('./services/discovery/cli.ts')).datasetCheck,
  },
  {
    path: ['kb', 'ingest'],
    summary: 'add files or folders to a knowledge-base collection (PDF, DOCX, HTML, Markdown, text)',
    load: async () => (await knowledge()).kbIngest,
  },
  {
    path: ['kb', 'reembed'],
    summary: 'switch a collection to the configured KB_EMBEDDER by re-embedding all its passages',
    load: async () => (await knowledge()).kbReembed,
  },
  {
    path: ['keys', 'create'],
    summary: 'issue an API key for the agent gateway (printed once)',
    load: async () => (await gateway()).keysCreate,
  },
  {
    path: ['keys', 'list'],
    summary: 'list API keys (prefixes only, never the keys)',
    load: async () => (await gateway()).keysList,
  },
  {
    path: ['keys', 'usage'],
    summary: 'requests of one key by endpoint and status, or per day',
    load: async () => (await gateway()).keysUsage,
  },
  {
    path: ['keys', 'revoke'],
    summary: 'revoke an API key (refused from the next request on)',
    load: async () => (await gateway()).keysRevoke,
  },
  {
    path: ['keys', 'update'],
    summary: 'change a key’s tier, limits, expiry or details (counters carry on)',
    load: async () => (await gateway()).keysUpdate,
  },
  {
    path: ['keys', 'rotate'],
    summary: 'rotate an API key: prints the new key once; the old one stays valid for the grace period',
    load: async () => (await gateway()).keysRotate,
  },
  {
    path: ['aml', 'import'],
    summary: 'import sanctions list files or folders into the AML store',
    load: async () => (await aml()).amlImport,
  },
  {
    path: ['aml', 'update'],
    summary: 'download the official list files and import them (needs the network)',
    load: async () => (await aml()).amlUpdate,
  },
  {
    path: ['aml', 'screen'],
    summary: 'screen a client book (CSV or JSON) as a batch and write a CSV or JSON report',
    load: async () => (await aml()).amlScreen,
  },
  {
    path: ['aml', 'monitor'],
    summary: 'run a monitoring pass now: re-screen enrolled subjects against the current lists, raise alerts',
    load: async () => (await aml()).amlMonitor,
  },
  {
    path: ['aml', 'lists'],
    summary: 'show the list versions in the AML store',
    load: async () => (await aml()).amlLists,
  },
  {
    path: ['realestate', 'import'],
    summary: 'import a listings CSV (Sreality format) into the domain service',
    load: async () => (await domain()).realestateImport,
  },
  {
    path: ['contacts', 'import'],
    summary: 'import contacts (CSV or vCard) into the domain service, deduplicated',
    load: async () => (await domain()).contactsImport,
  },
  {
    path: ['console', 'users', 'add'],
    summary: 'add a console user (password read from standard input)',
    load: async () => (await consoleUsers()).usersAdd,
  },
  {
    path: ['console', 'users', 'list'],
    summary: 'list console users',
    load: async () => (await consoleUsers()).usersList,
  },
  {
    path: ['console', 'users', 'remove'],
    summary: 'remove a console user (ends their sessions)',
    load: async () => (await consoleUsers()).usersRemove,
  },
  {
    path: ['console', 'users', 'password'],
    summary: 'set a console user’s password (from standard input; ends their sessions)',
    load: async () => (await consoleUsers()).usersPassword,
  },
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
  const loaded = await command.load()
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(loaded.usage)
    return 0
  }
  try {
    return await loaded.run(rest, io)
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message)
      return 78 // EX_CONFIG
    }
    const code = (error as { code?: string }).code
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      io.err(`${(error as Error).message}\nusage: ${loaded.usage}`)
      return 2
    }
    // A file the user named that is not there or cannot be read: one line, no stack.
    const problem = code ? FILE_PROBLEMS[code] : undefined
    if (problem) {
      const path = (error as { path?: string }).path
      io.err(`${problem}${path ? `: ${path}` : ''}\nusage: ${loaded.usage}`)
      return 2
    }
    throw error
  }
}

/** Runs the command line with the process's own streams; sets the exit code. */
export async function runCli(argv: string[]): Promise<void> {
  // Node keeps each module's type-stripped source and V8 code in a cache folder (os.tmpdir() or
  // NODE_COMPILE_CACHE; checked against the source, so an edit is never served stale): a command
  // loading all the services takes 1.6 s of CPU instead of 2.5 s from the second run on.
  enableCompileCache()
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
