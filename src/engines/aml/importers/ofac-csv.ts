/**
 * OFAC legacy delimited files (treasury.gov "sdn.csv" with its companions alt.csv, add.csv and
 * sdn_comments.csv): Windows-1252, no header, "-0-" for empty, a trailing 0x1A.
 *
 * - sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 *   Vess_flag, Vess_owner, Remarks. Individuals are written "LAST, First".
 * - alt.csv: ent_num, alt_num, alt_type (aka/fka/nka), alt_name, alt_remarks: strong aliases.
 * - add.csv: ent_num, add_num, address, city/state/zip, country, add_remarks.
 * - sdn_comments.csv: ent_num, remarks continued (remarks longer than the field).
 * Remarks carry DOB, nationality, identifiers ("Registration Number 05556121 (Czech Republic)")
 * and the weak aliases ("a.k.a. 'BNC'"), which the legacy files list only there.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { EntityIdentifier, EntityName, EntityType, ListEntity, ListVersion } from '../types.ts'
import { LIST_TITLES } from '../types.ts'
import {
  addressLine,
  countries,
  dateFromPath,
  fileLabel,
  identifier,
  isoDate,
  sha256,
  uniq,
} from './common.ts'

function readRows(path: string): string[][] {
  const raw = readFileSync(path)
  // latin1 keeps every byte; Windows-1252 differs only in 0x80-0x9F, which these files do not use
  // in names (checked on the 2021 and 2024 files).
  const text = raw.toString('latin1').replaceAll(String.fromCharCode(0x1a), '')
  return parse(text, {
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][]
}

const empty = (v: string | undefined) => (v === undefined || v.trim() === '-0-' ? '' : v.trim())

export interface ParsedRemarks {
  birthDates: string[]
  nationalities: string[]
  countries: string[]
  identifiers: EntityIdentifier[]
  weakAliases: string[]
}

const ID_LABEL =
  /^(?:alt\. )?(Registration (?:Number|ID|No\.?)|Company Number|Business Registration (?:Number|Document #|No\.?)|Tax ID No\.|V\.A\.T\. Number|Passport|National ID No\.|Identification Number|Cedula No\.|Vessel Registration Identification|IMO|SWIFT\/BIC|Public Registration Number|Registration Certificate Number|Legal Entity Number|Government Gazette Number|Trade License No\.|Commercial Registry Number|Enterprise Number)\s+(.+?)(?:\s+\(([^)]*)\))?(?:\s+(?:issued|expires).*)?$/i

/** Reads the structured facts out of an OFAC remarks field. */
export function parseRemarks(remarks: string): ParsedRemarks {
  const out: ParsedRemarks = {
    birthDates: [],
    nationalities: [],
    countries: [],
    identifiers: [],
    weakAliases: [],
  }
  for (const m of remarks.matchAll(/(?:a\.k\.a\.|f\.k\.a\.|n\.k\.a\.)\s+'([^']+)'/g))
    out.weakAliases.push(m[1]!)
  for (const rawPart of remarks.split(';')) {
    const part = rawPart.trim().replace(/\.$/, '')
    let m = /^(?:alt\. )?DOB (.+)$/.exec(part)
    if (m) {
      out.birthDates.push(isoDate(m[1]!))
      continue
    }
    m = /^(?:alt\. )?(?:nationality|citizen) (.+)$/i.exec(part)
    if (m) {
      out.nationalities.push(...countries([m[1]]))
      continue
    }
    m = /^(?:alt\. )?POB (.+)$/.exec(part)
    if (m) {
      out.countries.push(...countries([m[1]!.split(',').pop()]))
      continue
    }
    m = ID_LABEL.exec(part)
    if (m) {
      const id = identifier(m[1]!, m[2]!, m[3])
      if (id) out.identifiers.push(id)
    }
  }
  return out
}

function sdnType(raw: string): EntityType {
  switch (raw.toLowerCase()) {
    case 'individual':
      return 'person'
    case 'vessel':
      return 'vessel'
    case 'aircraft':
      return 'aircraft'
    default:
      return 'company'
  }
}

/** Splits "LAST, First" into its parts (individuals only). */
function personName(full: string, kind: EntityName['kind']): EntityName {
  const comma = full.indexOf(',')
  if (comma < 0) return { full, kind }
  const last = full.slice(0, comma).trim()
  const first = full.slice(comma + 1).trim()
  return { full: `${first} ${last}`.trim(), kind, first, last }
}

/** Reads a legacy set; `sdnPath` is sdn.csv (or its folder); the companions are optional. */
export function importOfacCsv(sdnPath: string, opts: { list?: string; listDate?: string } = {}): ListVersion {
  const dir = dirname(sdnPath)
  const companion = (name: string) => {
    const p = join(dir, name)
    return existsSync(p) ? p : undefined
  }
  const altPath = companion('alt.csv')
  const addPath = companion('add.csv')
  const commentsPath = companion('sdn_comments.csv')
  const files = [sdnPath, altPath, addPath, commentsPath].filter((p): p is string => !!p)
  const list = opts.list ?? (/cons/i.test(sdnPath) ? 'ofac_cons' : 'ofac_sdn')
  const listDate = opts.listDate ?? dateFromPath(sdnPath) ?? new Date().toISOString().slice(0, 10)

  const extraRemarks = new Map<string, string>()
  if (commentsPath) for (const r of readRows(commentsPath)) extraRemarks.set(r[0]!, empty(r[1]))

  const entities = new Map<string, ListEntity>()
  for (const r of readRows(sdnPath)) {
    const id = r[0]!
    if (!/^\d+$/.test(id)) continue
    const type = sdnType(empty(r[2]))
    const rawName = empty(r[1])
    if (!rawName) continue
    const remarks = [empty(r[11]), extraRemarks.get(id) ?? ''].filter(Boolean).join(' ')
    const facts = parseRemarks(remarks)
    const name =
      type === 'person' ? personName(rawName, 'primary') : { full: rawName, kind: 'primary' as const }
    const names: EntityName[] = [name]
    for (const w of uniq(facts.weakAliases))
      names.push(type === 'person' ? personName(w, 'weak') : { full: w, kind: 'weak' })
    const flag = empty(r[9])
    entities.set(id, {
      list,
      listId: id,
      type,
      names,
      birthDates: uniq(facts.birthDates),
      nationalities: uniq(facts.nationalities),
      countries: uniq([...facts.countries, ...countries([flag])]),
      identifiers: facts.identifiers,
      programmes: empty(r[3])
        .split(/\]\s*\[/)
        .map((p) => p.replace(/[[\]]/g, '').trim())
        .filter(Boolean),
      listDate,
      ...(remarks ? { remarks } : {}),
    })
  }
  if (altPath) {
    for (const r of readRows(altPath)) {
      const e = entities.get(r[0]!)
      const alias = empty(r[3])
      if (!e || !alias) continue
      e.names.push(e.type === 'person' ? personName(alias, 'alias') : { full: alias, kind: 'alias' })
    }
  }
  if (addPath) {
    for (const r of readRows(addPath)) {
      const e = entities.get(r[0]!)
      if (!e) continue
      e.countries = uniq([...e.countries, ...countries([empty(r[4])])])
      const line = addressLine([empty(r[2]), empty(r[3]), empty(r[4])])
      if (line) e.addresses = uniq([...(e.addresses ?? []), line])
    }
  }
  return {
    list,
    title: LIST_TITLES[list]!,
    format: 'ofac-csv',
    source: fileLabel(files),
    sha256: sha256(files.map((f) => readFileSync(f))),
    listDate,
    namesOnly: false,
    entities: [...entities.values()],
  }
}
