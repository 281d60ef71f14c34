/**
 * A client book as a batch: subjects from a CSV file (an upload to POST /api/aml/screen/batch, or
 * `gatehouse aml screen FILE`) or from JSON, each checked by the same rules as one screening
 * (the screening module's subject schema and `subjectOf`), so a bad row is a 400 naming its line and
 * column before anything is stored.
 *
 * CSV: parsed by csv-parse in slices (the event loop keeps turning), UTF-8 (BOM or not) or, when
 * the bytes are not UTF-8, Windows-1250 (what Czech Excel writes); the delimiter is `,` or `;`
 * (Czech Excel), read from the header line. Limits: MAX_SUBJECTS records, MAX_RECORD_CHARS per
 * record, MAX_COLUMNS columns; the byte size is the caller's (AML_BATCH_MAX_BYTES).
 *
 * Columns are matched by name, case, spaces and diacritics aside, in English or Czech
 * (`Příjmení`, `Datum narození`, `IČO` …); columns that are none of them are ignored and listed in
 * the batch (`ignored_columns`). A Czech date (23.11.1962) in the birth date column is read as
 * ISO 8601.
 */

import { Readable } from 'node:stream'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { parse } from 'csv-parse'
import { type TObject, Type } from 'typebox'
import type { Subject } from '../../../../engines/aml/index.ts'
import { describeAjvError } from '../../../../kit/ajv-errors.ts'
import { csvDelimiter, csvHeaderKey } from '../../../../kit/csv.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { createAjv, validationError } from '../../../../kit/validation.ts'
import { SubjectBody, subjectOf } from '../screening/schemas.ts'

/** Most subjects one batch takes. */
export const MAX_SUBJECTS = 100_000
/** Longest CSV record (characters). */
const MAX_RECORD_CHARS = 64 * 1024
/** Most CSV columns. */
const MAX_COLUMNS = 100

/** The customer's own reference of a subject (a client number), kept with every result. */
export const Reference = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
  description: 'Your own reference of the subject (a client number), kept with its results and alerts',
})

/** One subject of a batch: the fields of a screening and an optional reference. */
export const BatchItem: TObject = Type.Object(
  { ...SubjectBody.properties, reference: Type.Optional(Reference) },
  { additionalProperties: false },
)

interface BookRow {
  subject: Subject
  /** The subject as sent (what the audit record keeps), without the reference. */
  input: Record<string, unknown>
  reference?: string
  /** CSV only: the line the record ends on. */
  line?: number
}

export interface ClientBook {
  rows: BookRow[]
  /** Columns of the file that are not subject fields (CSV only). */
  ignoredColumns: string[]
}

/**
 * Header names (case, diacritics, spaces and punctuation aside) → field. Only fields the subject
 * schema has are used: a column naming another is ignored like any unknown column.
 */
const COLUMN_ALIASES: Record<string, string> = {
  jmeno: 'first_name',
  krestni_jmeno: 'first_name',
  firstname: 'first_name',
  given_name: 'first_name',
  prijmeni: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  cele_jmeno: 'name',
  jmeno_a_prijmeni: 'name',
  full_name: 'name',
  datum_narozeni: 'birth_date',
  date_of_birth: 'birth_date',
  dob: 'birth_date',
  birthdate: 'birth_date',
  statni_prislusnost: 'nationality',
  obcanstvi: 'nationality',
  citizenship: 'nationality',
  zeme: 'country',
  stat: 'country',
  ic: 'ico',
  ic_o: 'ico',
  company_id: 'ico',
  nazev: 'company_name',
  firma: 'company_name',
  obchodni_firma: 'company_name',
  company: 'company_name',
  ref: 'reference',
  client_id: 'reference',
  customer_reference: 'reference',
  cislo_klienta: 'reference',
}

let itemValidator: ValidateFunction | undefined
function validateItem(item: unknown): ErrorObject | undefined {
  itemValidator ??= createAjv({ coerce: false }).compile(BatchItem)
  return itemValidator(item) ? undefined : (itemValidator.errors?.[0] ?? undefined)
}

/** The subject of one checked item, or the 400 naming the field (prefixed with `path`). */
function rowOf(item: Record<string, unknown>, path: string): BookRow {
  const { reference, ...input } = item
  const subject = subjectOf(input as Parameters<typeof subjectOf>[0], path)
  return { subject, input, ...(typeof reference === 'string' ? { reference } : {}) }
}

/** Subjects of a JSON batch whose shape Fastify (or `checkJsonBook`) has already checked. */
export function jsonBook(items: Record<string, unknown>[], path = 'subjects'): ClientBook {
  return { rows: items.map((item, i) => rowOf(item, `${path}.${i}.`)), ignoredColumns: [] }
}

/** A JSON batch read from a file (the CLI): an array of subjects or `{subjects: [...]}`. */
export function checkJsonBook(value: unknown): ClientBook {
  const items = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { subjects?: unknown }).subjects)
      ? (value as { subjects: unknown[] }).subjects
      : undefined
  if (!items) throw errors.invalid('subjects', 'array', 'give an array of subjects or {"subjects": [...]}')
  if (items.length === 0) throw errors.invalid('subjects', 'minItems 1', 'the batch has no subjects')
  if (items.length > MAX_SUBJECTS) throw tooMany()
  for (const [i, item] of items.entries()) {
    const err = validateItem(item)
    if (err) {
      const e = validationError(err)
      const field = `subjects.${i}.${describeAjvError(err).path.join('.')}`.replace(/\.$/, '')
      throw new AppError('invalid_request', `subjects.${i}: ${e.message}`, { ...e.details, field })
    }
  }
  return jsonBook(items as Record<string, unknown>[])
}

function tooMany(): AppError {
  return new AppError('payload_too_large', `a batch takes at most ${MAX_SUBJECTS} subjects`, {
    field: 'subjects',
    rule: `maxItems ${MAX_SUBJECTS}`,
  })
}

/** Text of a file: UTF-8 (a BOM is dropped) or, when the bytes are not UTF-8, Windows-1250. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1250').decode(bytes)
  }
}

const CZECH_DATE = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/

/** "23.11.1962" or "23. 11. 1962" → "1962-11-23"; anything else unchanged (the schema judges it). */
function isoDate(value: string): string {
  const m = CZECH_DATE.exec(value)
  if (!m) return value
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
}

function csvError(line: number, column: string | undefined, rule: string, message: string): AppError {
  return new AppError(
    'invalid_request',
    `file, line ${line}${column ? `, column "${column}"` : ''}: ${message}`,
    { location: 'body', field: 'file', rule, line, ...(column ? { column } : {}) },
  )
}

/** Reads a CSV client book; every record is checked like a JSON subject. */
export async function csvBook(bytes: Uint8Array): Promise<ClientBook> {
  const text = decodeText(bytes)
  const parser = parse({
    delimiter: csvDelimiter(text),
    bom: true,
    trim: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
  })
  // Slices of 64 KiB: the parser works between turns of the event loop, not in one block.
  Readable.from(
    (function* () {
      for (let i = 0; i < text.length; i += 65_536) yield text.slice(i, i + 65_536)
    })(),
  ).pipe(parser)

  const fieldNames = new Set(Object.keys(BatchItem.properties))
  let columns: (string | undefined)[] | undefined
  let headers: string[] = []
  const ignored: string[] = []
  const rows: BookRow[] = []
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { lines: number }
    }>) {
      if (!columns) {
        if (record.length > MAX_COLUMNS)
          throw csvError(
            info.lines,
            undefined,
            `maxColumns ${MAX_COLUMNS}`,
            `more than ${MAX_COLUMNS} columns`,
          )
        headers = record
        const seen = new Map<string, string>()
        columns = record.map((header) => {
          const key = csvHeaderKey(header)
          const field = fieldNames.has(key) ? key : COLUMN_ALIASES[key]
          if (!field || !fieldNames.has(field)) {
            if (header) ignored.push(header)
            return undefined
          }
          const other = seen.get(field)
          if (other !== undefined)
            throw csvError(
              info.lines,
              header,
              'one column per field',
              `columns "${other}" and "${header}" both give ${field}`,
            )
          seen.set(field, header)
          return field
        })
        if (![...seen.keys()].some((f) => f !== 'reference'))
          throw csvError(
            info.lines,
            undefined,
            'header',
            `the first line must name the columns; none of "${record.join('", "')}" is a subject field (${[...fieldNames].join(', ')})`,
          )
        continue
      }
      if (rows.length >= MAX_SUBJECTS) throw tooMany()
      const item: Record<string, unknown> = {}
      for (const [i, field] of columns.entries()) {
        const value = record[i]
        if (!field || value === undefined || value === '') continue
        item[field] = field === 'birth_date' ? isoDate(value) : value
      }
      const err = validateItem(item)
      if (err) {
        const { path, rule } = describeAjvError(err)
        const field = path[0]
        const header = field ? headers[columns.indexOf(field)] : undefined
        throw csvError(
          info.lines,
          header ?? field,
          rule,
          validationError(err).message.replace(/^field "[^"]*" /, ''),
        )
      }
      try {
        rows.push({ ...rowOf(item, ''), line: info.lines })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        const field = String(error.details?.field ?? '')
        const header = headers[columns.indexOf(field)] ?? field
        throw csvError(
          info.lines,
          header || undefined,
          String(error.details?.rule ?? 'invalid'),
          error.message,
        )
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const e = error as Error & { code?: string; lines?: number }
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw csvError(
        e.lines ?? 0,
        undefined,
        `maxRecordChars ${MAX_RECORD_CHARS}`,
        `a record is longer than ${MAX_RECORD_CHARS} characters`,
      )
    if (e.code?.startsWith('CSV_')) throw csvError(e.lines ?? 0, undefined, 'csv', e.message)
    throw error
  } finally {
    parser.destroy()
  }
  if (!columns) throw errors.invalid('file', 'csv', 'file: the CSV file is empty (no header line)')
  if (rows.length === 0)
    throw errors.invalid('file', 'minRecords 1', 'file: the CSV file has a header but no subjects')
  return { rows, ignoredColumns: ignored }
}
