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
