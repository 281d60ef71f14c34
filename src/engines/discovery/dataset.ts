/**
 * The discovery dataset: the curated public snapshot the discovery service serves. This module
 * defines its file format, validates a file completely (every problem, each named by record id
 * and field), and turns a valid file into the immutable in-memory snapshot.
 *
 * File format (JSON, UTF-8), `format: "gatehouse-discovery-snapshot/1"`:
 * - `data_version`: RFC 3339 date-time with a time zone; identifies the dataset and is served as
 *   `data_version` on every data response. Change it whenever the records change.
 * - `records`: the public records, each with `id`, `type` (service | content | product), `lang`
 *   (cs | en), `title`, `description`, `path`, `updated` (YYYY-MM-DD, not after data_version) and
 *   `excerpt` (at most 12000 characters).
 * A record holds the path of its page, not a full URL: `canonical_url` is the configured public
 * origin (DISCOVERY_ORIGIN) followed by the path, so every record is on one https origin by
 * construction and moving the site to another origin needs no edit of the data.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js'
import { type Static, Type } from 'typebox'
import { describeAjvError, UNKNOWN_PROPERTY_RULE } from '../../kit/ajv-errors.ts'

export const DATASET_FORMAT = 'gatehouse-discovery-snapshot/1'
export const DEFAULT_ORIGIN = 'https://gatehouse.cz'
export const RECORD_TYPES = ['service', 'content', 'product'] as const
const LANGUAGES = ['cs', 'en'] as const
export const ID_PATTERN = '^[a-z0-9-]{2,80}$'

const LIMITS = {
  titleMax: 200,
  descriptionMax: 600,
  excerptMax: 12000,
  /** Long enough for any site path; keeps canonical URLs well under the 2,000-character limit of clients. */
  pathMax: 300,
} as const

export type RecordType = (typeof RECORD_TYPES)[number]
type Language = (typeof LANGUAGES)[number]

/** Visible text: no control characters (line breaks and tabs allowed only in excerpts). */
const SINGLE_LINE = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$'
const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]*$'

const RecordSchema = Type.Object(
  {
    id: Type.String({ pattern: ID_PATTERN }),
    type: Type.Enum(RECORD_TYPES),
    lang: Type.Enum(LANGUAGES),
    title: Type.String({ minLength: 1, maxLength: LIMITS.titleMax, pattern: SINGLE_LINE }),
    description: Type.String({ minLength: 1, maxLength: LIMITS.descriptionMax, pattern: SINGLE_LINE }),
    path: Type.String({
      minLength: 1,
      maxLength: LIMITS.pathMax,
      // An absolute path of lower-case URL-safe segments: no query, fragment or "//".
      pattern: '^(/[a-z0-9._~-]+)+/?$|^/$',
    }),
    updated: Type.String({ format: 'date' }),
    excerpt: Type.String({ minLength: 1, maxLength: LIMITS.excerptMax, pattern: MULTI_LINE }),
  },
  { additionalProperties: false },
)

const DatasetSchema = Type.Object(
  {
    format: Type.Literal(DATASET_FORMAT),
    data_version: Type.String({ format: 'date-time' }),
    description: Type.Optional(Type.String()),
    records: Type.Array(RecordSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
)

type DatasetFile = Static<typeof DatasetSchema>

/** A record as served: the file's fields plus its canonical URL. */
export interface PublicRecord {
  id: string
  type: RecordType
  lang: Language
  title: string
  description: string
  canonical_url: string
  updated: string
  excerpt: string
}

export interface Snapshot {
  /** RFC 3339 date-time from the file, verbatim. */
  dataVersion: string
  /** sha256 (hex) of the file's bytes: two files with the same data_version still differ here. */
  digest: string
  origin: string
  /** In file order. */
  records: readonly PublicRecord[]
  byId: ReadonlyMap<string, PublicRecord>
}

export interface Problem {
  /** The record's id, `records[<index>]` when it has no usable id, or `(file)` for the whole file. */
  record: string
  /** Field name (`data_version`, `title` …) or `(record)`, `(file)`. */
  field: string
  rule: string
  message: string
}

export type LoadResult = { ok: true; snapshot: Snapshot } | { ok: false; problems: Problem[] }

// One compiled validator per process; allErrors so a check reports every problem, not the first.
const ajv = new Ajv2020({ allErrors: true, strict: false })
ajv.addFormat('date', { type: 'string', validate: isCalendarDate })
ajv.addFormat('date-time', { type: 'string', validate: isDateTime })
const validateFile = ajv.compile(DatasetSchema)

/** Reads, parses and validates a dataset file. Never throws for a bad file: it reports problems. */
export async function loadDataset(file: string, origin: string = DEFAULT_ORIGIN): Promise<LoadResult> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    return {
      ok: false,
      problems: [fileProblem('readable', `cannot read ${file} (${code})`)],
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    return { ok: false, problems: [fileProblem('json', `not valid JSON: ${(error as Error).message}`)] }
  }
  return buildSnapshot(parsed, origin, createHash('sha256').update(bytes).digest('hex'))
}

/** Validates an already parsed file and builds the snapshot. */
export function buildSnapshot(parsed: unknown, origin: string, digest: string): LoadResult {
  const problems = validateDataset(parsed, origin)
  if (problems.length > 0) return { ok: false, problems }
  const file = parsed as DatasetFile
  const records = file.records.map(
    (r): PublicRecord => ({
      id: r.id,
      type: r.type,
      lang: r.lang,
      title: r.title,
      description: r.description,
      canonical_url: canonicalUrl(origin, r.path),
      updated: r.updated,
      excerpt: r.excerpt,
    }),
  )
  return {
    ok: true,
    snapshot: {
      dataVersion: file.data_version,
      digest,
      origin,
      records,
      byId: new Map(records.map((r) => [r.id, r])),
    },
  }
}

/** Every problem of a parsed dataset file, in file order; empty when it is valid. */
export function validateDataset(parsed: unknown, origin: string = DEFAULT_ORIGIN): Problem[] {
  const problems: Problem[] = []
  const originProblem = checkOrigin(origin)
  if (originProblem)
    problems.push({ record: '(file)', field: 'origin', rule: 'https origin', message: originProblem })
  if (!validateFile(parsed)) {
    for (const error of validateFile.errors ?? []) problems.push(fromAjv(error, parsed))
  }
  // The semantic checks need the structure; run them on whatever records are usable.
  const file = parsed as Partial<DatasetFile> | null
  const records = Array.isArray(file?.records) ? file.records : []
  const versionDay =
    typeof file?.data_version === 'string' && isDateTime(file.data_version)
      ? new Date(file.data_version).toISOString().slice(0, 10)
      : undefined
  const seenIds = new Map<string, number>()
  const seenPaths = new Map<string, string>()
  records.forEach((record, index) => {
    if (typeof record !== 'object' || record === null) return
    const name = recordName(record, index)
    if (typeof record.id === 'string') {
      const first = seenIds.get(record.id)
      if (first !== undefined)
        problems.push({
          record: name,
          field: 'id',
          rule: 'unique',
          message: `id "${record.id}" is already used by records[${first}]`,
        })
      else seenIds.set(record.id, index)
    }
    if (typeof record.path === 'string') {
      const other = seenPaths.get(record.path)
      if (other !== undefined)
        problems.push({
          record: name,
          field: 'path',
          rule: 'unique',
          message: `path "${record.path}" is already the page of ${other}`,
        })
      else seenPaths.set(record.path, name)
    }
    if (versionDay && typeof record.updated === 'string' && isCalendarDate(record.updated)) {
      if (record.updated > versionDay)
        problems.push({
          record: name,
          field: 'updated',
          rule: 'not after data_version',
          message: `updated ${record.updated} is later than data_version (${versionDay})`,
        })
    }
  })
  return problems
}

function canonicalUrl(origin: string, path: string): string {
  return `${origin}${path}`
}

/** The origin must be `https://host[:port]` with nothing after it. Returns the problem, if any. */
export function checkOrigin(origin: string): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `origin "${origin}" is not a URL`
  }
  if (url.protocol !== 'https:') return `origin "${origin}" must use https`
  if (url.origin !== origin) return `origin "${origin}" must be only scheme and host, e.g. ${url.origin}`
  return undefined
}

/** A real calendar day in YYYY-MM-DD (rejects 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.toISOString().slice(0, 10) === value
}

/** RFC 3339 date-time with a time zone (Z or ±hh:mm), on a real calendar day. */
export function isDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value)
  if (!m || !isCalendarDate(m[1]!)) return false
  return Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 61 && !Number.isNaN(Date.parse(value))
}

function fileProblem(rule: string, message: string): Problem {
  return { record: '(file)', field: '(file)', rule, message }
}

function recordName(record: unknown, index: number): string {
  const id = (record as { id?: unknown } | null)?.id
  return typeof id === 'string' && new RegExp(ID_PATTERN).test(id) ? id : `records[${index}]`
}

/** An Ajv error → a problem named by record id and field. */
function fromAjv(error: ErrorObject, parsed: unknown): Problem {
  const meaning = describeAjvError(error)
  const segments = meaning.path
  // The checker's report reads "author  unknown field"; the HTTP errors say "not allowed".
  const rule = meaning.rule === UNKNOWN_PROPERTY_RULE ? 'unknown field' : meaning.rule
  if (segments[0] === 'records' && segments.length >= 2) {
    const index = Number(segments[1])
    const record = (parsed as { records: unknown[] }).records[index]
    const field = segments[2] ?? '(record)'
    return {
      record: recordName(record, index),
      field,
      rule,
      message: `${field} ${rule === 'required' ? 'is required' : rule === 'unknown field' ? 'is not a known field' : (error.message ?? rule)}`,
    }
  }
  const field = segments[0] ?? '(file)'
  return {
    record: '(file)',
    field,
    rule,
    message: `${field} ${rule === 'required' ? 'is required' : rule === 'unknown field' ? 'is not a known field' : (error.message ?? rule)}`,
  }
}
