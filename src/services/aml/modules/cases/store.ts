/**
 * Cases, their hits, their trail and the remembered false positives in the AML store
 * (migrations/0204_aml_cases.ts), SQLite or PostgreSQL; their rows and how a case is read from
 * them are in records.ts.
 *
 * A case changes only through `change`: in one transaction it reads the case, lets the caller
 * decide what the action does (cases.ts), and writes the case over the version it read, the hits,
 * the trail rows and any remembered false positive. Two instances or two officers acting on the
 * same case at once: the second write finds another version and is refused (CaseChanged), so no
 * decision is lost and a four-eyes approval is checked against the state it approves. Writers that
 * read first take turns (`writeTransaction`): another service writing the same SQLite file between
 * the read and the write does not make the action fail.
 */
import { type Kysely, sql } from 'kysely'
import type { EntityFingerprint } from '../../../../engines/aml/index.ts'
import { type Database, writeTransaction } from '../../../../kit/db.ts'
import { searchText } from '../../store.ts'
import {
  type Case,
  type CaseChange,
  CaseChanged,
  type CaseFilter,
  type CaseSummary,
  LEVEL_RANK,
  type NewCase,
  type Remembered,
  readCase,
  summary,
  type Tables,
} from './records.ts'

/** The advisory lock of the writers that read cases first (see `writeTransaction`). */
const WRITERS = 'aml_cases'

export class CaseStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  private async insert(t: Kysely<Tables>, cases: NewCase[]): Promise<void> {
    for (const c of cases) {
      const level = c.hits.reduce((a, h) => (LEVEL_RANK[h.level]! > LEVEL_RANK[a]! ? h.level : a), 'MEDIUM')
      await t
        .insertInto('aml_cases')
        .values({
          case_id: c.case_id,
          created_at: c.created_at,
          updated_at: c.created_at,
          source: c.source,
          screening_id: c.screening_id ?? null,
          alert_id: c.alert_id ?? null,
          reference: c.reference ?? null,
          subject: JSON.stringify(c.subject),
          subject_label: c.subject_label,
          subject_key: c.subject_key,
          level,
          level_rank: LEVEL_RANK[level]!,
          status: 'open',
          outcome: null,
          assignee: null,
          pending: null,
          closed: null,
          version: 1,
        })
        .execute()
      await t
        .insertInto('aml_case_hits')
        .values(
          c.hits.map((h, i) => ({
            case_id: c.case_id,
            hit_no: i + 1,
            module: h.module,
            level: h.level,
            level_reason: h.level_reason,
            score: h.score,
            matched_name: h.matched_name,
            entity: JSON.stringify(h.entity),
            listings: JSON.stringify(h.listings),
            changed_since_cleared: h.changed_since_cleared ? JSON.stringify(h.changed_since_cleared) : null,
            decision: null,
            decision_comment: null,
            decided_by: null,
            decided_at: null,
            ever_confirmed: 0,
          })),
        )
        .execute()
      await t
        .insertInto('aml_case_events')
        .values({
          case_id: c.case_id,
          seq: 1,
          at: c.created_at,
          actor: c.actor,
          action: 'opened',
          hit_no: null,
          comment: null,
          detail: JSON.stringify(c.opened),
        })
        .execute()
    }
  }

  /** Stores a screening's audit record and, when it has hits to decide, its case, in one transaction. */
  async saveScreening(
    s: {
      screening_id: string
      created_at: string
      subject_type: string
      risk_level: string
      input: unknown
      list_versions: unknown
      /** Who screened: the console's user, or the operator key. */
      screened_by: string
    },
    resultJson: string,
    opened: NewCase | undefined,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('aml_screenings')
        .values({
          screening_id: s.screening_id,
          created_at: s.created_at,
          subject_type: s.subject_type,
          risk_level: s.risk_level,
          input: JSON.stringify(s.input),
          subject_search: searchText(s.input as Record<string, unknown>),
          screened_by: s.screened_by,
          list_versions: JSON.stringify(s.list_versions),
          result: resultJson,
        })
        .execute()
      if (opened) await this.insert(tx, [opened])
    })
  }

  /**
   * Opens the cases of monitoring alerts, each once: an alert that has its case already is
   * skipped (a pass that stopped between its alerts and their cases is taken up by the next).
   */
  async openForAlerts(cases: NewCase[]): Promise<number> {
    if (cases.length === 0) return 0
    return writeTransaction(this.db, WRITERS, async (tx) => {
      const have = new Set(
        (
          await tx
            .selectFrom('aml_cases')
            .select('alert_id')
            .where(
              'alert_id',
              'in',
              cases.map((c) => c.alert_id ?? ''),
            )
            .execute()
        ).map((r) => r.alert_id),
      )
      const fresh = cases.filter((c) => !have.has(c.alert_id ?? null))
      await this.insert(tx, fresh)
      return fresh.length
    })
  }

  /** Alerts of new or changed hits that have no case yet, oldest first. */
  async alertsWithoutCase(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('aml_monitor_alerts')
      .leftJoin('aml_cases', 'aml_cases.alert_id', 'aml_monitor_alerts.alert_id')
      .select('aml_monitor_alerts.alert_id')
      .where('aml_cases.case_id', 'is', null)
      .where('aml_monitor_alerts.kind', 'in', ['new_hit', 'changed_hit'])
      .where('aml_monitor_alerts.acknowledged_at', 'is', null)
      .orderBy('aml_monitor_alerts.created_at')
      .orderBy('aml_monitor_alerts.alert_id')
      .limit(limit)
      .execute()
    return rows.map((r) => r.alert_id)
  }

  async get(caseId: string): Promise<Case | undefined> {
    return readCase(this.db, caseId)
  }

  /** The case of a screening, when it had one. */
  async ofScreening(screeningId: string): Promise<Case | undefined> {
    const r = await this.db
      .selectFrom('aml_cases')
      .select('case_id')
      .where('screening_id', '=', screeningId)
      .executeTakeFirst()
    return r ? readCase(this.db, r.case_id) : undefined
  }

  /** Case ids of alerts, by alert id. */
  async ofAlerts(alertIds: string[]): Promise<Map<string, string>> {
    if (alertIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('aml_cases')
      .select(['case_id', 'alert_id'])
      .where('alert_id', 'in', alertIds)
      .execute()
    return new Map(rows.map((r) => [r.alert_id!, r.case_id]))
  }

  async list(f: CaseFilter): Promise<{ total: number; cases: CaseSummary[] }> {
    let q = this.db.selectFrom('aml_cases')
    if (f.status === 'active') q = q.where('status', '!=', 'closed')
    else if (f.status) q = q.where('status', '=', f.status)
    if (f.unassigned) q = q.where('assignee', 'is', null)
    else if (f.assignee) q = q.where('assignee', '=', f.assignee)
    if (f.level) q = q.where('level', '=', f.level)
    if (f.source) q = q.where('source', '=', f.source)
    if (f.createdBefore) q = q.where('created_at', '<=', f.createdBefore)
    if (f.createdAfter) q = q.where('created_at', '>=', f.createdAfter)
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll('aml_cases')
      .select([
        sql<number | string>`(select count(*) from aml_case_hits h where h.case_id = aml_cases.case_id)`.as(
          'n_hits',
        ),
        sql<
          number | string
        >`(select count(*) from aml_case_hits h where h.case_id = aml_cases.case_id and h.decision is null)`.as(
          'n_undecided',
        ),
      ])
      // The queue: the highest level first, then the oldest.
      .orderBy('level_rank', 'desc')
      .orderBy('created_at')
      .orderBy('case_id')
      .limit(f.limit)
      .offset(f.offset)
      .execute()
    return {
      total: Number(total.n),
      cases: rows.map((r) => summary(r, Number(r.n_hits), Number(r.n_undecided))),
    }
  }

  /**
   * Applies an action: reads the case, asks `decide` what it does (it throws to refuse), and
   * writes it over the version read, all in one transaction. CaseChanged when another write came
   * first; undefined when there is no such case.
   */
  async change(caseId: string, decide: (c: Case) => CaseChange, at: string): Promise<Case | undefined> {
    return writeTransaction(this.db, WRITERS, async (tx) => {
      const current = await readCase(tx, caseId)
      if (!current) return undefined
      const change = decide(current)
      const { pending, closed, ...plain } = change.set ?? {}
      const updated = await tx
        .updateTable('aml_cases')
        .set({
          ...plain,
          ...(pending !== undefined ? { pending: pending ? JSON.stringify(pending) : null } : {}),
          ...(closed !== undefined ? { closed: closed ? JSON.stringify(closed) : null } : {}),
          updated_at: at,
          version: current.version + 1,
        })
        .where('case_id', '=', caseId)
        .where('version', '=', current.version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw new CaseChanged(caseId)
      for (const h of change.hits ?? []) {
        await tx
          .updateTable('aml_case_hits')
          .set((eb) => ({
            decision: h.decision,
            decision_comment: h.comment,
            decided_by: h.by,
            decided_at: h.at,
            ever_confirmed: h.decision === 'confirmed_match' ? 1 : eb.ref('ever_confirmed'),
          }))
          .where('case_id', '=', caseId)
          .where('hit_no', '=', h.hit_no)
          .execute()
      }
      const last = current.trail.at(-1)?.seq ?? 0
      if (change.events.length > 0)
        await tx
          .insertInto('aml_case_events')
          .values(
            change.events.map((e, i) => ({
              case_id: caseId,
              seq: last + 1 + i,
              at: e.at,
              actor: e.actor,
              action: e.action,
              hit_no: e.hit_no,
              comment: e.comment,
              detail: JSON.stringify(e.detail),
            })),
          )
          .execute()
      for (const r of change.remember ?? []) {
        const row = { ...r, fingerprint: JSON.stringify(r.fingerprint) }
        await tx
          .insertInto('aml_cleared')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['subject_key', 'list', 'list_id']).doUpdateSet({
              fingerprint: row.fingerprint,
              case_id: row.case_id,
              decided_by: row.decided_by,
              decided_at: row.decided_at,
              comment: row.comment,
            }),
          )
          .execute()
      }
      if (change.acknowledge)
        await tx
          .updateTable('aml_monitor_alerts')
          .set({
            acknowledged_at: change.acknowledge.at,
            acknowledged_by: change.acknowledge.by,
            ack_reason: change.acknowledge.reason,
          })
          .where('alert_id', '=', change.acknowledge.alert_id)
          .where('acknowledged_at', 'is', null)
          .execute()
      return readCase(tx, caseId)
    })
  }

  /** The false positives remembered for these subjects, by subject key. */
  async remembered(subjectKeys: string[]): Promise<Map<string, Remembered[]>> {
    const out = new Map<string, Remembered[]>()
    const keys = [...new Set(subjectKeys)]
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.db
        .selectFrom('aml_cleared')
        .selectAll()
        .where('subject_key', 'in', keys.slice(i, i + 500))
        .execute()
      for (const r of rows)
        out.set(r.subject_key, [
          ...(out.get(r.subject_key) ?? []),
          {
            list: r.list,
            list_id: r.list_id,
            fingerprint: JSON.parse(r.fingerprint) as EntityFingerprint,
            case_id: r.case_id,
            decided_by: r.decided_by,
            decided_at: r.decided_at,
            comment: r.comment,
          },
        ])
    }
    return out
  }
}
