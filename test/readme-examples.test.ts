/**
 * Every curl example in every README, run against the services as `npm start` starts them (demo
 * data, no outside network, no LLM). An example must answer 2xx or 3xx unless its README says
 * otherwise on the command itself:
 *   `# → 404`            the documented status (an example that shows an error),
 *   `# needs the internet` the public web: here a clear answer (a refusal, failed pages), never a 500,
 *   `# needs LLM_BASE_URL` an LLM upstream: here the 503 naming the variable (or a 4xx when it
 *                        uses what an earlier such example would have answered).
 * Each ```sh block runs as one bash script, as written, so variables set by one command reach the
 * next (an id taken from an answer); lines that neither call curl nor assign a variable (npm, npx,
 * open) are not run. A command that calls curl more than once (a polling loop) is judged by its
 * last answer. `localhost:8xxx` becomes the test's ports and `gk_…` a key issued for the run.
 *
 * The services take port 0 and the test reads the bound addresses from their banners, so no port
 * can be taken between choosing and binding it; services that call others start after them, in
 * their own process, given the addresses. A failure to start fails every README's test.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ADMIN_KEY } from '../src/kit/secrets.ts'
import { portVariable } from '../src/kit/service.ts'
import { services } from '../src/services/index.ts'
import { haveSharedData } from './domain/fixtures.ts'
import { stopChild } from './support/children.ts'
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
function shellBlocks(markdown: string): Command[][] {
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
 * The order the services start in, one process per step: each step's services call only those of
 * the steps before it (the router: knowledge, aml, domain, discovery; the gateway's health: the
 * router; the console: all of them).
 */
const START_ORDER = [['discovery', 'knowledge', 'aml', 'domain'], ['router'], ['gateway'], ['console']]

describe('README commands run as written on a fresh clone', () => {
  it.each(READMES)('%s: no bare gatehouse, no dated ids, no endless loop', (readme) => {
    const problems: string[] = []
    for (const command of shellBlocks(readFileSync(join(root, readme), 'utf8')).flat()) {
      const where = `${readme}:${command.line} ${command.text.split('\n')[0]!.slice(0, 80)}`
      // The command is installed in node_modules/.bin, which a fresh shell does not have on PATH.
      if (/^gatehouse\s/.test(command.text)) problems.push(`${where}: gatehouse without npx`)
      // An id of a record the reader has not created (AML ids carry the day they were made).
      if (/\bAML[AB]?-(?!00000000)\d{8}-\d+/.test(command.text.replace(/#.*$/gm, '')))
        problems.push(`${where}: a dated id; take it from an earlier answer`)
      if (/^(until|while)\s/.test(command.text)) problems.push(`${where}: a loop that may never end`)
    }
    expect(problems).toEqual([])
  })
})

describe.skipIf(!haveSharedData)('README examples', () => {
  /** Each service's default port → the port it took. */
  const ports = new Map<number, number>()
  const work = mkdtempSync(join(tmpdir(), 'gatehouse-readme-'))
  const children: ChildProcess[] = []
  let startFailure: Error | undefined
  let key = ''

  /** Starts one step's services on port 0 in one process; resolves with their bound addresses. */
  function startStep(names: string[], env: Record<string, string>): Promise<Map<string, string>> {
    const child = spawn(process.execPath, ['src/cli.ts', 'serve', ...names], {
      cwd: root,
      env: { ...env, ...Object.fromEntries(names.map((n) => [portVariable(n), '0'])) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout!.on('data', (chunk) => (output += chunk))
    return new Promise((resolve, reject) => {
      const urls = new Map<string, string>()
      const timer = setTimeout(() => fail('did not print their addresses within 120 s'), 120_000)
      const fail = (why: string) => {
        clearTimeout(timer)
        reject(new Error(`${names.join(', ')} ${why}:\n${output}`))
      }
      child.once('exit', (code) => fail(`exited with status ${code}`))
      child.stderr!.on('data', (chunk) => {
        output += chunk
        // The banner: `<name>  http://127.0.0.1:<port>  <description>`.
        for (const [, name, url] of output.matchAll(/^(\S+)\s+(http:\/\/\S+)/gm))
          if (names.includes(name!)) urls.set(name!, url!)
        if (urls.size === names.length) {
          clearTimeout(timer)
          child.removeAllListeners('exit')
          resolve(urls)
        }
      })
    })
  }

  async function startAll(): Promise<void> {
    const missing = services.filter((s) => !START_ORDER.flat().includes(s.name)).map((s) => s.name)
    if (missing.length > 0) throw new Error(`START_ORDER does not name ${missing.join(', ')}`)
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      // Every README's screenings come from this one address within about a minute (over 20),
      // more than the default of 10 per address per minute that a person trying one README meets.
      AML_RATE_LIMIT_PER_MINUTE: '100',
    }
    for (const step of START_ORDER) {
      for (const [name, url] of await startStep(step, env)) {
        env[`${name.toUpperCase()}_URL`] = url
        ports.set(services.find((s) => s.name === name)!.defaultPort, Number(new URL(url).port))
      }
    }
    const url = (p: number) => `http://127.0.0.1:${ports.get(p)}`
    const deadline = Date.now() + 120_000
    for (const [path, port] of [
      ['/health', 8300],
      ['/health', 8400],
      ['/health', 8100],
    ] as const) {
      for (;;) {
        if (Date.now() > deadline) throw new Error(`${url(port)}${path} did not answer 200 within 120 s`)
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
  }

  beforeAll(async () => {
    startFailure = await startAll().then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    )
    // The files the examples upload.
    writeFileSync(join(work, 'smlouva.pdf'), samplePdf())
    writeFileSync(join(work, 'smernice.pdf'), samplePdf())
    writeFileSync(
      join(work, 'clients.csv'),
      'reference,first_name,last_name,birth_date,ico,company_name\nK-1,Jan,Novák,1980-05-01,,\nK-2,,,,27082440,\n',
    )
  }, 600_000)

  afterAll(async () => {
    await Promise.all(children.map((child) => stopChild(child, 'SIGKILL')))
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
      // Not started is a failure of every README's examples, never a skip.
      if (startFailure) throw startFailure
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
