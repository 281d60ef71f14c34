import { describe, expect, it } from 'vitest'
import { createHashEmbedder, hashEmbed } from './hash.ts'

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)

describe('hash embedder', () => {
  it('returns unit vectors of the configured length, the same for the same text', () => {
    const a = hashEmbed('Povinná osoba identifikuje klienta', 256)
    expect(a).toHaveLength(256)
    expect(cos(a, a)).toBeCloseTo(1, 5)
    expect(hashEmbed('Povinná osoba identifikuje klienta', 256)).toEqual(a)
  })

  it('puts inflected forms and undiacritised spelling closer than unrelated text', () => {
    const text = hashEmbed('povinné osoby musí identifikovat klienta', 512)
    const inflected = hashEmbed('povinnou osobou identifikace klientů', 512)
    const plain = hashEmbed('povinne osoby musi identifikovat klienta', 512)
    const unrelated = hashEmbed('katastrální úřad zapíše vklad vlastnického práva', 512)
    expect(cos(text, inflected)).toBeGreaterThan(cos(text, unrelated) + 0.2)
    expect(cos(text, plain)).toBeGreaterThan(0.99)
  })

  it('gives the empty or stopword-only text a zero vector', () => {
    expect(hashEmbed('a je to', 64).every((x) => x === 0)).toBe(true)
  })

  it('names its vector space by kind and length', async () => {
    const e = createHashEmbedder({ dimensions: 128 })
    expect(e.id).toBe('hash-ngram-v1/128')
    const [v] = await e.embed(['text'], 'query')
    expect(v).toHaveLength(128)
  })
})
