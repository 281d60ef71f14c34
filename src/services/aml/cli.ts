/**
 * `gatehouse aml import|update|screen|lists`: loading lists into the store the service screens
 * against, fetching the official files, and screening a client book from a CSV file. Long steps
 * draw a progress bar on a terminal and print plain lines otherwise.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  createScreener,
  type ListVersionInfo,
  loadHighRiskTable,
  versionRoles,
} from '../../engines/aml/index.ts'
import { AresClient } from '../../engines/registries/ares.ts'
import { MemoryRegistryCache } from '../../engines/registries/cache.ts'
import { IsirClient } from '../../engines/registries/isir.ts'
import { type Command, type CommandIO, progressReporter } from '../../kit/command.ts'
import { commonSpec, type Parsed, parseEnv } from '../../kit/config.ts'
import { withDatabase } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { createLogger } from '../../kit/logger.ts'
import { amlSpec, monitorWebhook } from './config.ts'
import { type ClientBook, checkJsonBook, csvBook, decodeText } from './modules/batch/client-book.ts'
import { BatchRunner, LEASE_MS } from './modules/batch/runner.ts'
import { BatchStore } from './modules/batch/store.ts'
import { importIntoStore, loadLists } from './modules/lists/load.ts'
import { Monitor } from './modules/monitor/monitor.ts'
import { MonitorStore } from './modules/monitor/store.ts'
import { AmlStore } from './store.ts'

const cliSpec = { ...commonSpec, ...amlSpec }
type CliConfig = Parsed<typeof cliSpec>

async function withStore<T>(
  io: CommandIO,
  fn: (store: AmlStore, config: CliConfig) => Promise<T>,
): Promise<T> {
  const cfg = config(io)
  return withDatabase(cfg, (db) => fn(new AmlStore(db), cfg))
}

function config(io: CommandIO): CliConfig {
  return parseEnv(cliSpec, io.env)
}

/** Versions as a table; `stored` (every version in the store) tells which are active. */
function summary(
  io: CommandIO,
  rows: { version: ListVersionInfo; added: boolean }[],
  stored: ListVersionInfo[],
): void {
  const roles = versionRoles(stored)
  io.out('list          list date   status        entities    names  file')
  for (const { version: v, added } of rows) {
    const role = roles.get(v.sha256)
    io.out(
      `${v.list.padEnd(13)} ${v.listDate.padEnd(10)}  ${(role?.status ?? '').padEnd(10)} ${String(v.entityCount).padStart(9)} ${String(v.nameCount).padStart(8)}  ${v.source}${role?.details ? '  (details for the active version)' : ''}${added ? '' : '  (already stored)'}`,
    )
  }
}

/**
 * A monitoring pass with the store's current lists: baselines of new enrolments and the
 * re-screening of every subject screened against older versions, then the webhook. Waits for a
 * pass another process is running (a service instance) to finish first.
 */
async function monitorPass(
  io: CommandIO,
  store: AmlStore,
  cfg: CliConfig,
  p: ReturnType<typeof progressReporter>,
): Promise<number> {
  const monitors = new MonitorStore(store.database)
  const { total } = await monitors.list({ offset: 0, limit: 1 })
  if (total === 0) {
    io.err('monitoring: no subjects enrolled')
    return 0
  }
  const listsDir = cfg.AML_LISTS_DIR === 'none' ? undefined : resolve(cfg.AML_LISTS_DIR)
  const loaded = await loadLists(store, { listsDir, engine: { threshold: cfg.AML_MATCH_THRESHOLD } }, p)
  const monitor = new Monitor({
    monitors,
    store,
    logger: createLogger({ level: 'warn' }),
    webhook: monitorWebhook(cfg),
    owner: `cli:${hostname()}:${process.pid}`,
    target: () => loaded,
    onProgress: (done, of, what) => p.tick(done, of, what),
  })
  p.step(`monitoring: ${total} subjects enrolled; re-screening those screened against older lists`)
  const started = Date.now()
  let report = await monitor.pass()
  while (report.skipped === 'locked' && Date.now() - started < 10 * 60_000) {
    const holder = await monitors.lockHolder()
    io.err(`monitoring: waiting for the pass of ${holder.owner ?? 'another process'} to finish`)
    await new Promise((r) => setTimeout(r, 2000))
    report = await monitor.pass()
  }
  p.stop()
  if (report.skipped) {
    io.err(
      `monitoring: not run (${report.skipped === 'locked' ? 'another process still holds the monitoring lock' : report.skipped})`,
    )
    return 1
  }
  const cases = await monitor.openAlertCases()
  const delivered = await monitor.deliver()
  io.out(
    `monitoring: ${report.rescreened} re-screened${report.changedLists.length > 0 ? ` against the new ${report.changedLists.join(', ')}` : ''}${report.diff ? ` (entries added ${report.diff.added}, removed ${report.diff.removed}, changed ${report.diff.changed})` : ''}, ${report.baselines} first screenings, in ${(report.ms / 1000).toFixed(1)} s; alerts: ${report.alerts.new_hit} new, ${report.alerts.changed_hit} changed, ${report.alerts.removed_hit} removed hits${report.suppressed > 0 ? `, ${report.suppressed} cleared before and unchanged (not raised)` : ''}; cases opened: ${cases}${monitor.hasWebhook ? `; webhook: ${delivered.delivered} delivered${delivered.failed > 0 ? `, ${delivered.failed} failed (retried by the service)` : ''}` : ''}`,
  )
  return 0
}

export const amlMonitor: Command = {
  usage:
    'gatehouse aml monitor\n  screens newly enrolled subjects and re-screens every subject screened against older list versions (aml import\n  and aml update do this themselves); alerts go to GET /api/aml/monitor/alerts and AML_MONITOR_WEBHOOK_URL.',
  async run(_args, io) {
    return withStore(io, async (store, cfg) => {
      const p = progressReporter(io)
      return monitorPass(io, store, cfg, p)
    })
  },
}

export const amlImport: Command = {
  usage:
    'gatehouse aml import PATH...\n  reads OFAC CSV/XML, UN XML, EU FSF XML/JSON, names-only JSON and CZ 210/2008 files (folders recursively);\n  a file already stored (same sha256) is skipped; the newest version of each list is the active one.\n  Running aml services screen with a new version within AML_LISTS_RELOAD_SECONDS (60 s).',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true })
    if (positionals.length === 0) {
      io.err('give at least one file or folder, e.g. gatehouse aml import ../shared/data/sanctions')
      return 2
    }
    return withStore(io, async (store, cfg) => {
      const p = progressReporter(io)
      const { outcomes, skipped } = await importIntoStore(
        store,
        positionals.map((x) => resolve(x)),
        p,
      )
      p.stop()
      summary(io, outcomes, await store.listVersions())
      for (const s of skipped) io.err(`skipped ${s.path}: ${s.reason}`)
      io.out(
        `${outcomes.filter((o) => o.added).length} new version(s), ${outcomes.filter((o) => !o.added).length} already stored`,
      )
      if (outcomes.length === 0) return 1
      // Every new version re-screens the monitored subjects.
      if (outcomes.some((o) => o.added)) return monitorPass(io, store, cfg, progressReporter(io))
      return 0
    })
  },
}

export const amlLists: Command = {
  usage: 'gatehouse aml lists',
  async run(_args, io) {
    return withStore(io, async (store) => {
      const versions = await store.listVersions()
      if (versions.length === 0) io.out('no lists stored; run gatehouse aml import PATH')
      else
        summary(
          io,
          versions.map((version) => ({ version, added: true })),
          versions,
        )
      return 0
    })
  },
}

/** The official download locations of the lists this version reads. */
export const OFFICIAL_SOURCES: { list: string; files: { name: string; url: string }[] }[] = [
  {
    list: 'ofac_sdn',
    files: ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'].map((name) => ({
      name,
      url: `https://www.treasury.gov/ofac/downloads/${name}`,
    })),
  },
  {
    list: 'ofac_cons',
    files: [
      {
        name: 'consolidated.xml',
        url: 'https://www.treasury.gov/ofac/downloads/consolidated/consolidated.xml',
      },
    ],
  },
  {
    list: 'un',
    files: [
      { name: 'consolidated.xml', url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' },
    ],
  },
  {
    list: 'eu_fsf',
    files: [
      {
        name: 'xmlFullSanctionsList_1_1.xml',
        url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
      },
    ],
  },
  {
    list: 'uk',
    files: [
      { name: 'UK-Sanctions-List.xml', url: 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml' },
    ],
  },
]

export const amlUpdate: Command = {
  usage:
    'gatehouse aml update [--timeout-seconds 30]\n  fetches OFAC (SDN CSV set, consolidated XML), UN, EU and UK files into DATA_DIR/aml-downloads/<date>/ and imports them.\n  The CZ 210/2008 regulation has no machine-readable download: its structured file is imported with aml import.',
  async run(args, io) {
    const { values } = parseArgs({ args, options: { 'timeout-seconds': { type: 'string', default: '30' } } })
    const timeoutMs = Number(values['timeout-seconds']) * 1000
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      io.err('--timeout-seconds must be a positive number')
      return 2
    }
    return updateLists(io, OFFICIAL_SOURCES, timeoutMs)
  },
}

/** Downloads the given sources into DATA_DIR/aml-downloads/<date>/ and imports what arrived. */
export async function updateLists(
  io: CommandIO,
  sources: typeof OFFICIAL_SOURCES,
  timeoutMs: number,
): Promise<number> {
  const cfg = config(io)
  const today = new Date().toISOString().slice(0, 10)
  const folders: string[] = []
  const failures: string[] = []
  for (const source of sources) {
    const dir = join(resolve(cfg.DATA_DIR), 'aml-downloads', today, `${source.list}_${today}`)
    try {
      const bodies: [string, Buffer][] = []
      for (const f of source.files) {
        io.err(`fetching ${f.url}`)
        const res = await fetch(f.url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        bodies.push([f.name, Buffer.from(await res.arrayBuffer())])
      }
      mkdirSync(dir, { recursive: true })
      for (const [name, body] of bodies) writeFileSync(join(dir, name), body)
      folders.push(dir)
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } }
      const why =
        e.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : (e.cause?.code ?? (e.cause as Error | undefined)?.message ?? e.message)
      failures.push(`${source.list}: ${why}`)
      io.err(`cannot download ${source.list} (${why})`)
    }
  }
  if (folders.length === 0) {
    io.err(
      `no list could be downloaded: this machine cannot reach the official servers (${failures.join('; ')}). Nothing changed; import files you have with \`gatehouse aml import PATH\`.`,
    )
    return 1
  }
  return withStore(io, async (store, cfg) => {
    const p = progressReporter(io)
    const { outcomes } = await importIntoStore(store, folders, p)
    p.stop()
    summary(io, outcomes, await store.listVersions())
    if (failures.length > 0) io.err(`not updated: ${failures.join('; ')}`)
    const monitored = outcomes.some((o) => o.added)
      ? await monitorPass(io, store, cfg, progressReporter(io))
      : 0
    return failures.length > 0 ? 1 : monitored
  })
}

/** Report columns of the subject, in this order. */
const REPORT_FIELDS = [
  'first_name',
  'last_name',
  'name',
  'birth_date',
  'nationality',
  'country',
  'ico',
  'company_name',
] as const

function csvCell(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** A client book from a file: JSON (an array of subjects or {subjects}) or CSV. */
async function readBook(file: string, maxBytes: number): Promise<ClientBook> {
  const size = statSync(file).size
  if (size > maxBytes)
    throw new AppError(
      'payload_too_large',
      `${file} is ${size} bytes, more than AML_BATCH_MAX_BYTES (${maxBytes})`,
    )
  const bytes = readFileSync(file)
  const head = decodeText(bytes.subarray(0, 64)).trimStart()
  if (head.startsWith('[') || head.startsWith('{')) {
    let value: unknown
    try {
      value = JSON.parse(decodeText(bytes))
    } catch (error) {
      throw new AppError('invalid_request', `${file} is not valid JSON: ${(error as Error).message}`)
    }
    return checkJsonBook(value)
  }
  return csvBook(bytes)
}

export const amlScreen: Command = {
  usage: `gatehouse aml screen FILE [--out REPORT] [--format csv|json]
  FILE is a CSV client book with a header naming any of: first_name, last_name, birth_date, nationality, country,
  ico, company_name, reference (or Jméno, Příjmení, Datum narození, IČO, Název, Číslo klienta …; other columns are
  ignored), or JSON: an array of subjects or {"subjects": [...]}. Up to 100,000 subjects.
  It runs as a batch, as POST /api/aml/screen/batch does: every subject is a screening in the audit trail, written a
  chunk at a time; the batch id is printed and GET /api/aml/screen/batch/{id} shows it. If the command is stopped, a
  running aml service finishes the batch. ARES and ISIR are asked unless AML_NETWORK_MODULES=false.`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: 'string' }, format: { type: 'string', default: 'csv' } },
    })
    const file = positionals[0]
    if (!file) {
      io.err('give the client book to screen (CSV or JSON)')
      return 2
    }
    const format = values.format
    if (format !== 'csv' && format !== 'json') {
      io.err('--format must be csv or json')
      return 2
    }
    let book: ClientBook
    try {
      book = await readBook(file, config(io).AML_BATCH_MAX_BYTES)
    } catch (error) {
      if (error instanceof AppError) {
        io.err(error.message)
        return 2
      }
      throw error
    }
    if (book.ignoredColumns.length > 0) io.err(`ignored columns: ${book.ignoredColumns.join(', ')}`)
    return withStore(io, async (store, cfg) => {
      const p = progressReporter(io)
      const listsDir = cfg.AML_LISTS_DIR === 'none' ? undefined : resolve(cfg.AML_LISTS_DIR)
      const loaded = await loadLists(store, { listsDir, engine: { threshold: cfg.AML_MATCH_THRESHOLD } }, p)
      const cache = {
        cache: new MemoryRegistryCache(),
        freshMs: cfg.AML_REGISTRY_CACHE_SECONDS * 1000,
        staleMs: 0,
      }
      const network = cfg.AML_NETWORK_MODULES
      const screener = createScreener({
        engine: loaded.engine,
        versions: loaded.versions,
        highRisk: loadHighRiskTable(),
        ...(network
          ? { ares: new AresClient({ ...(cfg.ARES_BASE_URL ? { baseUrl: cfg.ARES_BASE_URL } : {}), cache }) }
          : {}),
        ...(network
          ? { isir: new IsirClient({ ...(cfg.ISIR_URL ? { url: cfg.ISIR_URL } : {}), cache }) }
          : {}),
        budgets: { registry: cfg.AML_REGISTRY_TIMEOUT_MS, insolvency: cfg.AML_INSOLVENCY_TIMEOUT_MS },
      })
      // The batch is created already held by this process, so no running service takes it first.
      const batches = new BatchStore(store.database)
      const runner = new BatchRunner({
        batches,
        store,
        owner: `cli:${hostname()}:${process.pid}`,
        screening: () => ({ screener, versions: loaded.versions }),
        logger: createLogger({ level: 'warn' }),
      })
      const at = new Date()
      const day = at.toISOString().slice(0, 10).replace(/-/g, '')
      const batchId = `AMLB-${day}-${String(await store.next(`batch:${day}`)).padStart(6, '0')}`
      await batches.create({
        batchId,
        createdAt: at.toISOString(),
        createdBy: 'cli',
        source: 'cli',
        fileName: basename(file),
        ignoredColumns: book.ignoredColumns,
        rows: book.rows.map((r) => ({ reference: r.reference, input: r.input, line: r.line })),
        lease: { owner: runner.owner, until: new Date(at.getTime() + LEASE_MS).toISOString() },
      })
      p.step(`screening ${book.rows.length} subjects as batch ${batchId}`)
      const batch = (await batches.get(batchId))!
      const started = performance.now()
      const outcome = await runner.process(batch, (_b, done) => p.tick(done, book.rows.length, 'subjects'))
      const seconds = (performance.now() - started) / 1000
      p.stop()
      if (outcome !== 'completed') {
        io.err(
          `batch ${batchId} ${outcome === 'failed' ? `failed: ${(await batches.get(batchId))?.error}` : 'stopped'}`,
        )
        return 1
      }
      const rows: string[] = []
      const json: unknown[] = []
      const levels: Record<string, number> = {}
      if (format === 'csv')
        rows.push(
          [
            'row',
            'reference',
            ...REPORT_FIELDS,
            'screening_id',
            'level',
            'score',
            'completeness',
            'hit_list',
            'hit_list_id',
            'hit_name',
            'hit_score',
            'modules_not_completed',
          ].join(','),
        )
      for await (const r of batches.results(batchId)) {
        levels[r.level ?? '?'] = (levels[r.level ?? '?'] ?? 0) + 1
        const row = r.line ?? r.index + 1
        if (format === 'json') {
          json.push({ row, reference: r.reference, subject: r.input, result: r.result })
          continue
        }
        const result = r.result as { modules?: Record<string, { status: string }> } | null
        const hit = r.hits?.[0]
        const notCompleted = Object.entries(result?.modules ?? {})
          .filter(([, m]) => m.status !== 'COMPLETED')
          .map(([name, m]) => `${name}:${m.status}`)
          .join(' ')
        rows.push(
          [
            row,
            r.reference,
            ...REPORT_FIELDS.map((f) => r.input[f]),
            r.screening_id,
            r.level,
            r.score,
            r.completeness,
            hit?.list,
            hit?.list_id,
            hit?.matched_name,
            hit?.score,
            notCompleted,
          ]
            .map(csvCell)
            .join(','),
        )
      }
      const report = format === 'json' ? `${JSON.stringify(json, null, 2)}\n` : `${rows.join('\n')}\n`
      if (values.out) writeFileSync(values.out, report)
      else io.out(report.trimEnd())
      io.err(
        `batch ${batchId}: screened ${book.rows.length} in ${seconds.toFixed(1)} s (${Math.round(book.rows.length / Math.max(seconds, 0.001))}/s): ${Object.entries(
          levels,
        )
          .map(([l, n]) => `${l} ${n}`)
          .join(', ')}${values.out ? `; report in ${values.out}` : ''}`,
      )
      return 0
    })
  },
}
