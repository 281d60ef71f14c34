/**
 * What changed between two sets of current entities (the lists before and after an import): the
 * entries added, removed and changed, and in what. Monitoring uses it to say why a hit appeared,
 * changed or went away.
 *
 * An entry is the same entry when it keeps its list and list id. Lists without stable ids (the
 * rows of a names-only file that could not be joined to an official id are numbered per file:
 * `2026-06-10#5012`) renumber their entries in every version: an entry that disappears under one
 * id while an identical one appears under another is the same entry renumbered, not a delisting
 * and a new listing.
 *
 * Compared: type, names (with their kind: primary, alias, weak, original script), birth dates,
 * nationalities, countries, identifiers and programmes. Not compared: the list date (it is the
 * version's, and differs in every version) and free-text remarks (their facts are parsed into the
 * fields above).
 */
import type { ListEntity } from './types.ts'

type ChangedField =
  | 'type'
  | 'names'
  | 'birth_dates'
  | 'nationalities'
  | 'countries'
  | 'identifiers'
  | 'programmes'

export interface FieldChange {
  field: ChangedField
  /** Values only before / only after (names as written, identifiers as `type value`). */
  removed: string[]
  added: string[]
}

export type EntityChange =
  | { kind: 'added'; after: ListEntity }
  | { kind: 'removed'; before: ListEntity }
  | { kind: 'changed'; before: ListEntity; after: ListEntity; changes: FieldChange[] }

export interface EntityDiff {
  /** By entity key (`list|list_id`): every entry added, removed or changed. */
  changes: Map<string, EntityChange>
  /** Entries that only changed their id: new key → old key. */
  renumbered: Map<string, string>
  counts: { added: number; removed: number; changed: number; renumbered: number; unchanged: number }
}

export function entityKey(list: string, listId: string): string {
  return `${list}|${listId}`
}

const FIELDS: { field: ChangedField; values: (e: ListEntity) => string[] }[] = [
  { field: 'type', values: (e) => [e.type] },
  { field: 'names', values: (e) => e.names.map((n) => `${n.full} (${n.kind})`) },
  { field: 'birth_dates', values: (e) => e.birthDates },
  { field: 'nationalities', values: (e) => e.nationalities },
  { field: 'countries', values: (e) => e.countries },
  {
    field: 'identifiers',
    values: (e) => e.identifiers.map((i) => `${i.type} ${i.value}${i.country ? ` (${i.country})` : ''}`),
  },
  { field: 'programmes', values: (e) => e.programmes },
]

function fieldChanges(before: ListEntity, after: ListEntity): FieldChange[] {
  const out: FieldChange[] = []
  for (const { field, values } of FIELDS) {
    const a = new Set(values(before))
    const b = new Set(values(after))
    const removed = [...a].filter((v) => !b.has(v))
    const added = [...b].filter((v) => !a.has(v))
    if (removed.length > 0 || added.length > 0) out.push({ field, removed, added })
  }
  return out
}

/** The entry's content without its id and list date, in a canonical order. */
function fingerprint(e: ListEntity): string {
  return JSON.stringify([e.list, ...FIELDS.map(({ values }) => [...new Set(values(e))].sort())])
}

export function diffEntities(before: ListEntity[], after: ListEntity[]): EntityDiff {
  const old = new Map(before.map((e) => [entityKey(e.list, e.listId), e]))
  const now = new Map(after.map((e) => [entityKey(e.list, e.listId), e]))
  const changes = new Map<string, EntityChange>()
  const counts = { added: 0, removed: 0, changed: 0, renumbered: 0, unchanged: 0 }
  const added: string[] = []
  for (const [key, e] of now) {
    const prev = old.get(key)
    if (!prev) {
      added.push(key)
      continue
    }
    const fields = fieldChanges(prev, e)
    if (fields.length === 0) counts.unchanged++
    else {
      changes.set(key, { kind: 'changed', before: prev, after: e, changes: fields })
      counts.changed++
    }
  }
  // Entries gone under their id whose content reappears under a new one were renumbered.
  const gone = new Map<string, string[]>()
  for (const [key, e] of old) {
    if (now.has(key)) continue
    const fp = fingerprint(e)
    gone.set(fp, [...(gone.get(fp) ?? []), key])
  }
  const renumbered = new Map<string, string>()
  for (const key of added) {
    const e = now.get(key)!
    const candidates = gone.get(fingerprint(e))
    const from = candidates?.shift()
    if (from) {
      renumbered.set(key, from)
      counts.renumbered++
    } else {
      changes.set(key, { kind: 'added', after: e })
      counts.added++
    }
  }
  for (const keys of gone.values()) {
    for (const key of keys) {
      changes.set(key, { kind: 'removed', before: old.get(key)! })
      counts.removed++
    }
  }
  return { changes, renumbered, counts }
}
