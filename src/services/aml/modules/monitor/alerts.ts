/**
 * What monitoring says about a re-screened subject: the alerts of its hits before and after a
 * list update (`classify`), an alert as the API answers it and the webhook posts it
 * (`alertView`), and the keys of the list versions a subject was screened against.
 */
import {
  type EntityChange,
  type EntityDiff,
  entityKey,
  type FieldChange,
  type ListEntity,
  type ListVersionInfo,
} from '../../../../engines/aml/index.ts'
import type { ShortHit } from '../batch/store.ts'
import type { ChangedListing } from '../cases/records.ts'
import type { Alert, AlertCause, AlertKind } from './store.ts'

/** `list:id,id;list:id`: the store ids of the current versions, per list. */
export function versionsKey(versions: ListVersionInfo[]): string {
  const byList = new Map<string, number[]>()
  for (const v of versions) byList.set(v.list, [...(byList.get(v.list) ?? []), v.id ?? 0])
  return [...byList]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([list, ids]) => `${list}:${ids.sort((a, b) => a - b).join(',')}`)
    .join(';')
}

export function parseKey(key: string): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const part of key.split(';')) {
    if (!part) continue
    const [list, ids] = part.split(':') as [string, string]
    out.set(list, ids.split(',').map(Number))
  }
  return out
}

export const short = (h: {
  list: string
  list_id: string
  matched_name: string
  score: number
}): ShortHit => ({
  list: h.list,
  list_id: h.list_id,
  matched_name: h.matched_name,
  score: h.score,
})

export function entrySummary(e: ListEntity) {
  return {
    list: e.list,
    list_id: e.listId,
    type: e.type,
    names: e.names.filter((n) => n.kind !== 'weak').map((n) => n.full),
    birth_dates: e.birthDates,
    nationalities: e.nationalities,
    programmes: e.programmes,
    list_date: e.listDate,
  }
}

/**
 * The alerts of one subject re-screened against the changed lists:
 * - a hit not there before: `new_hit`, because the entry was `listed` (added), its entry changed
 *   (`entry_changed`: a new alias now matches), or it is `rescored` (the entry did not change, but
 *   the name statistics other entries set did, and the score crossed the threshold);
 * - a hit there before and still there whose entry changed: `changed_hit` (`entry_changed`, with
 *   the fields that changed);
 * - a hit there before and gone: `removed_hit`, because the entry was `delisted`, changed so that
 *   it no longer matches (`entry_changed`) or was `rescored` below the threshold.
 * An entry that only changed its row id (lists without stable ids) is the same hit: no alert.
 */
export function classify(
  before: ShortHit[],
  after: ShortHit[],
  diff: EntityDiff,
): { kind: AlertKind; cause: AlertCause; before?: ShortHit; after?: ShortHit; change?: EntityChange }[] {
  const old = new Map(before.map((h) => [entityKey(h.list, h.list_id), h]))
  const now = new Map(after.map((h) => [entityKey(h.list, h.list_id), h]))
  const out: ReturnType<typeof classify> = []
  const carried = new Set<string>()
  for (const [key, h] of now) {
    const change = diff.changes.get(key)
    const prev = old.get(key)
    if (prev) {
      if (change?.kind === 'changed')
        out.push({ kind: 'changed_hit', cause: 'entry_changed', before: prev, after: h, change })
      continue
    }
    const renumberedFrom = diff.renumbered.get(key)
    if (renumberedFrom && old.has(renumberedFrom)) {
      carried.add(renumberedFrom)
      continue
    }
    out.push({
      kind: 'new_hit',
      cause: change?.kind === 'added' ? 'listed' : change?.kind === 'changed' ? 'entry_changed' : 'rescored',
      after: h,
      ...(change ? { change } : {}),
    })
  }
  for (const [key, h] of old) {
    if (now.has(key) || carried.has(key)) continue
    const change = diff.changes.get(key)
    out.push({
      kind: 'removed_hit',
      cause:
        change?.kind === 'removed' ? 'delisted' : change?.kind === 'changed' ? 'entry_changed' : 'rescored',
      before: h,
      ...(change ? { change } : {}),
    })
  }
  return out
}

export interface VersionRef {
  list: string
  source: string
  list_date: string
}

/** An alert as the API answers it and the webhook posts it. */
export function alertView(a: Alert) {
  const b = a.body as Record<string, unknown>
  return {
    alert_id: a.alert_id,
    created_at: a.created_at,
    reference: a.reference,
    kind: a.kind,
    cause: a.cause,
    list: a.list,
    list_id: a.list_id,
    matched_name: (b.matched_name as string | undefined) ?? '',
    score: (b.score as number | null | undefined) ?? null,
    previous_score: (b.previous_score as number | null | undefined) ?? null,
    changes: (b.changes as FieldChange[] | undefined) ?? [],
    entry: (b.entry as Record<string, unknown> | undefined) ?? {},
    subject: (b.subject as Record<string, unknown> | undefined) ?? {},
    subject_label: (b.subject_label as string | undefined) ?? '',
    from_versions: (b.from_versions as VersionRef[] | undefined) ?? [],
    to_versions: (b.to_versions as VersionRef[] | undefined) ?? [],
    ...(b.changed_since_cleared
      ? { changed_since_cleared: b.changed_since_cleared as ChangedListing[] }
      : {}),
    acknowledged: a.acknowledged,
    webhook: a.webhook,
  }
}
