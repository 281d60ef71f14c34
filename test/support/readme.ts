/**
 * Every curl example in every README, run as written against running services (demo data, no
 * outside network, no LLM). An example must answer 2xx or 3xx unless its README says otherwise on
 * the command itself:
 *   `# → 404`            the documented status (an example that shows an error),
 *   `# needs the internet` the public web: here a clear answer (a refusal, failed pages), never a 500,
 *   `# needs LLM_BASE_URL` an LLM upstream: here the 503 naming the variable (or a 4xx when it
 *                        uses what an earlier such example would have answered).
 * Each ```sh block runs as one bash script, as written, so variables set by one command reach the
 * next (an id taken from an answer); lines that neither call curl nor assign a variable (npm, npx,
 * open) are not run. A command that calls curl more than once (a polling loop) is judged by its
 * last answer. `localhost:8xxx` becomes the services' ports and `gk_…` a key issued for the run.
 */
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { services } from '../../src/services/index.ts'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
export const READMES = ['README.md', ...services.map((s) => `src/services/${s.name}/README.md`)]

interface Command {
  /** 1-based line of the README where the command starts. */
  line: number
  text: string
  kind: 'curl' | 'assignment' | 'other'
  expect: { status: number } | { needs: 'internet' | 'llm' } | { ok: true }
}

/** The commands of each ```sh block (continuation lines joined), with what each must answer. */
export function shellBlocks(markdown: string): Command[][] {
  const lines = markdown.split('\n')
  const blocks: Command[][] = []
  let block: Command[] | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (block === undefined) {
      if (line.trim() === '```sh') block = []
      continue
    }
    if (line.trim() === '```') {
      blocks.push(block)
      block = undefined
      continue
    }
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    const start = i
    // Continuation lines stay as they are (backslash-newline), so bash joins them itself.
    let text = line
    let last = line
    while (last.endsWith('\\') && i + 1 < lines.length) {
      last = lines[++i]!
      text = `${text}\n${last}`
    }
    // A command that calls curl anywhere (a pipe, a loop, an assignment from it) is an example.
    const kind = /(^|[\s;(|&])curl\s/.test(text)
      ? 'curl'
      : /^[A-Z_][A-Z0-9_]*=/.test(text)
        ? 'assignment'
        : 'other'
    const status = /#[^\n]*→\s*(\d{3})\b/.exec(text)
    const expect: Command['expect'] = status
      ? { status: Number(status[1]) }
      : /#\s*needs the internet/.test(text)
        ? { needs: 'internet' }
        : /#\s*needs LLM_BASE_URL/.test(text)
          ? { needs: 'llm' }
          : { ok: true }
    block.push({ line: start + 1, text, kind, expect })
  }
  return blocks
}

/** The wrapper every example's curl goes through: records each call's status and body. */
const PRELUDE = String.raw`
curl() {
  local headers; headers=$(mktemp)
  command curl -sS --max-time 60 -D "$headers" "$@" | tee -a "$BODIES"
  local rc=\${PIPESTATUS[0]}
  printf '%s\t%s\t%s\n' "$LINE" "$(grep -E '^HTTP/' "$headers" | tail -n 1 | cut -d' ' -f2)" "$rc" >> "$STATUSES"
  printf '\n' >> "$BODIES"
  rm -f "$headers"
  return "$rc"
}
`.replaceAll('\\${', '${')

/**
 * Runs each ```sh block of `readme` with curl in it from `work`, after `localise` (the services'
 * ports, the run's key); returns every example that did not answer as documented.
 */
export async function readmeProblems(
  readme: string,
  work: string,
  localise: (text: string) => string,
): Promise<string[]> {
  const blocks = shellBlocks(readFileSync(join(root, readme), 'utf8'))
  const problems: string[] = []
  for (const [index, commands] of blocks.entries()) {
    const curls = commands.filter((c) => c.kind === 'curl')
    if (curls.length === 0) continue
    const bodies = join(work, `bodies-${index}.txt`)
    const statuses = join(work, `statuses-${index}.txt`)
    writeFileSync(bodies, '')
    writeFileSync(statuses, '')
    const script = [
      PRELUDE,
      ...commands.filter((c) => c.kind !== 'other').map((c) => `LINE=${c.line}\n${localise(c.text)}`),
    ].join('\n')
    // The script's own exit status is its last command's: what counts is each call's answer.
    await run('bash', ['--norc', '--noprofile', '-c', script], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', BODIES: bodies, STATUSES: statuses },
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    }).catch(() => undefined)
    const answered = new Map(
      readFileSync(statuses, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((row) => {
          const [line, status] = row.split('\t')
          // No status line: curl reached no server (an empty field, not 0).
          return [Number(line), status ? Number(status) : Number.NaN] as const
        }),
    )
    for (const c of curls) {
      const status = answered.get(c.line)
      const where = `${readme}:${c.line} ${c.text.split('\n')[0]!.slice(0, 100)}`
      if (status === undefined || Number.isNaN(status)) {
        problems.push(`${where}: no answer`)
      } else if ('status' in c.expect) {
        if (status !== c.expect.status) problems.push(`${where}: ${status}, documented ${c.expect.status}`)
      } else if ('needs' in c.expect) {
        // Offline the web tools answer a clear refusal (or per-page failures), never a 500.
        // (A 4xx where an earlier step that needed it left a value empty.)
        const wanted =
          c.expect.needs === 'llm' ? status === 503 || (status >= 400 && status < 500) : status !== 500
        if (!wanted) problems.push(`${where}: ${status} without ${c.expect.needs}`)
      } else if (status >= 400) {
        problems.push(`${where}: ${status}`)
      }
    }
  }
  return problems
}
