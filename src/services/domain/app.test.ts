/**
 * The domain service over HTTP (inject): listings imported from a synthetic file into SQLite,
 * placed with the shared RÚIAN gazetteer; the answers, the 400s naming field and rule, and the
 * OpenAPI document.
 */

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csv, haveSharedData, REGISTRY_DIR, SAMPLE, SHARED_LISTINGS } from '../../../test/domain/fixtures.ts'
import { saleListings } from '../../engines/realestate/comparables.ts'
import { loadGazetteer } from '../../engines/realestate/regions.ts'
import { valuerFor } from '../../engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../kit/db.ts'
import { createLogger } from '../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../kit/operator-keys.ts'
import type { App } from '../../kit/server.ts'
import { buildApp } from './app.ts'
import { ContactStore } from './modules/contacts/store.ts'
import { VariableSymbolStore } from './modules/payments/store.ts'
import { importListingsFile } from './modules/reality/importer.ts'
import { ListingStore } from './modules/reality/store.ts'
import { buildSnapshot } from './state.ts'

describe.skipIf(!haveSharedData)('domain service', () => {
  let db: Database
  let app: App
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domain-app-'))
    const file = join(dir, 'listings.csv')
    writeFileSync(file, csv(SAMPLE))
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, file, gazetteer)
    app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store,
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot: buildSnapshot(await store.all(), gazetteer),
      // Too few synthetic sales to fit on: the model of the shared file answers valuations here.
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      logRequests: false,
    })
  }, 60_000)
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url })
    return { status: res.statusCode, body: res.json() as Record<string, any> }
  }

  it('answers the price trend of a kraj: the ČSÚ index with its source and the monthly asking prices', async () => {
    const { status, body } = await get('/api/trends?region=Praha&disposition=2%2Bkk')
    expect(status).toBe(200)
    expect(body.data.area).toMatchObject({ region: 'Hlavní město Praha', disposition: '2+kk' })
    expect(body.data.index).toMatchObject({
      region: 'Hlavní město Praha',
      base: expect.stringContaining('2010'),
    })
    expect(body.data.index.source).toMatch(/ČSÚ/)
    expect(body.data.asking.listings).toBeGreaterThan(0)
    expect(body.data.rules_applied.length).toBe(2)
    const national = await get('/api/trends')
    expect(national.body.data.index.region).toMatch(/^ČR/)
    expect(national.body.data.asking.listings).toBe(11)
  })

  it('refuses a trend for an unknown kraj or a place without listings, naming the field', async () => {
    expect((await get('/api/trends?region=Atlantida')).body.error.details.field).toBe('region')
    expect((await get('/api/trends?locality=Horni%20Dolni')).body.error.details.field).toBe('locality')
  })

  it('is ready once the listings are loaded', async () => {
    const { status, body } = await get('/health')
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ status: 'ready', listings: 12, sales: 11, as_of: '2024-04-12' })
    expect(body.data.model).toMatchObject({ trees: 150, features: 26 })
  })

  it('lists ads by place and disposition with the total, in the standard envelope', async () => {
    const { status, body } = await get(
      '/api/reality/ads?locality=Praha&disposition=2%2Bkk&sort=-price&limit=2',
    )
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.data.total).toBe(5)
    expect(body.data.items).toHaveLength(2)
    expect(body.data.items[0]).toMatchObject({
      code: '1002',
      price: 9_300_000,
      price_per_m2: 155_000,
      municipality: 'Praha',
      region: 'Hlavní město Praha',
    })
  })

  it('takes a region by its everyday name and a box', async () => {
    expect((await get('/api/reality/ads?region=Jihomoravsk%C3%BD%20kraj')).body.data.total).toBe(3)
    expect((await get('/api/reality/ads?bbox=16.5,49.1,16.7,49.3')).body.data.total).toBe(3)
    expect((await get('/api/reality/ads?locality=brno-veveri')).body.data.total).toBe(2)
  })

  it.each([
    ['/api/reality/ads?bbox=16.7,49.1,16.5,49.3', 'bbox', 'minLon < maxLon and minLat < maxLat'],
    ['/api/reality/ads?bbox=1,2,3', 'bbox', expect.stringMatching(/^pattern/)],
    ['/api/reality/ads?disposition=9%2Bkk', 'disposition.0', expect.stringMatching(/one of/)],
    ['/api/reality/ads?price_min=5000000&price_max=100', 'price_min', 'must not exceed price_max'],
    ['/api/reality/ads?area_min=-5', 'area_min', 'minimum 10'],
    ['/api/reality/ads?limit=1000', 'limit', 'maximum 100'],
    ['/api/reality/ads?offset=-1', 'offset', 'minimum 0'],
    ['/api/reality/ads?region=Atlantis', 'region', 'unknown kraj'],
    ['/api/reality/ads?locality=%C2%A7%C2%A7', 'locality', 'at least 2 letters or digits'],
    ['/api/reality/ads?colour=red', 'colour', expect.any(String)],
    ['/api/reality/stats?disposition=huge', 'disposition', expect.stringMatching(/one of/)],
  ])('answers 400 naming the field and rule for %s', async (url, field, rule) => {
    const { status, body } = await get(url)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', details: { field, rule } },
    })
  })

  it('gives price per m² statistics by region and disposition', async () => {
    const { status, body } = await get('/api/reality/stats?region=praha')
    expect(status).toBe(200)
    expect(body.data.country.count).toBe(11)
    expect(body.data.regions).toHaveLength(1)
    const praha = body.data.regions[0]
    expect(praha).toMatchObject({ region: 'Hlavní město Praha', count: 8 })
    const twoKk = praha.dispositions.find((d: { disposition: string }) => d.disposition === '2+kk')
    // 2+kk in Smíchov: 91 228, 155 000, 155 172, 155 769, 160 000 CZK/m² → median 155 172.
    expect(twoKk).toMatchObject({ count: 5, median_price_per_m2: 155_172 })
  })

  it('publishes a valid OpenAPI 3.1 document with request and response schemas for every route', async () => {
    const { status, body: doc } = await get('/openapi.json')
    expect(status).toBe(200)
    const validator = new Validator()
    const result = await validator.validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/health', '/api/reality/ads', '/api/reality/stats']),
    )
    for (const [path, methods] of Object.entries(paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('200')
        const ok = op.responses['200'] as { content?: Record<string, unknown> }
        expect(ok.content, `${method} ${path} has a response schema`).toBeDefined()
      }
  })
})
