/**
 * GET /v1/services, GET /v1/content (offset 0+, limit 1–50 default 20, count = total) and
 * GET /v1/content/{id} (pattern ^[a-z0-9-]{2,80}$; a malformed id is 404 like an unknown one).
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { json, type TestApp, testApp } from './helpers.ts'

const file = JSON.parse(readFileSync(SHIPPED_DATASET, 'utf8')) as {
  data_version: string
  records: Array<{ id: string; type: string; updated: string; path: string; excerpt: string }>
}

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

describe('the shipped snapshot', () => {
  it('has at least 60 records over the three types in Czech and English', () => {
    expect(file.records.length).toBeGreaterThanOrEqual(60)
    expect(new Set(file.records.map((r) => r.type))).toEqual(new Set(['service', 'content', 'product']))
    expect(new Set(file.records.map((r) => (r as unknown as { lang: string }).lang))).toEqual(
      new Set(['cs', 'en']),
    )
  })
})

describe('GET /v1/services', () => {
  it('lists every service guide, by id, with count and data_version', async () => {
    const res = await t.call('/v1/services')
    expect(res.statusCode).toBe(200)
    const body = json(res)
    const expected = file.records
      .filter((r) => r.type === 'service')
      .map((r) => r.id)
      .sort()
    expect(body.count).toBe(expected.length)
    expect(body.services.map((s: { id: string }) => s.id)).toEqual(expected)
    expect(body.data_version).toBe(file.data_version)
  })

  it('gives each guide exactly the PublicRecord fields with an https canonical_url on the origin', async () => {
    const body = json(await t.call('/v1/services'))
    for (const s of body.services) {
      expect(Object.keys(s)).toEqual(['id', 'title', 'description', 'canonical_url', 'updated'])
      expect(s.canonical_url).toMatch(/^https:\/\/gatehouse\.cz\/[a-z0-9/-]+$/)
      expect(s.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
  })
})

describe('GET /v1/content', () => {
  it('defaults to offset 0 and limit 20, and count is the total number of records', async () => {
    const body = json(await t.call('/v1/content'))
    expect(body).toMatchObject({ count: file.records.length, offset: 0, limit: 20 })
    expect(body.items).toHaveLength(20)
  })

  it('orders records newest first, then by id', async () => {
    const body = json(await t.call('/v1/content?limit=50'))
    const items = body.items as Array<{ id: string; updated: string }>
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!]
      expect(a.updated > b.updated || (a.updated === b.updated && a.id < b.id)).toBe(true)
    }
  })

  it('pages through every record exactly once', async () => {
    const seen: string[] = []
    for (let offset = 0; offset < file.records.length; offset += 50) {
      seen.push(
        ...json(await t.call(`/v1/content?offset=${offset}&limit=50`)).items.map((i: { id: string }) => i.id),
      )
    }
    expect(seen.sort()).toEqual(file.records.map((r) => r.id).sort())
  })

  it('returns the last partial page and an empty page past the end', async () => {
    const n = file.records.length
    expect(json(await t.call(`/v1/content?offset=${n - 2}`)).items).toHaveLength(2)
    const past = json(await t.call(`/v1/content?offset=${n + 100}`))
    expect(past).toMatchObject({ count: n, offset: n + 100, items: [] })
  })

  it('accepts limit 1 and 50', async () => {
    expect(json(await t.call('/v1/content?limit=1')).items).toHaveLength(1)
    expect(json(await t.call('/v1/content?limit=50')).items).toHaveLength(50)
  })

  it.each([
    ['limit=0', 'limit', 'minimum 1'],
    ['limit=51', 'limit', 'maximum 50'],
    ['offset=-1', 'offset', 'minimum 0'],
    ['offset=x', 'offset', 'type integer'],
  ])('returns 400 for %s', async (query, field, rule) => {
    const res = await t.call(`/v1/content?${query}`)
    expect(res.statusCode).toBe(400)
    expect(json(res).error).toMatchObject({
      code: 'invalid_request',
      details: { location: 'query', field, rule },
    })
  })
})

describe('GET /v1/content/{id}', () => {
  it('returns the record with its excerpt and data_version', async () => {
    const res = await t.call('/v1/content/clanek-format-spayd')
    expect(res.statusCode).toBe(200)
    const body = json(res)
    const record = file.records.find((r) => r.id === 'clanek-format-spayd')!
    expect(body).toMatchObject({
      id: 'clanek-format-spayd',
      canonical_url: `https://gatehouse.cz${record.path}`,
      excerpt: record.excerpt,
      data_version: file.data_version,
    })
    expect(Object.keys(body).sort()).toEqual(
      ['canonical_url', 'data_version', 'description', 'excerpt', 'id', 'title', 'updated'].sort(),
    )
  })

  it('serves every record of the snapshot, services and products included', async () => {
    for (const record of file.records) {
      const res = await t.call(`/v1/content/${record.id}`)
      expect(res.statusCode).toBe(200)
      expect(json(res).excerpt.length).toBeLessThanOrEqual(12000)
    }
  })

  it('returns 404 for an id no record has', async () => {
    const res = await t.call('/v1/content/does-not-exist')
    expect(res.statusCode).toBe(404)
    expect(json(res).error).toMatchObject({
      code: 'not_found',
      details: { location: 'path', field: 'id', rule: 'exists' },
    })
  })

  it.each([
    ['upper case', 'Clanek-Format-Spayd'],
    ['one character', 'a'],
    ['81 characters', 'a'.repeat(81)],
    ['an underscore', 'clanek_format'],
    ['an encoded space', 'clanek%20format'],
  ])('returns 404 naming the pattern for an id with %s', async (_what, id) => {
    const res = await t.call(`/v1/content/${id}`)
    expect(res.statusCode).toBe(404)
    expect(json(res).error).toMatchObject({
      code: 'not_found',
      details: { location: 'path', field: 'id', rule: 'pattern ^[a-z0-9-]{2,80}$' },
    })
  })
})
