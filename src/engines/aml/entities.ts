/**
 * What an officer needs to decide on a hit: the listed entity (its names, aliases, birth dates,
 * nationalities, countries, identifiers, programmes and remarks), each listing with a link to its
 * official source, the level the hit gives and why. The same person or company is often listed by
 * several authorities (OFAC, the EU, the UN, the UK) and sometimes twice by one: those hits are
 * one entity with several listings, decided once.
 *
 * Also here: the key a subject is remembered by (a false-positive decision is remembered per
 * subject and listed entity) and what changed in a listed entity since a decision was taken.
 */
import { readFileSync } from 'node:fs'
import { type Hit, isReviewOnly } from './explanation.ts'
import { fold } from './normalize.ts'
import { isPerson, type Subject } from './subject.ts'
import { LIST_TITLES, type ListEntity } from './types.ts'

type HitLevel = 'MEDIUM' | 'HIGH' | 'CRITICAL'

/** A listed entity as an officer reads it. */
export interface EntityView {
  type: string
  /** The entry's main names (one per listing that names it differently). */
  names: string[]
  /** Aliases, names in their own script and weak aliases, as listed. */
  aliases: string[]
  birth_dates: string[]
  nationalities: string[]
  /** Countries of addresses, places of birth or registration (ISO alpha-2). */
  countries: string[]
  /** Identifiers as `type value (country)`. */
  identifiers: string[]
  programmes: string[]
  /** Addresses as listed, one line each (none when the list gives none). */
  addresses: string[]
  remarks: string[]
}

/** One listing of an entity: which list, its id there, what matched, and where to check it. */
export interface Listing {
  list: string
  list_id: string
  list_title: string
  matched_name: string
  score: number
  /** The date of the list version the entry comes from. */
  list_date: string
  /** The authority's page of the entry, or of the list where it has no page per entry. */
  source_url: string | null
}

/** Hits on one listed entity (one or more listings), with the level they give and why. */
export interface EntityHit {
  level: HitLevel
  level_reason: string
  /** The best listing's score and matched name. */
  score: number
  matched_name: string
  entity: EntityView
  listings: Listing[]
  hits: Hit[]
}

interface SourceTable {
  lists: Record<string, { authority: string; list: string; entry?: string }>
}

const SOURCES = JSON.parse(
  readFileSync(new URL('../../../data/aml/list-sources.json', import.meta.url), 'utf8'),
) as SourceTable

/** The official page of a listing: the entry's own page where the authority has one, else the list's. */
export function sourceUrl(list: string, listId: string): string | null {
  const source = SOURCES.lists[list]
  if (!source) return null
  // Ids of names-only rows that no official id could be joined to (`2026-06-10#5012`) have no page.
  if (source.entry && /^\d{1,10}$/.test(listId)) return source.entry.replace('{id}', listId)
  return source.list
}

/**
 * The level one hit gives on its own, and why, as the screening's risk floors set it (see
 * screening.ts): a partial or generic name no birth date or identifier confirms is MEDIUM (for
 * review); an identifier or a name score of 0.95 and above is certain, CRITICAL; any other
 * sanctions hit HIGH; a PEP hit HIGH.
 */
function hitLevel(hit: Hit, module: 'sanctions' | 'pep'): { level: HitLevel; reason: string } {
  const f = hit.explanation.features
  const where = `${hit.list} ${hit.list_id} "${hit.matched_name}"`
  const birth = f.birth_date
    ? f.birth_date.result === 'exact'
      ? `; the birth date ${f.birth_date.query} agrees`
      : `; birth date ${f.birth_date.query} against ${f.birth_date.list.join(', ')}: ${f.birth_date.result.replace(/_/g, ' ')}`
    : hit.explanation.entry.birth_dates.length > 0
      ? `; no birth date was given to compare with the listed ${hit.explanation.entry.birth_dates.join(', ')}`
      : ''
  if (isReviewOnly(hit)) {
    if (f.generic_only)
      return {
        level: 'MEDIUM',
        reason: `MEDIUM: ${where} matches on generic words and a legal form only, which do not identify a company; an identifier (IČO, registration number) or the country decides`,
      }
    return {
      level: 'MEDIUM',
      reason: `MEDIUM: partial-name match on ${where} (score ${hit.score}): the name given leaves out ${f.partial?.omitted.join(', ')} of the listed name and no birth date confirms it${birth}`,
    }
  }
  if (module === 'pep')
    return { level: 'HIGH', reason: `HIGH: politically exposed person ${where} (score ${hit.score})${birth}` }
  if (f.identifier)
    return {
      level: 'CRITICAL',
      reason: `CRITICAL: the identifier ${f.identifier.type} ${f.identifier.value} is listed under ${where}`,
    }
  if (hit.score >= 0.95)
    return {
      level: 'CRITICAL',
      reason: `CRITICAL: ${where} matches with score ${hit.score} (0.95 and above is a certain name match)${birth}`,
    }
  return {
    level: 'HIGH',
    reason: `HIGH: ${where} matches with score ${hit.score} (the threshold is ${hit.explanation.threshold}; 0.95 would make it certain)${birth}`,
  }
}

const RANK: Record<HitLevel, number> = { MEDIUM: 1, HIGH: 2, CRITICAL: 3 }

/** A name as a key: folded, its words sorted (lists order names differently). */
function nameKey(name: string): string {
  return fold(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .sort()
    .join(' ')
}

const uniq = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))]

/** Birth years and nationalities: values both sides give must meet; a side that gives none agrees. */
function agree(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return true
  return a.some((x) => b.includes(x))
}

const years = (e: ListEntity) => uniq(e.birthDates.flatMap((d) => d.match(/\d{4}/g) ?? []))

const identifierKeys = (e: ListEntity) =>
  e.identifiers.map((i) => `${i.type}:${i.value.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`)

/**
 * Whether two listed entries are the same entity: the same kind, and a shared identifier, or a
 * shared name (primary or strong alias, words in any order) with birth years and nationalities
 * that do not contradict each other.
 */
function sameEntity(a: ListEntity, b: ListEntity): boolean {
  if (a.type !== b.type && a.type !== 'unknown' && b.type !== 'unknown') return false
  const ids = new Set(identifierKeys(a))
  if (identifierKeys(b).some((k) => ids.has(k))) return true
  const strong = (e: ListEntity) => e.names.filter((n) => n.kind !== 'weak').map((n) => nameKey(n.full))
  const names = new Set(strong(a))
  if (!strong(b).some((k) => names.has(k))) return false
  return agree(years(a), years(b)) && agree(a.nationalities, b.nationalities)
}

export function entityView(entities: ListEntity[]): EntityView {
  const primary = uniq(
    entities.flatMap((e) => e.names.filter((n) => n.kind === 'primary').map((n) => n.full)),
  )
  const seen = new Set(primary.map(nameKey))
  const aliases: string[] = []
  for (const n of entities.flatMap((e) => e.names)) {
    const k = nameKey(n.full)
    if (seen.has(k)) continue
    seen.add(k)
    aliases.push(n.full)
  }
  return {
    type: entities.find((e) => e.type !== 'unknown')?.type ?? entities[0]?.type ?? 'unknown',
    names: primary.length > 0 ? primary : uniq(entities.map((e) => e.names[0]?.full ?? '')),
    aliases,
    birth_dates: uniq(entities.flatMap((e) => e.birthDates)),
    nationalities: uniq(entities.flatMap((e) => e.nationalities)),
    countries: uniq(entities.flatMap((e) => e.countries)),
    identifiers: uniq(
      entities.flatMap((e) =>
        e.identifiers.map((i) => `${i.type} ${i.value}${i.country ? ` (${i.country})` : ''}`),
      ),
    ),
    programmes: uniq(entities.flatMap((e) => e.programmes)),
    addresses: uniq(entities.flatMap((e) => e.addresses ?? [])),
    remarks: uniq(entities.map((e) => e.remarks?.trim() ?? '')),
  }
}

/**
 * The hits of one module grouped by listed entity, best first. `entityOf` finds a hit's entry (the
 * engine's); a hit whose entry it cannot find stands alone, described by what the hit carries.
 */
export function groupHits(
  hits: Hit[],
  module: 'sanctions' | 'pep',
  entityOf: (list: string, listId: string) => ListEntity | undefined,
): EntityHit[] {
  const entries = hits.map((h) => entityOf(h.list, h.list_id) ?? fromHit(h))
  const parent = hits.map((_, i) => i)
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  // What each group gives so far: a name shared with one member must not join a group whose birth
  // years or nationalities another member contradicts (an entry without a birth date would
  // otherwise chain two men of the same name born 15 years apart).
  const facts = entries.map((e) => ({ years: years(e), nationalities: e.nationalities }))
  for (let i = 0; i < hits.length; i++)
    for (let j = i + 1; j < hits.length; j++) {
      const a = root(i)
      const b = root(j)
      if (a === b || !sameEntity(entries[i]!, entries[j]!)) continue
      const fa = facts[a]!
      const fb = facts[b]!
      if (!agree(fa.years, fb.years) || !agree(fa.nationalities, fb.nationalities)) continue
      parent[b] = a
      facts[a] = {
        years: uniq([...fa.years, ...fb.years]),
        nationalities: uniq([...fa.nationalities, ...fb.nationalities]),
      }
    }
  const groups = new Map<number, number[]>()
  for (let i = 0; i < hits.length; i++) groups.set(root(i), [...(groups.get(root(i)) ?? []), i])
  const out: EntityHit[] = []
  for (const members of groups.values()) {
    const levels = members.map((i) => ({ i, ...hitLevel(hits[i]!, module) }))
    const top = levels.reduce((a, b) =>
      RANK[b.level] > RANK[a.level] ||
      (RANK[b.level] === RANK[a.level] && hits[b.i]!.score > hits[a.i]!.score)
        ? b
        : a,
    )
    const best = hits[top.i]!
    const listed = members.length > 1 ? ` (one entity, ${members.length} listings)` : ''
    out.push({
      level: top.level,
      level_reason: `${top.reason}${listed}`,
      score: best.score,
      matched_name: best.matched_name,
      entity: entityView(members.map((i) => entries[i]!)),
      listings: members
        .map((i) => ({
          list: hits[i]!.list,
          list_id: hits[i]!.list_id,
          list_title: LIST_TITLES[hits[i]!.list] ?? hits[i]!.list,
          matched_name: hits[i]!.matched_name,
          score: hits[i]!.score,
          list_date: entries[i]!.listDate,
          source_url: sourceUrl(hits[i]!.list, hits[i]!.list_id),
        }))
        .sort((a, b) => b.score - a.score),
      hits: members.map((i) => hits[i]!),
    })
  }
  return out.sort((a, b) => RANK[b.level] - RANK[a.level] || b.score - a.score)
}

/** An entry described by what a hit carries (its explanation's copy of the entry). */
function fromHit(h: Hit): ListEntity {
  const e = h.explanation.entry
  return {
    list: h.list,
    listId: h.list_id,
    type: e.type,
    names: [{ full: h.matched_name, kind: 'primary' }],
    birthDates: e.birth_dates,
    nationalities: e.nationalities,
    countries: [],
    identifiers: [],
    programmes: e.programmes,
    listDate: e.list_date,
  }
}

/**
 * The key a subject is remembered by: a person by name (folded, words in any order) and birth
 * date; a company by IČO, else by name. Two screenings of the same client give the same key
 * whichever fields spelled the name.
 */
export function subjectKey(subject: Subject): string {
  if (isPerson(subject)) {
    const name = subject.name ?? `${subject.first_name ?? ''} ${subject.last_name ?? ''}`
    return `person|${nameKey(name)}|${subject.birth_date ?? ''}`
  }
  if (subject.ico) return `company|ico:${subject.ico}`
  return `company|name:${nameKey(subject.company_name ?? '')}`
}

/** What a decision on a listed entry is kept against: the fields whose change raises it again. */
export interface EntityFingerprint {
  names: string[]
  birth_dates: string[]
  programmes: string[]
}

export function fingerprintOf(e: ListEntity): EntityFingerprint {
  return {
    names: uniq(e.names.map((n) => n.full)).sort(),
    birth_dates: uniq(e.birthDates).sort(),
    programmes: uniq(e.programmes).sort(),
  }
}

export interface FingerprintChange {
  field: keyof EntityFingerprint
  added: string[]
  removed: string[]
}

/** What changed in an entry since its fingerprint was taken (a new alias, birth date, programme). */
export function changesSince(before: EntityFingerprint, now: ListEntity): FingerprintChange[] {
  const after = fingerprintOf(now)
  const out: FingerprintChange[] = []
  for (const field of ['names', 'birth_dates', 'programmes'] as const) {
    const was = new Set(before[field])
    const is = new Set(after[field])
    const added = after[field].filter((v) => !was.has(v))
    const removed = before[field].filter((v) => !is.has(v))
    if (added.length > 0 || removed.length > 0) out.push({ field, added, removed })
  }
  return out
}
