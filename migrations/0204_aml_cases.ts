/**
 * Cases: every screening with a hit, and every monitoring alert of a new or changed hit, is a case
 * for an officer; each hit (one listed entity, with its listings) gets a decision; closing may
 * need a second person's approval (four eyes); every action is a row of the case's trail, which is
 * append-only (the database refuses an UPDATE or DELETE of it). A false positive, once its case is
 * closed, is remembered per subject and listed entry with the entry's names, birth dates and
 * programmes as they were, so a later screening or monitoring pass does not raise it again unless
 * one of them changed. docs/adr/0006-aml-cases-four-eyes-and-the-acting-user.md.
 */
import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../src/kit/db.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aml_cases')
    .addColumn('case_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // 'screening' or 'alert'.
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('screening_id', 'text', (c) => c.unique())
    .addColumn('alert_id', 'text', (c) => c.unique())
    .addColumn('reference', 'text')
    // The subject as sent (JSON), its one-line label, and the key decisions are remembered by.
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_label', 'text', (c) => c.notNull())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    // The highest level of its hits: MEDIUM, HIGH or CRITICAL.
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('level_rank', 'integer', (c) => c.notNull())
    // 'open', 'in_review', 'awaiting_approval' or 'closed'.
    .addColumn('status', 'text', (c) => c.notNull())
    // When closed: 'cleared', 'confirmed' or 'escalated'.
    .addColumn('outcome', 'text')
    .addColumn('assignee', 'text')
    // A closure waiting for a second person: {outcome, comment, requested_by, requested_at, reason}.
    .addColumn('pending', 'text')
    // {outcome, by, at, approved_by}.
    .addColumn('closed', 'text')
    // Every change bumps it; a change is written only over the version it read (two instances,
    // two officers: the second gets a 409, nothing is lost).
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('aml_cases_status').on('aml_cases').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('aml_cases_assignee').on('aml_cases').columns(['assignee']).execute()
  await db.schema.createIndex('aml_cases_subject').on('aml_cases').columns(['subject_key']).execute()

  await db.schema
    .createTable('aml_case_hits')
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('hit_no', 'integer', (c) => c.notNull())
    // 'sanctions' or 'pep'.
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('level_reason', 'text', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('matched_name', 'text', (c) => c.notNull())
    // The listed entity as the officer saw it (JSON), its listings (JSON, with each entry's
    // fingerprint), and for a false positive raised again, what changed since (JSON or null).
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('listings', 'text', (c) => c.notNull())
    .addColumn('changed_since_cleared', 'text')
    .addColumn('decision', 'text')
    .addColumn('decision_comment', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    // Set once the hit was ever decided a confirmed match: clearing it later needs four eyes.
    .addColumn('ever_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('aml_case_hits_pk', ['case_id', 'hit_no'])
    .execute()

  await db.schema
    .createTable('aml_case_events')
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('hit_no', 'integer')
    .addColumn('comment', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    // One row per (case, seq): two writers of the same step cannot both append it.
    .addPrimaryKeyConstraint('aml_case_events_pk', ['case_id', 'seq'])
    .execute()

  await db.schema
    .createTable('aml_cleared')
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    // {names, birth_dates, programmes} of the entry when the decision was taken (JSON).
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aml_cleared_pk', ['subject_key', 'list', 'list_id'])
    .execute()

  // The trail is append-only: the database itself refuses to change or remove a row.
  if (dialectOf(db) === 'postgres') {
    await sql`create function aml_case_events_append_only() returns trigger language plpgsql as $$
      begin raise exception 'aml_case_events is append-only'; end $$`.execute(db)
    await sql`create trigger aml_case_events_append_only before update or delete on aml_case_events
      for each row execute function aml_case_events_append_only()`.execute(db)
  } else {
    for (const op of ['update', 'delete'])
      await sql
        .raw(
          `create trigger aml_case_events_no_${op} before ${op} on aml_case_events begin select raise(abort, 'aml_case_events is append-only'); end`,
        )
        .execute(db)
  }
}
