/**
 * The screening audit trail searched as people type: `subject_search` holds the subject as sent
 * (names, company name, IČO) in lower case without diacritics, so "novakova" finds "Nováková" on
 * SQLite and PostgreSQL alike; `screened_by` names who screened (the console's user, or the
 * operator key), so the trail can be filtered by person. Rows written before get their search
 * text here; who screened them is not known (null).
 */
import type { Kysely } from 'kysely'
import { searchText } from '../src/services/aml/store.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('aml_screenings').addColumn('subject_search', 'text').execute()
  await db.schema.alterTable('aml_screenings').addColumn('screened_by', 'text').execute()
  await db.schema
    .createIndex('aml_screenings_screened_by')
    .on('aml_screenings')
    .columns(['screened_by', 'created_at'])
    .execute()
  const table = db as Kysely<{
    aml_screenings: { screening_id: string; input: string; subject_search: string | null }
  }>
  // In pages of 1,000, so a long trail is not read into memory at once.
  for (;;) {
    const rows = await table
      .selectFrom('aml_screenings')
      .select(['screening_id', 'input'])
      .where('subject_search', 'is', null)
      .limit(1000)
      .execute()
    if (rows.length === 0) break
    for (const r of rows)
      await table
        .updateTable('aml_screenings')
        .set({ subject_search: searchText(JSON.parse(r.input) as Record<string, unknown>) })
        .where('screening_id', '=', r.screening_id)
        .execute()
  }
}
