/** Helpers shared by the list importers: dates, identifier labels, file dates, hashing. */
import { createHash } from 'node:crypto'
import { basename } from 'node:path'
import { toCountryCode } from '../countries.ts'
import type { EntityIdentifier, ListEntity, ListVersion } from '../types.ts'
import { LIST_TITLES } from '../types.ts'

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
}

/**
 * Dates as lists print them → ISO or partial ISO: "10 Jun 1969" → "1969-06-10", "Jun 1969" →
 * "1969-06", "circa 1962" → "1962", "1960 to 1962" → "1960-1962", "03/28/2025" (OFAC, US order)
 * → "2025-03-28", "7.10.1963" (Czech) → "1963-10-07". Unknown shapes are returned trimmed.
 */
export function isoDate(raw: string, opts: { usOrder?: boolean } = {}): string {
  const s = raw.trim().replace(/^(circa|approximately|approx\.?|about)\s+/i, '')
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s)
  if (m) return `${m[1]}-${m[2]}-${m[3]}`
  m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})$/.exec(s)
  if (m && MONTHS[m[2]!.toLowerCase()])
    return `${m[3]}-${MONTHS[m[2]!.toLowerCase()]}-${m[1]!.padStart(2, '0')}`
  m = /^([A-Za-z]{3})[a-z]* (\d{4})$/.exec(s)
  if (m && MONTHS[m[1]!.toLowerCase()]) return `${m[2]}-${MONTHS[m[1]!.toLowerCase()]}`
  m = /^(\d{4}) (?:to|-) (\d{4})$/.exec(s)
  if (m) return `${m[1]}-${m[2]}`
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s)
  if (m) {
    const [a, b] = opts.usOrder ? [m[2]!, m[1]!] : [m[1]!, m[2]!]
    return `${m[3]}-${b.padStart(2, '0')}-${a.padStart(2, '0')}`
  }
  m = /^(\d{4})$/.exec(s)
  if (m) return m[1]!
  return s
}

/** Identifier labels used in OFAC remarks and id lists, UN documents and EU identifications. */
const ID_TYPES: [RegExp, string][] = [
  [/^(identifikacni cislo|ico|ičo)\b/i, 'ico'],
  [
    /registration (number|id|no)|company number|business registration|registered charity no|commercial registry|legal entity number|^regnumber$|^registration$/i,
    'registration',
  ],
  [/^v\.?a\.?t\.?|vat number|^vat$/i, 'vat'],
  [/tax id|^inn$|taxpayer|^tin$|^taxnumber$|kpp|tax identification/i, 'tax'],
  [/passport/i, 'passport'],
  [
    /national id|identification number|personal id|^id$|id card|identity card|national identification|^nid$|cedula|průkaz/i,
    'national_id',
  ],
  [/imo|vessel registration/i, 'imo'],
  [/swift|bic/i, 'swift'],
  [/ogrn|okpo|psrn|state registration/i, 'registration'],
  [/digital currency address/i, 'crypto'],
]

function identifierType(label: string): string {
  for (const [re, type] of ID_TYPES) if (re.test(label.trim())) return type
  return 'other'
}

export function identifier(label: string, value: string, country?: string): EntityIdentifier | undefined {
  const v = value.trim().replace(/\.$/, '')
  if (!v) return undefined
  const code = toCountryCode(country)
  return { type: identifierType(label), value: v, ...(code ? { country: code } : {}) }
}

/** The date a file's name carries (sdn_2024-05-03.csv → 2024-05-03; sdn_2021-07 → 2021-07). */
export function dateFromPath(path: string): string | undefined {
  const parts = path.split(/[\\/]/).reverse()
  for (const p of parts) {
    const full = /(\d{4}-\d{2}-\d{2})/.exec(p)
    if (full) return full[1]
    const ym = /(?:^|[_-])(\d{4}-\d{2})(?:$|[_.-])/.exec(p)
    if (ym) return ym[1]
  }
  return undefined
}

export function sha256(parts: Buffer[]): string {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return h.digest('hex')
}

export function fileLabel(paths: string[]): string {
  return paths.map((p) => basename(p)).join('+')
}

export function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)]
}

export function countries(values: (string | undefined | null)[]): string[] {
  return uniq(values.map((v) => toCountryCode(v ?? undefined)).filter((c): c is string => !!c))
}

/** Longest address line kept (characters); a longer one is cut, never the parse. */
const ADDRESS_MAX = 500

/**
 * One listed address as one line: its non-empty parts in the order given, joined with ", ", or
 * undefined when every part is empty. Runs of whitespace (line breaks inside a field) become one space.
 */
export function addressLine(parts: (string | undefined | null)[]): string | undefined {
  const line = parts
    .map((p) => (p ?? '').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '' && p !== '-0-')
    .join(', ')
  return line ? line.slice(0, ADDRESS_MAX) : undefined
}

/** The address lines of a list entry, each once, none empty. */
export function addresses(lines: (string | undefined)[]): string[] {
  return uniq(lines.filter((l): l is string => !!l))
}

/** fast-xml-parser gives one object for a single child and an array for several: always an array. */
export function arr<T>(v: T | T[] | undefined | null): T[] {
  if (v === undefined || v === null || v === '') return []
  return Array.isArray(v) ? v : [v]
}

export function text(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'object') {
    const t = (v as Record<string, unknown>)['#text']
    return t === undefined ? '' : String(t).trim()
  }
  return String(v).trim()
}

/** One imported file as a list version: its title, file name and SHA-256 beside the entities. */
export function listVersion(
  list: string,
  format: string,
  path: string,
  bytes: Buffer,
  listDate: string,
  entities: ListEntity[],
  opts: { namesOnly?: boolean } = {},
): ListVersion {
  return {
    list,
    title: LIST_TITLES[list] ?? list,
    format,
    source: path.split(/[\\/]/).pop()!,
    sha256: sha256([bytes]),
    listDate,
    namesOnly: opts.namesOnly ?? false,
    entities,
  }
}
