/** Variables of the knowledge service (besides the common ones, KNOWLEDGE_PORT and LLM_*). */
import { embeddingsSpec } from '../../engines/knowledge/embedders/config.ts'
import { env } from '../../kit/config.ts'
import { llmSpec } from '../../kit/llm.ts'
import { operatorKeySpec } from '../../kit/operator-keys.ts'

export const knowledgeSpec = {
  KB_EMBEDDER: env.oneOf(['hash', 'transformers', 'openai'], {
    default: 'hash',
    doc: 'embedder for collections that have none yet: hash (offline), transformers (local ONNX model), openai (upstream)',
  }),
  KB_HASH_DIMENSIONS: env.int({
    default: 256,
    min: 64,
    max: 4096,
    doc: 'vector length of the hash embedder',
  }),
  ...embeddingsSpec,
  EMBEDDINGS_QUERY_PREFIX: env.optionalString({ doc: 'prepended to queries (E5 models: "query: ")' }),
  EMBEDDINGS_DOCUMENT_PREFIX: env.optionalString({ doc: 'prepended to passages (E5 models: "passage: ")' }),
  EMBEDDINGS_DIMENSIONS: env.int({
    default: 0,
    min: 0,
    max: 8192,
    doc: 'ask the upstream for shorter vectors (0: the model default)',
  }),
  EMBEDDINGS_TIMEOUT_SECONDS: env.int({ default: 30, min: 1, max: 600 }),
  KB_MAX_UPLOAD_BYTES: env.int({ default: 20 * 1024 * 1024, min: 1024, max: 512 * 1024 * 1024 }),
  KB_CONVERT_MEMORY_MB: env.int({
    default: 1024,
    min: 128,
    max: 65_536,
    doc: 'resident memory one document conversion may reach (MiB): past it the conversion process is killed and the upload answered 413',
  }),
  KB_CORPUS_DIR: env.optionalString({ doc: 'starting corpus folder (default: the shipped data/knowledge)' }),
  KB_SEED: env.bool({ default: true, doc: 'ingest the starting corpus when it is new or changed' }),
  KB_SYNC_INTERVAL_MS: env.int({
    default: 2000,
    min: 0,
    max: 600_000,
    doc: 'how often the index follows other writers (0: never)',
  }),
  KB_CROSS_LANGUAGE: env.oneOf(['queries', 'passages', 'both', 'off'], {
    default: 'queries',
    doc: 'search across Czech and English through the bilingual term list (data/reference/bilingual-terms.json): expand queries (measured best), passages at ingest, both, or off',
  }),
  KB_QUERY_TRANSLATION: env.oneOf(['auto', 'off'], {
    default: 'auto',
    doc: 'translate each query into the other language with the language model besides the term list: auto (on when LLM_BASE_URL is set) or off',
  }),
  KB_QUERY_TRANSLATION_TIMEOUT_MS: env.int({
    default: 2000,
    min: 100,
    max: 60_000,
    doc: 'the longest a search waits for the query translation (ms); past it the term list alone expands the query',
  }),
  KB_ASK_MIN_SIMILARITY: env.int({
    default: 0,
    min: 0,
    max: 100,
    doc: 'cosine × 100 a passage needs to count as relevant by meaning in /ask (0: the embedder default: hash 30, transformers 75, openai 45)',
  }),
  ...llmSpec,
  ...operatorKeySpec,
}
