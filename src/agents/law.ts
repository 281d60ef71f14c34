/**
 * The register of the law the agents cite (data/reference/legal-basis.json): one entry per section
 * of an act, decree, EU act, ČNB measure, standard or operator policy a rule rests on — its
 * instrument, the section, what it says in one line, when it is in force, the changes that moved
 * the rule, and a public source. An agent's rule cites entries by id (`basis` in rules_applied);
 * `cite` gives the rule its `basis`, its `source` (the entries' citations, one spelling everywhere)
 * and its `since` (the date the version of the rule in force on the day judged took effect).
 *
 * Each entry says how sure the register is of it (`confidence`): `checked` against a public text
 * while writing it, `recalled` from the statute as the team knows it, or `unsure`, with the doubt
 * in `note` — the register invents nothing, and says where it is unsure.
 */
import { readFileSync } from 'node:fs'
import { loadReference, policySource, REFERENCE_DIR, versionAt } from '../engines/reference/load.ts'

export const LAW_KINDS = {
  statute: 'an act of the Czech Parliament (zákon)',
  decree: 'a government regulation or ministerial / ČNB decree (nařízení vlády, vyhláška)',
  eu_regulation: 'an EU regulation (directly applicable)',
  eu_directive: 'an EU directive (applies through the Czech act that transposes it)',
  cnb_measure: 'a measure or recommendation of the Czech National Bank',
  guidance: 'guidance of a supervisor or public body (FAÚ, ČNB, ČSÚ, ČÚZK …); not binding law',
  standard: 'a technical standard (ISO, ITU, IETF RFC, ČBA)',
  policy: "the operator's own policy (data/reference/*.json, kind operator_policy): not law",
  method: "Gatehouse's documented method: not law",
} as const
type LawKind = keyof typeof LAW_KINDS

export const CONFIDENCE = {
  checked: 'checked against a public text of the instrument while writing the entry',
  recalled: 'from the instrument as the team knows it; not re-read against its text here',
  unsure: 'the entry is the best reading available; its doubt is in `note`',
} as const
type Confidence = keyof typeof CONFIDENCE

interface LawChange {
  /** YYYY-MM-DD: the day the changed rule took effect. */
  from: string
  /** The amending instrument. */
  by: string
  /** What changed, in one line. */
  what: string
}

export interface LawEntry {
  id: string
  kind: LawKind
  /** The instrument: "zákon 253/2008 Sb., o některých opatřeních proti legalizaci …". */
  instrument: string
  /** The section, e.g. "§ 4 odst. 5"; absent when the entry is the whole instrument. */
  section?: string
  /** How a rule cites it: "zákon 253/2008 Sb., § 7". */
  citation: string
  /** What it says, in one line. */
  says: string
  in_force_from: string
  in_force_to?: string
  changes?: LawChange[]
  /** A reference table (data/reference/<table>.json) whose versions are this entry's changes. */
  table?: string
  /** A public source (zakonyprolidi.cz, e-sbirka.cz, eur-lex.europa.eu, cnb.cz …); a policy or method: its file here. */
  url: string
  confidence: Confidence
  note?: string
}

interface Register {
  name: 'legal-basis'
  title: string
  notes: string
  entries: LawEntry[]
}

const LEGAL_BASIS_PATH = `${REFERENCE_DIR}legal-basis.json`

const ID = /^[a-z0-9][a-z0-9.-]*$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

let register: Map<string, LawEntry> | undefined

/** The register, read and checked once: throws naming the entry and the field that does not fit. */
export function legalBasis(): ReadonlyMap<string, LawEntry> {
  if (register) return register
  const file = JSON.parse(readFileSync(LEGAL_BASIS_PATH, 'utf8')) as Register
  const entries = new Map<string, LawEntry>()
  for (const e of file.entries) {
    const where = `legal-basis.json: ${e.id}`
    if (!ID.test(e.id)) throw new Error(`${where}: id must be lower-case letters, digits, '.' and '-'`)
    if (entries.has(e.id)) throw new Error(`${where}: id is listed twice`)
    if (!(e.kind in LAW_KINDS))
      throw new Error(`${where}: kind ${e.kind} is not one of ${Object.keys(LAW_KINDS)}`)
    if (!(e.confidence in CONFIDENCE)) throw new Error(`${where}: confidence ${e.confidence} is unknown`)
    if (e.confidence === 'unsure' && !e.note) throw new Error(`${where}: an unsure entry says why in note`)
    for (const field of ['instrument', 'citation', 'says', 'url'] as const)
      if (typeof e[field] !== 'string' || e[field].trim() === '') throw new Error(`${where}: no ${field}`)
    // Law points at a public text; a policy or method at the file in this repository that holds it.
    const own = e.kind === 'policy' || e.kind === 'method'
    if (!/^https:\/\//.test(e.url) && !(own && /^(data|docs|src)\//.test(e.url)))
      throw new Error(`${where}: url must be https (a policy or method may name its file in the repository)`)
    for (const d of [e.in_force_from, e.in_force_to, ...(e.changes ?? []).map((c) => c.from)])
      if (d !== undefined && !ISO_DATE.test(d)) throw new Error(`${where}: bad date ${d}`)
    let previous = e.in_force_from
    for (const c of e.changes ?? []) {
      if (c.from <= previous) throw new Error(`${where}: changes must follow in_force_from in date order`)
      previous = c.from
    }
    if (e.table) loadReference(e.table)
    entries.set(e.id, e)
  }
  register = entries
  return entries
}

/** The entry with `id`, or an error naming it (a rule citing an id the register lacks is a bug). */
export function lawEntry(id: string): LawEntry {
  const entry = legalBasis().get(id)
  if (!entry) throw new Error(`no entry ${id} in data/reference/legal-basis.json`)
  return entry
}

/** Every date on which the entry's rule took effect or changed: its `since` is one of them. */
export function ruleDates(entry: LawEntry): string[] {
  const dates = [entry.in_force_from, ...(entry.changes ?? []).map((c) => c.from)]
  if (entry.table) dates.push(...loadReference(entry.table).versions.map((v) => v.effective_from))
  return [...new Set(dates)].sort()
}

/** The date the version of the entry's rule in force on `at` took effect. */
function sinceAt(entry: LawEntry, at: string): string {
  let since = entry.in_force_from
  for (const c of entry.changes ?? []) if (c.from <= at && c.from > since) since = c.from
  if (entry.table) {
    const table = loadReference(entry.table)
    if (table.versions[0]!.effective_from <= at) {
      const v = versionAt(table, at).effective_from
      if (v > since) since = v
    }
  }
  return since
}

/** The citation of an entry as a rule shows it: a policy names its version and who set it. */
function citationAt(entry: LawEntry, at: string): string {
  if (entry.kind !== 'policy' || !entry.table) return entry.citation
  const table = loadReference(entry.table)
  if (table.versions[0]!.effective_from > at) return entry.citation
  return policySource(entry.table, versionAt(table, at)).source
}

export interface Citation {
  basis: string[]
  source: string
  since: string
}

/**
 * What a rule evaluated on `at` (YYYY-MM-DD) cites: the register ids, their citations joined, and
 * the latest date among them on which the cited rule as it stood on `at` took effect.
 */
export function cite(at: string, ...ids: [string, ...string[]]): Citation {
  const entries = ids.map(lawEntry)
  let since = ''
  for (const e of entries) {
    const s = sinceAt(e, at)
    if (s > since) since = s
  }
  return { basis: ids, source: entries.map((e) => citationAt(e, at)).join('; '), since }
}
