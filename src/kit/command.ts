import { SingleBar } from 'cli-progress'
import { AppError } from './errors.ts'

/**
 * A `gatehouse` sub-command. Services contribute theirs (keys, aml, kb …) from
 * services/<name>/cli.ts; src/cli.ts lists them with the words that select each and a summary,
 * and loads one only when it runs. `run` returns the process exit code.
 */
export interface Command {
  /** Shown by `gatehouse <command> --help` and after a usage error. */
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

/** What a long command reports as it goes: a step, and how far along a count it is. */
export interface Progress {
  step(text: string): void
  tick(done: number, total: number, what?: string): void
}

/**
 * A progress reporter for a command: a bar on a terminal (stderr) — a new one when what is counted
 * changes, gone at the total — and otherwise a step line at most every 2 s and at the total.
 */
export function progressReporter(io: CommandIO, unit = ''): Progress & { stop(): void } {
  let bar: SingleBar | undefined
  let label = ''
  let lastLine = 0
  return {
    step(text) {
      bar?.stop()
      bar = undefined
      io.err(text)
    },
    tick(done, total, what = unit) {
      if (io.interactive) {
        if (!bar || label !== what) {
          bar?.stop()
          label = what
          bar = new SingleBar({
            format: `  {bar} {percentage}% | {value}/{total} ${what}`,
            stream: process.stderr,
            hideCursor: true,
          })
          bar.start(total, 0)
        }
        bar.update(done)
        if (done >= total) {
          bar.stop()
          bar = undefined
        }
      } else if (done === total || Date.now() - lastLine > 2000) {
        lastLine = Date.now()
        io.err(`  ${done}/${total} ${what}`)
      }
    },
    stop() {
      bar?.stop()
    },
  }
}
