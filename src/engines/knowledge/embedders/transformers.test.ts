import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TINY_DIM, writeTinyModel } from '../../../../test/knowledge/tiny-model.ts'
import { createTransformersEmbedder } from './transformers.ts'
import { EmbedderError } from './types.ts'

const root = mkdtempSync(join(tmpdir(), 'gatehouse-model-'))
const modelDir = join(root, 'tiny-sentence-model')
writeTinyModel(modelDir)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)

describe('transformers embedder (ONNX from a local folder, remote loading off)', () => {
  it('embeds with the model in the folder: unit vectors of its hidden size', async () => {
    const embedder = createTransformersEmbedder({ modelDir })
    expect(embedder.id).toBe('transformers:tiny-sentence-model')
    expect(embedder.dimensions).toBe(TINY_DIM)
    const [a, b] = await embedder.embed(['byt a dům v katastru', 'hotovost platba banka'], 'document')
    expect(a).toHaveLength(TINY_DIM)
    expect(cos(a!, a!)).toBeCloseTo(1, 4)
    expect(cos(a!, b!)).toBeLessThan(0.5)
  })

  it('places texts on one topic closer than texts on different topics (mean pooling)', async () => {
    const embedder = createTransformersEmbedder({ modelDir })
    const [property, property2, money] = await embedder.embed(
      ['nemovitost pozemek', 'flat house cadastre', 'cash payment bank'],
      'query',
    )
    expect(cos(property!, property2!)).toBeGreaterThan(cos(property!, money!) + 0.3)
  })

  it('adds the query and document prefixes the model expects', async () => {
    const plain = createTransformersEmbedder({ modelDir })
    const prefixed = createTransformersEmbedder({ modelDir, queryPrefix: 'cash cash ', documentPrefix: '' })
    const [a] = await plain.embed(['byt'], 'query')
    const [b] = await prefixed.embed(['byt'], 'query')
    const [c] = await prefixed.embed(['byt'], 'document')
    expect(cos(a!, b!)).toBeLessThan(0.9)
    expect(cos(a!, c!)).toBeCloseTo(1, 4)
  })

  it('reports a missing model folder instead of downloading anything', async () => {
    const embedder = createTransformersEmbedder({ modelDir: join(root, 'absent-model') })
    expect(embedder.describe()).toMatchObject({ available: false })
    expect(embedder.describe().problem).toMatch(/config.json is missing/)
    await expect(embedder.embed(['x'], 'query')).rejects.toBeInstanceOf(EmbedderError)
  })
})
