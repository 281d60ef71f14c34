/**
 * What a case is and what each action does to it (no I/O: store.ts writes what these return).
 *
 * - A screening with a hit (sanctions or PEP, at the threshold) opens a case; each listed entity
 *   it hit (one or more listings) is one hit of the case. A monitoring alert of a new or changed
 *   hit opens a case of its own.
 * - Each hit gets a decision — confirmed match, false positive, needs more information — with a
 *   comment. A decision or an assignment moves an open case into review.
 * - Closing: `cleared` when every hit is a false positive, `confirmed` when one is a confirmed
 *   match (every hit decided, none waiting for information), `escalated` to the MLRO at any time.
 * - Four eyes: clearing a case with a HIGH or CRITICAL hit decided a false positive, or a hit that
 *   was once a confirmed match, waits for a second person's approval. Whoever asked to close, and
 *   whoever took the decisions that need it, cannot approve.
 * - A case closed as cleared remembers each of its false positives per subject and listed entry
 *   (with the entry's names, birth dates and programmes), so they are not raised again unless one
 *   of those changes.
 */
import {
  changesSince,
  type EntityView,
  fingerprintOf,
  type ListEntity,
  type Listing,
} from '../../../../engines/aml/index.ts'
import { AppError } from '../../../../kit/errors.ts'
import type {
  Case,
  CaseChange,
  CaseHit,
  CaseListing,
  ChangedListing,
  Decision,
  HitLevelName,
  NewHit,
  Outcome,
  Remembered,
} from './records.ts'

/** An entity hit as the screening response gives it (modules.*.data.entities). */
export interface ResponseEntity {
  level: HitLevelName
  level_reason: string
  score: number
  matched_name: string
  entity: EntityView
  listings: Listing[]
  /** Set here: the hit was cleared as a false positive before and nothing that matters changed. */
  cleared_before?: { case_id: string; by: string; at: string; comment: string }
  /** Set here: a false positive raised again, with what changed in each listing since. */
  changed_since_cleared?: ChangedListing[]
}

type EntityOf = (list: string, listId: string) => ListEntity | undefined

/**
 * Marks the hits a remembered false positive covers and returns the hits that still need a
 * decision. An entity hit is left out only when every listing of it was cleared for this subject
 * and none changed; a listing cleared but changed since brings it back with what changed.
 */
export function sieve(
  entities: ResponseEntity[],
  remembered: Remembered[],
  entityOf: EntityOf,
): ResponseEntity[] {
  const byKey = new Map(remembered.map((r) => [`${r.list}|${r.list_id}`, r]))
  const raised: ResponseEntity[] = []
  for (const e of entities) {
    const changed: ChangedListing[] = []
    let unknown = false
    let cleared: Remembered | undefined
    for (const l of e.listings) {
      const r = byKey.get(`${l.list}|${l.list_id}`)
      if (!r) {
        unknown = true
        continue
      }
      cleared ??= r
      const now = entityOf(l.list, l.list_id)
      const changes = now ? changesSince(r.fingerprint, now) : []
      if (changes.length > 0)
        changed.push({ list: l.list, list_id: l.list_id, cleared_in: r.case_id, changes })
    }
    if (changed.length > 0) {
      e.changed_since_cleared = changed
      raised.push(e)
    } else if (cleared && !unknown) {
      e.cleared_before = {
        case_id: cleared.case_id,
        by: cleared.decided_by,
        at: cleared.decided_at,
        comment: cleared.comment,
      }
    } else raised.push(e)
  }
  return raised
}

/** A case hit from an entity hit, with each listing's fingerprint as listed now. */
export function caseHit(module: 'sanctions' | 'pep', e: ResponseEntity, entityOf: EntityOf): NewHit {
  return {
    module,
    level: e.level,
    level_reason: e.level_reason,
    score: e.score,
    matched_name: e.matched_name,
    entity: { ...e.entity },
    listings: e.listings.map((l) => {
      const now = entityOf(l.list, l.list_id)
      return {
        ...l,
        fingerprint: now
          ? fingerprintOf(now)
          : { names: [l.matched_name], birth_dates: e.entity.birth_dates, programmes: e.entity.programmes },
      }
    }),
    changed_since_cleared: e.changed_since_cleared ?? null,
  }
}

const conflict = (message: string, details: Record<string, unknown>) =>
  new AppError('conflict', message, details)

function comment(text: string): string {
  const t = text.trim()
  if (t.length === 0)
    throw new AppError('invalid_request', 'A comment is required', { field: 'comment', rule: 'required' })
  return t
}

function notClosed(c: Case, what: string): void {
  if (c.status === 'closed')
    throw conflict(`Case ${c.case_id} is closed; ${what} is not possible`, { status: c.status })
  if (c.status === 'awaiting_approval')
    throw conflict(`Case ${c.case_id} waits for approval of its closure; approve or reject it first`, {
      status: c.status,
    })
}

const review = (c: Case) => (c.status === 'open' ? { status: 'in_review' as const } : {})

export function assign(
  c: Case,
  actor: string,
  at: string,
  assignee: string | null,
  note?: string,
): CaseChange {
  if (c.status === 'closed') throw conflict(`Case ${c.case_id} is closed`, { status: c.status })
  return {
    set: { assignee, ...review(c) },
    events: [
      {
        at,
        actor,
        action: 'assigned',
        hit_no: null,
        comment: note?.trim() || null,
        detail: { from: c.assignee, to: assignee },
      },
    ],
  }
}

export function decide(
  c: Case,
  actor: string,
  at: string,
  hitNo: number,
  decision: Decision,
  text: string,
): CaseChange {
  notClosed(c, 'a decision')
  const hit = c.hits.find((h) => h.hit_no === hitNo)
  if (!hit) throw new AppError('not_found', `Case ${c.case_id} has no hit ${hitNo}`, { hit_no: hitNo })
  const note = comment(text)
  return {
    set: review(c),
    hits: [{ hit_no: hitNo, decision, comment: note, by: actor, at }],
    events: [
      {
        at,
        actor,
        action: 'decided',
        hit_no: hitNo,
        comment: note,
        detail: { decision, previous: hit.decision?.decision ?? null, matched_name: hit.matched_name },
      },
    ],
  }
}

export function addComment(_c: Case, actor: string, at: string, text: string): CaseChange {
  return { events: [{ at, actor, action: 'commented', hit_no: null, comment: comment(text), detail: {} }] }
}

/** The hits whose clearing needs a second person, and why. */
function fourEyes(c: Case): { hits: CaseHit[]; reason: string } | undefined {
  const high = c.hits.filter(
    (h) => h.decision?.decision === 'false_positive' && (h.level === 'HIGH' || h.level === 'CRITICAL'),
  )
  const confirmedBefore = c.hits.filter((h) => h.ever_confirmed && h.decision?.decision === 'false_positive')
  const hits = [...new Set([...high, ...confirmedBefore])]
  if (hits.length === 0) return undefined
  const reasons: string[] = []
  if (high.length > 0)
    reasons.push(`${high.map((h) => `hit ${h.hit_no} (${h.level})`).join(', ')} decided a false positive`)
  if (confirmedBefore.length > 0)
    reasons.push(`${confirmedBefore.map((h) => `hit ${h.hit_no}`).join(', ')} was a confirmed match before`)
  return { hits, reason: `four eyes: ${reasons.join('; ')}` }
}

/** What closing as `outcome` lacks, or nothing when the case may close so. */
function closable(c: Case, outcome: Outcome): void {
  if (outcome === 'escalated') return
  const undecided = c.hits.filter((h) => !h.decision)
  if (undecided.length > 0)
    throw conflict(`Decide every hit first: ${undecided.map((h) => h.hit_no).join(', ')} undecided`, {
      undecided: undecided.map((h) => h.hit_no),
    })
  const waiting = c.hits.filter((h) => h.decision?.decision === 'needs_more_information')
  if (waiting.length > 0)
    throw conflict(
      `Hits ${waiting.map((h) => h.hit_no).join(', ')} need more information; decide them, or escalate the case`,
      { needs_more_information: waiting.map((h) => h.hit_no) },
    )
  const confirmed = c.hits.filter((h) => h.decision?.decision === 'confirmed_match')
  if (outcome === 'cleared' && confirmed.length > 0)
    throw conflict(
      `A case with a confirmed match cannot be cleared (hits ${confirmed.map((h) => h.hit_no).join(', ')})`,
      { confirmed: confirmed.map((h) => h.hit_no) },
    )
  if (outcome === 'confirmed' && confirmed.length === 0)
    throw conflict('No hit is a confirmed match: clear the case, or escalate it', { outcome })
}

function finish(
  c: Case,
  actor: string,
  at: string,
  outcome: Outcome,
  note: string,
  approvedBy: string | null,
) {
  const change: Pick<CaseChange, 'remember' | 'acknowledge'> = {}
  if (outcome === 'cleared')
    change.remember = c.hits.flatMap((h) =>
      h.listings.map((l: CaseListing) => ({
        subject_key: c.subject_key,
        list: l.list,
        list_id: l.list_id,
        fingerprint: l.fingerprint,
        case_id: c.case_id,
        decided_by: h.decision?.by ?? actor,
        decided_at: at,
        comment: h.decision?.comment ?? note,
      })),
    )
  if (c.alert_id)
    change.acknowledge = {
      alert_id: c.alert_id,
      by: approvedBy ?? actor,
      reason: `case ${c.case_id} ${outcome}: ${note}`,
      at,
    }
  return change
}

export function close(c: Case, actor: string, at: string, outcome: Outcome, text: string): CaseChange {
  notClosed(c, 'closing')
  const note = comment(text)
  closable(c, outcome)
  const needs = outcome === 'cleared' ? fourEyes(c) : undefined
  if (needs)
    return {
      set: {
        status: 'awaiting_approval',
        pending: { outcome, comment: note, requested_by: actor, requested_at: at, reason: needs.reason },
      },
      events: [
        {
          at,
          actor,
          action: 'closure_requested',
          hit_no: null,
          comment: note,
          detail: { outcome, reason: needs.reason },
        },
      ],
    }
  return {
    set: { status: 'closed', outcome, closed: { outcome, by: actor, at, approved_by: null } },
    events: [{ at, actor, action: 'closed', hit_no: null, comment: note, detail: { outcome } }],
    ...finish(c, actor, at, outcome, note, null),
  }
}

export function approve(c: Case, actor: string, at: string, text: string): CaseChange {
  const pending = c.pending_closure
  if (c.status !== 'awaiting_approval' || !pending)
    throw conflict(`Case ${c.case_id} has no closure waiting for approval`, { status: c.status })
  const note = comment(text)
  const own = new Set([pending.requested_by, ...(fourEyes(c)?.hits ?? []).map((h) => h.decision?.by ?? '')])
  if (own.has(actor))
    throw new AppError(
      'forbidden',
      'Four eyes: a second person must approve; you asked for this closure or took the decision it rests on',
      {
        rule: 'four_eyes',
        requested_by: pending.requested_by,
      },
    )
  return {
    set: {
      status: 'closed',
      outcome: pending.outcome,
      pending: null,
      closed: { outcome: pending.outcome, by: pending.requested_by, at, approved_by: actor },
    },
    events: [
      { at, actor, action: 'approved', hit_no: null, comment: note, detail: { outcome: pending.outcome } },
      {
        at,
        actor,
        action: 'closed',
        hit_no: null,
        comment: pending.comment,
        detail: { outcome: pending.outcome, requested_by: pending.requested_by, approved_by: actor },
      },
    ],
    ...finish(c, pending.requested_by, at, pending.outcome, pending.comment, actor),
  }
}

export function reject(c: Case, actor: string, at: string, text: string): CaseChange {
  if (c.status !== 'awaiting_approval')
    throw conflict(`Case ${c.case_id} has no closure waiting for approval`, { status: c.status })
  return {
    set: { status: 'in_review', pending: null },
    events: [
      {
        at,
        actor,
        action: 'rejected',
        hit_no: null,
        comment: comment(text),
        detail: { outcome: c.pending_closure?.outcome ?? null },
      },
    ],
  }
}
