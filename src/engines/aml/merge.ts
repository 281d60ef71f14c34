/**
 * Which entities are current. Per list, the newest version (by list date) defines who is listed.
 * When that version carries only names (a third-party re-serialisation without ids, birth dates
 * or identifiers), each of its entries is joined by primary name to the same list's older full
 * versions, and takes from there the official list id, type, birth dates, nationalities,
 * identifiers and programmes (and learns which of its aliases the list marks weak). Entries of the
 * older versions that the newest no longer names are not current: they were delisted.
 */
import { runInSlices, runNow } from '../../kit/slices.ts'
import { normalizeName } from './normalize.ts'
import type { EntityName, ListEntity, ListVersion, ListVersionInfo } from './types.ts'

function nameKey(full: string): string {
  return normalizeName(full)
    .tokens.map((t) => t.folded)
    .sort()
    .join(' ')
}

function mergeNames(a: EntityName[], b: EntityName[]): EntityName[] {
  const out = [...a]
  const seen = new Set(a.map((n) => `${n.full.toLowerCase()}`))
  for (const n of b) {
    if (seen.has(n.full.toLowerCase())) continue
    seen.add(n.full.toLowerCase())
    out.push(n)
  }
  return out
}

/** What one stored version of a list is to screening. */
interface VersionRole {
  /**
   * `active`: the list's newest version, the one screened (who is listed, under which names);
   * `superseded`: an older version, kept for the audit trail and for reproducing old screenings.
   */
  status: 'active' | 'superseded'
  /** sha256 of the list's active version. */
  active: string
  /**
   * A superseded full version the names-only active version takes the official ids, birth dates,
   * identifiers and programmes of its entries from (never entries or names of its own).
   */
  details: boolean
}

type VersionKey = Pick<ListVersion, 'list' | 'listDate' | 'namesOnly' | 'sha256'>

/** Per list: the active version and the superseded full versions it takes details from. */
function pickActive<V extends VersionKey>(
  versions: V[],
): Map<string, { active: V; detailsFrom: V[]; all: V[] }> {
  const byList = new Map<string, V[]>()
  for (const v of versions) byList.set(v.list, [...(byList.get(v.list) ?? []), v])
  const out = new Map<string, { active: V; detailsFrom: V[]; all: V[] }>()
  for (const [list, vs] of byList) {
    // Newest first; among equal dates a full version wins over a names-only one.
    const sorted = [...vs].sort(
      (a, b) => b.listDate.localeCompare(a.listDate) || Number(a.namesOnly) - Number(b.namesOnly),
    )
    const active = sorted[0]!
    out.set(list, {
      active,
      detailsFrom: active.namesOnly ? sorted.slice(1).filter((v) => !v.namesOnly) : [],
      all: sorted,
    })
  }
  return out
}

/** Each version's role, by sha256: the active version of its list, or superseded. */
export function versionRoles(versions: VersionKey[]): Map<string, VersionRole> {
  const roles = new Map<string, VersionRole>()
  for (const { active, detailsFrom, all } of pickActive(versions).values()) {
    const lending = new Set(detailsFrom.map((v) => v.sha256))
    for (const v of all) {
      roles.set(v.sha256, {
        status: v === active ? 'active' : 'superseded',
        active: active.sha256,
        details: lending.has(v.sha256),
      })
    }
  }
  return roles
}

/** A version a screening used, as its answer and its audit record name it. */
interface ScreenedVersion {
  /** Store id, once imported. */
  id?: number
  list: string
  source: string
  list_date: string
  sha256: string
  names_only: boolean
  /** The superseded full versions a names-only version took ids, birth dates and identifiers from. */
  details_from?: { id?: number; source: string; list_date: string; sha256: string }[]
}

/**
 * The versions an engine built from `versions` screens: one per list, the active one, with the
 * superseded versions it took details from (newest first).
 */
export function screenedVersions(versions: ListVersionInfo[]): ScreenedVersion[] {
  const out: ScreenedVersion[] = []
  for (const [, { active, detailsFrom }] of [...pickActive(versions)].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const ref = (v: ListVersionInfo) => ({
      ...(v.id !== undefined ? { id: v.id } : {}),
      source: v.source,
      list_date: v.listDate,
      sha256: v.sha256,
    })
    out.push({
      ...(active.id !== undefined ? { id: active.id } : {}),
      list: active.list,
      source: active.source,
      list_date: active.listDate,
      sha256: active.sha256,
      names_only: active.namesOnly,
      ...(detailsFrom.length > 0 ? { details_from: detailsFrom.map(ref) } : {}),
    })
  }
  return out
}

export interface MergeReport {
  list: string
  current: string
  enrichedFrom: string[]
  joined: number
  unjoined: number
}

type Merged = { entities: ListEntity[]; report: MergeReport[] }

/** The current entities of every list, and how each list's current version was put together. */
export function activeEntitiesWithReport(versions: ListVersion[]): Merged {
  return runNow(mergeSteps(versions))
}

/** The same, yielding to the event loop every few milliseconds (service start-up). */
export function activeEntitiesAsync(versions: ListVersion[]): Promise<Merged> {
  return runInSlices(mergeSteps(versions))
}

/** Entities handled between two yields: a few milliseconds of work. */
const SLICE = 1000

function* mergeSteps(versions: ListVersion[]): Generator<void, Merged> {
  const entities: ListEntity[] = []
  const report: MergeReport[] = []
  for (const [list, { active: current, detailsFrom: older }] of pickActive(versions)) {
    if (!current.namesOnly) {
      entities.push(...current.entities)
      report.push({ list, current: current.source, enrichedFrom: [], joined: 0, unjoined: 0 })
      continue
    }
    // One reference record per list id, details merged newest first.
    const reference = new Map<string, ListEntity>()
    let done = 0
    for (const v of older) {
      for (const e of v.entities) {
        if (++done % SLICE === 0) yield
        const prev = reference.get(e.listId)
        if (!prev) reference.set(e.listId, { ...e, names: [...e.names] })
        else {
          prev.names = mergeNames(prev.names, e.names)
          if (prev.birthDates.length === 0) prev.birthDates = e.birthDates
          if (prev.nationalities.length === 0) prev.nationalities = e.nationalities
          if (prev.identifiers.length === 0) prev.identifiers = e.identifiers
          if (prev.countries.length === 0) prev.countries = e.countries
        }
      }
    }
    // Name key → list ids of the reference entities that carry that name (primary or alias).
    const byName = new Map<string, Set<string>>()
    const primaryOf = new Map<string, string>()
    for (const e of reference.values()) {
      if (++done % SLICE === 0) yield
      for (const n of e.names) {
        const k = nameKey(n.full)
        if (!k) continue
        if (n.kind === 'primary') primaryOf.set(k, e.listId)
        let ids = byName.get(k)
        if (!ids) {
          ids = new Set()
          byName.set(k, ids)
        }
        ids.add(e.listId)
      }
    }
    // The reference entry of a current one: same primary name, else the entry sharing most names
    // (at least two, or one name that no other entry carries).
    const find = (e: ListEntity): ListEntity | undefined => {
      const primary = primaryOf.get(nameKey(e.names[0]!.full))
      if (primary) return reference.get(primary)
      const votes = new Map<string, number>()
      let unique: string | undefined
      for (const n of e.names) {
        const ids = byName.get(nameKey(n.full))
        if (!ids) continue
        for (const id of ids) votes.set(id, (votes.get(id) ?? 0) + 1)
        if (ids.size === 1) unique ??= [...ids][0]
      }
      const ranked = [...votes].sort((a, b) => b[1] - a[1])
      const top = ranked[0]
      if (top && top[1] >= 2 && (ranked[1]?.[1] ?? 0) < top[1]) return reference.get(top[0])
      return unique ? reference.get(unique) : undefined
    }
    const out = new Map<string, ListEntity>()
    let joined = 0
    let unjoined = 0
    for (const e of current.entities) {
      if (++done % SLICE === 0) yield
      const ref = find(e)
      if (!ref) {
        unjoined++
        out.set(e.listId, e)
        continue
      }
      joined++
      // Each name keeps the reference's parts (first/last) and weak marking where the reference has
      // the same name (same tokens in any order); aliases the current version dropped are dropped.
      const refByKey = new Map(ref.names.map((n) => [nameKey(n.full), n]))
      const structured = e.names.map((n): EntityName => {
        const r = refByKey.get(nameKey(n.full))
        if (!r) return n
        const kind = n.kind === 'primary' ? 'primary' : r.kind === 'weak' ? 'weak' : n.kind
        return { ...r, full: n.full, kind }
      })
      const prev = out.get(ref.listId)
      const merged: ListEntity = {
        ...ref,
        names: prev ? mergeNames(prev.names, structured) : structured,
        listDate: current.listDate,
      }
      out.set(ref.listId, merged)
    }
    entities.push(...out.values())
    report.push({ list, current: current.source, enrichedFrom: older.map((v) => v.source), joined, unjoined })
  }
  return { entities, report }
}

export function activeEntities(versions: ListVersion[]): ListEntity[] {
  return activeEntitiesWithReport(versions).entities
}
