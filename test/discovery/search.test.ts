/**
 * GET /v1/search over the shipped snapshot: parameter rules (q 2–160, repeatable type, limit 1–20
 * default 10), the response shape, and what the search matches: case and diacritics, Czech and
 * English word forms, typos in longer words, integer scores, stable ties.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { json, type TestApp, testApp } from './helpers.ts'

const DATA_VERSION = JSON.parse(readFileSync(SHIPPED_DATASET, 'utf8')).data_version as string

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const search = async (query: string) => {
  const res = await t.call(`/v1/search?${query}`)
  expect(res.statusCode).toBe(200)
  return json(res)
}
const ids = async (query: string) => (await search(query)).results.map((r: { id: string }) => r.id)

describe('GET /v1/search parameters', () => {
  it('returns 400 naming q when q is missing', async () => {
    const res = await t.call('/v1/search')
    expect(res.statusCode).toBe(400)
    expect(json(res).error).toMatchObject({
      code: 'invalid_request',
      details: { location: 'query', field: 'q', rule: 'required' },
    })
  })

  it('returns 400 when q has fewer than 2 characters', async () => {
    const res = await t.call('/v1/search?q=a')
    expect(res.statusCode).toBe(400)
    expect(json(res).error.details).toEqual({ location: 'query', field: 'q', rule: 'minLength 2' })
  })

  it('returns 400 when q is only whitespace around one character (checked after normalization)', async () => {
    const res = await t.call(`/v1/search?q=${encodeURIComponent('  a  ')}`)
    expect(res.statusCode).toBe(400)
    expect(json(res).error.details).toEqual({ location: 'query', field: 'q', rule: 'minLength 2' })
  })

  it('accepts q of exactly 2 and 160 characters and refuses 161', async () => {
    expect((await t.call('/v1/search?q=qr')).statusCode).toBe(200)
    expect((await t.call(`/v1/search?q=${'a'.repeat(160)}`)).statusCode).toBe(200)
    const res = await t.call(`/v1/search?q=${'a'.repeat(161)}`)
    expect(res.statusCode).toBe(400)
    expect(json(res).error.details).toEqual({ location: 'query', field: 'q', rule: 'maxLength 160' })
  })

  it('defaults limit to 10', async () => {
    const body = await search('q=aml')
    expect(body.count).toBeGreaterThan(10)
    expect(body.results).toHaveLength(10)
  })

  it('honours limit from 1 to 20', async () => {
    expect((await search('q=aml&limit=1')).results).toHaveLength(1)
    expect((await search('q=aml&limit=20')).results).toHaveLength(20)
  })

  it.each([
    ['0', 'minimum 1'],
    ['21', 'maximum 20'],
    ['ten', 'type integer'],
    ['1.5', 'type integer'],
  ])('returns 400 for limit=%s', async (limit, rule) => {
    const res = await t.call(`/v1/search?q=aml&limit=${limit}`)
    expect(res.statusCode).toBe(400)
    expect(json(res).error.details).toEqual({ location: 'query', field: 'limit', rule })
  })

  it('filters by one type', async () => {
    const body = await search('q=aml&type=product&limit=20')
    expect(body.results.length).toBeGreaterThan(0)
    for (const r of body.results) expect(r.type).toBe('product')
  })

  it('filters by a repeated type parameter', async () => {
    const body = await search('q=aml&type=product&type=service&limit=20')
    const types = new Set(body.results.map((r: { type: string }) => r.type))
    expect(types).toEqual(new Set(['product', 'service']))
  })

  it('returns 400 naming type for an unknown type', async () => {
    const res = await t.call('/v1/search?q=aml&type=article')
    expect(res.statusCode).toBe(400)
    expect(json(res).error.details).toMatchObject({
      location: 'query',
      field: expect.stringMatching(/^type/),
      rule: 'one of service, content, product',
    })
  })

  it('ignores parameters it does not know', async () => {
    expect((await t.call('/v1/search?q=aml&utm_source=x')).statusCode).toBe(200)
  })
})

describe('GET /v1/search response', () => {
  it('has the SearchResponse shape with source and data_version', async () => {
    const body = await search('q=AML%20prov%C4%9Brka')
    expect(Object.keys(body).sort()).toEqual(['count', 'data_version', 'query', 'results', 'source'])
    expect(body.source).toBe('curated_public_snapshot')
    expect(body.data_version).toBe(DATA_VERSION)
    expect(body.query).toBe('AML prověrka')
    for (const r of body.results) {
      expect(Object.keys(r).sort()).toEqual(
        ['canonical_url', 'description', 'id', 'score', 'title', 'type', 'updated'].sort(),
      )
      expect(r.canonical_url).toMatch(/^https:\/\/gatehouse\.cz\//)
    }
  })

  it('echoes the query normalized (NFC, trimmed, whitespace collapsed)', async () => {
    const body = await search(`q=${encodeURIComponent('  Pra\u0301vni\u0301 \t  analy\u0301za ')}`)
    expect(body.query).toBe('Právní analýza')
  })

  it('counts every match while results holds at most limit', async () => {
    const body = await search('q=nemovitost&limit=3')
    expect(body.count).toBeGreaterThan(3)
    expect(body.results).toHaveLength(3)
  })

  it('answers a query nothing matches with count 0 and no results', async () => {
    const body = await search('q=xylofon')
    expect(body).toMatchObject({ count: 0, results: [] })
  })

  it('gives integer scores of at least 1 in descending order, ties by id', async () => {
    const body = await search('q=aml%20screening%20sankce&limit=20')
    const results = body.results as Array<{ id: string; score: number }>
    expect(results.length).toBeGreaterThan(5)
    for (let i = 0; i < results.length; i++) {
      expect(Number.isInteger(results[i]!.score)).toBe(true)
      expect(results[i]!.score).toBeGreaterThanOrEqual(1)
      if (i > 0) {
        const [a, b] = [results[i - 1]!, results[i]!]
        expect(a.score > b.score || (a.score === b.score && a.id < b.id)).toBe(true)
      }
    }
  })

  it('is deterministic: the same query gives the same body', async () => {
    expect(await search('q=kontrola%20insolvence')).toEqual(await search('q=kontrola%20insolvence'))
  })
})

describe('what search matches', () => {
  it('finds "právní" when typed as "pravni"', async () => {
    expect((await ids('q=pravni'))[0]).toBe('sluzba-pravni-analyza')
  })

  it('ignores case', async () => {
    expect(await ids('q=SPAYD')).toEqual(await ids('q=spayd'))
  })

  it('matches Czech word forms (nemovitostech → nemovitost, smlouvy → smlouva)', async () => {
    expect(await ids('q=nemovitostech')).toEqual(
      expect.arrayContaining(['sluzba-oceneni-nemovitosti', 'sluzba-due-diligence-nemovitosti']),
    )
    expect(await ids('q=kupn%C3%AD%20smlouvy')).toContain('clanek-kupni-smlouva-nemovitost')
  })

  it('matches English word forms (valuations, screened)', async () => {
    expect(await ids('q=valuations')).toContain('service-property-valuation')
    expect(await ids('q=screened&type=service')).toContain('service-aml-screening')
  })

  it('tolerates a typo in a word of five or more letters', async () => {
    expect(await ids('q=insolvnecni')).toContain('sluzba-insolvencni-rejstrik')
    expect(await ids('q=valuatoin')).toContain('service-property-valuation')
  })

  it('does not apply typo tolerance to words under five letters', async () => {
    // "spyd" is one edit from "spayd"; at four letters it must not match.
    expect((await search('q=spyd')).count).toBe(0)
  })

  it('matches a prefix of four or more letters', async () => {
    expect(await ids('q=insolv')).toContain('service-insolvency-check')
  })

  it('ranks the guide about the topic first for a topical query', async () => {
    expect((await ids('q=QR%20platby'))[0]).toBe('sluzba-qr-platby')
    expect((await ids('q=insolvency%20register&type=service'))[0]).toBe('service-insolvency-check')
  })
})
