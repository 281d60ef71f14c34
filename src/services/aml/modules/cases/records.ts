/**
 * The rows of cases, their hits, their trail and the remembered false positives
 * (migrations/0204_aml_cases.ts), and the case as the API reads it from them (`readCase`). The
 * store (store.ts) writes them.
 */
import type { Kysely } from 'kysely'
import type { EntityFingerprint, EntityView, FingerprintChange } from '../../../../engines/aml/index.ts'

interface CaseRow {
  case_id: string
  created_at: string
  updated_at: string
  source: string
  screening_id: string | null
  alert_id: string | null
  reference: string | null
  subject: string
  subject_label: string
  subject_key: string
  level: string
  level_rank: number
  status: string
  outcome: string | null
  assignee: string | null
  pending: string | null
  closed: string | null
  version: number
}

interface HitRow {
  case_id: string
  hit_no: number
  module: string
  level: string
  level_reason: string
  score: number
  matched_name: string
  entity: string
  listings: string
  changed_since_cleared: string | null
  decision: string | null
  decision_comment: string | null
  decided_by: string | null
  decided_at: string | null
  ever_confirmed: number | boolean
}

interface EventRow {
  case_id: string
  seq: number
  at: string
  actor: string
  action: string
  hit_no: number | null
  comment: string | null
  detail: string
}

interface ClearedRow {
  subject_key: string
  list: string
  list_id: string
  fingerprint: string
  case_id: string
  decided_by: string
  decided_at: string
  comment: string
}

export type Tables = {
  aml_cases: CaseRow
  aml_case_hits: HitRow
  aml_case_events: EventRow
  aml_cleared: ClearedRow
  aml_screenings: {
    screening_id: string
    created_at: string
    subject_search: string
    screened_by: string | null
    subject_type: string
    risk_level: string
    input: string
    list_versions: string
    result: string
  }
  aml_monitor_alerts: {
    alert_id: string
    created_at: string
    kind: string
    acknowledged_at: string | null
    acknowledged_by: string | null
    ack_reason: string | null
  }
}

type CaseStatus = 'open' | 'in_review' | 'awaiting_approval' | 'closed'
export type Outcome = 'cleared' | 'confirmed' | 'escalated'
export type Decision = 'confirmed_match' | 'false_positive' | 'needs_more_information'
export type HitLevelName = 'MEDIUM' | 'HIGH' | 'CRITICAL'

export const LEVEL_RANK: Record<string, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 }

/** One listing of a case's hit, with the entry's fingerprint when the case was opened. */
export interface CaseListing {
  list: string
  list_id: string
  list_title: string
  matched_name: string
  score: number
  list_date: string
  source_url: string | null
  fingerprint: EntityFingerprint
}

export interface NewHit {
  module: 'sanctions' | 'pep'
  level: HitLevelName
  level_reason: string
  score: number
  matched_name: string
  entity: EntityView
  listings: CaseListing[]
  changed_since_cleared: ChangedListing[] | null
}

/** A listing of a false positive raised again: the case that cleared it and what changed since. */
export interface ChangedListing {
  list: string
  list_id: string
  cleared_in: string
  changes: FingerprintChange[]
}

export interface NewCase {
  case_id: string
  created_at: string
  source: 'screening' | 'alert'
  screening_id?: string | undefined
  alert_id?: string | undefined
  reference?: string | undefined
  subject: Record<string, unknown>
  subject_label: string
  subject_key: string
  actor: string
  /** What the opening trail row says (the screening or the alert it came from). */
  opened: Record<string, unknown>
  hits: NewHit[]
}

export interface CaseHit extends Omit<NewHit, 'listings'> {
  hit_no: number
  listings: CaseListing[]
  decision: { decision: Decision; comment: string; by: string; at: string } | null
  ever_confirmed: boolean
}

interface TrailEvent {
  seq: number
  at: string
  actor: string
  action: string
  hit_no: number | null
  comment: string | null
  detail: Record<string, unknown>
}

interface PendingClosure {
  outcome: Outcome
  comment: string
  requested_by: string
  requested_at: string
  reason: string
}

interface Closure {
  outcome: Outcome
  by: string
  at: string
  approved_by: string | null
}

export interface CaseSummary {
  case_id: string
  created_at: string
  updated_at: string
  source: 'screening' | 'alert'
  screening_id: string | null
  alert_id: string | null
  reference: string | null
  subject_label: string
  level: HitLevelName
  status: CaseStatus
  outcome: Outcome | null
  assignee: string | null
  hits: number
  undecided: number
  version: number
}

export interface Case extends Omit<CaseSummary, 'hits'> {
  subject: Record<string, unknown>
  subject_key: string
  hits: CaseHit[]
  pending_closure: PendingClosure | null
  closed: Closure | null
  trail: TrailEvent[]
}

export interface CaseFilter {
  status?: CaseStatus | 'active' | undefined
  assignee?: string | undefined
  unassigned?: boolean | undefined
  level?: string | undefined
  source?: string | undefined
  /** Created at or before this instant (the age filter's "at least N days old"). */
  createdBefore?: string | undefined
  /** Created at or after this instant ("at most N days old"). */
  createdAfter?: string | undefined
  limit: number
  offset: number
}

/** What an action does to a case, as cases.ts decides it. */
export interface CaseChange {
  set?: Partial<Pick<CaseRow, 'status' | 'outcome' | 'assignee'>> & {
    pending?: PendingClosure | null
    closed?: Closure | null
  }
  hits?: { hit_no: number; decision: Decision; comment: string; by: string; at: string }[]
  events: Omit<TrailEvent, 'seq'>[]
  /** False positives to remember (the case closed as cleared). */
  remember?: (Omit<ClearedRow, 'fingerprint'> & { fingerprint: EntityFingerprint })[]
  /** The alert the case came from is acknowledged with the closure. */
  acknowledge?: { alert_id: string; by: string; reason: string; at: string }
}

/** The case changed (another officer, another instance) between reading it and writing. */
export class CaseChanged extends Error {
  constructor(caseId: string) {
    super(`case ${caseId} was changed meanwhile`)
    this.name = 'CaseChanged'
  }
}

export interface Remembered {
  list: string
  list_id: string
  fingerprint: EntityFingerprint
  case_id: string
  decided_by: string
  decided_at: string
  comment: string
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))

export function summary(r: CaseRow, hits: number, undecided: number): CaseSummary {
  return {
    case_id: r.case_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    source: r.source as 'screening' | 'alert',
    screening_id: r.screening_id,
    alert_id: r.alert_id,
    reference: r.reference,
    subject_label: r.subject_label,
    level: r.level as HitLevelName,
    status: r.status as CaseStatus,
    outcome: r.outcome as Outcome | null,
    assignee: r.assignee,
    hits,
    undecided,
    version: r.version,
  }
}

function hitOf(r: HitRow): CaseHit {
  return {
    hit_no: r.hit_no,
    module: r.module as 'sanctions' | 'pep',
    level: r.level as HitLevelName,
    level_reason: r.level_reason,
    score: Number(r.score),
    matched_name: r.matched_name,
    // A case opened before addresses were kept has none.
    entity: { addresses: [], ...(JSON.parse(r.entity) as Omit<EntityView, 'addresses'>) },
    listings: JSON.parse(r.listings) as CaseListing[],
    changed_since_cleared: json<ChangedListing[]>(r.changed_since_cleared),
    decision: r.decision
      ? {
          decision: r.decision as Decision,
          comment: r.decision_comment ?? '',
          by: r.decided_by ?? '',
          at: r.decided_at ?? '',
        }
      : null,
    ever_confirmed: Boolean(r.ever_confirmed),
  }
}

function eventOf(r: EventRow): TrailEvent {
  return {
    seq: r.seq,
    at: r.at,
    actor: r.actor,
    action: r.action,
    hit_no: r.hit_no,
    comment: r.comment,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
  }
}

export async function readCase(db: Kysely<Tables>, caseId: string): Promise<Case | undefined> {
  const r = await db.selectFrom('aml_cases').selectAll().where('case_id', '=', caseId).executeTakeFirst()
  if (!r) return undefined
  const hits = (
    await db.selectFrom('aml_case_hits').selectAll().where('case_id', '=', caseId).orderBy('hit_no').execute()
  ).map(hitOf)
  const trail = (
    await db.selectFrom('aml_case_events').selectAll().where('case_id', '=', caseId).orderBy('seq').execute()
  ).map(eventOf)
  const { hits: _n, ...rest } = summary(r, hits.length, hits.filter((h) => !h.decision).length)
  return {
    ...rest,
    subject: JSON.parse(r.subject) as Record<string, unknown>,
    subject_key: r.subject_key,
    hits,
    pending_closure: json<PendingClosure>(r.pending),
    closed: json<Closure>(r.closed),
    trail,
  }
}
