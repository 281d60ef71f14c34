import { toCountryCode } from '../countries.ts'
import type { EntityIdentifier, EntityName, ListEntity, ListVersion } from '../types.ts'
import {
  addresses,
  addressLine,
  countries,
  dateFromPath,
  identifier,
  isoDate,
  listVersion,
  uniq,
} from './common.ts'
import { guessType } from './xml.ts'

type Json = Record<string, unknown>

export type JsonFormat = 'eu-json' | 'names-json' | 'cz-210-json'

export function sniffJson(doc: unknown): JsonFormat | undefined {
  if (Array.isArray(doc)) {
    const first = doc[0] as Json | undefined
    return first && typeof first.full_name === 'string' && 'source' in first ? 'names-json' : undefined
  }
  if (doc && typeof doc === 'object') {
    const o = doc as Json
    if (Array.isArray(o.data) && o.meta && typeof o.meta === 'object') return 'eu-json'
    if (Array.isArray(o.entries) && typeof o.list === 'string' && /210\/2008/.test(o.list))
      return 'cz-210-json'
  }
  return undefined
}

/** An address of the EU JSON: a line as written, or the official XML's fields as an object. */
function euJsonAddress(a: unknown): string | undefined {
  if (typeof a === 'string') return addressLine([a])
  if (!a || typeof a !== 'object') return undefined
  const o = a as Json
  return addressLine(
    ['street', 'poBox', 'zipCode', 'city', 'place', 'region', 'countryDescription', 'country'].map((k) =>
      typeof o[k] === 'string' ? (o[k] as string) : '',
    ),
  )
}

export function importEuJson(path: string, bytes: Buffer, doc: Json): ListVersion {
  const meta = doc.meta as Json
  const listDate = dateFromPath(path) ?? String(meta.timestamp ?? '').slice(0, 10)
  const entities: ListEntity[] = []
  for (const raw of doc.data as Json[]) {
    const d = (raw.details ?? {}) as Json
    const type = String(raw.type).toUpperCase() === 'INDIVIDUAL' ? 'person' : 'company'
    const names: EntityName[] = [{ full: String(raw.name), kind: 'primary' }]
    for (const a of (d.aliases as string[] | undefined) ?? [])
      if (a && a !== raw.name) names.push({ full: a, kind: 'alias' })
    const ids = ((d.identifications as Json[] | undefined) ?? [])
      .map((i) =>
        identifier(
          String(i.type ?? i.identificationTypeDescription ?? 'other'),
          String(i.number ?? i.value ?? ''),
          String(i.country ?? ''),
        ),
      )
      .filter((i): i is EntityIdentifier => !!i)
    const birth = d.birthDate ? [isoDate(String(d.birthDate))] : []
    entities.push({
      list: 'eu_fsf',
      listId: String(raw.id),
      type,
      names,
      birthDates: birth,
      nationalities: countries(((d.nationalities as unknown[]) ?? []).map(String)),
      countries: countries([String(raw.country ?? '')]),
      identifiers: ids,
      programmes: ((raw.programs as unknown[]) ?? []).map(String),
      addresses: addresses(((d.addresses as unknown[] | undefined) ?? []).map(euJsonAddress)),
      listDate,
    })
  }
  return listVersion('eu_fsf', 'eu-json', path, bytes, listDate, entities)
}

/** The list a names-only file belongs to, from its `source` text. */
function listOfSource(source: string): string | undefined {
  if (/OFAC/i.test(source)) return /non.?sdn|consolidated/i.test(source) ? 'ofac_cons' : 'ofac_sdn'
  if (/\bEU\b|european/i.test(source) && /financial|FSF|FISMA/i.test(source)) return 'eu_fsf'
  if (/\bUK\b|FCDO|OFSI|United Kingdom/i.test(source)) return 'uk'
  if (/\bUN\b|United Nations|Security Council/i.test(source)) return 'un'
  return undefined
}

export function importNamesJson(path: string, bytes: Buffer, rows: Json[]): ListVersion {
  const source = String(rows[0]?.source ?? '')
  const list = listOfSource(source)
  if (!list) throw new Error(`${path}: names file of an unknown list ("${source}")`)
  const listDate = dateFromPath(path) ?? ''
  const entities: ListEntity[] = []
  for (const r of rows) {
    const full = String(r.full_name ?? '').trim()
    if (!full) continue
    const names: EntityName[] = [{ full, kind: 'primary' }]
    for (const a of (r.aliases as string[] | undefined) ?? [])
      if (a && a !== full) names.push({ full: a, kind: 'alias' })
    entities.push({
      list,
      // No list id in these files: the row number, scoped by the file's date.
      listId: `${listDate}#${String(r.id)}`,
      type: guessType(full),
      names,
      birthDates: [],
      nationalities: [],
      countries: [],
      identifiers: [],
      programmes: [],
      listDate,
    })
  }
  return listVersion(list, 'names-json', path, bytes, listDate, entities, { namesOnly: true })
}

/** "ALBISU IRIARTE, Itziar, narozena dne …" → the name as printed in the regulation. */
function officialName(text: string): { first: string; last: string } | undefined {
  const m = /^([^,„“"]+),\s*([^,]+),/.exec(text)
  if (!m) return undefined
  return { last: m[1]!.trim(), first: m[2]!.trim() }
}

export function importCz210(path: string, bytes: Buffer, doc: Json): ListVersion {
  // The regulation has no entry ids or publication date per entry: entries are numbered in the
  // order of the regulation, and the list date is the date the structured copy was taken.
  const derived = String(doc.derived_from ?? '')
  const listDate = /\((\d{4}-\d{2}-\d{2})\)/.exec(derived)?.[1] ?? dateFromPath(path) ?? ''
  const entities: ListEntity[] = []
  ;(doc.entries as Json[]).forEach((e, i) => {
    const listId = `NV210-${String(i + 1).padStart(2, '0')}`
    const official = String(e.official_text ?? '')
    if (e.schema === 'Person') {
      const first = String(e.first_name ?? '').trim()
      const last = String(e.last_name ?? '').trim()
      const names: EntityName[] = [{ full: `${first} ${last}`.trim(), kind: 'primary', first, last }]
      const printed = officialName(official)
      if (printed && printed.last.toLowerCase() !== last.toLowerCase()) {
        names.push({
          full: `${printed.first} ${printed.last}`,
          kind: 'alias',
          first: printed.first,
          last: printed.last,
        })
      }
      const country = toCountryCode(String(e.country ?? ''))
      const id = e.id_number ? identifier('national id', String(e.id_number), country) : undefined
      entities.push({
        list: 'cz_210_2008',
        listId,
        type: 'person',
        names,
        birthDates: e.birth_date ? [isoDate(String(e.birth_date))] : [],
        nationalities: country ? [country] : [],
        countries: [],
        identifiers: id ? [id] : [],
        programmes: ['NV 210/2008'],
        listDate,
        remarks: official,
      })
    } else {
      const name = String(e.name ?? '').trim()
      if (!name) return
      const aliases = uniq(((e.aliases as string[] | undefined) ?? []).filter((a) => a && a !== name))
      entities.push({
        list: 'cz_210_2008',
        listId,
        type: 'organization',
        names: [
          { full: name, kind: 'primary' },
          ...aliases.map((a) => ({ full: a, kind: 'alias' as const })),
        ],
        birthDates: [],
        nationalities: [],
        countries: [],
        identifiers: [],
        programmes: ['NV 210/2008'],
        listDate,
        remarks: official,
      })
    }
  })
  return listVersion('cz_210_2008', 'cz-210-json', path, bytes, listDate, entities)
}
