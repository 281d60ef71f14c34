/**
 * Retrieval quality of the knowledge base on its starting corpus: `npm run eval:kb`.
 *
 * Three question sets over data/knowledge, each question with the documents that answer it and a
 * phrase the answering passage contains (a retrieved passage is relevant when it comes from an
 * accepted document and its section path or text contains the phrase, diacritics and case folded):
 * - test/knowledge/gold-set.json: 75 questions worded like the text, paraphrased, typed without
 *   diacritics or asked in the other language, and 8 off-topic ones;
 * - test/knowledge/crosslingual-dev.json: the set cross-language choices were tuned on;
 * - test/knowledge/crosslingual-heldout.json: 87 cross-language questions (English answered only by
 *   Czech documents, Czech only by English ones) and 20 same-language ones, written before the
 *   cross-language work and never tuned on.
 *
 * For each configuration it prints recall@5, MRR@10 and nDCG@10 (binary relevance) by set, style
 * and direction, and how /ask behaves (gold questions answered, off-topic ones declined).
 * Configurations: BM25 alone (the baseline), hash vectors alone, hybrid without and with the
 * bilingual term list (on queries, on passages, on both), the language model's query translation
 * beside the term list when LLM_BASE_URL (LLM_API_KEY, LLM_MODEL) is set, and each model embedder this
 * machine can run: `transformers` when EMBEDDINGS_MODEL_DIR is set, `openai` when
 * EMBEDDINGS_BASE_URL is set. EVAL_VERBOSE=1 prints every miss.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fold } from '../src/engines/czech/text.ts'
import { createEmbedders, type Embedder } from '../src/engines/knowledge/embedders/index.ts'
import type { SearchHit, SearchMode } from '../src/engines/knowledge/index.ts'
import { KnowledgeBase } from '../src/engines/knowledge/knowledge-base.ts'
import { KnowledgeStore } from '../src/engines/knowledge/store.ts'
import { shippedTermList } from '../src/engines/knowledge/terms.ts'
import { QueryTranslator } from '../src/engines/knowledge/translate.ts'
import { openDatabase } from '../src/kit/db.ts'
import { LlmClient } from '../src/kit/llm.ts'
import { createLogger } from '../src/kit/logger.ts'
import { DEFAULT_CORPUS_DIR } from '../src/services/knowledge/start.ts'

interface Question {
  q: string
  answers: Array<[doc: string, contains: string]>
  style: string
  lang?: 'cs' | 'en'
}
interface QuestionSet {
  questions: Question[]
  negatives: string[]
}

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../test/knowledge/${name}`, import.meta.url), 'utf8')) as QuestionSet
const env = process.env
const ALL_SETS: Record<string, QuestionSet> = {
  gold: load('gold-set.json'),
  dev: load('crosslingual-dev.json'),
  heldout: load('crosslingual-heldout.json'),
}
// EVAL_SETS=gold,dev leaves the held-out set out (while tuning).
const SETS = Object.fromEntries(
  Object.entries(ALL_SETS).filter(([name]) => !env.EVAL_SETS || env.EVAL_SETS.split(',').includes(name)),
)

interface Config {
  name: string
  embedder: Embedder
  mode: SearchMode
  terms: 'none' | 'queries' | 'passages' | 'both'
  translate?: boolean
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
const DEFAULT_TERMS: Config['terms'] = 'queries'
const configs: Config[] = [
  { name: 'BM25 only (baseline)', embedder: hash, mode: 'keyword', terms: 'none' },
  { name: 'hash vectors only', embedder: hash, mode: 'semantic', terms: 'none' },
  { name: 'hybrid, no term list', embedder: hash, mode: 'hybrid', terms: 'none' },
  { name: 'BM25 + term list on queries', embedder: hash, mode: 'keyword', terms: 'queries' },
  { name: 'hybrid + term list on queries', embedder: hash, mode: 'hybrid', terms: 'queries' },
  { name: 'hybrid + term list on passages', embedder: hash, mode: 'hybrid', terms: 'passages' },
  { name: 'hybrid + term list on queries and passages', embedder: hash, mode: 'hybrid', terms: 'both' },
]
if (env.LLM_BASE_URL)
  configs.push({
    name: 'hybrid + term list + LLM query translation',
    embedder: hash,
    mode: 'hybrid',
    terms: 'queries',
    translate: true,
  })
else console.log('LLM query translation: skipped (set LLM_BASE_URL to an OpenAI-compatible endpoint)')
for (const e of built.embedders) {
  if (e.kind === 'hash') continue
  configs.push({ name: `${e.kind} vectors only`, embedder: e, mode: 'semantic', terms: 'none' })
  configs.push({ name: `hybrid: BM25 + ${e.kind}`, embedder: e, mode: 'hybrid', terms: 'none' })
  configs.push({
    name: `hybrid: BM25 + ${e.kind} + term list`,
    embedder: e,
    mode: 'hybrid',
    terms: DEFAULT_TERMS,
  })
}
const isDefault = (c: Config) =>
  c.embedder === hash && c.mode === 'hybrid' && c.terms === DEFAULT_TERMS && !c.translate
if (!env.EMBEDDINGS_MODEL_DIR)
  console.log('transformers: skipped (set EMBEDDINGS_MODEL_DIR to an ONNX sentence model)')
if (!env.EMBEDDINGS_BASE_URL)
  console.log('openai: skipped (set EMBEDDINGS_BASE_URL to an OpenAI-compatible endpoint)')

const logger = createLogger({ level: 'silent' })
const kbs = new Map<string, { kb: KnowledgeBase; close: () => Promise<void> }>()

async function kbFor(config: Config): Promise<KnowledgeBase> {
  const key = `${config.embedder.id}|${config.terms}${config.translate ? '|llm' : ''}`
  const cached = kbs.get(key)
  if (cached) return cached.kb
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-eval-'))
  const database = openDatabase({ dataDir: dir })
  await database.migrate()
  const kb = new KnowledgeBase({
    store: new KnowledgeStore(database),
    embedders: [config.embedder],
    defaultEmbedder: config.embedder,
    logger,
    maxUploadBytes: 50 * 1024 * 1024,
    ...(config.translate
      ? {
          translator: new QueryTranslator({
            llm: new LlmClient({
              baseUrl: env.LLM_BASE_URL,
              apiKey: env.LLM_API_KEY,
              model: env.LLM_MODEL ?? 'gpt-4o-mini',
              timeoutMs: 30_000,
            }),
            mode: 'auto',
            timeoutMs: 30_000,
          }),
        }
      : {}),
    ...(config.terms === 'none'
      ? {}
      : {
          crossLanguage: {
            terms: shippedTermList(),
            queries: config.terms !== 'passages',
            passages: config.terms !== 'queries',
          },
        }),
  })
  await kb.open()
  const started = performance.now()
  await kb.seed(DEFAULT_CORPUS_DIR)
  console.log(
    `${key}: ingested ${kb.index.documentCount} documents, ${kb.index.chunkCount} passages in ${Math.round(performance.now() - started)} ms`,
  )
  kbs.set(key, {
    kb,
    close: async () => {
      await kb.close()
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    },
  })
  return kb
}

function isRelevant(hit: SearchHit, q: Question): boolean {
  const text = fold(`${hit.chunk.section}\n${hit.chunk.text}`)
  return q.answers.some(
    ([doc, contains]) => hit.document.source === `corpus:${doc}` && text.includes(fold(contains)),
  )
}

/** Every answer must be reachable and every cross-language question truly cross-language. */
async function checkSets(kb: KnowledgeBase): Promise<void> {
  const problems: string[] = []
  const languageOf = new Map(
    (await kb.listDocuments({ limit: 1000, offset: 0 })).map((d) => [d.source, d.language]),
  )
  for (const [set, { questions }] of Object.entries(SETS)) {
    for (const q of questions) {
      for (const [doc, contains] of q.answers) {
        const docLanguage = languageOf.get(`corpus:${doc}`)
        if (!docLanguage) problems.push(`${set}: no document ${doc}`)
        if (q.style === 'crosslingual' && q.lang && docLanguage === q.lang)
          problems.push(`${set}: "${q.q}" is in ${q.lang}, like ${doc}`)
        const { hits } = await kb.search({
          query: contains,
          limit: 50,
          mode: 'keyword',
          filter: { source: `corpus:${doc}` },
        })
        if (!hits.some((h) => isRelevant(h, { ...q, answers: [[doc, contains]] })))
          problems.push(`${set}: no passage of ${doc} contains "${contains}"`)
      }
    }
  }
  if (problems.length > 0) throw new Error(`question sets are inconsistent:\n${problems.join('\n')}`)
}

interface Scores {
  recall5: number
  mrr10: number
  ndcg10: number
  n: number
}
const empty = (): Scores => ({ recall5: 0, mrr10: 0, ndcg10: 0, n: 0 })

function score(relevant: boolean[]): Omit<Scores, 'n'> {
  const first = relevant.indexOf(true)
  let dcg = 0
  relevant.forEach((r, i) => {
    if (r) dcg += 1 / Math.log2(i + 2)
  })
  // Ideal: every relevant passage first. Passages that contain the phrase are few (usually 1–2).
  const total = Math.max(1, relevant.filter(Boolean).length)
  let idcg = 0
  for (let i = 0; i < total; i++) idcg += 1 / Math.log2(i + 2)
  return {
    recall5: first >= 0 && first < 5 ? 1 : 0,
    mrr10: first >= 0 ? 1 / (first + 1) : 0,
    ndcg10: dcg / idcg,
  }
}

/** Buckets a question counts in: its set, its style, and for cross-language ones the direction. */
function bucketsOf(set: string, q: Question): string[] {
  const out = [`${set}`, `${set}:${q.style}`]
  if (q.style === 'crosslingual' && q.lang) out.push(`${set}:${q.lang === 'en' ? 'en→cs' : 'cs→en'}`)
  if (set !== 'gold' && q.style === 'crosslingual') out.push('xl:all')
  if (q.style !== 'crosslingual') out.push('same:all')
  return out
}

interface Row {
  config: Config
  scores: Record<string, Scores>
  answered?: Record<string, number>
  declined?: number
}

async function evaluate(config: Config): Promise<Row> {
  const kb = await kbFor(config)
  const scores: Record<string, Scores> = {}
  for (const [set, { questions }] of Object.entries(SETS)) {
    for (const q of questions) {
      const { hits } = await kb.search({ query: q.q, limit: 10, mode: config.mode })
      const s = score(hits.map((h) => isRelevant(h, q)))
      for (const bucket of bucketsOf(set, q)) {
        scores[bucket] ??= empty()
        const b = scores[bucket]
        b.recall5 += s.recall5
        b.mrr10 += s.mrr10
        b.ndcg10 += s.ndcg10
        b.n += 1
      }
      if (env.EVAL_VERBOSE && s.recall5 === 0 && set !== 'heldout')
        console.log(
          `  miss [${config.name}] ${set}: ${q.q} → ${hits.slice(0, 3).map((h) => h.document.source)}`,
        )
    }
  }
  for (const b of Object.values(scores)) {
    b.recall5 /= b.n
    b.mrr10 /= b.n
    b.ndcg10 /= b.n
  }
  const row: Row = { config, scores }
  if (config.mode === 'hybrid') {
    row.answered = {}
    let negatives = 0
    let declined = 0
    for (const [set, { questions, negatives: offTopic }] of Object.entries(SETS)) {
      let answered = 0
      for (const q of questions) {
        const r = await kb.ask({ question: q.q, query: q.q, limit: 5, answerMode: 'extractive' })
        if (r.found) answered += 1
      }
      row.answered[set] = answered / questions.length
      for (const q of offTopic) {
        const r = await kb.ask({ question: q, query: q, limit: 5, answerMode: 'extractive' })
        negatives += 1
        if (!r.found) declined += 1
        else if (env.EVAL_VERBOSE) console.log(`  answered off-topic [${config.name}] ${q}`)
      }
    }
    row.declined = declined / negatives
  }
  return row
}

const f3 = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(3))
const label = (c: Config) => (isDefault(c) ? `**${c.name} (default)**` : c.name)

await checkSets(await kbFor(configs[0]!))
const rows: Row[] = []
for (const config of configs) rows.push(await evaluate(config))

const count = (set: string, pred: (q: Question) => boolean) => SETS[set]?.questions.filter(pred).length ?? 0
console.log(
  `\nsets: gold ${SETS.gold?.questions.length} questions (${count('gold', (q) => q.style === 'crosslingual')} cross-language); ` +
    `tuning ${count('dev', (q) => q.style === 'crosslingual')} cross-language + ${count('dev', (q) => q.style !== 'crosslingual')} same-language; ` +
    `held out ${count('heldout', (q) => q.style === 'crosslingual' && q.lang === 'en')} English→Czech + ` +
    `${count('heldout', (q) => q.style === 'crosslingual' && q.lang === 'cs')} Czech→English + ` +
    `${count('heldout', (q) => q.style !== 'crosslingual')} same-language; ` +
    `${Object.values(SETS).reduce((n, s) => n + s.negatives.length, 0)} off-topic\n`,
)
console.log('Gold set (recall@5 / MRR@10 / nDCG@10)\n')
console.log('| configuration | recall@5 | MRR@10 | nDCG@10 | /ask answers gold | /ask declines off-topic |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) {
  const g = r.scores.gold!
  console.log(
    `| ${label(r.config)} | ${f3(g.recall5)} | ${f3(g.mrr10)} | ${f3(g.ndcg10)} | ${f3(r.answered?.gold)} | ${f3(r.declined)} |`,
  )
}
console.log('\nAcross Czech and English: recall@5 (MRR@10 of the held-out cross-language questions)\n')
console.log(
  '| configuration | tuning en→cs | tuning cs→en | **held out en→cs** | **held out cs→en** | **held out cross-language** | same-language (all sets) | held out same-language | /ask answers held out |',
)
console.log('|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  const s = (k: string) => r.scores[k]
  console.log(
    `| ${label(r.config)} | ${f3(s('dev:en→cs')?.recall5)} | ${f3(s('dev:cs→en')?.recall5)} | ${f3(s('heldout:en→cs')?.recall5)} | ${f3(s('heldout:cs→en')?.recall5)} | ${f3(s('heldout:crosslingual')?.recall5)} (${f3(s('heldout:crosslingual')?.mrr10)}) | ${f3(s('same:all')?.recall5)} | ${f3(s('heldout:samelanguage')?.recall5)} | ${f3(r.answered?.heldout)} |`,
  )
}
const chosen = rows.find((r) => isDefault(r.config))!
const before = rows.find(
  (r) => r.config.mode === 'hybrid' && r.config.terms === 'none' && r.config.embedder === hash,
)!
console.log(
  `\nratio default / no term list, held-out cross-language recall@5: ${((chosen.scores['heldout:crosslingual']?.recall5 ?? 0) / (before.scores['heldout:crosslingual']?.recall5 ?? 1)).toFixed(2)}`,
)
for (const { close } of kbs.values()) await close()
