/**
 * Variable symbols (variabilní symbol: up to ten digits, no leading zero, the reference a Czech
 * transfer carries) from named series in the domain database (migration 0502). A number is never
 * issued twice: one INSERT … ON CONFLICT DO UPDATE … RETURNING takes it, atomically in PostgreSQL
 * (row lock) and in SQLite (one writer at a time, across processes), so instances and processes
 * sharing the database cannot collide. A number whose caller never used it leaves a gap, as a
 * sequence does.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../../../kit/db.ts'
import { AppError } from '../../../../kit/errors.ts'

interface Tables {
  domain_vs_series: { series: string; last_issued: number; updated_at: string }
}

/** The largest variable symbol: ten digits. */
export const MAX_VS = 9_999_999_999

export class VariableSymbolStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  /** The next number of `series` (the first of a series is 1); a 409 once ten digits run out. */
  async next(series: string, now = new Date()): Promise<number> {
    const row = await this.db
      .insertInto('domain_vs_series')
      .values({ series, last_issued: 1, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc
          .column('series')
          .doUpdateSet({
            last_issued: sql<number>`domain_vs_series.last_issued + 1`,
            updated_at: now.toISOString(),
          })
          .where('domain_vs_series.last_issued', '<', MAX_VS),
      )
      .returning('last_issued')
      .executeTakeFirst()
    if (row === undefined) {
      throw new AppError('conflict', `series ${series} has issued all ${MAX_VS} variable symbols`, {
        field: 'series',
        rule: 'at most 9,999,999,999 numbers per series',
      })
    }
    return Number(row.last_issued)
  }

  /** The last number of each series issued so far, for the operator. */
  async series(): Promise<{ series: string; last_issued: number; updated_at: string }[]> {
    const rows = await this.db.selectFrom('domain_vs_series').selectAll().orderBy('series').execute()
    return rows.map((r) => ({ ...r, last_issued: Number(r.last_issued) }))
  }
}
