/**
 * A sentence-embedding model in ONNX, run on the CPU by @huggingface/transformers (onnxruntime-node),
 * loaded only from a local folder (EMBEDDINGS_MODEL_DIR): remote model loading is switched off, so
 * nothing is ever downloaded. The folder has the layout models are published in: config.json,
 * tokenizer.json, tokenizer_config.json and onnx/model.onnx (or onnx/model_quantized.onnx).
 *
 * Vectors are mean-pooled over the tokens and L2-normalised. E5-family models expect "query: " and
 * "passage: " prefixes; pass them as queryPrefix / documentPrefix.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { type Embedder, EmbedderError } from './types.ts'

export interface TransformersOptions {
  modelDir: string
  queryPrefix?: string | undefined
  documentPrefix?: string | undefined
  /** Texts per model run; larger batches use more memory for little gain on 2 cores. */
  batchSize?: number
}

type Extractor = (
  texts: string[],
  opts: { pooling: 'mean'; normalize: boolean },
) => Promise<{ data: Float32Array | ArrayLike<number>; dims: number[] }>

export function createTransformersEmbedder(opts: TransformersOptions): Embedder {
  const dir = resolve(opts.modelDir)
  const name = basename(dir)
  let dimensions: number | undefined
  let problem: string | undefined
  let loading: Promise<Extractor> | undefined

  const configPath = join(dir, 'config.json')
  if (!existsSync(configPath)) problem = `no model at ${dir}: config.json is missing (EMBEDDINGS_MODEL_DIR)`
  else if (!existsSync(join(dir, 'tokenizer.json'))) problem = `no tokenizer.json in ${dir}`
  else if (
    !existsSync(join(dir, 'onnx', 'model.onnx')) &&
    !existsSync(join(dir, 'onnx', 'model_quantized.onnx'))
  ) {
    problem = `no onnx/model.onnx or onnx/model_quantized.onnx in ${dir}`
  } else {
    try {
      const config = JSON.parse(readFileSync(configPath, 'utf8')) as { hidden_size?: number; dim?: number }
      dimensions = config.hidden_size ?? config.dim
    } catch (error) {
      problem = `config.json in ${dir} is not valid JSON: ${(error as Error).message}`
    }
  }

  const load = (): Promise<Extractor> => {
    if (problem) return Promise.reject(new EmbedderError(problem))
    loading ??= (async () => {
      const transformers = await import('@huggingface/transformers')
      transformers.env.allowRemoteModels = false
      transformers.env.allowLocalModels = true
      transformers.env.localModelPath = `${dirname(dir)}/`
      const quantized = !existsSync(join(dir, 'onnx', 'model.onnx'))
      const extractor = await transformers.pipeline('feature-extraction', name, {
        dtype: quantized ? 'q8' : 'fp32',
        device: 'cpu',
      })
      return extractor as unknown as Extractor
    })().catch((error: unknown) => {
      loading = undefined
      throw new EmbedderError(`could not load the model in ${dir}: ${(error as Error).message}`, {
        cause: error,
      })
    })
    return loading
  }

  const batchSize = opts.batchSize ?? 16
  return {
    kind: 'transformers',
    id: `transformers:${name}`,
    get dimensions() {
      return dimensions
    },
    async embed(texts, purpose) {
      const extractor = await load()
      const prefix = (purpose === 'query' ? opts.queryPrefix : opts.documentPrefix) ?? ''
      const out: Float32Array[] = []
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize).map((t) => prefix + t)
        const tensor = await extractor(batch, { pooling: 'mean', normalize: true })
        const dim = tensor.dims[tensor.dims.length - 1]!
        dimensions = dim
        const data = Float32Array.from(tensor.data)
        for (let j = 0; j < batch.length; j++) out.push(data.slice(j * dim, (j + 1) * dim))
      }
      return out
    },
    describe() {
      return {
        kind: 'transformers',
        dimensions,
        model: dir,
        available: problem === undefined,
        ...(problem ? { problem } : {}),
      }
    },
  }
}
