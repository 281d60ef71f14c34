/**
 * The offline default: feature hashing of words and character n-grams into a fixed-size vector.
 *
 * Each folded word (stopwords dropped) contributes itself and its character 3-, 4- and 5-grams
 * (with word-boundary marks, so "<osob" and "oba>" are features). Each feature is hashed
 * (FNV-1a, 32 bit) to a dimension and a sign; the signed sums are dampened (signed square root,
 * a sublinear term frequency) and L2-normalised, so the dot product is the cosine.
 *
 * What it gives: morphology-tolerant lexical similarity ("povinné osoby" ≈ "povinnou osobou",
 * "skutecny" ≈ "skutečný", typos). What it cannot give: synonyms or translation ("klient" vs
 * "zákazník", Czech vs English). It needs no model and embeds thousands of passages a second.
 */
import { STOPWORDS } from '../../czech/text.ts'
import { tokenize } from '../text.ts'
import type { Embedder } from './types.ts'

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

const WORD_WEIGHT = 1.0
const GRAM_WEIGHT = 0.35
const GRAM_SIZES = [3, 4, 5]

export function hashEmbed(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions)
  for (const word of tokenize(text)) {
    if (STOPWORDS.has(word)) continue
    addFeature(vector, `w|${word}`, 0, WORD_WEIGHT)
    if (word.length < 3 || /^\d+$/.test(word)) continue
    const marked = `<${word}>`
    for (const n of GRAM_SIZES) {
      if (marked.length < n) break
      for (let i = 0; i + n <= marked.length; i++) addFeature(vector, marked, i, GRAM_WEIGHT, n)
    }
  }
  let norm = 0
  for (let i = 0; i < dimensions; i++) {
    const v = vector[i]!
    const damped = v < 0 ? -Math.sqrt(-v) : Math.sqrt(v)
    vector[i] = damped
    norm += damped * damped
  }
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm)
    for (let i = 0; i < dimensions; i++) vector[i]! *= inv
  }
  return vector
}

/** Hashes text[from, from+length) (the whole string when length is omitted) without slicing it. */
function addFeature(vector: Float32Array, text: string, from: number, weight: number, length?: number): void {
  const end = length === undefined ? text.length : from + length
  let h = FNV_OFFSET
  if (length !== undefined) h = Math.imul(h ^ length, FNV_PRIME) // n-grams of different n never collide
  for (let i = from; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME)
  h >>>= 0
  const index = h % vector.length
  // The top bit decides the sign, so colliding features cancel out on average instead of adding up.
  vector[index]! += h & 0x80000000 ? -weight : weight
}

export function createHashEmbedder(opts: { dimensions?: number } = {}): Embedder {
  const dimensions = opts.dimensions ?? 256
  return {
    kind: 'hash',
    id: `hash-ngram-v1/${dimensions}`,
    dimensions,
    async embed(texts) {
      return texts.map((t) => hashEmbed(t, dimensions))
    },
    describe() {
      return { kind: 'hash', dimensions, available: true }
    },
  }
}
