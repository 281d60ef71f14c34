/**
 * The registry map over HTTP (inject): the twelve synthetic listings of the domain fixtures
 * (eight in Prague-Smíchov, three in Brno, one price on request in Ostrava) placed with the shared
 * RÚIAN gazetteer; layers, clustered dots, place search and statistics per kraj.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  csv,
  haveSharedData,
  REGISTRY_DIR,
  SAMPLE,
  SHARED_LISTINGS,
} from '../../../../../test/domain/fixtures.ts'
import { saleListings } from '../../../../engines/realestate/comparables.ts'
import { loadGazetteer } from '../../../../engines/realestate/regions.ts'
import { valuerFor } from '../../../../engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../../../kit/operator-keys.ts'
import { DEV_INTERNAL_KEY } from '../../../../kit/secrets.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { buildSnapshot } from '../../state.ts'
import { ContactStore } from '../contacts/store.ts'
import { VariableSymbolStore } from '../payments/store.ts'
import { importListingsFile } from '../reality/importer.ts'
import { ListingStore } from '../reality/store.ts'

const WORLD = '-180,-90,180,90'
/** The key that may write the shared contacts table. */
const OPERATOR = { 'x-api-key': DEV_INTERNAL_KEY }
const BRNO = '16.5,49.1,16.7,49.3'
const PRAHA = '14.3,50.0,14.5,50.1'

interface Feature {
  type: 'Feature'
  id: string | number
  geometry: { type: 'Point'; coordinates: [number, number] }
  properties: Record<string, unknown>
}

describe.skipIf(!haveSharedData)('domain registry map', () => {
  let db: Database
  let app: App
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domain-map-'))
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
      snapshot: buildSnapshot(await store.all(), gazetteer),
      // Opportunities are the model's sales judged against themselves: the shared file's here.
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      now: () => new Date('2026-01-15T00:00:00Z'),
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
  const dots = async (layer: string, bbox: string, zoom: number) => {
    const { status, body } = await get(`/api/dots?layer=${layer}&bbox=${bbox}&zoom=${zoom}`)
    expect(status).toBe(200)
    return body.data as {
      type: string
      features: Feature[]
      points: number
      clusters: number
      layer: string
      zoom: number
    }
  }
  const pointsOf = (features: Feature[]) =>
    features.reduce((n, f) => n + (f.properties.cluster ? (f.properties.point_count as number) : 1), 0)

  it('lists the listings, opportunities and municipalities layers with their counts and fields', async () => {
    const { status, body } = await get('/api/layers')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    const layers = Object.fromEntries(
      (body.data.layers as { name: string }[]).map((l) => [l.name, l]),
    ) as Record<string, any>
    expect(Object.keys(layers)).toEqual([
      'listings',
      'opportunities',
      'municipalities',
      'contacts',
      'companies',
    ])
    // Every listing held is on the map, the one with its price on request too.
    expect(layers.listings).toMatchObject({ count: 12, fields: expect.arrayContaining(['code', 'price']) })
    // Praha, Brno and Ostrava have listings; the other municipalities have no position.
    expect(layers.municipalities.count).toBe(3)
    expect(layers.municipalities.note).toMatch(/of the gazetteer's 6258 municipalities/)
    expect(layers.opportunities.count).toBeGreaterThan(0)
    expect(layers.opportunities.fields).toContain('level')
  }, 60_000)

  it.each(['listings', 'opportunities', 'municipalities'])(
    "gives each %s point exactly the fields /api/layers names, and clusters that add up to the layer's count",
    async (name) => {
      const layer = (await get('/api/layers')).body.data.layers.find((l: { name: string }) => l.name === name)
      const all = await dots(name, WORLD, 20)
      expect(all.clusters).toBe(0)
      expect(all.features).toHaveLength(layer.count)
      for (const f of all.features) expect(Object.keys(f.properties)).toEqual(layer.fields)
      for (const zoom of [0, 4, 8, 12, 16]) {
        const d = await dots(name, WORLD, zoom)
        expect(pointsOf(d.features), `zoom ${zoom}`).toBe(layer.count)
        expect(d.points).toBe(layer.count)
      }
    },
    60_000,
  )

  it('clusters by zoom: higher zoom gives more, smaller clusters until every point stands alone', async () => {
    let before = 0
    let biggestBefore = Number.POSITIVE_INFINITY
    const seen: number[] = []
    for (let zoom = 0; zoom <= 20; zoom++) {
      const d = await dots('listings', WORLD, zoom)
      const biggest = Math.max(
        1,
        ...d.features.map((f) => (f.properties.cluster ? (f.properties.point_count as number) : 1)),
      )
      expect(d.features.length, `zoom ${zoom}`).toBeGreaterThanOrEqual(before)
      expect(biggest, `zoom ${zoom}`).toBeLessThanOrEqual(biggestBefore)
      before = d.features.length
      biggestBefore = biggest
      seen.push(d.features.length)
    }
    // The whole country is one dot at zoom 0; Prague's eight flats within 400 m still merge at
    // zoom 12; at 17 and above each listing is its own point.
    expect(seen[0]).toBe(1)
    expect(seen[20]).toBe(12)
    expect(new Set(seen).size).toBeGreaterThan(2)
    const z12 = await dots('listings', PRAHA, 12)
    expect(z12.features).toHaveLength(1)
    expect(z12.features[0]!.properties).toMatchObject({ cluster: true, point_count: 8 })
  })

  it('writes clusters as RFC 7946 points, [longitude, latitude], with their count and where they split', async () => {
    const d = await dots('listings', PRAHA, 12)
    expect(d.type).toBe('FeatureCollection')
    const [cluster] = d.features
    expect(cluster!.type).toBe('Feature')
    expect(cluster!.geometry.type).toBe('Point')
    const [lon, lat] = cluster!.geometry.coordinates
    expect(lon).toBeCloseTo(14.403, 2)
    expect(lat).toBeCloseTo(50.071, 2)
    expect(cluster!.id).toBe(cluster!.properties.cluster_id)
    const expansion = cluster!.properties.expansion_zoom as number
    expect(expansion).toBeGreaterThan(12)
    // At the zoom where it splits, the same box holds more than one feature.
    expect((await dots('listings', PRAHA, expansion)).features.length).toBeGreaterThan(1)
  })

  it('keeps to the box: Brno holds three listings, Prague eight, and each point lies inside its box', async () => {
    const brno = await dots('listings', BRNO, 20)
    expect(brno.features.map((f) => f.id).sort()).toEqual(['2001', '2002', '2003'])
    for (const f of brno.features) {
      const [lon, lat] = f.geometry.coordinates
      expect(lon).toBeGreaterThanOrEqual(16.5)
      expect(lon).toBeLessThanOrEqual(16.7)
      expect(lat).toBeGreaterThanOrEqual(49.1)
      expect(lat).toBeLessThanOrEqual(49.3)
    }
    expect(brno.features[0]!.properties).toMatchObject({ municipality: 'Brno', region: 'Jihomoravský' })
    expect((await dots('listings', PRAHA, 20)).points).toBe(8)
    expect((await dots('listings', '12.0,48.5,12.5,49.0', 10)).features).toEqual([])
    const towns = await dots('municipalities', BRNO, 20)
    expect(towns.features).toHaveLength(1)
    // Brno at the median of its three listings; 2+kk, 3+1 and 2+1 ask 115,000, 98,667 and 104,839 CZK/m².
    expect(towns.features[0]!.properties).toMatchObject({
      name: 'Brno',
      district: 'Brno-město',
      listings: 3,
      median_price_per_m2: 104_839,
    })
    expect(towns.features[0]!.geometry.coordinates).toEqual([16.5972, 49.2041])
  })

  it.each([
    [
      'layer=parcels&bbox=1,2,3,4&zoom=3',
      'layer',
      'one of listings, opportunities, municipalities, contacts, companies',
    ],
    ['bbox=1,2,3,4&zoom=3', 'layer', 'required'],
    ['layer=listings&zoom=3', 'bbox', 'required'],
    ['layer=listings&bbox=1,2,3&zoom=3', 'bbox', expect.stringMatching(/^pattern/)],
    ['layer=listings&bbox=a,b,c,d&zoom=3', 'bbox', expect.stringMatching(/^pattern/)],
    ['layer=listings&bbox=16.7,49.1,16.5,49.3&zoom=3', 'bbox', 'minLon < maxLon and minLat < maxLat'],
    ['layer=listings&bbox=16.5,49.3,16.7,49.1&zoom=3', 'bbox', 'minLon < maxLon and minLat < maxLat'],
    [
      'layer=listings&bbox=16.5,-95,16.7,49.1&zoom=3',
      'bbox',
      'longitudes within −180..180 and latitudes within −90..90',
    ],
    [
      'layer=listings&bbox=-200,49,16.7,49.1&zoom=3',
      'bbox',
      'longitudes within −180..180 and latitudes within −90..90',
    ],
    ['layer=listings&bbox=1,2,3,4', 'zoom', 'required'],
    ['layer=listings&bbox=1,2,3,4&zoom=21', 'zoom', 'maximum 20'],
    ['layer=listings&bbox=1,2,3,4&zoom=-1', 'zoom', 'minimum 0'],
    ['layer=listings&bbox=1,2,3,4&zoom=1.5', 'zoom', 'type integer'],
    ['layer=listings&bbox=1,2,3,4&zoom=3&colour=red', 'colour', expect.any(String)],
  ])('refuses /api/dots?%s with a 400 naming %s', async (query, field, rule) => {
    const { status, body } = await get(`/api/dots?${query}`)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', details: { field, rule } },
    })
  })

  it('says which layers there are when asked for an unknown one', async () => {
    const { body } = await get('/api/dots?layer=parcels&bbox=1,2,3,4&zoom=3')
    expect(JSON.stringify(body.error)).toContain(
      'listings, opportunities, municipalities, contacts, companies',
    )
  })

  it('shows located people and companies of the contacts table, and the ones added since', async () => {
    const post = (contacts: unknown[]) =>
      app.inject({ method: 'POST', url: '/api/contacts', payload: { contacts }, headers: OPERATOR })
    expect(
      (
        await post([
          {
            name: 'Jana Dvořáková',
            company: 'Dvořák & syn',
            email: 'jana@dvorak.example.cz',
            latitude: 49.195,
            longitude: 16.608,
          },
          {
            name: 'Stavby Morava s.r.o.',
            kind: 'company',
            ico: '27082440',
            latitude: 49.2,
            longitude: 16.61,
          },
          { name: 'Petr Bez Adresy', email: 'petr@example.cz' },
        ])
      ).statusCode,
    ).toBe(200)
    const counts = async () =>
      Object.fromEntries(
        ((await get('/api/layers')).body.data.layers as { name: string; count: number }[]).map((l) => [
          l.name,
          l.count,
        ]),
      )
    expect(await counts()).toMatchObject({ contacts: 1, companies: 1 })
    const people = await dots('contacts', WORLD, 20)
    expect(people.features).toHaveLength(1)
    expect(people.features[0]!.geometry.coordinates).toEqual([16.608, 49.195])
    expect(people.features[0]!.properties).toMatchObject({ name: 'Jana Dvořáková', company: 'Dvořák & syn' })
    const companies = await dots('companies', WORLD, 20)
    expect(companies.features[0]!.properties).toMatchObject({ ico: '27082440' })

    await post([{ name: 'Karel Novotný', phone: '+420 602 123 456', latitude: 50.08, longitude: 14.42 }])
    expect(await counts()).toMatchObject({ contacts: 2, companies: 1 })
  })

  it('finds people and companies of the contacts table by name, diacritics and case aside', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: OPERATOR,
      payload: {
        contacts: [
          { name: 'Zdeňka Šťastná', company: 'Účetnictví Šťastná', email: 'zdenka@stastna.example.cz' },
        ],
      },
    })
    for (const q of ['Šťastná', 'stastna', 'ZDENKA STASTNA']) {
      const data = (await get(`/api/search?q=${encodeURIComponent(q)}`)).body.data
      expect(data.contacts.total).toBe(1)
      expect(data.contacts.items[0]).toMatchObject({ name: 'Zdeňka Šťastná', kind: 'person' })
    }
    const brno = (await get('/api/search?q=Brno')).body.data
    expect(brno.contacts).toEqual({ total: 0, items: [] })
  })

  it.each(['Brno', 'brno', 'BRNO', 'Brno '])('finds the municipality Brno first for %j', async (q) => {
    const { status, body } = await get(`/api/search?q=${encodeURIComponent(q)}`)
    expect(status).toBe(200)
    expect(body.data.items[0]).toMatchObject({
      kind: 'municipality',
      name: 'Brno',
      district: 'Brno-město',
      region: 'Jihomoravský',
      locality: 'brno',
      listings: 3,
    })
  })

  it('matches without diacritics and with them: "Plzen" finds Plzeň, "Ústí nad Labem" and "usti nad labem" agree', async () => {
    const plzen = (await get('/api/search?q=Plzen')).body.data
    expect(plzen.items[0]).toMatchObject({ kind: 'municipality', name: 'Plzeň', region: 'Plzeňský' })
    // No listings there in the sample: found from the gazetteer, without a position.
    expect(plzen.items[0]).toMatchObject({ listings: 0, latitude: null, longitude: null })
    const a = (await get(`/api/search?q=${encodeURIComponent('Ústí nad Labem')}`)).body.data
    const b = (await get('/api/search?q=usti%20nad%20labem')).body.data
    expect(a.items).toEqual(b.items)
    expect(a.items[0].name).toBe('Ústí nad Labem')
  })

  it('finds localities and streets of listings, with their listings and median position', async () => {
    const veveri = (await get('/api/search?q=veveri')).body.data.items
    expect(veveri[0]).toMatchObject({
      kind: 'locality',
      name: 'Veveří',
      municipality: 'Brno',
      locality: 'brno-veveri',
      listings: 2,
      latitude: 49.20345,
      longitude: 16.59785,
    })
    const street = (await get('/api/search?q=Kounicova')).body.data.items
    expect(street).toEqual([
      expect.objectContaining({
        kind: 'street',
        name: 'Kounicova',
        part: 'Veveří',
        locality: 'brno-veveri-kounicova',
        listings: 1,
      }),
    ])
    // Words of the place and of where it lies: Smíchov in Praha.
    const smichov = (await get('/api/search?q=praha%20smichov&limit=3')).body.data
    expect(smichov.items[0]).toMatchObject({ kind: 'locality', name: 'Smíchov', listings: 8 })
    expect(smichov.items).toHaveLength(3)
    expect(smichov.total).toBeGreaterThan(3)
    // The locality answers the ads route as it is.
    const ads = await get(`/api/reality/ads?locality=${veveri[0].locality}`)
    expect(ads.body.data.total).toBe(2)
  })

  it.each([
    ['q=', 'q', 'minLength 1'],
    [`q=${'a'.repeat(101)}`, 'q', 'maxLength 100'],
    ['', 'q', 'required'],
    ['q=%C2%A7%C2%A7', 'q', 'at least one letter or digit'],
    ['q=brno&limit=0', 'limit', 'minimum 1'],
    ['q=brno&limit=51', 'limit', 'maximum 50'],
  ])('refuses /api/search?%s with a 400 naming %s', async (query, field, rule) => {
    const { status, body } = await get(`/api/search?${query}`)
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'INVALID_REQUEST', details: { field, rule } })
  })

  it('gives every kraj its listing count and price statistics, the hand-worked Brno figures among them', async () => {
    const { status, body } = await get('/api/stats')
    expect(status).toBe(200)
    const d = body.data
    expect(d.regions).toHaveLength(14)
    expect(d.country).toMatchObject({ listings: 12, sales: 11 })
    const sum = (d.regions as { listings: number }[]).reduce((n, r) => n + r.listings, 0)
    expect(sum + d.unplaced).toBe(12)
    const by = Object.fromEntries((d.regions as { region: string }[]).map((r) => [r.region, r])) as Record<
      string,
      any
    >
    // Brno: 6.5, 6.9, 7.4 M CZK; 98,666.7, 104,838.7, 115,000 CZK/m² (quartiles R type 7).
    expect(by.Jihomoravský).toMatchObject({
      listings: 3,
      sales: 3,
      price: { mean: 6_933_333, median: 6_900_000, p25: 6_700_000, p75: 7_150_000 },
      price_per_m2: { mean: 106_168, median: 104_839, p25: 101_753, p75: 109_919 },
    })
    expect(by['Hlavní město Praha']).toMatchObject({ municipalities: 1, listings: 8, sales: 8 })
    // Ostrava's one listing asks "price on request": counted, but no statistics.
    expect(by.Moravskoslezský).toMatchObject({ listings: 1, sales: 0, price: null, price_per_m2: null })
    expect(by.Zlínský).toMatchObject({ listings: 0, sales: 0, price: null })
    expect(by.Zlínský.municipalities).toBeGreaterThan(300)
  })

  it('narrows the statistics to a disposition and refuses an unknown one', async () => {
    const d = (await get('/api/stats?disposition=2%2Bkk')).body.data
    expect(d.disposition).toBe('2+kk')
    const praha = d.regions.find((r: { region: string }) => r.region === 'Hlavní město Praha')
    expect(praha).toMatchObject({ listings: 5, sales: 5 })
    const bad = await get('/api/stats?disposition=9%2Bkk')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('disposition')
  })

  it('describes the map routes under the map tag in /openapi.json', async () => {
    const doc = (await get('/openapi.json')).body
    for (const path of ['/api/layers', '/api/dots', '/api/search', '/api/stats'])
      expect(doc.paths[path].get.tags, path).toEqual(['map'])
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('map')
  })
})
