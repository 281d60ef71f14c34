/**
 * The domain store (SQLite by default, PostgreSQL with DATABASE_URL): the listings table
 * (migrations/0501_domain_listings.ts). Imports upsert by listing code, so importing a file twice
 * changes nothing; ads queries filter, sort and page in SQL and count the total.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { Listing } from '../../../../engines/realestate/listings.ts'
import type { Database } from '../../../../kit/db.ts'

export interface ListingRow {
  code: string
  title: string
  disposition: string
  area_m2: number | null
  price_czk: number | null
  price_per_m2: number | null
  latitude: number
  longitude: number
  locality: string
  municipality: string | null
  region: string | null
  category_type: number
  scraped_at: string
  source: string
  imported_at: string
}

interface Tables {
  domain_listings: ListingRow
}

export type PlacedListing = Listing & { municipality: string | null; region: string | null }

export interface AdsQuery {
  locality?: string | undefined
  region?: string | undefined
  dispositions?: string[] | undefined
  priceMin?: number | undefined
  priceMax?: number | undefined
  areaMin?: number | undefined
  areaMax?: number | undefined
  /** [minLon, minLat, maxLon, maxLat] */
  bbox?: [number, number, number, number] | undefined
  sort: AdsSort
  limit: number
  offset: number
}

export const ADS_SORTS = [
  'price',
  '-price',
  'area',
  '-area',
  'price_per_m2',
  '-price_per_m2',
  'scraped_at',
  '-scraped_at',
] as const
export type AdsSort = (typeof ADS_SORTS)[number]

/** Rows per INSERT: 15 parameters each keeps a batch under SQLite's 32,766 and PostgreSQL's 65,535. */
const BATCH = 500

export interface ImportCounts {
  /** Listings written (new or refreshed). */
  written: number
  /** Of those, codes that were not in the table before. */
  added: number
}

export class ListingStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('domain_listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Writes listings, inserting new codes and updating known ones, batch by batch (each batch one
   * statement, so a crash leaves whole batches); `onProgress` after each batch.
   */
  async upsert(
    listings: readonly PlacedListing[],
    source: string,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportCounts> {
    const before = await this.count()
    const importedAt = new Date().toISOString()
    for (let i = 0; i < listings.length; i += BATCH) {
      const rows: ListingRow[] = listings.slice(i, i + BATCH).map((l) => ({
        code: l.code,
        title: l.title,
        disposition: l.disposition,
        area_m2: l.area_m2,
        price_czk: l.price_czk,
        price_per_m2: l.price_czk !== null && l.area_m2 !== null ? l.price_czk / l.area_m2 : null,
        latitude: l.lat,
        longitude: l.lon,
        locality: l.locality,
        municipality: l.municipality,
        region: l.region,
        category_type: l.category_type,
        scraped_at: l.scraped_at,
        source,
        imported_at: importedAt,
      }))
      await this.db
        .insertInto('domain_listings')
        .values(rows)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            disposition: eb.ref('excluded.disposition'),
            area_m2: eb.ref('excluded.area_m2'),
            price_czk: eb.ref('excluded.price_czk'),
            price_per_m2: eb.ref('excluded.price_per_m2'),
            latitude: eb.ref('excluded.latitude'),
            longitude: eb.ref('excluded.longitude'),
            locality: eb.ref('excluded.locality'),
            municipality: eb.ref('excluded.municipality'),
            region: eb.ref('excluded.region'),
            category_type: eb.ref('excluded.category_type'),
            scraped_at: eb.ref('excluded.scraped_at'),
            source: eb.ref('excluded.source'),
            imported_at: eb.ref('excluded.imported_at'),
          })),
        )
        .execute()
      onProgress?.(Math.min(i + BATCH, listings.length), listings.length)
    }
    const after = await this.count()
    return { written: listings.length, added: after - before }
  }

  /** Every listing, as the engine takes them (the service holds them in memory for valuations). */
  async all(): Promise<PlacedListing[]> {
    const rows = await this.db.selectFrom('domain_listings').selectAll().orderBy('code').execute()
    return rows.map(toListing)
  }

  /** One page of ads matching the filters, and how many match in all. */
  async ads(q: AdsQuery): Promise<{ total: number; items: ListingRow[] }> {
    const filtered = this.filter(q)
    const [countRow, items] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.sorted(filtered.selectAll(), q.sort).limit(q.limit).offset(q.offset).execute(),
    ])
    return { total: Number(countRow.n), items }
  }

  private filter(q: AdsQuery): SelectQueryBuilder<Tables, 'domain_listings', object> {
    let s = this.db.selectFrom('domain_listings')
    // Slugs hold only [a-z0-9-], so the LIKE pattern has no wildcard but the trailing one.
    if (q.locality)
      s = s.where((eb) =>
        eb.or([eb('locality', '=', q.locality!), eb('locality', 'like', `${q.locality}-%`)]),
      )
    if (q.region) s = s.where('region', '=', q.region)
    if (q.dispositions && q.dispositions.length > 0) s = s.where('disposition', 'in', q.dispositions)
    if (q.priceMin !== undefined) s = s.where('price_czk', '>=', q.priceMin)
    if (q.priceMax !== undefined) s = s.where('price_czk', '<=', q.priceMax)
    if (q.areaMin !== undefined) s = s.where('area_m2', '>=', q.areaMin)
    if (q.areaMax !== undefined) s = s.where('area_m2', '<=', q.areaMax)
    if (q.bbox) {
      const [minLon, minLat, maxLon, maxLat] = q.bbox
      s = s
        .where('longitude', '>=', minLon)
        .where('longitude', '<=', maxLon)
        .where('latitude', '>=', minLat)
        .where('latitude', '<=', maxLat)
    }
    return s
  }

  private sorted<O>(
    s: SelectQueryBuilder<Tables, 'domain_listings', O>,
    sort: AdsSort,
  ): SelectQueryBuilder<Tables, 'domain_listings', O> {
    const desc = sort.startsWith('-')
    const column = (desc ? sort.slice(1) : sort) as 'price' | 'area' | 'price_per_m2' | 'scraped_at'
    const ref = (
      { price: 'price_czk', area: 'area_m2', price_per_m2: 'price_per_m2', scraped_at: 'scraped_at' } as const
    )[column]
    // Listings without a price or area go last either way; the code breaks ties so pages are stable.
    return s
      .orderBy((eb) => eb.case().when(ref, 'is', null).then(1).else(0).end())
      .orderBy(ref, desc ? 'desc' : 'asc')
      .orderBy('code')
  }
}

function toListing(r: ListingRow): PlacedListing {
  return {
    code: r.code,
    title: r.title,
    disposition: r.disposition,
    area_m2: r.area_m2 === null ? null : Number(r.area_m2),
    price_czk: r.price_czk === null ? null : Number(r.price_czk),
    lat: Number(r.latitude),
    lon: Number(r.longitude),
    locality: r.locality,
    category_type: r.category_type,
    scraped_at: r.scraped_at,
    municipality: r.municipality,
    region: r.region,
  }
}
