import { describe, expect, it } from 'vitest'
import { createHashEmbedder, hashEmbed } from './embedders/hash.ts'
import { queryVectors } from './query.ts'
import { shippedTermList } from './terms.ts'
import { queryWords } from './text.ts'

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)
const embedder = createHashEmbedder({ dimensions: 256 })

describe('query vectors per passage language', () => {
  it('compares passages in the question’s language with the question alone, and the other language’s with its translations', async () => {
    const question = 'Kdo je skutečným majitelem firmy?'
    const { into } = shippedTermList().expandQuery(queryWords(question))
    expect(into.cs).toEqual([])
    expect(into.en.length).toBeGreaterThan(0)
    const vectors = await queryVectors(embedder, question, into)
    expect([...vectors.cs]).toEqual([...hashEmbed(question, 256)])
    const english = hashEmbed('The beneficial owner of a company is registered.', 256)
    expect(dot(vectors.en, english)).toBeGreaterThan(dot(vectors.cs, english) + 0.2)
    const czech = hashEmbed('Skutečným majitelem firmy je ten, kdo ji ovládá.', 256)
    expect(dot(vectors.cs, czech)).toBeGreaterThan(dot(vectors.en, czech))
  })

  it('gives a model’s embedder the question as asked for both languages', async () => {
    const model = { ...embedder, kind: 'openai' as const }
    const vectors = await queryVectors(model, 'beneficial owner', { cs: ['skutečný majitel'], en: [] })
    expect(vectors.cs).toBe(vectors.en)
    expect([...vectors.cs]).toEqual([...hashEmbed('beneficial owner', 256)])
  })
})
