/**
 * Knowledge-base speed: `npm run bench:kb` (optionally `-- 10000 100000`, the passage counts).
 *
 * Builds a corpus of synthetic documents from the sentences and headings of the starting corpus
 * (shuffled, numbered so no two are alike), then at each size:
 * - ingestion: documents through the whole pipeline (Markdown → chunks → hash embeddings → one
 *   SQLite transaction per document → in-memory index), in passages per second; baseline: the same
 *   rows written straight through the store (storage alone), to show what the pipeline adds;
 * - search: the questions of the three evaluation sets (gold, cross-language tuning and held-out),
 *   repeated, through hybrid search (BM25 + dense, RRF, top 10) over all collections and within one
 *   collection, with the term list expanding each query into the other language as the service
 *   does (KB_CROSS_LANGUAGE, default queries; BENCH_KB_CROSS_LANGUAGE picks another setting);
 *   p50/p95/p99 in milliseconds; baselines: the same search without the query expansion, and the
 *   textbook exact vector search (row-major scan, full sort) over the same vectors.
 * Figures go to docs/benchmarks.md ("Knowledge base").
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chunkMarkdown } from '../src/engines/knowledge/chunker.ts'
import { COLLECTION_NAMES } from '../src/engines/knowledge/collections.ts'
import { createHashEmbedder } from '../src/engines/knowledge/embedders/hash.ts'
import { corpusFiles } from '../src/engines/knowledge/ingest.ts'
import { KnowledgeBase } from '../src/engines/knowledge/knowledge-base.ts'
import { KnowledgeStore, vectorToBytes } from '../src/engines/knowledge/store.ts'
import { analyze, analyzeQuery } from '../src/engines/knowledge/text.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { crossLanguageFrom, DEFAULT_CORPUS_DIR } from '../src/services/knowledge/service.ts'

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
const SIZES = sizes.length > 0 ? sizes : [10_000, 100_000]
const SECTIONS_PER_DOC = 20

// ---------- synthetic corpus from the real one ----------

const sentences: string[] = []
const headings: string[] = []
for (const f of corpusFiles(DEFAULT_CORPUS_DIR)) {
  const text = readFileSync(f.path, 'utf8')
  for (const line of text.split('\n')) {
    const h = /^#{2,3}\s+(.+)/.exec(line)
    if (h) headings.push(h[1]!)
    else if (line.trim().length > 40 && !line.startsWith('|')) {
      sentences.push(...line.split(/(?<=[.!?])\s+/).filter((s) => s.length > 30))
    }
  }
}
let seed = 42
const rnd = () => {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
  return seed / 0x100000000
}
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!

/** A document of SECTIONS_PER_DOC sections of ~230 words: about one passage per section. */
function syntheticDoc(n: number): string {
  const parts = [`# Dokument ${n}: ${pick(headings)}`]
  for (let s = 0; s < SECTIONS_PER_DOC; s++) {
    parts.push(`## ${pick(headings)} (${n}.${s})`)
    let words = 0
    const body: string[] = [`Spis ${n}-${s}.`]
    while (words < 200) {
      const sentence = pick(sentences)
      body.push(sentence)
      words += sentence.split(/\s+/).length
    }
    parts.push(body.join(' '))
  }
  return parts.join('\n\n')
}

const queries = ['gold-set.json', 'crosslingual-dev.json', 'crosslingual-heldout.json'].flatMap((name) =>
  (
    JSON.parse(readFileSync(new URL(`../test/knowledge/${name}`, import.meta.url), 'utf8')) as {
      questions: Array<{ q: string }>
    }
  ).questions.map((q) => q.q),
)
const setting = (process.env.BENCH_KB_CROSS_LANGUAGE ?? 'queries') as 'queries' | 'passages' | 'both' | 'off'
const crossLanguage = crossLanguageFrom({ KB_CROSS_LANGUAGE: setting })
// The same passage analysis without the query expansion: the "before" of the search timings.
const withoutQueryExpansion = crossLanguage ? { ...crossLanguage, queries: false } : undefined

// ---------- helpers ----------

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}
const ms = (x: number) => x.toFixed(2)
const logger = createLogger({ level: 'silent' })
const embedder = createHashEmbedder({ dimensions: 256 })

interface Row {
  size: number
  chunks: number
  ingestPerSecond: number
  storeOnlyPerSecond: number
  all: ReturnType<typeof percentiles> & { cpuMs: number }
  unexpanded: ReturnType<typeof percentiles> & { cpuMs: number }
  one: ReturnType<typeof percentiles> & { cpuMs: number }
  keyword: ReturnType<typeof percentiles> & { cpuMs: number }
  baseline: ReturnType<typeof percentiles>
  memoryMb: number
  openSeconds: number
  openCpuSeconds: number
  ingestPerCpuSecond: number
  indexMb: number
}

const rows: Row[] = []

for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-kb-'))
  const database = openDatabase({ dataDir: dir })
  await database.migrate()
  const store = new KnowledgeStore(database)
  const kb = new KnowledgeBase({
    store,
    embedders: [embedder],
    defaultEmbedder: embedder,
    logger,
    maxUploadBytes: 64 * 1024 * 1024,
    crossLanguage,
  })
  await kb.open()

  // Ingestion through the whole pipeline.
  const docs = Math.ceil(size / SECTIONS_PER_DOC)
  const cpuBefore = process.cpuUsage()
  let started = performance.now()
  let lastReport = started
  for (let n = 0; n < docs; n++) {
    await kb.ingest({
      collection: COLLECTION_NAMES[n % COLLECTION_NAMES.length]!,
      bytes: Buffer.from(syntheticDoc(n)),
      filename: `doc-${n}.md`,
    })
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now()
      process.stderr.write(`  ${size}: ${kb.index.chunkCount} passages ingested\n`)
    }
  }
  const ingestSeconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const ingestCpuSeconds = (cpu.user + cpu.system) / 1e6
  const chunks = kb.index.chunkCount

  // Start-up: a second instance building its index from the same storage.
  const openCpu = process.cpuUsage()
  started = performance.now()
  const second = new KnowledgeBase({
    store,
    embedders: [embedder],
    defaultEmbedder: embedder,
    logger,
    maxUploadBytes: 1,
    crossLanguage: withoutQueryExpansion,
  })
  await second.open()
  const openSeconds = (performance.now() - started) / 1000
  const openCpuUsed = process.cpuUsage(openCpu)
  const openCpuSeconds = (openCpuUsed.user + openCpuUsed.system) / 1e6

  // Baseline: the same kind of rows written straight through the store (no conversion, chunking,
  // embedding or indexing), into a second database.
  const baseDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-kb-base-'))
  const baseDb = openDatabase({ dataDir: baseDir })
  await baseDb.migrate()
  const baseStore = new KnowledgeStore(baseDb)
  await baseStore.ensureCollections(COLLECTION_NAMES.map((name) => ({ name, description: name })))
  const sampleDocs = Math.max(1, Math.ceil(docs / 10)) // a tenth of the documents is enough for a rate
  const prepared = Array.from({ length: sampleDocs }, (_, n) => {
    const md = syntheticDoc(n)
    const pieces = chunkMarkdown(md)
    const vector = vectorToBytes(new Float32Array(256).fill(0.01))
    return {
      doc: {
        id: `b${n}`,
        collection: COLLECTION_NAMES[n % COLLECTION_NAMES.length]!,
        source: `b${n}.md`,
        title: `b${n}`,
        content_hash: `h${n}`,
        format: 'markdown',
        language: 'cs',
        metadata: '{}',
        markdown: md,
        bytes: md.length,
        pages: null,
        chunk_count: pieces.length,
        version: `v${n}`,
      },
      chunks: pieces.map((p) => ({
        id: `b${n}:${p.position}`,
        position: p.position,
        section: p.section,
        page: null,
        text: p.text,
        terms: analyze(p.text, 'cs').join(' '),
        tokens: p.tokens,
        vector,
      })),
    }
  })
  started = performance.now()
  let baseChunks = 0
  for (const p of prepared) {
    await baseStore.putDocument(p.doc, p.chunks, [])
    baseChunks += p.chunks.length
  }
  const storeOnlyPerSecond = baseChunks / ((performance.now() - started) / 1000)
  await baseDb.close()
  rmSync(baseDir, { recursive: true, force: true })

  // Search latency.
  const rounds = 4
  const timed = async (collection: string | undefined, mode: 'hybrid' | 'keyword', over = kb) => {
    const samples: number[] = []
    const cpuStart = process.cpuUsage()
    for (let r = 0; r < rounds; r++) {
      for (const [i, q] of queries.entries()) {
        const t = performance.now()
        await over.search({
          query: q,
          limit: 10,
          mode,
          ...(collection ? { collection: COLLECTION_NAMES[i % 10] } : {}),
        })
        samples.push(performance.now() - t)
      }
    }
    const cpuUsed = process.cpuUsage(cpuStart)
    // CPU time per query does not grow when other processes take the cores; wall time does.
    return { ...percentiles(samples), cpuMs: (cpuUsed.user + cpuUsed.system) / 1000 / samples.length }
  }
  await timed(undefined, 'hybrid') // warm-up
  const all = await timed(undefined, 'hybrid')
  const one = await timed('one', 'hybrid')
  const keyword = await timed(undefined, 'keyword')
  await timed(undefined, 'hybrid', second) // warm-up
  const unexpanded = await timed(undefined, 'hybrid', second)
  await second.close()

  // Baseline: exact vector search the textbook way over the same vectors: row-major, every row
  // scored, then the whole score list sorted.
  const vectors: Float32Array[] = []
  for await (const batch of store.chunksOf()) {
    for (const row of batch) {
      const copy = new Uint8Array(row.vector!.byteLength)
      copy.set(row.vector!)
      vectors.push(new Float32Array(copy.buffer))
    }
  }
  const baselineSamples: number[] = []
  // One round: the textbook scan takes long enough that 75 samples already give stable percentiles.
  for (let r = 0; r < 1; r++) {
    for (const q of queries) {
      const t = performance.now()
      const [qv] = await embedder.embed([q], 'query')
      void analyzeQuery(q)
      const scored = vectors.map((v, i) => {
        let s = 0
        for (let d = 0; d < v.length; d++) s += v[d]! * qv![d]!
        return { i, s }
      })
      scored.sort((a, b) => b.s - a.s)
      baselineSamples.push(performance.now() - t)
    }
  }
  const baseline = percentiles(baselineSamples)
  const memoryMb = Math.round(process.memoryUsage().rss / 1024 / 1024)
  const indexMb = Math.round(kb.index.bytes / 1024 / 1024)
  rows.push({
    size,
    chunks,
    ingestPerSecond: chunks / ingestSeconds,
    ingestPerCpuSecond: chunks / ingestCpuSeconds,
    storeOnlyPerSecond,
    all,
    unexpanded,
    one,
    keyword,
    baseline,
    memoryMb,
    openSeconds,
    openCpuSeconds,
    indexMb,
  })
  process.stderr.write(
    `  ${size}: done (${chunks} passages, index ${(kb.index.bytes / 1024 / 1024).toFixed(0)} MiB)\n`,
  )
  await kb.close()
  await database.close()
  rmSync(dir, { recursive: true, force: true })
}

console.log(
  `\nload average during the run: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (2 cores shared)`,
)
console.log(
  `knowledge base on ${process.version}, hash embedder 256-d, SQLite, top 10, KB_CROSS_LANGUAGE=${setting}, ${queries.length} evaluation questions × 4\n`,
)
console.log(
  '| passages | ingest passages/s | baseline: store only, passages/s | hybrid all collections p50 / p95 / p99 ms (CPU ms per query) | baseline: hybrid without query expansion p50 / p95 ms (CPU) | hybrid one collection p50 / p95 ms (CPU) | keyword only p50 / p95 ms | baseline exact scan + sort p50 / p95 ms | p95 ratio baseline / hybrid | index build at start s (CPU s) | index MiB | RSS MiB |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.chunks} | ${Math.round(r.ingestPerSecond)} (${Math.round(r.ingestPerCpuSecond)}) | ${Math.round(r.storeOnlyPerSecond)} | ${ms(r.all.p50)} / ${ms(r.all.p95)} / ${ms(r.all.p99)} (${ms(r.all.cpuMs)}) | ${ms(r.unexpanded.p50)} / ${ms(r.unexpanded.p95)} (${ms(r.unexpanded.cpuMs)}) | ${ms(r.one.p50)} / ${ms(r.one.p95)} (${ms(r.one.cpuMs)}) | ${ms(r.keyword.p50)} / ${ms(r.keyword.p95)} | ${ms(r.baseline.p50)} / ${ms(r.baseline.p95)} | ${(r.baseline.p95 / r.all.p95).toFixed(1)}× | ${r.openSeconds.toFixed(1)} (${r.openCpuSeconds.toFixed(1)}) | ${r.indexMb} | ${r.memoryMb} |`,
  )
}
