/**
 * Every curl example in every README, run against the services started as `npm start` starts
 * them (one process, demo data, no outside network, no LLM). An example must answer 2xx or 3xx
 * unless its README says otherwise on the command itself:
 *   `# → 404`            the documented status (an example that shows an error),
 *   `# needs the internet` the public web: here a clear answer (a refusal, failed pages), never a 500,
 *   `# needs LLM_BASE_URL` an LLM upstream: here the 503 naming the variable (or a 4xx when it
 *                        uses what an earlier such example would have answered).
 * Each ```sh block runs as one bash script, so variables set by one command reach the next; lines
 * that neither call curl nor assign a variable (npm, npx, open) are not run. A command that calls
 * curl more than once (a polling loop) is judged by its last answer. `localhost:8xxx`
 * becomes the test's ports, `gk_…` a key issued for the run, and an AML id of the example
 * (AML-…, AMLB-…, AMLA-…) the newest id of that kind the examples before it were answered with.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ADMIN_KEY } from '../src/kit/secrets.ts'
import { portVariable } from '../src/kit/service.ts'
import { services } from '../src/services/index.ts'
import { haveSharedData } from './domain/fixtures.ts'
import { samplePdf } from './support/documents.ts'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '..')
const READMES = ['README.md', ...services.map((s) => `src/services/${s.name}/README.md`)]

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

/** The wrapper every example's curl goes through: records status and body, swaps example ids. */
const PRELUDE = String.raw`
curl() {
  local args=() arg id
  for arg in "$@"; do
    for kind in AMLB AMLA AML; do
      id=$(grep -oE "\b$kind-[0-9]{8}-[0-9]+" "$BODIES" 2>/dev/null | tail -n 1)
      [ -n "$id" ] && arg=$(printf '%s' "$arg" | sed -E "s/\b$kind-[0-9]{8}-[0-9]+/$id/g")
    done
    args+=("$arg")
  done
  local headers; headers=$(mktemp)
  command curl -sS --max-time 60 -D "$headers" "\${args[@]}" | tee -a "$BODIES"
  local rc=\${PIPESTATUS[0]}
  printf '%s\t%s\t%s\n' "$LINE" "$(grep -E '^HTTP/' "$headers" | tail -n 1 | cut -d' ' -f2)" "$rc" >> "$STATUSES"
  printf '\n' >> "$BODIES"
  rm -f "$headers"
  return "$rc"
}
`.replaceAll('\\${', '${')

describe.skipIf(!haveSharedData)('README examples', () => {
  const ports = new Map<number, number>()
  const work = mkdtempSync(join(tmpdir(), 'gatehouse-readme-'))
  let child: ChildProcess
  let output = ''
  let key = ''

  beforeAll(async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    }
    for (const s of services) {
      const port = await freePort()
      ports.set(s.defaultPort, port)
      env[portVariable(s.name)] = String(port)
    }
    const url = (p: number) => `http://127.0.0.1:${ports.get(p)}`
    Object.assign(env, {
      KNOWLEDGE_URL: url(8200),
      AML_URL: url(8300),
      DOMAIN_URL: url(8400),
      DISCOVERY_URL: url(8080),
      ROUTER_URL: url(8100),
      GATEWAY_URL: url(8000),
    })
    child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (chunk) => (output += chunk))
    child.stderr!.on('data', (chunk) => (output += chunk))
    const deadline = Date.now() + 120_000
    for (const [path, port] of [
      ['/health', 8300],
      ['/health', 8400],
      ['/health', 8100],
    ] as const) {
      for (;;) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`services did not start:\n${output}`)
        const res = await fetch(`${url(port)}${path}`).catch(() => undefined)
        if (res?.status === 200) break
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    const issued = await fetch(`${url(8000)}/admin/keys/generate`, {
      method: 'POST',
      headers: { 'x-admin-key': DEV_ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'readme examples', tier: 'pro' }),
    })
    key = ((await issued.json()) as { key_data: { key: string } }).key_data.key
    // The files the examples upload.
    writeFileSync(join(work, 'smlouva.pdf'), samplePdf())
    writeFileSync(join(work, 'smernice.pdf'), samplePdf())
    writeFileSync(
      join(work, 'clients.csv'),
      'reference,first_name,last_name,birth_date,ico,company_name\nK-1,Jan,Novák,1980-05-01,,\nK-2,,,,27082440,\n',
    )
  }, 150_000)

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL')
  })

  /** The example as the test runs it: its ports, the run's key. */
  const localise = (text: string) =>
    text
      .replace(/\b(localhost|127\.0\.0\.1):(\d{4})\b/g, (all, _host, port) =>
        ports.has(Number(port)) ? `127.0.0.1:${ports.get(Number(port))}` : all,
      )
      .replace(/gk_(…|\.\.\.)/g, key)

  it.each(READMES)(
    '%s: every curl example answers as documented',
    async (readme) => {
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
            if (status !== c.expect.status)
              problems.push(`${where}: ${status}, documented ${c.expect.status}`)
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
      expect(problems).toEqual([])
    },
    300_000,
  )
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
