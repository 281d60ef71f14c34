/**
 * Batches and their rows in the AML store (migrations/0202_aml_batches.ts), SQLite or PostgreSQL.
 * A batch is taken by one process at a time through a lease; every chunk of rows is written with
 * its audit records in one transaction, and only while the writer still holds the lease, so a row
 * is screened and recorded exactly once even when a batch changes hands.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../../../kit/db.ts'

type BatchStatus = 'queued' | 'running' | 'completed' | 'failed'

interface Tables {
  aml_batches: {
    batch_id: string
    created_at: string
    created_by: string
    source: string
    file_name: string | null
    status: string
    total: number
    done: number
    ignored_columns: string | null
    error: string | null
    started_at: string | null
    finished_at: string | null
    lease_owner: string | null
    lease_until: string | null
  }
  aml_batch_rows: {
    batch_id: string
    idx: number
    line: number | null
    reference: string | null
    input: string
    screening_id: string | null
    level: string | null
    score: number | null
    completeness: number | null
    review_required: boolean | number | null
    hits: string | null
  }
  aml_screenings: {
    screening_id: string
    created_at: string
    subject_type: string
    risk_level: string
    input: string
    list_versions: string
    result: string
  }
}

export interface Batch {
  batch_id: string
  created_at: string
  created_by: string
  source: string
  file_name: string | null
  status: BatchStatus
  total: number
  done: number
  ignored_columns: string[]
  error: string | null
  started_at: string | null
  finished_at: string | null
}

/** A row to store with a new batch: the subject as sent (without the reference) and its reference. */
export interface NewRow {
  reference?: string | undefined
  input: Record<string, unknown>
  /** The CSV line the record started on. */
  line?: number | undefined
}

export interface PendingRow {
  idx: number
  line: number | null
  reference: string | null
  input: Record<string, unknown>
}

/** A sanctions hit in short, as rows and monitored subjects keep it. */
export interface ShortHit {
  list: string
  list_id: string
  matched_name: string
  score: number
}

export interface DoneRow extends PendingRow {
  screening_id: string
  level: string
  score: number
  completeness: number
  review_required: boolean
  hits: ShortHit[]
  /** The audit record (aml_screenings), written in the same transaction. */
  audit: {
    created_at: string
    subject_type: string
    input: unknown
    list_versions: unknown
    /** The screening result, serialised. */
    result: string
  }
}

export interface RowView {
  index: number
  line: number | null
  reference: string | null
  input: Record<string, unknown>
  screening_id: string | null
  level: string | null
  score: number | null
  completeness: number | null
  review_required: boolean | null
  hits: ShortHit[] | null
}

/** The writer no longer holds the batch's lease: another process took it over. */
export class LeaseLost extends Error {
  constructor(batchId: string) {
    super(`batch ${batchId}: the lease was taken over by another process`)
    this.name = 'LeaseLost'
  }
}

/** Rows per INSERT statement (11 parameters each: under SQLite's and PostgreSQL's limits). */
const INSERT_ROWS = 500

export class BatchStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  /**
   * Stores a batch with all its rows in one transaction: queued, or already running under `lease`
   * (the CLI screens the batch it creates itself).
   */
  async create(b: {
    batchId: string
    createdAt: string
    createdBy: string
    source: string
    fileName?: string | undefined
    ignoredColumns?: string[]
    rows: NewRow[]
    lease?: { owner: string; until: string }
  }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('aml_batches')
        .values({
          batch_id: b.batchId,
          created_at: b.createdAt,
          created_by: b.createdBy,
          source: b.source,
          file_name: b.fileName ?? null,
          status: b.lease ? 'running' : 'queued',
          total: b.rows.length,
          done: 0,
          ignored_columns:
            b.ignoredColumns && b.ignoredColumns.length > 0 ? JSON.stringify(b.ignoredColumns) : null,
          error: null,
          started_at: b.lease ? b.createdAt : null,
          finished_at: null,
          lease_owner: b.lease?.owner ?? null,
          lease_until: b.lease?.until ?? null,
        })
        .execute()
      for (let i = 0; i < b.rows.length; i += INSERT_ROWS) {
        await tx
          .insertInto('aml_batch_rows')
          .values(
            b.rows.slice(i, i + INSERT_ROWS).map((r, k) => ({
              batch_id: b.batchId,
              idx: i + k,
              line: r.line ?? null,
              reference: r.reference ?? null,
              input: JSON.stringify(r.input),
              screening_id: null,
              level: null,
              score: null,
              completeness: null,
              review_required: null,
              hits: null,
            })),
          )
          .execute()
      }
    })
  }

  /** Batches queued or running that this key submitted. */
  async activeCount(createdBy: string): Promise<number> {
    const row = await this.db
      .selectFrom('aml_batches')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .where('created_by', '=', createdBy)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Takes the oldest batch that is queued or whose lease ran out (its process stopped), or the
   * given one; answers it when taken, undefined when there is none (or another process holds it).
   */
  async claim(owner: string, now: Date, leaseMs: number, batchId?: string): Promise<Batch | undefined> {
    const at = now.toISOString()
    const until = new Date(now.getTime() + leaseMs).toISOString()
    const candidates = batchId
      ? [batchId]
      : (
          await this.db
            .selectFrom('aml_batches')
            .select('batch_id')
            .where('status', 'in', ['queued', 'running'])
            .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
            .orderBy('created_at')
            .limit(5)
            .execute()
        ).map((r) => r.batch_id)
    for (const id of candidates) {
      const taken = await this.db
        .updateTable('aml_batches')
        .set((eb) => ({
          status: 'running',
          lease_owner: owner,
          lease_until: until,
          started_at: eb.fn.coalesce('started_at', eb.val(at)),
        }))
        .where('batch_id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .where((eb) =>
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at), eb('lease_owner', '=', owner)]),
        )
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) return this.get(id)
    }
    return undefined
  }

  /** Extends the lease; false when the process no longer holds it. */
  async renew(batchId: string, owner: string, until: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('aml_batches')
      .set({ lease_until: until.toISOString() })
      .where('batch_id', '=', batchId)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  /** Gives the batch back (a process stopping): any process may take it over at once. */
  async release(batchId: string, owner: string): Promise<void> {
    await this.db
      .updateTable('aml_batches')
      .set({ lease_owner: null, lease_until: null })
      .where('batch_id', '=', batchId)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** The next rows not yet screened, in order. */
  async pending(batchId: string, limit: number): Promise<PendingRow[]> {
    const rows = await this.db
      .selectFrom('aml_batch_rows')
      .select(['idx', 'line', 'reference', 'input'])
      .where('batch_id', '=', batchId)
      .where('level', 'is', null)
      .orderBy('idx')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      idx: r.idx,
      line: r.line,
      reference: r.reference,
      input: JSON.parse(r.input) as Record<string, unknown>,
    }))
  }

  /**
   * Writes a screened chunk in one transaction: the audit records, the rows' results and the
   * batch's progress; refused (LeaseLost, nothing written) when `owner` no longer holds the batch.
   */
  async saveChunk(batchId: string, owner: string, done: DoneRow[], leaseUntil: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const progressed = await tx
        .updateTable('aml_batches')
        .set((eb) => ({ done: eb('done', '+', done.length), lease_until: leaseUntil.toISOString() }))
        .where('batch_id', '=', batchId)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst()
      if (Number(progressed.numUpdatedRows) !== 1) throw new LeaseLost(batchId)
      await insertScreenings(
        tx,
        done.map((d) => ({
          screening_id: d.screening_id,
          created_at: d.audit.created_at,
          subject_type: d.audit.subject_type,
          risk_level: d.level,
          input: JSON.stringify(d.audit.input),
          list_versions: JSON.stringify(d.audit.list_versions),
          result: d.audit.result,
        })),
      )
      // One upsert per 500 rows (the rows exist: their results replace the empty columns).
      for (let i = 0; i < done.length; i += INSERT_ROWS) {
        await tx
          .insertInto('aml_batch_rows')
          .values(
            done.slice(i, i + INSERT_ROWS).map((d) => ({
              batch_id: batchId,
              idx: d.idx,
              line: d.line,
              reference: d.reference,
              input: JSON.stringify(d.input),
              screening_id: d.screening_id,
              level: d.level,
              score: d.score,
              completeness: d.completeness,
              review_required: d.review_required,
              hits: JSON.stringify(d.hits),
            })),
          )
          .onConflict((oc) =>
            oc.columns(['batch_id', 'idx']).doUpdateSet((eb) => ({
              screening_id: eb.ref('excluded.screening_id'),
              level: eb.ref('excluded.level'),
              score: eb.ref('excluded.score'),
              completeness: eb.ref('excluded.completeness'),
              review_required: eb.ref('excluded.review_required'),
              hits: eb.ref('excluded.hits'),
            })),
          )
          .execute()
      }
    })
  }

  async finish(
    batchId: string,
    owner: string,
    status: 'completed' | 'failed',
    error?: string,
  ): Promise<void> {
    await this.db
      .updateTable('aml_batches')
      .set({
        status,
        error: error ?? null,
        finished_at: new Date().toISOString(),
        lease_owner: null,
        lease_until: null,
      })
      .where('batch_id', '=', batchId)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async get(batchId: string): Promise<Batch | undefined> {
    const r = await this.db
      .selectFrom('aml_batches')
      .selectAll()
      .where('batch_id', '=', batchId)
      .executeTakeFirst()
    if (!r) return undefined
    return {
      batch_id: r.batch_id,
      created_at: r.created_at,
      created_by: r.created_by,
      source: r.source,
      file_name: r.file_name,
      status: r.status as BatchStatus,
      total: r.total,
      done: r.done,
      ignored_columns: r.ignored_columns ? (JSON.parse(r.ignored_columns) as string[]) : [],
      error: r.error,
      started_at: r.started_at,
      finished_at: r.finished_at,
    }
  }

  /** Screened rows per risk level, and how many had a sanctions hit. */
  async summary(batchId: string): Promise<{ levels: Record<string, number>; withHits: number }> {
    const rows = await this.db
      .selectFrom('aml_batch_rows')
      .select(['level', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('batch_id', '=', batchId)
      .where('level', 'is not', null)
      .groupBy('level')
      .execute()
    const levels: Record<string, number> = {}
    for (const r of rows) levels[r.level!] = Number(r.n)
    const hits = await this.db
      .selectFrom('aml_batch_rows')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('batch_id', '=', batchId)
      .where('hits', 'is not', null)
      .where('hits', '!=', '[]')
      .executeTakeFirstOrThrow()
    return { levels, withHits: Number(hits.n) }
  }

  /**
   * A page of rows in order: screened ones (with `level`, only that level; with `hitsOnly`, only
   * rows with a sanctions hit) or, with `pending`, every row whether screened or not.
   */
  async rows(
    batchId: string,
    opts: { offset: number; limit: number; level?: string; hitsOnly?: boolean; all?: boolean },
  ): Promise<{ total: number; rows: RowView[] }> {
    let q = this.db.selectFrom('aml_batch_rows').where('batch_id', '=', batchId)
    if (opts.level) q = q.where('level', '=', opts.level)
    else if (!opts.all) q = q.where('level', 'is not', null)
    if (opts.hitsOnly) q = q.where('hits', 'is not', null).where('hits', '!=', '[]')
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    const rows = await q.selectAll().orderBy('idx').offset(opts.offset).limit(opts.limit).execute()
    return {
      total: Number(total.n),
      rows: rows.map(rowView),
    }
  }

  /** Every row of a batch, in order, read in pages by position (the CLI's report, enrolment). */
  async *allRows(batchId: string, page = 2000): AsyncGenerator<RowView> {
    for (let from = 0; ; ) {
      const rows = await this.db
        .selectFrom('aml_batch_rows')
        .selectAll()
        .where('batch_id', '=', batchId)
        .where('idx', '>=', from)
        .orderBy('idx')
        .limit(page)
        .execute()
      for (const r of rows) yield rowView(r)
      if (rows.length < page) return
      from = rows[rows.length - 1]!.idx + 1
    }
  }

  /** Every row of a batch with its full screening result (from the audit trail), in order. */
  async *results(batchId: string, page = 1000): AsyncGenerator<RowView & { result: unknown }> {
    for (let from = 0; ; ) {
      const rows = await this.db
        .selectFrom('aml_batch_rows as r')
        .leftJoin('aml_screenings as s', 's.screening_id', 'r.screening_id')
        .selectAll('r')
        .select('s.result')
        .where('r.batch_id', '=', batchId)
        .where('r.idx', '>=', from)
        .orderBy('r.idx')
        .limit(page)
        .execute()
      for (const r of rows) yield { ...rowView(r), result: r.result ? JSON.parse(r.result) : null }
      if (rows.length < page) return
      from = rows[rows.length - 1]!.idx + 1
    }
  }
}

function rowView(r: Tables['aml_batch_rows']): RowView {
  return {
    index: r.idx,
    line: r.line,
    reference: r.reference,
    input: JSON.parse(r.input) as Record<string, unknown>,
    screening_id: r.screening_id,
    level: r.level,
    score: r.score,
    completeness: r.completeness,
    review_required: r.review_required === null ? null : Boolean(r.review_required),
    hits: r.hits ? (JSON.parse(r.hits) as ShortHit[]) : null,
  }
}

async function insertScreenings(tx: Transaction<Tables>, rows: Tables['aml_screenings'][]): Promise<void> {
  // 7 parameters a row: 500 rows stay well under every limit.
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await tx
      .insertInto('aml_screenings')
      .values(rows.slice(i, i + INSERT_ROWS))
      .execute()
  }
}
