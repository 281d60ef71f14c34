/**
 * Retrieval quality of the knowledge base on its starting corpus: `npm run eval:kb`.
 *
 * The gold set (test/knowledge/gold-set.json) has questions in Czech and English — worded like the
 * text, paraphrased, typed without diacritics, or asked in the other language — each with the
 * document that answers it and a phrase the answering passage contains. A retrieved passage is
 * relevant when it comes from one of the accepted documents and its section path or text contains the
 * phrase (diacritics and case folded).
 *
 * For each retriever it prints recall@5, MRR@10 and nDCG@10 (binary relevance), per question style,
 * and how /ask behaves: the share of gold questions it answers and of off-topic questions it
 * declines ("nothing relevant found"). Retrievers: BM25 alone (the baseline), hash vectors alone,
 * and hybrid with each embedder this machine can run — `hash` always; `transformers` when
 * EMBEDDINGS_MODEL_DIR is set; `openai` when EMBEDDINGS_BASE_URL is set.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fold } from '../src/engines/czech/text.ts'
import { createEmbedders, type Embedder } from '../src/engines/knowledge/embedders/index.ts'
import type { SearchMode } from '../src/engines/knowledge/index.ts'
import { KnowledgeBase } from '../src/engines/knowledge/knowledge-base.ts'
import { KnowledgeStore } from '../src/engines/knowledge/store.ts'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { DEFAULT_CORPUS_DIR } from '../src/services/knowledge/service.ts'

interface Gold {
  questions: Array<{ q: string; answers: Array<[doc: string, contains: string]>; style: string }>
  negatives: string[]
}

const gold = JSON.parse(
  readFileSync(new URL('../test/knowledge/gold-set.json', import.meta.url), 'utf8'),
) as Gold
const env = process.env

interface Run {
  name: string
  embedder: Embedder
  mode: SearchMode
}

const built = createEmbedders({
  kind: 'hash',
  hashDimensions: Number(env.KB_HASH_DIMENSIONS ?? 256),
  modelDir: env.EMBEDDINGS_MODEL_DIR,
  queryPrefix: env.EMBEDDINGS_QUERY_PREFIX,
  documentPrefix: env.EMBEDDINGS_DOCUMENT_PREFIX,
  baseUrl: env.EMBEDDINGS_BASE_URL,
  apiKey: env.EMBEDDINGS_API_KEY,
  model: env.EMBEDDINGS_MODEL,
})
const hash = built.embedders.find((e) => e.kind === 'hash')!
const runs: Run[] = [
  { name: 'BM25 only (baseline)', embedder: hash, mode: 'keyword' },
  { name: 'hash vectors only', embedder: hash, mode: 'semantic' },
  { name: 'hybrid: BM25 + hash (default)', embedder: hash, mode: 'hybrid' },
]
for (const e of built.embedders) {
  if (e.kind === 'hash') continue
  runs.push({ name: `${e.kind} vectors only`, embedder: e, mode: 'semantic' })
  runs.push({ name: `hybrid: BM25 + ${e.kind}`, embedder: e, mode: 'hybrid' })
}
if (!env.EMBEDDINGS_MODEL_DIR)
  console.log('transformers: skipped (set EMBEDDINGS_MODEL_DIR to an ONNX sentence model)')
if (!env.EMBEDDINGS_BASE_URL)
  console.log('openai: skipped (set EMBEDDINGS_BASE_URL to an OpenAI-compatible endpoint)')

const logger = createLogger({ level: 'silent' })
const kbs = new Map<string, { kb: KnowledgeBase; close: () => Promise<void> }>()

async function kbFor(embedder: Embedder) {
  let entry = kbs.get(embedder.id)
  if (entry) return entry.kb
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-'))
  const database = openDatabase({ dataDir: dir })
  await database.migrate()
  const kb = new KnowledgeBase({
    store: new KnowledgeStore(database),
    embedders: [embedder],
    defaultEmbedder: embedder,
    logger,
    maxUploadBytes: 50 * 1024 * 1024,
  })
  await kb.open()
  const started = performance.now()
  await kb.seed(DEFAULT_CORPUS_DIR)
  console.log(
    `${embedder.id}: ingested ${kb.index.documentCount} documents, ${kb.index.chunkCount} passages in ${Math.round(performance.now() - started)} ms`,
  )
  entry = {
    kb,
    close: async () => {
      await kb.close()
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  kbs.set(embedder.id, entry)
  return kb
}

function isRelevant(
  hit: { source: string; section: string; text: string },
  q: Gold['questions'][number],
): boolean {
  const text = fold(`${hit.section}\n${hit.text}`)
  return q.answers.some(([doc, contains]) => hit.source === `corpus:${doc}` && text.includes(fold(contains)))
}

const pct = (x: number) => x.toFixed(3)

interface Scores {
  recall5: number
  mrr10: number
  ndcg10: number
  n: number
}

const rows: Array<{
  run: string
  all: Scores
  byStyle: Record<string, Scores>
  answered?: number
  declined?: number
}> = []

for (const run of runs) {
  const kb = await kbFor(run.embedder)
  const totals: Record<string, Scores> = {}
  const add = (key: string, r5: number, rr: number, nd: number) => {
    totals[key] ??= { recall5: 0, mrr10: 0, ndcg10: 0, n: 0 }
    const s = totals[key]
    s.recall5 += r5
    s.mrr10 += rr
    s.ndcg10 += nd
    s.n += 1
  }
  for (const q of gold.questions) {
    const { hits } = await kb.search({ query: q.q, limit: 10, mode: run.mode })
    const rel = hits.map((h) =>
      isRelevant({ source: h.document.source, section: h.chunk.section, text: h.chunk.text }, q),
    )
    const first = rel.indexOf(true)
    const r5 = first >= 0 && first < 5 ? 1 : 0
    const rr = first >= 0 ? 1 / (first + 1) : 0
    let dcg = 0
    rel.forEach((r, i) => {
      if (r) dcg += 1 / Math.log2(i + 2)
    })
    // Ideal: every relevant passage first. Passages that contain the phrase are few (usually 1–2).
    const relevantTotal = Math.max(1, rel.filter(Boolean).length)
    let idcg = 0
    for (let i = 0; i < relevantTotal; i++) idcg += 1 / Math.log2(i + 2)
    const nd = dcg / idcg
    add('all', r5, rr, nd)
    add(q.style, r5, rr, nd)
    if (env.EVAL_VERBOSE && r5 === 0) {
      console.log(
        `  miss [${run.name}] ${q.q} → ${hits
          .slice(0, 3)
          .map((h) => h.document.source)
          .join(', ')}`,
      )
    }
  }
  const avg = (s: Scores): Scores => ({
    recall5: s.recall5 / s.n,
    mrr10: s.mrr10 / s.n,
    ndcg10: s.ndcg10 / s.n,
    n: s.n,
  })
  const row: (typeof rows)[number] = {
    run: run.name,
    all: avg(totals.all!),
    byStyle: Object.fromEntries(
      Object.entries(totals)
        .filter(([k]) => k !== 'all')
        .map(([k, v]) => [k, avg(v)]),
    ),
  }
  if (run.mode === 'hybrid') {
    let answered = 0
    for (const q of gold.questions) {
      const r = await kb.ask({ question: q.q, query: q.q, limit: 5, answerMode: 'extractive' })
      if (r.found) answered += 1
    }
    let declined = 0
    for (const q of gold.negatives) {
      const r = await kb.ask({ question: q, query: q, limit: 5, answerMode: 'extractive' })
      if (!r.found) declined += 1
      else if (env.EVAL_VERBOSE) console.log(`  answered off-topic [${run.name}] ${q}`)
    }
    row.answered = answered / gold.questions.length
    row.declined = declined / gold.negatives.length
  }
  rows.push(row)
}

const styles = [...new Set(gold.questions.map((q) => q.style))]
console.log(
  `\ngold set: ${gold.questions.length} questions (${styles.map((s) => `${s} ${gold.questions.filter((q) => q.style === s).length}`).join(', ')}), ${gold.negatives.length} off-topic\n`,
)
console.log('| retriever | recall@5 | MRR@10 | nDCG@10 | /ask answers gold | /ask declines off-topic |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.run} | ${pct(r.all.recall5)} | ${pct(r.all.mrr10)} | ${pct(r.all.ndcg10)} | ${r.answered === undefined ? '—' : pct(r.answered)} | ${r.declined === undefined ? '—' : pct(r.declined)} |`,
  )
}
console.log(
  `\nrecall@5 by question style\n\n| retriever | ${styles.join(' | ')} |\n|---|${styles.map(() => '---').join('|')}|`,
)
for (const r of rows)
  console.log(`| ${r.run} | ${styles.map((s) => pct(r.byStyle[s]?.recall5 ?? 0)).join(' | ')} |`)
const baseline = rows[0]!.all.recall5
const hybrid = rows.find((r) => r.run.startsWith('hybrid: BM25 + hash'))!.all.recall5
console.log(`\nratio hybrid (hash) / BM25 baseline, recall@5: ${(hybrid / baseline).toFixed(2)}`)
for (const { close } of kbs.values()) await close()
