/**
 * Builds the embedders a process can run from its settings. `hash` is always there; `transformers`
 * needs a model folder, `openai` an upstream URL. The default kind writes the vectors of every
 * collection that has none yet.
 */
import { ConfigError } from '../../../kit/config.ts'
import { createHashEmbedder } from './hash.ts'
import { createOpenAiEmbedder } from './openai.ts'
import { createTransformersEmbedder } from './transformers.ts'
import type { Embedder, EmbedderKind } from './types.ts'

export interface EmbedderSettings {
  kind: EmbedderKind
  hashDimensions?: number
  modelDir?: string | undefined
  queryPrefix?: string | undefined
  documentPrefix?: string | undefined
  baseUrl?: string | undefined
  apiKey?: string | undefined
  model?: string | undefined
  dimensions?: number | undefined
  timeoutMs?: number
  fetch?: typeof fetch
  /** The variable that chose `kind`, named in a configuration error (default KB_EMBEDDER). */
  setting?: string
}

/**
 * Every embedder the settings make available, and the one `kind` chooses. A choice the settings
 * cannot serve is a ConfigError naming the variable, so the service stops before it listens.
 */
export function createEmbedders(settings: EmbedderSettings): { embedders: Embedder[]; default: Embedder } {
  const embedders: Embedder[] = [createHashEmbedder({ dimensions: settings.hashDimensions ?? 256 })]
  if (settings.modelDir) {
    embedders.push(
      createTransformersEmbedder({
        modelDir: settings.modelDir,
        queryPrefix: settings.queryPrefix,
        documentPrefix: settings.documentPrefix,
      }),
    )
  }
  if (settings.baseUrl) {
    embedders.push(
      createOpenAiEmbedder({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: settings.model ?? 'text-embedding-3-small',
        dimensions: settings.dimensions,
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
      }),
    )
  }
  const setting = settings.setting ?? 'KB_EMBEDDER'
  const chosen = embedders.find((e) => e.kind === settings.kind)
  if (!chosen) {
    throw new ConfigError([
      settings.kind === 'transformers'
        ? `${setting}=transformers needs EMBEDDINGS_MODEL_DIR (a folder with config.json, tokenizer.json and onnx/model.onnx)`
        : `${setting}=openai needs EMBEDDINGS_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1)`,
    ])
  }
  const problem = chosen.describe().problem
  if (problem) throw new ConfigError([`${setting}=${settings.kind}: ${problem}`])
  return { embedders, default: chosen }
}

export type { Embedder } from './types.ts'
