/**
 * `gatehouse kb ingest PATH... --collection C`: converts, chunks, embeds and stores files (folders
 * are walked) into a collection of the knowledge base, with a progress bar on a terminal and one
 * line per file otherwise. It writes to the same storage as the service (DATA_DIR or
 * DATABASE_URL); a running service picks the documents up through the change log within
 * KB_SYNC_INTERVAL_MS.
 *
 * `gatehouse kb reembed --collection C` re-embeds a collection with the configured KB_EMBEDDER.
 */
import { readFileSync, statSync } from 'node:fs'
import { basename, relative } from 'node:path'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { COLLECTION_NAMES } from '../../engines/knowledge/collections.ts'
import { corpusFiles, type MetadataValue } from '../../engines/knowledge/ingest.ts'
import { KnowledgeBase } from '../../engines/knowledge/knowledge-base.ts'
import { KnowledgeStore } from '../../engines/knowledge/store.ts'
import type { Command, CommandIO } from '../../kit/command.ts'
import { commonSpec, parseEnv } from '../../kit/config.ts'
import { openDatabase } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { createLogger } from '../../kit/logger.ts'
import { knowledgeSpec } from './config.ts'
import { crossLanguageFrom, embeddersFrom } from './start.ts'

async function openKb(io: CommandIO) {
  const config = { ...parseEnv(commonSpec, io.env), ...parseEnv(knowledgeSpec, io.env) }
  const { embedders, default: defaultEmbedder } = embeddersFrom(config)
  const database = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
  await database.migrate()
  const kb = new KnowledgeBase({
    store: new KnowledgeStore(database),
    embedders,
    defaultEmbedder,
    logger: createLogger({ level: 'warn' }),
    maxUploadBytes: config.KB_MAX_UPLOAD_BYTES,
    crossLanguage: crossLanguageFrom(config),
  })
  await kb.open()
  return {
    kb,
    defaultEmbedder,
    dialect: database.dialect,
    async close() {
      await kb.close()
      await database.close()
    },
  }
}

function filesOf(paths: string[]): Array<{ path: string; name: string }> {
  const out: Array<{ path: string; name: string }> = []
  for (const p of paths) {
    const stat = statSync(p, { throwIfNoEntry: false })
    if (!stat) throw new Error(`no such file or folder: ${p}`)
    if (stat.isDirectory()) {
      for (const f of corpusFiles(p)) out.push({ path: f.path, name: f.relative })
    } else out.push({ path: p, name: basename(p) })
  }
  return out
}

function progressReporter(io: CommandIO, total: number) {
  if (io.interactive) {
    const bar = new cliProgress.SingleBar(
      { format: 'ingesting {bar} {value}/{total} files | {file}', hideCursor: true, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    )
    bar.start(total, 0, { file: '' })
    return {
      tick: (done: number, file: string) => bar.update(done, { file }),
      line: (_text: string) => undefined,
      stop: () => bar.stop(),
    }
  }
  return {
    tick: (_done: number, _file: string) => undefined,
    line: (text: string) => io.err(text),
    stop: () => undefined,
  }
}

export const kbIngest: Command = {
  usage: `gatehouse kb ingest PATH... --collection C [--metadata JSON] [--title T]
  Converts each file to Markdown, chunks, embeds and stores it in collection C (folders are walked).
  Re-ingesting an unchanged file is a no-op; a changed file replaces its earlier version.
  collections: ${COLLECTION_NAMES.join(', ')}
  --metadata  JSON object stored with every document, used by search filters, e.g. {"tags":["aml"]}
  --title     document title (single file only; default: from the document)`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        collection: { type: 'string', short: 'c' },
        metadata: { type: 'string' },
        title: { type: 'string' },
      },
      allowPositionals: true,
    })
    if (positionals.length === 0) {
      io.err(`expected at least one PATH\nusage: ${this.usage}`)
      return 2
    }
    const collection = values.collection
    if (!collection || !COLLECTION_NAMES.includes(collection)) {
      io.err(`--collection must be one of: ${COLLECTION_NAMES.join(', ')}`)
      return 2
    }
    let metadata: Record<string, MetadataValue | MetadataValue[]> | undefined
    if (values.metadata) {
      try {
        metadata = JSON.parse(values.metadata) as Record<string, MetadataValue | MetadataValue[]>
        if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
          throw new Error('not an object')
      } catch {
        io.err('--metadata must be a JSON object, e.g. {"tags":["aml"],"language":"cs"}')
        return 2
      }
    }
    let files: Array<{ path: string; name: string }>
    try {
      files = filesOf(positionals)
    } catch (error) {
      io.err((error as Error).message)
      return 2
    }
    if (values.title && files.length !== 1) {
      io.err('--title needs exactly one file')
      return 2
    }
    const { kb, close, dialect, defaultEmbedder } = await openKb(io)
    const counts = { created: 0, replaced: 0, unchanged: 0, failed: 0, chunks: 0 }
    const progress = progressReporter(io, files.length)
    const started = performance.now()
    try {
      for (const [i, file] of files.entries()) {
        try {
          const result = await kb.ingest({
            collection,
            bytes: readFileSync(file.path),
            filename: basename(file.path),
            source: relative(process.cwd(), file.path) || file.path,
            title: values.title,
            metadata,
          })
          counts[result.status] += 1
          counts.chunks += result.status === 'unchanged' ? 0 : result.chunks
          progress.line(
            `[${i + 1}/${files.length}] ${file.name}: ${result.status} (${result.chunks} passages)`,
          )
        } catch (error) {
          counts.failed += 1
          const message = error instanceof AppError ? error.message : (error as Error).message
          progress.line(`[${i + 1}/${files.length}] ${file.name}: FAILED: ${message}`)
          if (io.interactive) io.err(`\n${file.name}: ${message}`)
        }
        progress.tick(i + 1, file.name)
      }
    } finally {
      progress.stop()
      await close()
    }
    const seconds = (performance.now() - started) / 1000
    io.out(
      `${collection} (${dialect}, ${defaultEmbedder.id}): ${counts.created} created, ${counts.replaced} replaced, ${counts.unchanged} unchanged, ${counts.failed} failed; ${counts.chunks} passages in ${seconds.toFixed(1)} s`,
    )
    return counts.failed > 0 ? 1 : 0
  },
}

export const kbReembed: Command = {
  usage: `gatehouse kb reembed --collection C
  Re-embeds every passage of C with the embedder KB_EMBEDDER selects (with EMBEDDINGS_* set) and
  records it as the collection's embedder. Running services follow within KB_SYNC_INTERVAL_MS.`,
  async run(args, io) {
    const { values } = parseArgs({ args, options: { collection: { type: 'string', short: 'c' } } })
    const collection = values.collection
    if (!collection || !COLLECTION_NAMES.includes(collection)) {
      io.err(`--collection must be one of: ${COLLECTION_NAMES.join(', ')}`)
      return 2
    }
    const { kb, close, defaultEmbedder } = await openKb(io)
    try {
      let last = -1
      const result = await kb.reembed(collection, defaultEmbedder, (done, total) => {
        const pct = total === 0 ? 100 : Math.floor((done / total) * 100)
        if (pct >= last + 10 || done === total) {
          io.err(`re-embedding ${collection}: ${done}/${total} passages`)
          last = pct
        }
      })
      io.out(
        `${collection}: ${result.chunks} passages re-embedded with ${result.embedder} (${result.dimensions} dimensions)`,
      )
      return 0
    } finally {
      await close()
    }
  },
}
