import { describe, expect, it } from 'vitest'
import { buildSnapshot, DATASET_FORMAT } from '../../engines/discovery/dataset.ts'
import { LruCache, prepareDataset, search } from './store.ts'

const record = (id: string, type: string, updated: string, title = `Záznam ${id}`) => ({
  id,
  type,
  lang: 'cs',
  title,
  description: 'Popis záznamu',
  path: `/${id}`,
  updated,
  excerpt: 'Text záznamu o prověrce firem.',
})

const dataset = (() => {
  const result = buildSnapshot(
    {
      format: DATASET_FORMAT,
      data_version: '2026-11-22T00:00:00Z',
      records: [
        record('b-service', 'service', '2026-11-01'),
        record('c-content', 'content', '2026-11-20'),
        record('a-service', 'service', '2026-11-01'),
        record('d-product', 'product', '2026-11-20', 'Prověrka firmy'),
      ],
    },
    'https://gatehouse.cz',
    'digest',
  )
  const state = prepareDataset(result)
  if (!state.ok) throw new Error('invalid test dataset')
  return state
})()

describe('prepareDataset', () => {
  it('orders service guides by id', () => {
    expect(dataset.services.map((r) => r.id)).toEqual(['a-service', 'b-service'])
  })

  it('orders all records newest first, then by id', () => {
    expect(dataset.content.map((r) => r.id)).toEqual(['c-content', 'd-product', 'a-service', 'b-service'])
  })

  it('passes problems through when the dataset is invalid', () => {
    const state = prepareDataset({
      ok: false,
      problems: [{ record: 'x', field: 'y', rule: 'z', message: 'm' }],
    })
    expect(state).toEqual({ ok: false, problems: [expect.objectContaining({ record: 'x' })] })
  })
})

describe('search', () => {
  it('filters by type before ranking and counting', () => {
    const all = search(dataset, 'prověrka', undefined, 10)
    const products = search(dataset, 'prověrka', new Set(['product']), 10)
    expect(all.total).toBe(4)
    expect(products).toEqual({
      total: 1,
      results: [{ record: expect.objectContaining({ id: 'd-product' }), score: expect.any(Number) }],
    })
  })
})

describe('LruCache', () => {
  it('forgets the least recently used entry beyond its size', () => {
    const cache = new LruCache<number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1) // a is now the most recent
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
    expect(cache.size).toBe(2)
  })

  it('keeps nothing with size 0', () => {
    const cache = new LruCache<number>(0)
    cache.set('a', 1)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.size).toBe(0)
  })
})
