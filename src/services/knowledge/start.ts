/**
 * The knowledge service: hybrid search over ten collections, grounded answers, uploads.
 * Start-up opens storage (SQLite under DATA_DIR, or DATABASE_URL), runs migrations, builds the
 * in-memory index from storage, then ingests the starting corpus in the background when it is new
 * (searches answer meanwhile over what is indexed; /rag/health says "loading").
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createEmbedders } from '../../engines/knowledge/embedders/index.ts'
import { KnowledgeBase } from '../../engines/knowledge/knowledge-base.ts'
import { KnowledgeStore } from '../../engines/knowledge/store.ts'
import { type CrossLanguage, shippedTermList } from '../../engines/knowledge/terms.ts'
import { QueryTranslator } from '../../engines/knowledge/translate.ts'
import { openDatabase } from '../../kit/db.ts'
import { LlmClient, llmSettings } from '../../kit/llm.ts'
import { refuseDevKeysInProduction } from '../../kit/operator-keys.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import type { knowledgeSpec } from './config.ts'

/** The shipped starting corpus (repository data/knowledge). */
export const DEFAULT_CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/knowledge')

export type KnowledgeConfig = {
  [K in keyof typeof knowledgeSpec]: ReturnType<(typeof knowledgeSpec)[K]['read']>
}

export function embeddersFrom(config: KnowledgeConfig) {
  return createEmbedders({
    kind: config.KB_EMBEDDER,
    hashDimensions: config.KB_HASH_DIMENSIONS,
    modelDir: config.EMBEDDINGS_MODEL_DIR,
    queryPrefix: config.EMBEDDINGS_QUERY_PREFIX,
    documentPrefix: config.EMBEDDINGS_DOCUMENT_PREFIX,
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    dimensions: config.EMBEDDINGS_DIMENSIONS || undefined,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
  })
}

/** The term-list setting (KB_CROSS_LANGUAGE) as the knowledge base takes it; the CLI uses it too. */
export function crossLanguageFrom(
  config: Pick<KnowledgeConfig, 'KB_CROSS_LANGUAGE'>,
): CrossLanguage | undefined {
  const setting = config.KB_CROSS_LANGUAGE
  if (setting === 'off') return undefined
  return {
    terms: shippedTermList(),
    queries: setting === 'queries' || setting === 'both',
    passages: setting === 'passages' || setting === 'both',
  }
}

/** Starts the knowledge service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof knowledgeSpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  refuseDevKeysInProduction(config)
  const { embedders, default: defaultEmbedder } = embeddersFrom(config)
  const database = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger })
  await database.migrate()
  const store = new KnowledgeStore(database)
  const llm = new LlmClient(llmSettings(config))
  const kb = new KnowledgeBase({
    store,
    embedders,
    defaultEmbedder,
    logger: logger.child({ service: 'knowledge' }),
    llm,
    maxUploadBytes: config.KB_MAX_UPLOAD_BYTES,
    convertMemoryMb: config.KB_CONVERT_MEMORY_MB,
    crossLanguage: crossLanguageFrom(config),
    translator: new QueryTranslator({
      llm,
      mode: config.KB_QUERY_TRANSLATION,
      timeoutMs: config.KB_QUERY_TRANSLATION_TIMEOUT_MS,
    }),
    ...(config.KB_ASK_MIN_SIMILARITY > 0
      ? {
          minSimilarity: {
            hash: config.KB_ASK_MIN_SIMILARITY / 100,
            transformers: config.KB_ASK_MIN_SIMILARITY / 100,
            openai: config.KB_ASK_MIN_SIMILARITY / 100,
          },
        }
      : {}),
  })
  await kb.open()
  const notes = [
    `${kb.index.documentCount} documents, ${kb.index.chunkCount} passages; embedder ${defaultEmbedder.id}`,
  ]
  if (config.KB_SEED) {
    kb.state = 'loading'
    const corpus = config.KB_CORPUS_DIR ?? DEFAULT_CORPUS_DIR
    kb.seed(corpus)
      .then((r) => {
        if (!r.skipped) logger.info({ ingested: r.ingested, corpus }, 'starting corpus ingested')
      })
      .catch((error: unknown) => {
        kb.seedProblem = `the starting corpus could not be ingested: ${(error as Error).message}`
        logger.error({ err: error }, 'starting corpus ingestion failed')
      })
      .finally(() => {
        kb.state = 'ready'
      })
    notes.push('starting corpus: ingested in the background when new (GET /rag/health)')
  }
  kb.startSync(config.KB_SYNC_INTERVAL_MS)
  const app = await buildApp({
    kb,
    logger,
    maxUploadBytes: config.KB_MAX_UPLOAD_BYTES,
    operatorKeys: { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
  })
  return {
    app,
    notes,
    async close() {
      await kb.close()
      await database.close()
    },
  }
}
