/**
 * The domain store on SQLite and PostgreSQL (PostgreSQL when reachable; required with CI=true):
 * imports upsert by listing code, and the ads query filters, sorts, pages and counts in SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csv, SAMPLE } from '../../../../../test/domain/fixtures.ts'
import { storages } from '../../../../../test/support/storage.ts'
import { parseListings } from '../../../../engines/realestate/listings.ts'
import type { Database } from '../../../../kit/db.ts'
import { type AdsQuery, ListingStore, type PlacedListing } from './store.ts'

const placed = (): PlacedListing[] =>
  parseListings(csv(SAMPLE)).listings.map((l) => ({
    ...l,
    municipality: l.locality.startsWith('praha') ? 'Praha' : null,
    region: l.locality.startsWith('praha') ? 'Hlavní město Praha' : null,
  }))

const page = (q: Partial<AdsQuery>): AdsQuery => ({ sort: 'price', limit: 20, offset: 0, ...q })

describe.each(await storages('domain'))('domain store on $name', (storage) => {
  let db: Database
  let store: ListingStore
  beforeAll(async () => {
    db = storage.open()
    await db.migrate()
    store = new ListingStore(db)
  })
  afterAll(async () => {
    await db.close()
    await storage.cleanup()
  })

  it('adds every listing once and refreshes known codes on a second import', async () => {
    const first = await store.upsert(placed(), 'sample.csv')
    expect(first).toEqual({ written: 12, added: 12 })
    const changed = placed().map((l) => (l.code === '1001' ? { ...l, price_czk: 8_500_000 } : l))
    const again = await store.upsert(changed, 'sample.csv')
    expect(again).toEqual({ written: 12, added: 0 })
    expect(await store.count()).toBe(12)
    const [row] = (await store.ads(page({ locality: 'praha-smichov-ostrovskeho' }))).items
    expect(row).toMatchObject({ code: '1001', price_czk: 8_500_000, price_per_m2: 8_500_000 / 55 })
  })

  it('reads back every listing with its place', async () => {
    const all = await store.all()
    expect(all).toHaveLength(12)
    expect(all.find((l) => l.code === '2003')).toMatchObject({
      disposition: '2+1',
      area_m2: 62,
      region: null,
    })
    expect(all.find((l) => l.code === '3001')).toMatchObject({ price_czk: null })
  })

  it('filters by locality prefix, disposition, price, area and box, and counts the total', async () => {
    const smichov2kk = await store.ads(page({ locality: 'praha-smichov', dispositions: ['2+kk'], limit: 2 }))
    expect(smichov2kk.total).toBe(5)
    expect(smichov2kk.items.map((r) => r.code)).toEqual(['1008', '1005'])
    expect((await store.ads(page({ priceMin: 9_000_000, priceMax: 12_400_000 }))).total).toBe(3)
    expect((await store.ads(page({ areaMin: 75, areaMax: 90 }))).total).toBe(3)
    const brno = await store.ads(page({ bbox: [16.5, 49.1, 16.7, 49.3] }))
    expect(brno.items.map((r) => r.code).sort()).toEqual(['2001', '2002', '2003'])
    expect((await store.ads(page({ region: 'Hlavní město Praha' }))).total).toBe(8)
    // "praha-s" is not a locality prefix of "praha-smichov-…": whole slug words only.
    expect((await store.ads(page({ locality: 'praha-s' }))).total).toBe(0)
  })

  it('sorts either way with unpriced ads last and pages stably', async () => {
    const desc = await store.ads(page({ sort: '-price', limit: 3 }))
    expect(desc.items.map((r) => r.code)).toEqual(['1006', '1003', '1002'])
    const asc = await store.ads(page({ sort: 'price', offset: 10, limit: 5 }))
    expect(asc.total).toBe(12)
    expect(asc.items.map((r) => r.code)).toEqual(['1006', '3001'])
    const ppm2 = await store.ads(page({ sort: '-price_per_m2', limit: 1 }))
    expect(ppm2.items[0]!.code).toBe('1004')
  })
})
