/**
 * Domain service: contacts (people and companies) filled by `gatehouse contacts import` and
 * POST /api/contacts. One row per party; `domain_contact_keys` holds every identity key of it
 * (the e-mail key, the E.164 number, the party's own IČO, "email:…", "phone:…", "ico:…", or for a
 * record with none of them the folded record itself, "record:…"), each key owned by one row, so a
 * party arriving again (or arriving with a second address) finds its row and merges into it.
 *
 * The *_folded columns and search_text hold the values without diacritics and in lower case
 * (src/engines/contacts/text.ts `fold`), so a search for "dvorak" finds "Dvořák" with a plain
 * LIKE on both dialects. emails and phones are JSON arrays of every address and number merged in
 * (the first is `email` / `phone`). Coordinates WGS84 degrees; times ISO 8601 text.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('ico', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('phones', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('name_folded', 'text', (c) => c.notNull())
    .addColumn('company_folded', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Listing by name, the map's box and exact IČO answers.
  await db.schema
    .createIndex('domain_contacts_name')
    .on('domain_contacts')
    .columns(['name_folded', 'id'])
    .execute()
  await db.schema
    .createIndex('domain_contacts_position')
    .on('domain_contacts')
    .columns(['latitude', 'longitude'])
    .execute()
  await db.schema.createIndex('domain_contacts_ico').on('domain_contacts').column('ico').execute()
  await db.schema
    .createTable('domain_contact_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('contact_id', 'text', (c) => c.notNull().references('domain_contacts.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createIndex('domain_contact_keys_contact')
    .on('domain_contact_keys')
    .column('contact_id')
    .execute()
}
