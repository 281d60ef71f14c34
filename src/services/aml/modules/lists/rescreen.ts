/**
 * Reproducing a stored screening: its subject screened again, by the sanctions lists, against the
 * very versions its record names — superseded ones included, which the store keeps for this — and
 * the hits compared with those recorded. When those versions are the ones in use, the engine in
 * use answers; otherwise an engine is built from the store for them (seconds for the full lists)
 * and kept a while, as an audit usually goes through several records of the same period.
 */
import type { Hit, ListVersionInfo, ScreeningEngine, Subject } from '../../../../engines/aml/index.ts'
import { AppError } from '../../../../kit/errors.ts'
import type { AmlStore, StoredScreening } from '../../store.ts'
import { subjectOf } from '../screening/schemas.ts'
import { buildEngine } from './load.ts'

/** How long an engine built for old versions is kept after its last use (ms): 10 minutes. */
const KEEP_MS = 10 * 60_000

interface VersionRef {
  id?: unknown
  list?: unknown
  source?: unknown
  list_date?: unknown
  sha256?: unknown
  details_from?: unknown
}

/** Every version a record names, the ones its screened versions took details from included. */
function namedVersions(listVersions: unknown): VersionRef[] {
  if (!Array.isArray(listVersions)) return []
  return (listVersions as VersionRef[]).flatMap((v) => [
    v,
    ...(Array.isArray(v.details_from)
      ? (v.details_from as VersionRef[]).map((d) => ({ ...d, list: v.list }))
      : []),
  ])
}

export const keyOf = (versions: ListVersionInfo[]) =>
  versions
    .map((v) => v.sha256)
    .sort()
    .join(',')

/** The engines of old version sets: one kept at a time, built once however many ask at once. */
export class AsOfEngines {
  private held: { key: string; engine: Promise<ScreeningEngine>; timer: NodeJS.Timeout } | undefined
  private readonly store: Pick<AmlStore, 'loadVersionsById'>
  private readonly threshold: () => number

  constructor(store: Pick<AmlStore, 'loadVersionsById'>, threshold: () => number) {
    this.store = store
    this.threshold = threshold
  }

  get(versions: ListVersionInfo[]): Promise<ScreeningEngine> {
    const key = keyOf(versions)
    if (this.held?.key !== key) {
      this.drop()
      const engine = (async () => {
        const stored = await this.store.loadVersionsById(versions.map((v) => v.id!))
        return (await buildEngine([...stored.values()], versions, { threshold: this.threshold() })).engine
      })()
      engine.catch(() => this.drop())
      this.held = { key, engine, timer: setTimeout(() => this.drop(), KEEP_MS) }
    }
    this.held!.timer.refresh()
    this.held!.timer.unref()
    return this.held!.engine
  }

  drop(): void {
    if (this.held) clearTimeout(this.held.timer)
    this.held = undefined
  }
}

export interface ShortMatch {
  list: string
  list_id: string
  matched_name: string
  score: number
}

/** The versions a record names, as stored now; a 409 naming each that is not in the store. */
export function recordedVersions(record: StoredScreening, stored: ListVersionInfo[]): ListVersionInfo[] {
  const named = namedVersions(record.list_versions)
  if (named.length === 0)
    throw new AppError(
      'conflict',
      `Screening ${record.screening_id} names no list versions to screen against`,
      {
        screening_id: record.screening_id,
      },
    )
  const found: ListVersionInfo[] = []
  const missing: string[] = []
  for (const ref of named) {
    const v = stored.find((s) =>
      typeof ref.sha256 === 'string'
        ? s.sha256 === ref.sha256
        : typeof ref.id === 'number' && s.id === ref.id,
    )
    if (v) {
      if (!found.includes(v)) found.push(v)
    } else
      missing.push(
        `${String(ref.list ?? '?')} ${String(ref.list_date ?? '?')} (${String(ref.source ?? ref.id ?? '?')})`,
      )
  }
  if (missing.length > 0)
    throw new AppError(
      'conflict',
      `Screening ${record.screening_id} cannot be reproduced: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the store`,
      { screening_id: record.screening_id, missing },
    )
  return found
}

/** The subject the sanctions module screened: as sent, with the name ARES gave a company given by IČO alone. */
export function screenedSubject(record: StoredScreening): Subject {
  const { reference: _reference, ...input } = (record.input ?? {}) as Record<string, unknown>
  let subject: Subject
  try {
    subject = subjectOf(input)
  } catch (error) {
    // Not the caller's body: the stored input no longer reads as a subject.
    throw new AppError(
      'conflict',
      `Screening ${record.screening_id} cannot be reproduced: its stored input is not a subject (${(error as Error).message})`,
      { screening_id: record.screening_id },
    )
  }
  const sanctions = (record.result as { modules?: { sanctions?: { data?: Record<string, unknown> } } })
    ?.modules?.sanctions?.data
  const fromRegistry = sanctions?.name_from_registry
  if (
    !('company_name' in subject && subject.company_name) &&
    typeof fromRegistry === 'string' &&
    !isPersonInput(input)
  )
    return { ...subject, company_name: fromRegistry }
  return subject
}

const isPersonInput = (input: Record<string, unknown>) =>
  ['first_name', 'last_name', 'name'].some((k) => input[k] !== undefined)

/** The recorded threshold and hits of the sanctions module. */
export function recordedSanctions(record: StoredScreening): { threshold?: number; matches: ShortMatch[] } {
  const data = (record.result as { modules?: { sanctions?: { data?: Record<string, unknown> } } })?.modules
    ?.sanctions?.data
  const matches = Array.isArray(data?.matches) ? (data.matches as ShortMatch[]) : []
  return {
    ...(typeof data?.threshold === 'number' ? { threshold: data.threshold } : {}),
    matches: matches.map((m) => ({
      list: m.list,
      list_id: m.list_id,
      matched_name: m.matched_name,
      score: m.score,
    })),
  }
}

/** Hits gained, lost or scored otherwise than recorded (scores compared to 3 decimals). */
export function differences(recorded: ShortMatch[], now: Hit[]) {
  const key = (m: { list: string; list_id: string }) => `${m.list}|${m.list_id}`
  const before = new Map(recorded.map((m) => [key(m), m]))
  const after = new Map(now.map((m) => [key(m), m]))
  const out: {
    list: string
    list_id: string
    matched_name: string
    recorded_score: number | null
    score: number | null
  }[] = []
  for (const [k, m] of after) {
    const b = before.get(k)
    if (!b || Math.abs(b.score - m.score) >= 0.0005)
      out.push({
        list: m.list,
        list_id: m.list_id,
        matched_name: m.matched_name,
        recorded_score: b?.score ?? null,
        score: m.score,
      })
  }
  for (const [k, b] of before)
    if (!after.has(k))
      out.push({
        list: b.list,
        list_id: b.list_id,
        matched_name: b.matched_name,
        recorded_score: b.score,
        score: null,
      })
  return out
}
