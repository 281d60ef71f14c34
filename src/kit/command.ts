import { AppError } from './errors.ts'

/**
 * A `gatehouse` sub-command. Services contribute theirs (keys, aml, kb …) from
 * services/<name>/cli.ts; src/cli.ts lists them. `run` returns the process exit code.
 */
export interface Command {
  /** Words that select it, e.g. ['keys', 'create']. */
  path: string[]
  summary: string
  usage: string
  run(args: string[], io: CommandIO): Promise<number>
}

export interface CommandIO {
  env: Readonly<Record<string, string | undefined>>
  out: (line: string) => void
  err: (line: string) => void
  /** True when stderr is a terminal: progress bars draw there, otherwise log lines. */
  interactive: boolean
  /** The whole of standard input, for commands that take a secret there (a password). */
  readStdin?: () => Promise<string>
}

/**
 * The exit code for a caller's mistake (a 4xx AppError: an unknown id, a bad value), with its
 * message on stderr: 1 when what was named does not exist, 2 for anything else the caller got
 * wrong. Anything else is not the caller's: it is thrown again, for the command line to report.
 */
export function exitCodeOfRefusal(error: unknown, io: Pick<CommandIO, 'err'>): number {
  if (!(error instanceof AppError) || error.status >= 500) throw error
  io.err(`error: ${error.message}`)
  return error.code === 'not_found' ? 1 : 2
}
