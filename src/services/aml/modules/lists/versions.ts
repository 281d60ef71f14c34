/**
 * How stored list versions are shown: each one active (the newest of its list, screened) or
 * superseded (kept for the audit trail and for reproducing old screenings), and the versions a
 * screening record names with their status as of reading it.
 */
import { type ListVersionInfo, versionRoles } from '../../../../engines/aml/index.ts'

/** One stored version as GET /api/aml/lists shows it. */
export function versionViews(stored: ListVersionInfo[], inUse: ListVersionInfo[]) {
  const roles = versionRoles(stored)
  const bySha = new Map(stored.map((v) => [v.sha256, v]))
  const used = new Set(inUse.map((v) => v.sha256))
  return stored.map((v) => {
    const role = roles.get(v.sha256)!
    const active = bySha.get(role.active)!
    const lenders = stored.filter((o) => {
      const r = roles.get(o.sha256)!
      return r.details && r.active === v.sha256
    })
    return {
      id: v.id,
      list: v.list,
      title: v.title,
      format: v.format,
      source: v.source,
      list_date: v.listDate,
      names_only: v.namesOnly,
      entities: v.entityCount,
      names: v.nameCount,
      sha256: v.sha256,
      status: role.status,
      ...(role.status === 'superseded' ? { superseded_by: active.id } : {}),
      ...(role.details ? { details_for: active.id } : {}),
      ...(lenders.length > 0 ? { details_from: lenders.map((o) => o.id!) } : {}),
      in_use: used.has(v.sha256),
    }
  })
}

interface Recorded {
  sha256?: unknown
  [key: string]: unknown
}

/**
 * A record's versions with `status` as of now: still `active`, or `superseded` and by which
 * version. Entries without a sha256 (records written by tests) are left as they are.
 */
export function withStatusNow<T extends Recorded>(recorded: T[], stored: ListVersionInfo[]): T[] {
  const roles = versionRoles(stored)
  const bySha = new Map(stored.map((v) => [v.sha256, v]))
  return recorded.map((r) => {
    const role = typeof r.sha256 === 'string' ? roles.get(r.sha256) : undefined
    if (!role) return r
    if (role.status === 'active') return { ...r, status: 'active' }
    const active = bySha.get(role.active)!
    return {
      ...r,
      status: 'superseded',
      superseded_by: { id: active.id, source: active.source, list_date: active.listDate },
    }
  })
}
