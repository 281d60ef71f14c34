/**
 * `gatehouse aml import|update|screen|lists`: loading lists into the store the service screens
 * against, fetching the official files, and screening a client book from a CSV file. Long steps
 * draw a progress bar on a terminal and print plain lines otherwise.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SingleBar } from 'cli-progress'
import { parse } from 'csv-parse/sync'
import {
  createScreener,
  type ListVersionInfo,
  loadHighRiskTable,
  type Subject,
} from '../../engines/aml/index.ts'
import { AresClient } from '../../engines/registries/ares.ts'
import { MemoryRegistryCache } from '../../engines/registries/cache.ts'
import { IsirClient } from '../../engines/registries/isir.ts'
import type { Command, CommandIO } from '../../kit/command.ts'
import { commonSpec, type Parsed, parseEnv } from '../../kit/config.ts'
import { openDatabase } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { importIntoStore, loadLists, type Progress } from './lists.ts'
import { subjectOf } from './schemas.ts'
import { amlSpec } from './service.ts'
import { AmlStore } from './store.ts'

const cliSpec = { ...commonSpec, ...amlSpec }
type CliConfig = Parsed<typeof cliSpec>

async function withStore<T>(
  io: CommandIO,
  fn: (store: AmlStore, config: CliConfig) => Promise<T>,
): Promise<T> {
  const cfg = config(io)
  const db = openDatabase({ dataDir: cfg.DATA_DIR, databaseUrl: cfg.DATABASE_URL })
  try {
    await db.migrate()
    return await fn(new AmlStore(db.as()), cfg)
  } finally {
    await db.close()
  }
}

function config(io: CommandIO): CliConfig {
  return parseEnv(cliSpec, io.env)
}

/** A progress reporter: a bar on a terminal (stderr), step lines otherwise. */
function progress(io: CommandIO): Progress & { stop(): void } {
  let bar: SingleBar | undefined
  let label = ''
  let lastLine = 0
  return {
    step(text) {
      bar?.stop()
      bar = undefined
      io.err(text)
    },
    tick(done, total, what) {
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

function summary(io: CommandIO, rows: { version: ListVersionInfo; added: boolean }[]): void {
  io.out('list          list date   entities    names  file')
  for (const { version: v, added } of rows) {
    io.out(
      `${v.list.padEnd(13)} ${v.listDate.padEnd(10)} ${String(v.entityCount).padStart(9)} ${String(v.nameCount).padStart(8)}  ${v.source}${added ? '' : '  (already stored)'}`,
    )
  }
}

export const amlImport: Command = {
  path: ['aml', 'import'],
  summary: 'import sanctions list files or folders into the AML store',
  usage:
    'gatehouse aml import PATH...\n  reads OFAC CSV/XML, UN XML, EU FSF XML/JSON, names-only JSON and CZ 210/2008 files (folders recursively);\n  a file already stored (same sha256) is skipped. Running aml services pick new lists up on restart.',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true })
    if (positionals.length === 0) {
      io.err('give at least one file or folder, e.g. gatehouse aml import ../shared/data/sanctions')
      return 2
    }
    return withStore(io, async (store) => {
      const p = progress(io)
      const { outcomes, skipped } = await importIntoStore(
        store,
        positionals.map((x) => resolve(x)),
        p,
      )
      p.stop()
      summary(io, outcomes)
      for (const s of skipped) io.err(`skipped ${s.path}: ${s.reason}`)
      io.out(
        `${outcomes.filter((o) => o.added).length} new version(s), ${outcomes.filter((o) => !o.added).length} already stored`,
      )
      return outcomes.length === 0 ? 1 : 0
    })
  },
}

export const amlLists: Command = {
  path: ['aml', 'lists'],
  summary: 'show the list versions in the AML store',
  usage: 'gatehouse aml lists',
  async run(_args, io) {
    return withStore(io, async (store) => {
      const versions = await store.listVersions()
      if (versions.length === 0) io.out('no lists stored; run gatehouse aml import PATH')
      else
        summary(
          io,
          versions.map((version) => ({ version, added: true })),
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
  path: ['aml', 'update'],
  summary: 'download the official list files and import them (needs the network)',
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
  return withStore(io, async (store) => {
    const p = progress(io)
    const { outcomes } = await importIntoStore(store, folders, p)
    p.stop()
    summary(io, outcomes)
    if (failures.length > 0) io.err(`not updated: ${failures.join('; ')}`)
    return failures.length > 0 ? 1 : 0
  })
}

const CSV_FIELDS = [
  'first_name',
  'last_name',
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

export const amlScreen: Command = {
  path: ['aml', 'screen'],
  summary: 'screen a client book (CSV) and write a CSV or JSON report',
  usage: `gatehouse aml screen FILE.csv [--out REPORT] [--format csv|json]
  FILE.csv has a header with any of: ${CSV_FIELDS.join(', ')} (a person row: first_name, last_name; a company row: ico and/or company_name).
  Every row is a screening stored in the audit trail. ARES and ISIR are asked unless AML_NETWORK_MODULES=false.`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: 'string' }, format: { type: 'string', default: 'csv' } },
    })
    const file = positionals[0]
    if (!file) {
      io.err('give the CSV file to screen')
      return 2
    }
    const format = values.format
    if (format !== 'csv' && format !== 'json') {
      io.err('--format must be csv or json')
      return 2
    }
    const rows = parse(readFileSync(file, 'utf8'), {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as Record<string, string>[]
    const subjects: Subject[] = []
    for (const [i, row] of rows.entries()) {
      const body: Record<string, string> = {}
      for (const f of CSV_FIELDS) if (row[f]) body[f] = row[f]
      try {
        subjects.push(subjectOf(body))
      } catch (error) {
        if (error instanceof AppError) {
          io.err(`row ${i + 2}: ${error.message}`)
          return 2
        }
        throw error
      }
    }
    return withStore(io, async (store, cfg) => {
      const p = progress(io)
      const listsDir = cfg.AML_LISTS_DIR === 'none' ? undefined : resolve(cfg.AML_LISTS_DIR)
      const loaded = await loadLists(
        store,
        { listsDir, engine: { threshold: Number(cfg.AML_MATCH_THRESHOLD) } },
        p,
      )
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
      p.step(`screening ${subjects.length} subjects`)
      const results = []
      for (const [i, subject] of subjects.entries()) {
        const outcome = await screener.screen(subject)
        const at = new Date()
        const day = at.toISOString().slice(0, 10).replace(/-/g, '')
        const id = `AML-${day}-${String(await store.next(`screening:${day}`)).padStart(6, '0')}`
        const result = { screening_id: id, timestamp: at.toISOString(), ...outcome }
        await store.saveScreening({
          screening_id: id,
          created_at: result.timestamp,
          subject_type: 'last_name' in subject ? 'person' : 'company',
          risk_level: result.overall_risk.level,
          input: subject,
          list_versions: loaded.versions.map((v) => ({
            id: v.id,
            list: v.list,
            source: v.source,
            list_date: v.listDate,
            sha256: v.sha256,
          })),
          result,
        })
        results.push({ row: i + 2, subject, result })
        p.tick?.(i + 1, subjects.length, 'subjects')
      }
      p.stop()
      let report: string
      if (format === 'json') report = `${JSON.stringify(results, null, 2)}\n`
      else {
        const header = [
          'row',
          ...CSV_FIELDS,
          'screening_id',
          'level',
          'score',
          'completeness',
          'hit_list',
          'hit_list_id',
          'hit_name',
          'hit_score',
          'modules_not_completed',
        ]
        const lines = [header.join(',')]
        for (const { row, subject, result } of results) {
          const hit = (
            result.modules.sanctions?.data.matches as
              | { list: string; list_id: string; matched_name: string; score: number }[]
              | undefined
          )?.[0]
          const notCompleted = Object.entries(result.modules)
            .filter(([, m]) => m.status !== 'COMPLETED')
            .map(([name, m]) => `${name}:${m.status}`)
            .join(' ')
          lines.push(
            [
              row,
              ...CSV_FIELDS.map((f) => (subject as Record<string, string>)[f]),
              result.screening_id,
              result.overall_risk.level,
              result.overall_risk.score,
              result.completeness,
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
        report = `${lines.join('\n')}\n`
      }
      if (values.out) writeFileSync(values.out, report)
      else io.out(report.trimEnd())
      const levels: Record<string, number> = {}
      for (const { result } of results)
        levels[result.overall_risk.level] = (levels[result.overall_risk.level] ?? 0) + 1
      io.err(
        `screened ${results.length}: ${Object.entries(levels)
          .map(([l, n]) => `${l} ${n}`)
          .join(', ')}${values.out ? `; report in ${values.out}` : ''}`,
      )
      return 0
    })
  },
}

export const amlCommands: Command[] = [amlImport, amlUpdate, amlScreen, amlLists]
