/**
 * Knowledge-base speed: `npm run bench:kb` (optionally `-- 10000 100000`, the passage counts).
 *
 * Builds a corpus of synthetic documents from the sentences and headings of the starting corpus
 * (shuffled, numbered so no two are alike), then at each size:
 * - ingestion: the first BENCH_KB_INGEST passages (default 5,000) through the whole pipeline
 *   (Markdown → chunks → hash embeddings → one SQLite transaction per document → in-memory index),
 *   in passages per second of wall and of CPU time; baseline: the same rows written straight
 *   through the store (storage alone); start-up: a second instance building its index from that
 *   storage, per 10,000 passages;
 * - the rest of the passages go into the same in-memory index with the same analysis and
 *   embeddings but without storage (a rate of its own), so 100k passages take minutes, not the half
 *   hour 100k SQLite transactions take on a loaded machine; search reads only the index;
 * - search: the questions of the three evaluation sets (gold, cross-language tuning and held-out),
 *   twice, through hybrid search (BM25 + dense, RRF, top 10) over all collections and within one
 *   collection, with the term list expanding each query into the other language as the service
 *   does (KB_CROSS_LANGUAGE, default queries; BENCH_KB_CROSS_LANGUAGE picks another setting).
 *   Each query's CPU time (process.cpuUsage: what the query costs, whatever else the machine runs)
 *   and wall time, p50/p95/p99 in milliseconds. Baselines in the same run: the same searches with
 *   BM25 scoring every posting instead of pruning (the ratio is printed), the same search without
 *   the query expansion, and the textbook exact vector search (row-major scan, full sort).
 * Figures go to docs/benchmarks.md ("Knowledge base").
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chunkMarkdown } from '../src/engines/knowledge/chunker.ts'
import { COLLECTION_NAMES } from '../src/engines/knowledge/collections.ts'
import { createHashEmbedder, hashEmbed } from '../src/engines/knowledge/embedders/hash.ts'
import { contextualText } from '../src/engines/knowledge/index.ts'
import { corpusFiles } from '../src/engines/knowledge/ingest.ts'
import { KnowledgeBase } from '../src/engines/knowledge/knowledge-base.ts'
import { queryVectors } from '../src/engines/knowledge/query.ts'
import { KnowledgeStore, vectorToBytes } from '../src/engines/knowledge/store.ts'
import { passageAnalyzer } from '../src/engines/knowledge/terms.ts'
import { analyze, analyzeQuery, analyzeQueryTerms, detectLanguage } from '../src/engines/knowledge/text.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { crossLanguageFrom, DEFAULT_CORPUS_DIR } from '../src/services/knowledge/start.ts'

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
const SIZES = sizes.length > 0 ? sizes : [10_000, 100_000]
const SECTIONS_PER_DOC = 20
const INGEST_SAMPLE = Number(process.env.BENCH_KB_INGEST ?? 5000)

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
const analyzer = passageAnalyzer(crossLanguage?.passages ? crossLanguage.terms : undefined)

// ---------- helpers ----------

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}
type Timing = { wall: ReturnType<typeof percentiles>; cpu: ReturnType<typeof percentiles> }
const ms = (x: number) => x.toFixed(2)
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}
const logger = createLogger({ level: 'silent' })
const embedder = createHashEmbedder({ dimensions: 256 })
const say = (line: string) => process.stderr.write(`  ${line}\n`)

interface Row {
  size: number
  chunks: number
  ingested: number
  ingestPerSecond: number
  ingestPerCpuSecond: number
  storeOnlyPerSecond: number
  openSecondsPer10k: number
  openCpuSecondsPer10k: number
  fillPerCpuSecond: number
  all: Timing
  exhaustive: Timing
  one: Timing
  keyword: Timing
  unexpanded: Timing
  baseline: ReturnType<typeof percentiles>
  indexMb: number
  memoryMb: number
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

  // Ingestion through the whole pipeline: the first documents, up to INGEST_SAMPLE passages.
  const docs = Math.ceil(size / SECTIONS_PER_DOC)
  const cpuBefore = process.cpuUsage()
  let started = performance.now()
  let n = 0
  for (; n < docs && kb.index.chunkCount < Math.min(size, INGEST_SAMPLE); n++) {
    await kb.ingest({
      collection: COLLECTION_NAMES[n % COLLECTION_NAMES.length]!,
      bytes: Buffer.from(syntheticDoc(n)),
      filename: `doc-${n}.md`,
    })
  }
  const ingested = kb.index.chunkCount
  const ingestPerSecond = ingested / ((performance.now() - started) / 1000)
  const ingestPerCpuSecond = ingested / (cpuMs(cpuBefore) / 1000)
  say(`${size}: ${ingested} passages ingested (${Math.round(ingestPerSecond)}/s)`)

  // Start-up: a second instance building its index from the same storage.
  const openCpu = process.cpuUsage()
  started = performance.now()
  const second = new KnowledgeBase({
    store,
    embedders: [embedder],
    defaultEmbedder: embedder,
    logger,
    maxUploadBytes: 1,
    crossLanguage,
  })
  await second.open()
  const openSecondsPer10k = ((performance.now() - started) / 1000) * (10_000 / ingested)
  const openCpuSecondsPer10k = (cpuMs(openCpu) / 1000) * (10_000 / ingested)
  await second.close()

  // Baseline: the same kind of rows written straight through the store (no conversion, chunking,
  // embedding or indexing), into a second database.
  const baseDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-kb-base-'))
  const baseDb = openDatabase({ dataDir: baseDir })
  await baseDb.migrate()
  const baseStore = new KnowledgeStore(baseDb)
  await baseStore.ensureCollections(COLLECTION_NAMES.map((name) => ({ name, description: name })))
  const prepared = Array.from({ length: Math.max(1, Math.ceil(n / 4)) }, (_, d) => {
    const md = syntheticDoc(d)
    const pieces = chunkMarkdown(md)
    const vector = vectorToBytes(new Float32Array(256).fill(0.01))
    return {
      doc: {
        id: `b${d}`,
        collection: COLLECTION_NAMES[d % COLLECTION_NAMES.length]!,
        source: `b${d}.md`,
        title: `b${d}`,
        content_hash: `h${d}`,
        format: 'markdown',
        language: 'cs',
        metadata: '{}',
        markdown: md,
        bytes: md.length,
        pages: null,
        chunk_count: pieces.length,
        version: `v${d}`,
      },
      chunks: pieces.map((p) => ({
        id: `b${d}:${p.position}`,
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

  // The rest: the same chunking, analysis and embedding, straight into the in-memory index.
  const fillCpu = process.cpuUsage()
  let filled = 0
  let lastReport = performance.now()
  for (; n < docs; n++) {
    const md = syntheticDoc(n)
    const title = `Dokument ${n}`
    const language = detectLanguage(md) ?? 'cs'
    const doc = {
      id: `fill-${n}`,
      collection: COLLECTION_NAMES[n % COLLECTION_NAMES.length]!,
      title,
      source: `doc-${n}.md`,
      language,
      metadata: {},
    }
    const chunks = chunkMarkdown(md).map((p) => {
      const text = contextualText({ title }, p)
      return {
        id: `${doc.id}:${p.position}`,
        position: p.position,
        section: p.section,
        page: undefined,
        text: p.text,
        terms: analyzer.analyze(text, language),
        vector: hashEmbed(text, 256),
      }
    })
    kb.index.upsert(doc, chunks)
    filled += chunks.length
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now()
      say(`${size}: ${kb.index.chunkCount} passages indexed`)
    }
  }
  const fillPerCpuSecond = filled > 0 ? filled / (cpuMs(fillCpu) / 1000) : Number.NaN
  const chunks = kb.index.chunkCount

  // Search: each query's CPU and wall time.
  const rounds = 2
  const timed = async (run: (q: string, i: number) => Promise<unknown>): Promise<Timing> => {
    const wall: number[] = []
    const cpu: number[] = []
    for (let r = 0; r < rounds; r++) {
      for (const [i, q] of queries.entries()) {
        const c = process.cpuUsage()
        const t = performance.now()
        await run(q, i)
        wall.push(performance.now() - t)
        cpu.push(cpuMs(c))
      }
    }
    return { wall: percentiles(wall), cpu: percentiles(cpu) }
  }
  const hybrid = (q: string) => kb.search({ query: q, limit: 10, mode: 'hybrid' })
  await timed(hybrid) // warm-up
  const all = await timed(hybrid)
  kb.index.exhaustiveLexical = true
  const exhaustive = await timed(hybrid)
  kb.index.exhaustiveLexical = false
  const one = await timed((q, i) =>
    kb.search({ query: q, limit: 10, mode: 'hybrid', collection: COLLECTION_NAMES[i % 10] }),
  )
  const keyword = await timed((q) => kb.search({ query: q, limit: 10, mode: 'keyword' }))
  // Without the query expansion: the query's own terms and vector, straight to the same index.
  const unexpanded = await timed(async (q) => {
    const vectors = await queryVectors(embedder, q, { cs: [], en: [] })
    kb.index.search({
      groups: analyzeQueryTerms(q).groups,
      vectors: new Map(COLLECTION_NAMES.map((c) => [c, vectors])),
      limit: 10,
    })
  })

  // Baseline: exact vector search the textbook way over the same vectors: row-major, every row
  // scored, then the whole score list sorted; 75 questions, as it is slow.
  const vectors: Float32Array[] = []
  for (let d = 0; d < Math.min(docs, 400); d++) vectors.push(hashEmbed(syntheticDoc(d).slice(0, 1500), 256))
  const rows100k = chunks
  const baselineSamples: number[] = []
  for (const q of queries.slice(0, 75)) {
    const t = performance.now()
    const [qv] = await embedder.embed([q], 'query')
    void analyzeQuery(q)
    const scored = new Array<{ i: number; s: number }>(rows100k)
    for (let i = 0; i < rows100k; i++) {
      const v = vectors[i % vectors.length]!
      let s = 0
      for (let d = 0; d < v.length; d++) s += v[d]! * qv![d]!
      scored[i] = { i, s }
    }
    scored.sort((a, b) => b.s - a.s)
    baselineSamples.push(performance.now() - t)
  }
  const baseline = percentiles(baselineSamples)
  rows.push({
    size,
    chunks,
    ingested,
    ingestPerSecond,
    ingestPerCpuSecond,
    storeOnlyPerSecond,
    openSecondsPer10k,
    openCpuSecondsPer10k,
    fillPerCpuSecond,
    all,
    exhaustive,
    one,
    keyword,
    unexpanded,
    baseline,
    indexMb: Math.round(kb.index.bytes / 1024 / 1024),
    memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  })
  say(`${size}: done (${chunks} passages, index ${(kb.index.bytes / 1024 / 1024).toFixed(0)} MiB)`)
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
  `knowledge base on ${process.version}, hash embedder 256-d, SQLite, top 10, KB_CROSS_LANGUAGE=${setting}, ${queries.length} evaluation questions × 2\n`,
)
const t = (x: Timing) =>
  `${ms(x.cpu.p50)} / ${ms(x.cpu.p95)} / ${ms(x.cpu.p99)} (wall ${ms(x.wall.p50)} / ${ms(x.wall.p95)})`
console.log('Search, CPU ms per query p50 / p95 / p99 (wall p50 / p95)\n')
console.log(
  '| passages | **hybrid, all collections (default)** | baseline: BM25 scoring every posting | p95 CPU ratio baseline / pruned | hybrid, one collection | keyword only | without query expansion | textbook exact scan + sort (wall p50 / p95) |',
)
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.chunks} | ${t(r.all)} | ${t(r.exhaustive)} | ${(r.exhaustive.cpu.p95 / r.all.cpu.p95).toFixed(2)}× | ${t(r.one)} | ${t(r.keyword)} | ${t(r.unexpanded)} | ${ms(r.baseline.p50)} / ${ms(r.baseline.p95)} |`,
  )
}
console.log('\nIngestion and memory\n')
console.log(
  '| passages | ingested through the pipeline | passages/s wall (per CPU s) | baseline: store only, passages/s | index built at start, s per 10k passages (CPU) | the rest into the index, passages per CPU s | index MiB | RSS MiB |',
)
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.chunks} | ${r.ingested} | ${Math.round(r.ingestPerSecond)} (${Math.round(r.ingestPerCpuSecond)}) | ${Math.round(r.storeOnlyPerSecond)} | ${r.openSecondsPer10k.toFixed(1)} (${r.openCpuSecondsPer10k.toFixed(1)}) | ${Math.round(r.fillPerCpuSecond)} | ${r.indexMb} | ${r.memoryMb} |`,
  )
}
