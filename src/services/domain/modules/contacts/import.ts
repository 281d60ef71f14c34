/**
 * Importing a contacts file into the store (`gatehouse contacts import FILE`): CSV or vCard.
 *
 * CSV: UTF-8 (BOM or not) or, when the bytes are not UTF-8, Windows-1250 (what Czech Excel
 * saves); the delimiter `,` or `;` read from the header line; columns named in Czech or English,
 * case, spaces and diacritics aside (`Jméno`, `Příjmení`, `Firma`, `IČO`, `E-mail`, `Telefon`,
 * `Adresa` or `Ulice` + `Město` + `PSČ`, `Zeměpisná šířka` …). vCard: every card of the file
 * (2.1, 3.0, 4.0; src/engines/contacts/vcard.ts). Each record is checked like a POST
 * (`checkContact`); a record that fails is reported with its line and the reason and the others
 * are saved, deduplicated against the table, 500 per transaction.
 */

import { readFileSync, statSync } from 'node:fs'
import { basename, extname } from 'node:path'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { parseVcards } from '../../../../engines/contacts/vcard.ts'
import { decodeText } from '../../../../engines/convert/index.ts'
import { csvDelimiter, csvHeaderKey } from '../../../../kit/csv.ts'
import { type CheckedContact, checkContact, type RawContact } from './record.ts'
import type { ContactStore } from './store.ts'

/** Largest file read (bytes): about 200,000 contacts of a typical export. */
const MAX_CONTACTS_FILE_BYTES = 64 * 1024 * 1024
/** Longest CSV record (characters). */
const MAX_RECORD_CHARS = 64 * 1024
/** Records per transaction (and per progress step). */
const BATCH = 500

interface Rejected {
  line: number
  reason: string
}

export interface ContactsImportReport {
  file: string
  format: 'csv' | 'vcard'
  /** Records read from the file. */
  read: number
  added: number
  merged: number
  unchanged: number
  rejected: Rejected[]
  /** CSV columns that are no contact field. */
  ignoredColumns: string[]
}

export interface ImportProgress {
  step(text: string): void
  tick(done: number, total: number): void
}

/** A file that cannot be read as contacts at all (no known column, a broken CSV): one line for the user. */
export class NotAContactsFile extends Error {}

type Field =
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'company'
  | 'ico'
  | 'email'
  | 'phone'
  | 'address'
  | 'street'
  | 'city'
  | 'postcode'
  | 'latitude'
  | 'longitude'
  | 'kind'

/** Header names (folded to a_b_c form) → field; Czech and English. */
const COLUMNS: Record<string, Field> = {
  name: 'name',
  full_name: 'name',
  fullname: 'name',
  display_name: 'name',
  contact: 'name',
  contact_name: 'name',
  contact_person: 'name',
  person: 'name',
  nazev: 'name',
  cele_jmeno: 'name',
  jmeno_a_prijmeni: 'name',
  kontakt: 'name',
  kontaktni_osoba: 'name',
  osoba: 'name',
  jmeno: 'first_name',
  krestni_jmeno: 'first_name',
  first_name: 'first_name',
  firstname: 'first_name',
  given_name: 'first_name',
  prijmeni: 'last_name',
  last_name: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  titul: 'title',
  title: 'title',
  company: 'company',
  company_name: 'company',
  organization: 'company',
  organisation: 'company',
  org: 'company',
  firma: 'company',
  nazev_firmy: 'company',
  obchodni_firma: 'company',
  spolecnost: 'company',
  organizace: 'company',
  zamestnavatel: 'company',
  ico: 'ico',
  ic: 'ico',
  ic_o: 'ico',
  identifikacni_cislo: 'ico',
  company_id: 'ico',
  email: 'email',
  e_mail: 'email',
  mail: 'email',
  email_address: 'email',
  e_mailova_adresa: 'email',
  emailova_adresa: 'email',
  phone: 'phone',
  phone_number: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  tel: 'phone',
  telefon: 'phone',
  telefonni_cislo: 'phone',
  mobil: 'phone',
  address: 'address',
  adresa: 'address',
  sidlo: 'address',
  street: 'street',
  ulice: 'street',
  city: 'city',
  town: 'city',
  mesto: 'city',
  obec: 'city',
  zip: 'postcode',
  postcode: 'postcode',
  postal_code: 'postcode',
  psc: 'postcode',
  latitude: 'latitude',
  lat: 'latitude',
  sirka: 'latitude',
  zemepisna_sirka: 'latitude',
  gps_lat: 'latitude',
  longitude: 'longitude',
  lon: 'longitude',
  lng: 'longitude',
  delka: 'longitude',
  zemepisna_delka: 'longitude',
  gps_lon: 'longitude',
  kind: 'kind',
  type: 'kind',
  typ: 'kind',
}

/** Czech and English words for the two kinds in a `kind` column. */
const KINDS: Record<string, string> = {
  person: 'person',
  osoba: 'person',
  fyzicka_osoba: 'person',
  company: 'company',
  firma: 'company',
  pravnicka_osoba: 'company',
  spolecnost: 'company',
}

/** One CSV record as a contact: names joined, an address put together from its parts. */
function rawOf(values: Partial<Record<Field, string>>): RawContact {
  const name =
    values.name ??
    ([values.title, values.first_name, values.last_name].filter(Boolean).join(' ') || undefined)
  const town = [values.postcode, values.city].filter(Boolean).join(' ')
  const address = values.address ?? ([values.street, town].filter(Boolean).join(', ') || undefined)
  const kind = values.kind === undefined ? undefined : (KINDS[csvHeaderKey(values.kind)] ?? values.kind)
  return {
    name,
    company: values.company,
    ico: values.ico,
    email: values.email,
    phone: values.phone,
    address,
    latitude: values.latitude,
    longitude: values.longitude,
    kind,
  }
}

async function readCsv(
  text: string,
): Promise<{ records: { line: number; raw: RawContact }[]; ignored: string[]; problems: Rejected[] }> {
  const parser = parse({
    delimiter: csvDelimiter(text),
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
  })
  // Slices of 64 KiB: the parser works between turns of the event loop, not in one block.
  Readable.from(
    (function* () {
      for (let i = 0; i < text.length; i += 65_536) yield text.slice(i, i + 65_536)
    })(),
  ).pipe(parser)
  let columns: (Field | undefined)[] | undefined
  const ignored: string[] = []
  const records: { line: number; raw: RawContact }[] = []
  const problems: Rejected[] = []
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { lines: number }
    }>) {
      if (!columns) {
        const seen = new Set<Field>()
        columns = record.map((header) => {
          const field = COLUMNS[csvHeaderKey(header)]
          if (!field || seen.has(field)) {
            if (header) ignored.push(header)
            return undefined
          }
          seen.add(field)
          return field
        })
        if (!['name', 'first_name', 'last_name', 'company'].some((f) => seen.has(f as Field)))
          throw new NotAContactsFile(
            `not a contacts file: the first line must name the columns, with a name (Jméno, Příjmení, Name) or a company (Firma, Company); found "${record.join('", "')}"`,
          )
        continue
      }
      const values: Partial<Record<Field, string>> = {}
      for (const [i, field] of columns.entries()) {
        const value = record[i]
        if (field && value) values[field] = value
      }
      if (record.length > columns.length)
        problems.push({ line: info.lines, reason: `${record.length} values for ${columns.length} columns` })
      else records.push({ line: info.lines, raw: rawOf(values) })
    }
  } catch (error) {
    const e = error as Error & { code?: string; lines?: number }
    if (e.code?.startsWith('CSV_'))
      throw new NotAContactsFile(`line ${e.lines ?? '?'}: not readable as CSV (${e.message})`)
    throw error
  } finally {
    parser.destroy()
  }
  if (!columns) throw new NotAContactsFile('not a contacts file: it is empty')
  return { records, ignored, problems }
}

function readVcard(text: string): { records: { line: number; raw: RawContact }[]; problems: Rejected[] } {
  const { cards, problems } = parseVcards(text)
  if (cards.length === 0 && problems.length === 0)
    throw new NotAContactsFile('not a vCard file: no BEGIN:VCARD')
  const records = cards.map((c) => {
    const a = c.address
    const town = a ? [a.postal_code, a.locality].filter(Boolean).join(' ') : ''
    const address = a ? [a.street, town, a.country].filter(Boolean).join(', ') : ''
    return {
      line: c.line,
      raw: {
        name: c.full_name,
        company: c.organization,
        ico: c.ico,
        email: c.emails,
        phone: c.phones,
        address: address || undefined,
        latitude: c.geo?.latitude,
        longitude: c.geo?.longitude,
      },
    }
  })
  return { records, problems }
}

/** Reads, checks and saves a contacts file; the format is the extension's (.vcf/.vcard) or the content's. */
export async function importContactsFile(
  store: ContactStore,
  file: string,
  progress?: ImportProgress,
  now?: Date,
): Promise<ContactsImportReport> {
  const size = statSync(file).size
  if (size > MAX_CONTACTS_FILE_BYTES)
    throw new NotAContactsFile(
      `${file} is ${size} bytes; the largest contacts file read is ${MAX_CONTACTS_FILE_BYTES}`,
    )
  progress?.step(`reading ${file}`)
  const text = decodeText(readFileSync(file))
  const vcard =
    ['.vcf', '.vcard'].includes(extname(file).toLowerCase()) || /^\s*BEGIN:VCARD/i.test(text.slice(0, 200))
  const read = vcard ? { ...readVcard(text), ignored: [] } : await readCsv(text)
  const rejected = [...read.problems]
  const checked: CheckedContact[] = []
  for (const { line, raw } of read.records) {
    const check = checkContact(raw)
    if (check.ok) checked.push(check.contact)
    else rejected.push({ line, reason: `${check.field}: ${check.rule}` })
  }
  rejected.sort((a, b) => a.line - b.line)
  progress?.step(`saving ${checked.length} contacts (deduplicated by e-mail, phone and IČO)`)
  const report = await store.save(checked, {
    source: basename(file),
    batch: BATCH,
    ...(now ? { now } : {}),
    onProgress: (done, total) => progress?.tick(done, total),
  })
  return {
    file,
    format: vcard ? 'vcard' : 'csv',
    read: read.records.length + read.problems.length,
    added: report.added,
    merged: report.merged,
    unchanged: report.unchanged,
    rejected,
    ignoredColumns: read.ignored,
  }
}
