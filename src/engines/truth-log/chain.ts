/**
 * The truth log: what workers did, append-only and tamper-evident. Each entry carries the SHA-256
 * of the previous entry (`prev_hash`) and its own hash over its fields and that link, so changing,
 * removing or reordering any entry breaks every link after it, and `verify` names the first
 * broken entry. (Cutting entries off the end leaves a valid, shorter chain: compare the head hash
 * with one you published to detect that.)
 *
 * Appends are serialized: in process by a promise chain, across instances by the primary key on
 * `seq` (an appender that lost the race for a place retries on the new head).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../kit/db.ts'

export const GENESIS_HASH = '0'.repeat(64)

interface TruthLogRow {
  seq: number | string
  id: string
  worker: string
  task: string
  content: string
  status: string
  auto_job_id: string | null
  created_at: number | string
  prev_hash: string
  hash: string
}

interface Tables {
  router_truth_log: TruthLogRow
}

export interface TruthLogEntry {
  seq: number
  id: string
  worker: string
  task: string
  content: string
  status: string
  job_id: string | null
  created_at: string
  prev_hash: string
  hash: string
}

export interface AppendInput {
  worker: string
  task: string
  content: string
  status: string
  /** Set when the entry records a finished job's outcome (at most one such entry per job). */
  autoJobId?: string
}

/** The hash of an entry: SHA-256 over its fields in a fixed order, as a JSON array (no ambiguity). */
function entryHash(e: {
  seq: number
  id: string
  worker: string
  task: string
  content: string
  status: string
  auto_job_id: string | null
  created_at: number
  prev_hash: string
}): string {
  const canonical = JSON.stringify([
    e.seq,
    e.id,
    e.created_at,
    e.worker,
    e.task,
    e.content,
    e.status,
    e.auto_job_id,
    e.prev_hash,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

export interface VerifyResult {
  ok: boolean
  entries: number
  head_hash: string
  /** The first entry that does not verify, and why. */
  broken?: { seq: number; id: string | null; reason: string }
}

export class TruthLog {
  private readonly db: Kysely<Tables>
  private readonly now: () => number
  private tail: Promise<unknown> = Promise.resolve()

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  /** Appends one entry after the current head. */
  append(input: AppendInput): Promise<TruthLogEntry> {
    const run = this.tail.then(() => this.appendNow(input))
    this.tail = run.catch(() => undefined)
    return run
  }

  private async appendNow(input: AppendInput): Promise<TruthLogEntry> {
    for (let attempt = 0; ; attempt++) {
      const head = await this.db
        .selectFrom('router_truth_log')
        .select(['seq', 'hash'])
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst()
      const row = {
        seq: head ? Number(head.seq) + 1 : 1,
        id: randomUUID(),
        worker: input.worker,
        task: input.task,
        content: input.content,
        status: input.status,
        auto_job_id: input.autoJobId ?? null,
        created_at: this.now(),
        prev_hash: head?.hash ?? GENESIS_HASH,
      }
      const full: TruthLogRow = { ...row, hash: entryHash(row) }
      try {
        await this.db.insertInto('router_truth_log').values(full).execute()
        return toEntry(full)
      } catch (error) {
        if (input.autoJobId !== undefined) {
          const existing = await this.byJob(input.autoJobId)
          if (existing) return existing
        }
        // Another instance took this place in the chain: retry on the new head.
        if (attempt < 50 && isConflict(error)) continue
        throw error
      }
    }
  }

  async byJob(jobId: string): Promise<TruthLogEntry | undefined> {
    const row = await this.db
      .selectFrom('router_truth_log')
      .selectAll()
      .where('auto_job_id', '=', jobId)
      .executeTakeFirst()
    return row ? toEntry(row) : undefined
  }

  async list(opts: {
    limit: number
    offset: number
    worker?: string | undefined
    task?: string | undefined
  }) {
    let q = this.db.selectFrom('router_truth_log')
    if (opts.worker) q = q.where('worker', '=', opts.worker)
    if (opts.task) q = q.where('task', '=', opts.task)
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('seq', 'desc').limit(opts.limit).offset(opts.offset).execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { items: rows.map(toEntry), total: Number(count.n), limit: opts.limit, offset: opts.offset }
  }

  /**
   * Walks the chain from the first entry, a page at a time: sequence numbers must run 1, 2, 3 …
   * without gaps, each `prev_hash` must equal the previous entry's hash and each hash must match
   * the entry's fields. `progress` is called with the number checked so far.
   */
  async verify(progress?: (checked: number, total: number) => void): Promise<VerifyResult> {
    const total = Number(
      (
        await this.db
          .selectFrom('router_truth_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const PAGE = 2000
    let expectedSeq = 1
    let prev = GENESIS_HASH
    let checked = 0
    for (;;) {
      const rows = await this.db
        .selectFrom('router_truth_log')
        .selectAll()
        .where('seq', '>=', expectedSeq)
        .orderBy('seq', 'asc')
        .limit(PAGE)
        .execute()
      if (rows.length === 0) break
      for (const row of rows) {
        const seq = Number(row.seq)
        const broken = (reason: string): VerifyResult => ({
          ok: false,
          entries: total,
          head_hash: prev,
          broken: { seq, id: row.id, reason },
        })
        if (seq !== expectedSeq) {
          return {
            ok: false,
            entries: total,
            head_hash: prev,
            broken: {
              seq: expectedSeq,
              id: null,
              reason: `entry ${expectedSeq} is missing (next is ${seq})`,
            },
          }
        }
        if (row.prev_hash !== prev) return broken('prev_hash does not match the previous entry’s hash')
        const recomputed = entryHash({ ...row, seq, created_at: Number(row.created_at) })
        if (recomputed !== row.hash) return broken('hash does not match the entry’s content')
        prev = row.hash
        expectedSeq++
        checked++
      }
      progress?.(checked, total)
    }
    if (checked !== total) {
      return {
        ok: false,
        entries: total,
        head_hash: prev,
        broken: {
          seq: expectedSeq,
          id: null,
          reason: `entries below 1 or out of sequence (${total - checked})`,
        },
      }
    }
    return { ok: true, entries: total, head_hash: prev }
  }
}

function toEntry(row: TruthLogRow): TruthLogEntry {
  return {
    seq: Number(row.seq),
    id: row.id,
    worker: row.worker,
    task: row.task,
    content: row.content,
    status: row.status,
    job_id: row.auto_job_id,
    created_at: new Date(Number(row.created_at)).toISOString(),
    prev_hash: row.prev_hash,
    hash: row.hash,
  }
}

function isConflict(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string }
  return (
    e.code === '23505' ||
    e.errcode === 1555 ||
    e.errcode === 2067 ||
    /UNIQUE constraint failed|PRIMARY KEY/i.test(e.message ?? '') ||
    /database is locked/i.test(e.message ?? '')
  )
}
