/**
 * Domain service: the apartment listings it serves ads, statistics and valuations from. One row
 * per listing code (the Sreality hash_id), so a repeated import updates rows instead of adding
 * them. municipality and region are resolved from the locality against the RÚIAN gazetteer at
 * import. Prices in CZK, areas in m², coordinates WGS84 degrees; times are text as imported.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_listings')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('area_m2', 'double precision')
    .addColumn('price_czk', 'double precision')
    .addColumn('price_per_m2', 'double precision')
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('locality', 'text', (c) => c.notNull())
    .addColumn('municipality', 'text')
    .addColumn('region', 'text')
    .addColumn('category_type', 'integer', (c) => c.notNull())
    .addColumn('scraped_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute()
  // The ads filters: place, disposition, ranges and the box; sorts by price and price per m².
  await db.schema
    .createIndex('domain_listings_region')
    .on('domain_listings')
    .columns(['region', 'disposition'])
    .execute()
  await db.schema.createIndex('domain_listings_locality').on('domain_listings').column('locality').execute()
  await db.schema.createIndex('domain_listings_price').on('domain_listings').column('price_czk').execute()
  await db.schema.createIndex('domain_listings_ppm2').on('domain_listings').column('price_per_m2').execute()
  await db.schema
    .createIndex('domain_listings_position')
    .on('domain_listings')
    .columns(['latitude', 'longitude'])
    .execute()
}
