/**
 * /api/estimate on the shared demo listings (imported through the service's own import into
 * SQLite, coordinates corrected): the fitted model's answer with its comparables, range and
 * confidence, the address placed through the gazetteer, the verdict on a price, and the 400s.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveSharedData, REGISTRY_DIR, SHARED_LISTINGS } from '../../../../../test/domain/fixtures.ts'
import { loadGazetteer } from '../../../../engines/realestate/regions.ts'
import { valuerFor } from '../../../../engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { buildSnapshot } from '../../state.ts'
import { ContactStore } from '../contacts/store.ts'
import { VariableSymbolStore } from '../payments/store.ts'
import { importListingsFile } from '../reality/importer.ts'
import { ListingStore } from '../reality/store.ts'

describe.skipIf(!haveSharedData)('domain service: valuation', () => {
  let db: Database
  let app: App
  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, SHARED_LISTINGS, gazetteer)
    const snapshot = buildSnapshot(await store.all(), gazetteer)
    app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store,
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot,
      valuer: valuerFor(snapshot.sales),
      logRequests: false,
    })
  }, 120_000)
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) })
    return { status: res.statusCode, body: res.json() as Record<string, any> }
  }

  // Anděl, Prague-Smíchov (real WGS84; the demo file's shifted coordinates are corrected on import).
  const smichov = 'latitude=50.0707&longitude=14.4036&area_m2=55&disposition=2%2Bkk'

  it('values a flat with the fitted model, its comparables, range and confidence', async () => {
    const { status, body } = await call('GET', `/api/estimate?${smichov}`)
    expect(status).toBe(200)
    const d = body.data
    expect(d.currency).toBe('CZK')
    expect(d.method).toMatch(/gradient-boosted trees/)
    expect(d.estimate % 1000).toBe(0)
    // Smíchov 2+kk asks 120–200 k CZK/m² in the listings.
    expect(d.price_per_m2).toBeGreaterThan(120_000)
    expect(d.price_per_m2).toBeLessThan(200_000)
    expect(d.range.low).toBeLessThan(d.estimate)
    expect(d.range.high).toBeGreaterThan(d.estimate)
    expect(['high', 'medium', 'low']).toContain(d.confidence)
    expect(d.comparables.length).toBeGreaterThan(0)
    for (const c of d.comparables) {
      expect(c.disposition).toBe('2+kk')
      expect(c.distance_km).toBeLessThanOrEqual(d.radius_km)
      expect(Math.abs(c.area_m2 - 55)).toBeLessThanOrEqual(11)
      expect(c.price_per_m2).toBe(Math.round(c.price / c.area_m2))
    }
    expect(d.location).toEqual({ latitude: 50.0707, longitude: 14.4036, source: 'coordinates' })
    expect(d.rules_applied.map((r: { rule: string }) => r.rule).join('\n')).toMatch(
      /Comparables: same room count/,
    )
  })

  it('answers POST with the same valuation as GET', async () => {
    const get = await call('GET', `/api/estimate?${smichov}`)
    const post = await call('POST', '/api/estimate', {
      latitude: 50.0707,
      longitude: 14.4036,
      area_m2: 55,
      disposition: '2+kk',
    })
    expect(post.status).toBe(200)
    expect(post.body.data).toEqual(get.body.data)
  })

  it('places an address through the gazetteer and the listings of that part of the town', async () => {
    const { status, body } = await call('POST', '/api/estimate', {
      address: 'Praha 5 - Smíchov',
      area_m2: 55,
      disposition: '2+kk',
    })
    expect(status).toBe(200)
    expect(body.data.location).toMatchObject({
      source: 'gazetteer',
      precision: 'part',
      matched: 'Praha, smichov',
    })
    expect(Math.abs(body.data.location.latitude - 50.07)).toBeLessThan(0.02)
  })

  it('judges a given price against the estimate, in words and numbers', async () => {
    const cheap = await call('GET', `/api/estimate?${smichov}&property_value=5000000`)
    expect(cheap.body.data.property_value).toMatchObject({
      price: 5_000_000,
      verdict: 'well below the estimate',
    })
    expect(cheap.body.data.property_value.explanation).toMatch(/^5000000 CZK is 90909 CZK\/m², -\d/)
    const fair = cheap.body.data.estimate as number
    const inLine = await call('GET', `/api/estimate?${smichov}&property_value=${fair}`)
    expect(inLine.body.data.property_value).toMatchObject({ ratio: 1, verdict: 'in line with the estimate' })
  })

  it.each([
    [
      'GET',
      '/api/estimate?latitude=50.07&longitude=14.40&area_m2=-5&disposition=2%2Bkk',
      'area_m2',
      'minimum 10',
    ],
    [
      'GET',
      '/api/estimate?latitude=50.07&longitude=14.40&area_m2=50000&disposition=2%2Bkk',
      'area_m2',
      'maximum 1000',
    ],
    [
      'GET',
      '/api/estimate?latitude=95&longitude=14.40&area_m2=50&disposition=2%2Bkk',
      'latitude',
      'maximum 90',
    ],
    [
      'GET',
      '/api/estimate?latitude=48.85&longitude=2.35&area_m2=50&disposition=2%2Bkk',
      'latitude',
      expect.stringMatching(/^within Czechia/),
    ],
    [
      'GET',
      '/api/estimate?latitude=50.07&area_m2=50&disposition=2%2Bkk',
      'longitude',
      'give both latitude and longitude',
    ],
    ['GET', '/api/estimate?area_m2=50&disposition=2%2Bkk', 'latitude', 'required (or an address)'],
    [
      'GET',
      '/api/estimate?latitude=50.07&longitude=14.40&area_m2=50&disposition=9%2Bkk',
      'disposition',
      expect.stringMatching(/one of/),
    ],
    ['GET', '/api/estimate?latitude=50.07&longitude=14.40&area_m2=50', 'disposition', 'required'],
    [
      'POST',
      { address: 'Atlantis Nowhere', area_m2: 50, disposition: '2+kk' },
      'address',
      'names a Czech municipality with listings',
    ],
    [
      'POST',
      { latitude: 50.07, longitude: 14.4, area_m2: 50, disposition: '2+kk', floor: 3 },
      'floor',
      expect.any(String),
    ],
    [
      'POST',
      { latitude: '50.07', longitude: 14.4, area_m2: 50, disposition: '2+kk' },
      'latitude',
      expect.any(String),
    ],
  ] as const)('answers 400 naming the field and rule (%s %j)', async (method, what, field, rule) => {
    const { status, body } =
      method === 'GET' ? await call('GET', what as string) : await call('POST', '/api/estimate', what)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', details: { field, rule } },
    })
  })

  it('lists opportunities with their level and the reason in words and numbers', async () => {
    const { status, body } = await call('GET', '/api/reality/opportunities?level=HIGH&limit=3')
    expect(status).toBe(200)
    expect(body.data.thresholds).toMatchObject({ high_below: 0.8, medium_below: 0.9 })
    expect(body.data.total).toBeGreaterThan(0)
    for (const o of body.data.items) {
      expect(o.level).toBe('HIGH')
      expect(o.ratio).toBeLessThan(0.8)
      expect(o.reason).toMatch(/^asks \d+ CZK\/m², \d+ % of its estimate of \d+ CZK\/m²/)
    }
    const ratios = body.data.items.map((o: { ratio: number }) => o.ratio)
    expect(ratios).toEqual([...ratios].sort((a, b) => a - b))
    const medium = await call('GET', '/api/reality/opportunities?level=MEDIUM&limit=1')
    expect(medium.body.data.items[0].ratio).toBeGreaterThanOrEqual(0.8)
    const bad = await call('GET', '/api/reality/opportunities?level=LOW')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('level')
  })

  it('compares flats against their estimates and names the best value', async () => {
    const flat = { latitude: 50.0707, longitude: 14.4036, area_m2: 55, disposition: '2+kk' }
    const { status, body } = await call('POST', '/api/compare', {
      flats: [
        { ...flat, price: 12_000_000 },
        { ...flat, price: 7_000_000 },
      ],
    })
    expect(status).toBe(200)
    expect(body.data.best_value).toBe(1)
    expect(body.data.flats[0].ratio).toBeGreaterThan(body.data.flats[1].ratio)
    expect(body.data.summary).toMatch(/^flat 1 is the best value/)
    const one = await call(
      'GET',
      '/api/compare?latitude=50.0707&longitude=14.4036&area_m2=55&disposition=2%2Bkk&price=8000000',
    )
    expect(one.body.data.flats).toHaveLength(1)
    const bad = await call('POST', '/api/compare', { flats: [{ ...flat, price: 1, latitude: 10 }] })
    expect(bad.body.error.details).toMatchObject({ field: 'flats.0.latitude' })
  })

  it('analyses an area against its region and the country, and refuses an unbounded one', async () => {
    const { status, body } = await call('POST', '/api/analyze', { locality: 'Brno' })
    expect(status).toBe(200)
    expect(body.data.stats.count).toBeGreaterThan(100)
    expect(body.data.region.name).toBe('Jihomoravský')
    expect(body.data.country.area_vs_country).toBeGreaterThan(1)
    const ring = await call('POST', '/api/analyze', {
      latitude: 50.0707,
      longitude: 14.4036,
      radius_km: 1,
      disposition: '2+kk',
    })
    expect(ring.body.data.by_disposition.map((d: { disposition: string }) => d.disposition)).toEqual(['2+kk'])
    const none = await call('POST', '/api/analyze', {})
    expect(none.status).toBe(400)
    expect(none.body.error.details).toEqual({ field: 'latitude', rule: 'an area is required' })
    const half = await call('POST', '/api/analyze', { latitude: 50.07, longitude: 14.4 })
    expect(half.body.error.details).toEqual({ field: 'radius_km', rule: 'required with a point area' })
  })
})
