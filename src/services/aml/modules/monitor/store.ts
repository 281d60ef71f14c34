/**
 * Monitored subjects, their alerts and the monitoring lock in the AML store
 * (migrations/0203_aml_monitoring.ts), SQLite or PostgreSQL. A re-screened chunk — the subjects'
 * new hits and the alerts they raised — is written in one transaction, only while the writer holds
 * the lock, and only over subjects still screened against the versions it started from, as the
 * subjects they were when it read them.
 *
 * Enrolments and re-screened chunks take turns (`writeTransaction`, lock `aml_monitored`): what an
 * enrolment read is still there when it writes, whatever another service on the same SQLite file
 * or another instance does meanwhile, so enrolling is never refused for a concurrent writer.
 */
import { type Kysely, sql } from 'kysely'
import { type Database, writeTransaction } from '../../../../kit/db.ts'
import type { ShortHit } from '../batch/store.ts'

interface Tables {
  aml_monitored: {
    reference: string
    subject: string
    subject_type: string
    enrolled_at: string
    enrolled_by: string
    batch_id: string | null
    hits: string | null
    versions_key: string | null
    screened_at: string | null
  }
  aml_monitor_alerts: {
    alert_id: string
    created_at: string
    reference: string
    kind: string
    cause: string
    list: string
    list_id: string
    run_key: string
    body: string
    acknowledged_at: string | null
    acknowledged_by: string | null
    ack_reason: string | null
    webhook_status: string
    webhook_attempts: number
    webhook_error: string | null
  }
  aml_monitor_lock: { id: number; owner: string | null; until: string | null }
}

export interface Enrolment {
  reference: string
  subject: Record<string, unknown>
  subjectType: 'person' | 'company'
  batchId?: string | undefined
}

export interface Monitored {
  reference: string
  subject: Record<string, unknown>
  subject_type: string
  enrolled_at: string
  enrolled_by: string
  batch_id: string | null
  hits: ShortHit[] | null
  versions_key: string | null
  screened_at: string | null
}

export type AlertKind = 'new_hit' | 'changed_hit' | 'removed_hit'
export type AlertCause = 'listed' | 'entry_changed' | 'delisted' | 'rescored'

export interface NewAlert {
  reference: string
  kind: AlertKind
  cause: AlertCause
  list: string
  list_id: string
  /** Everything else the alert says (subject, names, scores, changes, entry, versions). */
  body: Record<string, unknown>
}

export interface Alert extends Omit<NewAlert, 'body'> {
  alert_id: string
  created_at: string
  body: Record<string, unknown>
  acknowledged: { at: string; by: string; reason: string } | null
  webhook: { status: string; attempts: number; error: string | null }
}

export interface Rescreened {
  reference: string
  /** The subject as it was read and screened; one re-enrolled meanwhile is not written over. */
  subject: Record<string, unknown>
  hits: ShortHit[]
}

/** The advisory lock every writer of monitored subjects takes (see `writeTransaction`). */
const WRITERS = 'aml_monitored'

/** The writer no longer holds the monitoring lock: another process took it over. */
export class LockLost extends Error {
  constructor() {
    super('the monitoring lock was taken over by another process')
    this.name = 'LockLost'
  }
}

const CHUNK = 500

function monitored(r: Tables['aml_monitored']): Monitored {
  return {
    reference: r.reference,
    subject: JSON.parse(r.subject) as Record<string, unknown>,
    subject_type: r.subject_type,
    enrolled_at: r.enrolled_at,
    enrolled_by: r.enrolled_by,
    batch_id: r.batch_id,
    hits: r.hits ? (JSON.parse(r.hits) as ShortHit[]) : null,
    versions_key: r.versions_key,
    screened_at: r.screened_at,
  }
}

function alert(r: Tables['aml_monitor_alerts']): Alert {
  return {
    alert_id: r.alert_id,
    created_at: r.created_at,
    reference: r.reference,
    kind: r.kind as AlertKind,
    cause: r.cause as AlertCause,
    list: r.list,
    list_id: r.list_id,
    body: JSON.parse(r.body) as Record<string, unknown>,
    acknowledged: r.acknowledged_at
      ? { at: r.acknowledged_at, by: r.acknowledged_by ?? '', reason: r.ack_reason ?? '' }
      : null,
    webhook: { status: r.webhook_status, attempts: r.webhook_attempts, error: r.webhook_error },
  }
}

export class MonitorStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  /**
   * Enrols subjects under their references in one transaction: a new reference is enrolled, one
   * already enrolled with the same subject is left as it is, one with another subject takes the
   * new subject and is screened afresh (its baseline: no alerts). Idempotent: enrolling the same
   * subjects again, or from two callers at once, enrols each once.
   */
  async enrol(
    rows: Enrolment[],
    by: string,
    at: Date,
  ): Promise<{ enrolled: number; updated: number; unchanged: number }> {
    const counts = { enrolled: 0, updated: 0, unchanged: 0 }
    await writeTransaction(this.db, WRITERS, async (tx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK)
        const existing = new Map(
          (
            await tx
              .selectFrom('aml_monitored')
              .select(['reference', 'subject'])
              .where(
                'reference',
                'in',
                chunk.map((r) => r.reference),
              )
              .execute()
          ).map((r) => [r.reference, r.subject]),
        )
        const fresh: Tables['aml_monitored'][] = []
        for (const r of chunk) {
          const subject = JSON.stringify(r.subject)
          const before = existing.get(r.reference)
          if (before === subject) {
            counts.unchanged++
            continue
          }
          if (before !== undefined) {
            counts.updated++
            await tx
              .updateTable('aml_monitored')
              .set({
                subject,
                subject_type: r.subjectType,
                enrolled_by: by,
                batch_id: r.batchId ?? null,
                hits: null,
                versions_key: null,
                screened_at: null,
              })
              .where('reference', '=', r.reference)
              .execute()
            continue
          }
          counts.enrolled++
          existing.set(r.reference, subject)
          fresh.push({
            reference: r.reference,
            subject,
            subject_type: r.subjectType,
            enrolled_at: at.toISOString(),
            enrolled_by: by,
            batch_id: r.batchId ?? null,
            hits: null,
            versions_key: null,
            screened_at: null,
          })
        }
        if (fresh.length > 0) await tx.insertInto('aml_monitored').values(fresh).execute()
      }
    })
    return counts
  }

  async remove(reference: string): Promise<boolean> {
    const r = await this.db.deleteFrom('aml_monitored').where('reference', '=', reference).executeTakeFirst()
    return Number(r.numDeletedRows) === 1
  }

  async get(reference: string): Promise<Monitored | undefined> {
    const r = await this.db
      .selectFrom('aml_monitored')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst()
    return r ? monitored(r) : undefined
  }

  async list(opts: { offset: number; limit: number; reference?: string }): Promise<{
    total: number
    pendingBaseline: number
    items: Monitored[]
  }> {
    let q = this.db.selectFrom('aml_monitored')
    if (opts.reference) q = q.where('reference', '=', opts.reference)
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    const pending = await this.db
      .selectFrom('aml_monitored')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('versions_key', 'is', null)
      .executeTakeFirstOrThrow()
    const rows = await q.selectAll().orderBy('reference').offset(opts.offset).limit(opts.limit).execute()
    return { total: Number(total.n), pendingBaseline: Number(pending.n), items: rows.map(monitored) }
  }

  /** Subjects screened against `key` (null: not screened yet), after `after`, in reference order. */
  async withKey(key: string | null, after: string | undefined, limit: number): Promise<Monitored[]> {
    let q = this.db
      .selectFrom('aml_monitored')
      .selectAll()
      .where('versions_key', key === null ? 'is' : '=', key)
    if (after !== undefined) q = q.where('reference', '>', after)
    return (await q.orderBy('reference').limit(limit).execute()).map(monitored)
  }

  /** The version sets subjects were last screened against, other than `key`, with how many each. */
  async otherKeys(key: string): Promise<{ key: string; subjects: number }[]> {
    const rows = await this.db
      .selectFrom('aml_monitored')
      .select(['versions_key', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('versions_key', 'is not', null)
      .where('versions_key', '!=', key)
      .groupBy('versions_key')
      .execute()
    return rows.map((r) => ({ key: r.versions_key!, subjects: Number(r.n) }))
  }

  async pendingBaselines(): Promise<number> {
    const r = await this.db
      .selectFrom('aml_monitored')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('versions_key', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }

  /**
   * Writes a re-screened chunk in one transaction: the subjects' hits and their new `versionsKey`
   * (only those still screened against `fromKey` and still the subject screened: a subject
   * re-enrolled meanwhile keeps its fresh state), and the alerts (an alert the same re-screening already raised is not raised twice).
   * Refused (LockLost, nothing written) when `owner` no longer holds the lock.
   */
  async saveScreened(
    owner: string,
    lockUntil: Date,
    fromKey: string | null,
    versionsKey: string,
    at: Date,
    screened: Rescreened[],
    alerts: (NewAlert & { alert_id: string; webhook_status: string })[],
  ): Promise<void> {
    await writeTransaction(this.db, WRITERS, async (tx) => {
      const held = await tx
        .updateTable('aml_monitor_lock')
        .set({ until: lockUntil.toISOString() })
        .where('id', '=', 1)
        .where('owner', '=', owner)
        .executeTakeFirst()
      if (Number(held.numUpdatedRows) !== 1) throw new LockLost()
      for (let i = 0; i < screened.length; i += CHUNK) {
        const chunk = screened.slice(i, i + CHUNK)
        const hits = sql<string>`case reference ${sql.join(
          chunk.map((s) => sql`when ${s.reference} then ${JSON.stringify(s.hits)}`),
          sql` `,
        )} end`
        const screenedAs = sql<string>`case reference ${sql.join(
          chunk.map((s) => sql`when ${s.reference} then ${JSON.stringify(s.subject)}`),
          sql` `,
        )} end`
        await tx
          .updateTable('aml_monitored')
          .set({ hits, versions_key: versionsKey, screened_at: at.toISOString() })
          .where(
            'reference',
            'in',
            chunk.map((s) => s.reference),
          )
          .where('versions_key', fromKey === null ? 'is' : '=', fromKey)
          .where('subject', '=', screenedAs)
          .execute()
      }
      for (let i = 0; i < alerts.length; i += CHUNK) {
        await tx
          .insertInto('aml_monitor_alerts')
          .values(
            alerts.slice(i, i + CHUNK).map((a) => ({
              alert_id: a.alert_id,
              created_at: at.toISOString(),
              reference: a.reference,
              kind: a.kind,
              cause: a.cause,
              list: a.list,
              list_id: a.list_id,
              run_key: versionsKey,
              body: JSON.stringify(a.body),
              acknowledged_at: null,
              acknowledged_by: null,
              ack_reason: null,
              webhook_status: a.webhook_status,
              webhook_attempts: 0,
              webhook_error: null,
            })),
          )
          .onConflict((oc) => oc.columns(['reference', 'run_key', 'list', 'list_id', 'kind']).doNothing())
          .execute()
      }
    })
  }

  async alerts(opts: {
    offset: number
    limit: number
    status: 'open' | 'acknowledged' | 'all'
    reference?: string
    kind?: string
  }): Promise<{ total: number; items: Alert[] }> {
    let q = this.db.selectFrom('aml_monitor_alerts')
    if (opts.status === 'open') q = q.where('acknowledged_at', 'is', null)
    if (opts.status === 'acknowledged') q = q.where('acknowledged_at', 'is not', null)
    if (opts.reference) q = q.where('reference', '=', opts.reference)
    if (opts.kind) q = q.where('kind', '=', opts.kind)
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('alert_id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute()
    return { total: Number(total.n), items: rows.map(alert) }
  }

  async alert(alertId: string): Promise<Alert | undefined> {
    const r = await this.db
      .selectFrom('aml_monitor_alerts')
      .selectAll()
      .where('alert_id', '=', alertId)
      .executeTakeFirst()
    return r ? alert(r) : undefined
  }

  /** Acknowledges an open alert; false when it was already acknowledged. */
  async acknowledge(alertId: string, by: string, reason: string, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('aml_monitor_alerts')
      .set({ acknowledged_at: at.toISOString(), acknowledged_by: by, ack_reason: reason })
      .where('alert_id', '=', alertId)
      .where('acknowledged_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  /** Alerts whose webhook delivery is due, oldest first. */
  async undelivered(limit: number): Promise<Alert[]> {
    const rows = await this.db
      .selectFrom('aml_monitor_alerts')
      .selectAll()
      .where('webhook_status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('alert_id')
      .limit(limit)
      .execute()
    return rows.map(alert)
  }

  async delivered(alertId: string): Promise<void> {
    await this.db
      .updateTable('aml_monitor_alerts')
      .set((eb) => ({
        webhook_status: 'delivered',
        webhook_attempts: eb('webhook_attempts', '+', 1),
        webhook_error: null,
      }))
      .where('alert_id', '=', alertId)
      .execute()
  }

  /** A failed attempt; after `maxAttempts` the alert is no longer sent (status failed). */
  async notDelivered(alertId: string, error: string, maxAttempts: number): Promise<void> {
    await this.db
      .updateTable('aml_monitor_alerts')
      .set((eb) => ({
        webhook_attempts: eb('webhook_attempts', '+', 1),
        webhook_error: error.slice(0, 500),
        webhook_status: eb
          .case()
          .when('webhook_attempts', '>=', maxAttempts - 1)
          .then('failed')
          .else('pending')
          .end(),
      }))
      .where('alert_id', '=', alertId)
      .execute()
  }

  /** Takes the monitoring lock (free, expired, or already this owner's); false when another holds it. */
  async lock(owner: string, now: Date, until: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('aml_monitor_lock')
      .set({ owner, until: until.toISOString() })
      .where('id', '=', 1)
      .where((eb) =>
        eb.or([eb('owner', 'is', null), eb('until', '<', now.toISOString()), eb('owner', '=', owner)]),
      )
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  async lockHolder(): Promise<{ owner: string | null; until: string | null }> {
    const r = await this.db
      .selectFrom('aml_monitor_lock')
      .select(['owner', 'until'])
      .where('id', '=', 1)
      .executeTakeFirst()
    return { owner: r?.owner ?? null, until: r?.until ?? null }
  }

  async unlock(owner: string): Promise<void> {
    await this.db
      .updateTable('aml_monitor_lock')
      .set({ owner: null, until: null })
      .where('id', '=', 1)
      .where('owner', '=', owner)
      .execute()
  }
}
