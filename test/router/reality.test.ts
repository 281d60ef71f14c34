/**
 * POST /api/v1/reality/analyze end to end: a listing page served by the test (JSON-LD, microdata
 * or only text), fetched through the egress guard, read off the event loop, and valued by a real
 * domain service (its app over the synthetic listings, valuations by the model of the shared file).
 */

import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saleListings } from '../../src/engines/realestate/comparables.ts'
import { loadGazetteer } from '../../src/engines/realestate/regions.ts'
import { valuerFor } from '../../src/engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../src/kit/operator-keys.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp as buildDomain } from '../../src/services/domain/app.ts'
import { ContactStore } from '../../src/services/domain/modules/contacts/store.ts'
import { VariableSymbolStore } from '../../src/services/domain/modules/payments/store.ts'
import { importListingsFile } from '../../src/services/domain/modules/reality/importer.ts'
import { ListingStore } from '../../src/services/domain/modules/reality/store.ts'
import { buildSnapshot } from '../../src/services/domain/state.ts'
import { csv, haveSharedData, REGISTRY_DIR, SAMPLE, SHARED_LISTINGS } from '../domain/fixtures.ts'
import { type FixtureServer, startInternal } from '../support/web-fixtures.ts'
import { type Harness, routerHarness } from './harness.ts'

const JSON_LD_PAGE = `<!doctype html><html lang="cs"><head><title>Prodej bytu 2+kk 55 m², Ostrovského, Praha 5</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Prodej bytu 2+kk 55 m²',
  offers: { '@type': 'Offer', price: 12_500_000, priceCurrency: 'CZK' },
  additionalProperty: { floorSize: { '@type': 'QuantitativeValue', value: 55, unitCode: 'MTK' } },
  geo: { '@type': 'GeoCoordinates', latitude: 50.0713, longitude: 14.4035 },
})}</script></head><body><h1>Prodej bytu 2+kk 55 m²</h1><p>Krásný byt na Smíchově.</p></body></html>`

const TEXT_PAGE = `<!doctype html><html><head><title>Byt na prodej</title></head><body>
<h1>Prodej bytu 2+kk, 60 m², Praha 5 - Smíchov</h1><p>Cena: 9 300 000 Kč</p><p>Cihlový byt po rekonstrukci.</p></body></html>`

/** A listing page whose JSON-LD states `price` (CZK) and `area` (m²) for a flat in Prague. */
const listingPage = (price: number, area: number) =>
  JSON_LD_PAGE.replace('"price":12500000', `"price":${price}`).replace('"value":55', `"value":${area}`)

const EMPTY_PAGE =
  '<!doctype html><html><head><title>Nic</title></head><body><p>Tady nic není.</p></body></html>'

describe.skipIf(!haveSharedData)('POST /api/v1/reality/analyze', () => {
  let db: Database
  let domain: App
  let site: Server
  let siteUrl: string
  let internal: FixtureServer
  let h: Harness

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reality-'))
    const file = join(dir, 'listings.csv')
    writeFileSync(file, csv(SAMPLE))
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, file, gazetteer)
    domain = await buildDomain({
      logger: createLogger({ level: 'silent' }),
      store,
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot: buildSnapshot(await store.all(), gazetteer),
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      logRequests: false,
    })
    const domainUrl = await domain.listen({ host: '127.0.0.1', port: 0 })
    site = createServer((req, res) => {
      const pages: Record<string, string> = {
        '/json-ld': JSON_LD_PAGE,
        '/text': TEXT_PAGE,
        '/empty': EMPTY_PAGE,
        '/cheap': listingPage(10_001, 55),
        '/huge-price': listingPage(1e300, 55),
        '/tiny-area': listingPage(1_250_000, 6),
      }
      const page = pages[req.url ?? '']
      res
        .writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
        .end(page ?? 'nenalezeno')
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    const port = (site.address() as { port: number }).port
    siteUrl = `http://127.0.0.1:${port}`
    internal = await startInternal()
    h = await routerHarness({
      start: false,
      env: { DOMAIN_URL: domainUrl, WEB_ALLOWED_HOSTS: `127.0.0.1:${port}` },
    })
  }, 120_000)

  afterAll(async () => {
    await h.close()
    await domain.close()
    await db.close()
    site.close()
    await internal.close()
    expect(internal.requests).toEqual([])
  })

  const analyze = async (url: string) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/reality/analyze', payload: { url } })
    return { status: res.statusCode, body: res.json() }
  }

  it('reads a JSON-LD listing, values it and judges the asking price', async () => {
    const { status, body } = await analyze(`${siteUrl}/json-ld`)
    expect(status).toBe(200)
    expect(body.data.listing).toMatchObject({
      price: 12_500_000,
      area_m2: 55,
      disposition: '2+kk',
      latitude: 50.0713,
      longitude: 14.4035,
      sources: { price: 'json-ld', area_m2: 'json-ld', location: 'json-ld', disposition: 'json-ld' },
    })
    expect(body.data.estimate.estimate).toBeGreaterThan(4_000_000)
    expect(body.data.estimate.comparables.length).toBeGreaterThan(0)
    expect(body.data.verdict.ratio).toBeCloseTo(12_500_000 / body.data.estimate.estimate, 2)
    expect(body.data.verdict.verdict).toMatch(/above/)
  })

  it('falls back to the page text for price, area, disposition and the place', async () => {
    const { status, body } = await analyze(`${siteUrl}/text`)
    expect(status).toBe(200)
    expect(body.data.listing).toMatchObject({
      price: 9_300_000,
      area_m2: 60,
      disposition: '2+kk',
      sources: { price: 'text', area_m2: 'text', disposition: 'text', address: 'text' },
    })
    expect(body.data.listing.address).toMatch(/Praha 5/)
    expect(body.data.estimate.location.source).toBe('gazetteer')
  })

  it.each([
    ['/cheap', 'listing.price', 'price per m²'],
    ['/huge-price', 'listing.price', 'price per m²'],
    ['/tiny-area', 'listing.area_m2', 'area'],
  ])(
    'answers 422 for the implausible listing at %s, naming the field read from the page',
    async (path, field, rule) => {
      const { status, body } = await analyze(`${siteUrl}${path}`)
      expect(status).toBe(422)
      expect(body.error.message).toMatch(/looks implausible/)
      expect(body.error.details).toMatchObject({
        field,
        verdict: 'implausible',
        rule: expect.stringContaining(rule),
      })
      expect(body.error.details.field).not.toBe('property_value')
    },
  )

  it('answers 422 naming what it could not read, and refuses an internal address at once', async () => {
    const empty = await analyze(`${siteUrl}/empty`)
    expect(empty.status).toBe(422)
    expect(empty.body.error.details.missing).toEqual(['price', 'area_m2', 'disposition', 'location'])
    const refused = await analyze(`${internal.url}/listing`)
    expect(refused.body.error.code).toBe('EGRESS_PRIVATE_ADDRESS')
  })
})
