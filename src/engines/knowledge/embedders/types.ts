/**
 * One interface for every embedder. A collection records the `id` of the embedder that wrote its
 * vectors and never mixes two: vectors from different models live in different spaces.
 */

export type EmbedderKind = 'hash' | 'transformers' | 'openai'

/** Documents and queries may need different prefixes (E5 models: "passage: " / "query: "). */
type EmbedPurpose = 'document' | 'query'

interface EmbedderInfo {
  kind: EmbedderKind
  /** Known once the model has been loaded or has answered once. */
  dimensions: number | undefined
  model?: string
  /** False when the embedder cannot run here (model folder missing, upstream not configured). */
  available: boolean
  problem?: string
}

export interface Embedder {
  readonly kind: EmbedderKind
  /** Stable identity of the vector space: kind, model and dimensions (e.g. "hash-ngram-v1/512"). */
  readonly id: string
  /** Vector length; undefined until a remote model has answered once. */
  readonly dimensions: number | undefined
  /** L2-normalised vectors, one per text, in order. */
  embed(texts: string[], purpose: EmbedPurpose): Promise<Float32Array[]>
  describe(): EmbedderInfo
  close?(): Promise<void>
}

/** Raised when an embedder cannot serve (missing model, upstream down); says what to do next. */
export class EmbedderError extends Error {
  readonly retryable: boolean
  constructor(message: string, opts: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause })
    this.name = 'EmbedderError'
    this.retryable = opts.retryable ?? false
  }
}

export function l2normalize(vector: Float32Array): Float32Array {
  let norm = 0
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm)
    for (let i = 0; i < vector.length; i++) vector[i]! *= inv
  }
  return vector
}
