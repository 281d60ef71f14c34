/**
 * Fuzzing a service from its own /openapi.json (`fuzzService`), and the bad requests it sends for
 * one operation (`requestsFor`), as fast-check arbitraries: values drawn
 * from the operation's own schemas (so some reach the handler), then broken the ways clients and
 * attackers break them — wrong types, huge, negative and overflowing numbers (`1e309` as JSON
 * text), long and control-character strings, deep nesting, unknown and missing fields,
 * prototype keys, junk and mislabelled content types, path parameters with `..`, `%00`, encoded
 * slashes and non-ASCII text, repeated and credential-like query parameters.
 */
import fc from 'fast-check'
import { errorSchema } from '../../src/kit/envelope.ts'
import { createAjv } from '../../src/kit/validation.ts'
import {
  type DocumentedRoute,
  fetchOpenApi,
  type OpenApiDocument,
  type OpenApiOperation,
  operationsOf,
} from './openapi.ts'
import type { ServiceUnderTest } from './services.ts'

interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

type Schema = Record<string, any>

/** Marks a number that JSON.stringify cannot write (it becomes the text after the colon). */
const RAW = '\u0000raw:'
const raw = (text: string) => `${RAW}${text}`

/** JSON text of a value, with RAW-marked strings written as the bare text they carry. */
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, '$1')
}

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? [v] : { a: v }
  return v
}

/** Values that break a field of any type. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    raw('1e309'),
    raw('-1e309'),
    raw('1e-400'),
    raw('123456789012345678901234567890'),
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    '\u0000',
    '\uFEFF',
    '\uD800',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{{7*7}}',
    '%00',
    '🙂'.repeat(500),
    // An emoji across a 60-unit cut, controls and bidi overrides, codes that look valid but are not.
    `${'a'.repeat(59)}🙂`,
    '\u202E',
    '\u2028',
    'a\tb',
    'XXX',
    '0000-01-01',
    '٣',
    'ž'.repeat(5000),
    'a'.repeat(100_000),
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    deep(40),
    deep(63),
    deep(200),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
)

/** Whole bodies that are not what any JSON route takes. */
const junkBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '0',
    '1e309',
    '"text"',
    '[]',
    '{',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    `${'['.repeat(65)}${']'.repeat(65)}`,
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    `{"a":"${'x'.repeat(300_000)}"}`,
    `[${'1,'.repeat(50_000)}1]`,
    '\u0000\u0001\u0002',
    '<xml/>',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.api+json',
  ';;;',
  'application/',
  `application/${'x'.repeat(2000)}`,
)

/** A path parameter that is not what the route expects, written into the URL as is. */
const nastyPathSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E%2E%2F%2E%2E',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'a%00b',
    '%ff',
    '%',
    '%E0%A4%A',
    '%2F',
    '%5C',
    '~',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    'null',
    'undefined',
    '__proto__',
    'constructor',
    encodeURIComponent('žluťoučký kůň'),
    encodeURIComponent('🙂'),
    'a'.repeat(600),
    encodeURIComponent('<script>'),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
)

/** Query values: text as clients send it (URL-encoded), numbers out of range, junk. */
const nastyQueryValue = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '1.5',
    // Spellings Number() reads but no one means as a number.
    '0x10',
    '0b11',
    '%2016',
    '9'.repeat(30),
    'true',
    '%00',
    '%ff',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  fc.constant(encodeURIComponent('x'.repeat(5000))),
)

/** Schemas reachable by `$ref` (`#/components/schemas/X`) resolved against the document. */
function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let s = schema ?? {}
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const name = s.$ref.replace('#/components/schemas/', '')
    s = (doc.components?.schemas?.[name] as Schema | undefined) ?? {}
  }
  return s
}

const FORMATS: Record<string, string[]> = {
  date: ['2026-11-22', '1980-05-01'],
  'date-time': ['2026-11-22T10:00:00Z'],
  email: ['jan.novak@example.cz'],
  uuid: ['3f1b6c1e-8d2a-4c8e-9a51-0d6f2b7c9e10'],
  uri: ['https://example.cz/'],
  binary: ['%PDF-1.4'],
}

/** A value the schema accepts, or close to it (patterns and formats are honoured where known). */
function sampleOf(doc: OpenApiDocument, input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, input)
  if (depth > 4) return fc.constant(null)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const union = schema.anyOf ?? schema.oneOf
  if (Array.isArray(union) && union.length > 0)
    return fc.oneof(...union.map((s: Schema) => sampleOf(doc, s, depth + 1)))
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => sampleOf(doc, { ...schema, type }, depth)))
  const type = types[0] ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -1000), -(2 ** 31)),
        max: Math.min(Number(schema.maximum ?? 1000), 2 ** 31),
      })
    case 'number':
      return fc.double({
        min: Math.max(Number(schema.minimum ?? -1e6), -1e12),
        max: Math.min(Number(schema.maximum ?? 1e6), 1e12),
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'string': {
      // The schema's own examples (a real account, a real place) carry a request past the checks
      // that no generated text passes, to the code behind them.
      const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : []
      if (examples.length > 0)
        return fc.oneof(
          fc.constantFrom(...examples),
          sampleOf(doc, { ...schema, examples: undefined }, depth),
        )
      const known = schema.format ? FORMATS[schema.format as string] : undefined
      if (known) return fc.constantFrom(...known)
      if (typeof schema.pattern === 'string') {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length <= (schema.maxLength ?? 1000))
        } catch {
          // A pattern JavaScript cannot compile: plain text below.
        }
      }
      const minLength = Number(schema.minLength ?? 0)
      return fc.string({
        minLength,
        maxLength: Math.max(minLength, Math.min(Number(schema.maxLength ?? 40), 40)),
      })
    }
    case 'array':
      return fc.array(sampleOf(doc, schema.items as Schema, depth + 1), {
        minLength: Number(schema.minItems ?? 0),
        maxLength: Math.max(Number(schema.minItems ?? 0), Math.min(Number(schema.maxItems ?? 3), 3)),
      })
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = new Set<string>((schema.required as string[] | undefined) ?? [])
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [name, property] of Object.entries(properties))
        model[name] = sampleOf(doc, property, depth + 1)
      if (Object.keys(model).length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/**
 * A copy of `value` with one node replaced by `bad`: `path` picks, level by level, the child to go
 * into (modulo the number of children); the walk stops where there are no children or the path ends.
 */
function replaceAt(value: unknown, path: readonly number[], bad: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined || typeof value !== 'object' || value === null) return bad
  if (Array.isArray(value)) {
    if (value.length === 0) return bad
    const i = head % value.length
    return value.map((item, j) => (j === i ? replaceAt(item, rest, bad) : item))
  }
  const keys = Object.keys(value)
  if (keys.length === 0) return bad
  const key = keys[head % keys.length]!
  return { ...value, [key]: replaceAt((value as Record<string, unknown>)[key], rest, bad) }
}

/** A body for a JSON schema: valid, then broken one way or another. */
function jsonBody(doc: OpenApiDocument, schema: Schema): fc.Arbitrary<string> {
  const resolved = resolve(doc, schema)
  const valid = sampleOf(doc, resolved)
  const names = Object.keys((resolved.properties ?? {}) as object)
  const required = (resolved.required as string[] | undefined) ?? []
  const withField = (key: fc.Arbitrary<string>) =>
    fc
      .tuple(valid, key, nastyValue)
      .map(([value, name, bad]) =>
        toJson(
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? { ...value, [name]: bad }
            : bad,
        ),
      )
  // A value somewhere inside (a field of an item of a list …) replaced by a bad one.
  const nested = fc
    .tuple(valid, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), nastyValue)
    .map(([value, path, bad]) => toJson(replaceAt(value, path, bad)))
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(toJson) },
    { weight: 3, arbitrary: nested },
    // One declared field of the wrong kind, or an unknown field.
    { weight: 4, arbitrary: withField(names.length > 0 ? fc.constantFrom(...names) : fc.constant('x')) },
    { weight: 1, arbitrary: withField(fc.constantFrom('unknown_field', '__proto__', 'constructor', '')) },
    // A required field left out.
    {
      weight: required.length > 0 ? 1 : 0,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...(required.length > 0 ? required : ['x'])))
        .map(([value, name]) => {
          const copy = { ...(value as Record<string, unknown>) }
          delete copy[name]
          return toJson(copy)
        }),
    },
    // The body itself of the wrong kind.
    { weight: 1, arbitrary: nastyValue.map(toJson) },
    { weight: 2, arbitrary: junkBody },
  )
}

/** A multipart/form-data body: sometimes well formed (with the operation's fields), mostly not. */
function multipartBody(
  doc: OpenApiDocument,
  schema: Schema,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const properties = Object.keys((resolve(doc, schema).properties ?? {}) as object)
  const boundary = 'fuzzboundary'
  const part = fc.tuple(
    fc.oneof(fc.constantFrom(...properties, 'other', ''), fc.string({ maxLength: 10 })),
    fc.boolean(),
    fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{"language":"xx"}', '{"a":{"b":1}}', '[1]', 'null', '%PDF-1.4\n', 'PK\u0003\u0004'),
    ),
  )
  const wellFormed = fc.array(part, { maxLength: 5 }).map((parts) => {
    const chunks = parts.map(([name, isFile, value]) => {
      const disposition = `form-data; name="${name}"${isFile ? '; filename="a.txt"' : ''}`
      return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${isFile ? 'Content-Type: text/plain\r\n' : ''}\r\n${value}\r\n`
    })
    return {
      payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
      contentType: `multipart/form-data; boundary=${boundary}`,
    }
  })
  const broken = fc
    .tuple(
      fc.constantFrom(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nno end`,
        `--${boundary}\r\n\r\n\r\n--${boundary}--`,
        `--other\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--other--\r\n`,
        '',
        'not multipart at all',
        `--${boundary}\r\nContent-Disposition: form-data; name="${'x'.repeat(10_000)}"\r\n\r\nx\r\n--${boundary}--\r\n`,
      ),
      fc.constantFrom(
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/mixed; boundary=x',
      ),
    )
    .map(([text, contentType]) => ({ payload: Buffer.from(text), contentType }))
  return fc.oneof(wellFormed, broken)
}

/** Requests for one operation of the document: path, query, headers and body all drawn. */
function requestsFor(
  doc: OpenApiDocument,
  method: string,
  path: string,
  operation: OpenApiOperation,
  credentials: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? []
  const pathParams = parameters.filter((p) => p.in === 'path')
  const queryParams = parameters.filter((p) => p.in === 'query')

  const segment = (schema: Schema | undefined) =>
    fc.oneof(
      { weight: 2, arbitrary: sampleOf(doc, schema).map((v) => encodeURIComponent(String(v))) },
      { weight: 3, arbitrary: nastyPathSegment },
    )
  const url = fc
    .tuple(
      fc.tuple(...pathParams.map((p) => segment(p.schema))),
      fc.array(
        fc.oneof(
          ...queryParams.map((p) =>
            fc
              .oneof(
                sampleOf(doc, p.schema).map((v) => encodeURIComponent(String(v))),
                nastyQueryValue,
              )
              .map((v) => `${p.name}=${v}`),
          ),
          fc
            .tuple(
              fc.constantFrom('x', 'api_key', 'token', 'limit[]', '__proto__', 'a.b', ''),
              nastyQueryValue,
            )
            .map(([k, v]) => `${k}=${v}`),
          fc.constantFrom('&&', '=', '%', '?'),
        ),
        { maxLength: 4 },
      ),
    )
    .map(([segments, query]) => {
      let i = 0
      const filled = path.replace(/\{[^}]+\}/g, () => segments[i++] ?? 'x')
      return query.length > 0 ? `${filled}?${query.join('&')}` : filled
    })

  const content = operation.requestBody?.content ?? {}
  const jsonSchema = content['application/json']?.schema as Schema | undefined
  const multipartSchema = content['multipart/form-data']?.schema as Schema | undefined
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = multipartSchema
    ? fc.oneof(
        multipartBody(doc, multipartSchema),
        fc.tuple(junkBody, contentTypes).map(([payload, contentType]) => ({ payload, contentType })),
        // A route that takes JSON as well as a form gets JSON bodies too.
        ...(jsonSchema
          ? [
              fc
                .tuple(jsonBody(doc, jsonSchema), fc.constant('application/json'))
                .map(([payload, contentType]) => ({ payload, contentType })),
            ]
          : []),
      )
    : jsonSchema || ['post', 'put', 'patch'].includes(method)
      ? fc
          .tuple(
            jsonBody(doc, jsonSchema ?? {}),
            fc.oneof(
              { weight: 4, arbitrary: fc.constant('application/json') },
              { weight: 1, arbitrary: contentTypes },
            ),
          )
          .map(([payload, contentType]) => ({ payload, contentType }))
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(junkBody, contentTypes)
              .map(([payload, contentType]) => ({ payload, contentType })),
          },
        )

  const headers = fc.record(
    {
      credentials: fc.oneof(
        { weight: 3, arbitrary: fc.constant(credentials) },
        { weight: 1, arbitrary: fc.constant<Record<string, string>>({}) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Record<string, string>>(
            { 'x-api-key': 'gk_not_a_key' },
            { authorization: 'Bearer ' },
            { authorization: 'Basic Og==' },
            { 'x-admin-key': 'x'.repeat(5000) },
            { 'x-api-key': '\u00ff\u00fe' },
          ),
        },
      ),
      extra: fc.constantFrom<Record<string, string>>(
        {},
        {},
        { 'x-request-id': 'not-a-uuid\u00ff' },
        { 'if-none-match': '*' },
        { 'if-none-match': 'W/"x", "y"' },
        { accept: 'text/html' },
        { 'x-forwarded-for': '::1, 10.0.0.1' },
        { 'content-length': '5' },
        { 'transfer-encoding': 'chunked' },
      ),
    },
    { requiredKeys: ['credentials', 'extra'] },
  )

  return fc.tuple(url, body, headers).map(([u, b, h]) => ({
    method: method.toUpperCase(),
    url: u,
    headers: {
      ...h.credentials,
      ...h.extra,
      ...(b.contentType !== undefined ? { 'content-type': b.contentType } : {}),
    },
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
  }))
}

export interface FuzzOptions {
  /** Every operation's seed is derived from this one and its method and path. */
  seed: number
  /** Requests per operation (fewer when its share of the budget runs out first). */
  runs: number
  /** Milliseconds for the whole service, shared by its operations (each gets at least 20). */
  budgetMs: number
  /** A request still unanswered after this long is a hang. */
  requestTimeoutMs: number
}

/** The media types an operation documents for a status (its own entry, then `4XX`). */
function documentedMedia(operation: OpenApiOperation, status: number): string[] {
  const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`]
  return Object.keys(response?.content ?? {})
}

/** A seed per operation, so adding a route does not change what the others are sent. */
function seedOf(seed: number, ...parts: string[]): number {
  let h = seed >>> 0
  for (const c of parts.join(' ')) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0
  return h | 0
}

async function answer(service: ServiceUnderTest, request: FuzzRequest, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    return await Promise.race([service.app.inject(request as never), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Sends every operation of the service's description (and its `extraOperations`) generated
 * requests. An operation fails at its first answer that is a 5xx the set-up does not explain, a
 * hang, a 4xx outside the service's envelope, or a 2xx body without a Content-Type; when any
 * failed, throws listing each with what went wrong, fast-check's seed and replay path and the
 * shrunk request. Returns how many answers each status got.
 */
export async function fuzzService(
  service: ServiceUnderTest,
  options: FuzzOptions,
): Promise<Map<number, number>> {
  const doc = await fetchOpenApi(service.app)
  const envelope = createAjv({ coerce: false }).compile(errorSchema(service.envelope))
  const explained = (status: number, body: string) =>
    (service.expectedServerErrors ?? []).some((e) => e.status === status && e.body.test(body))
  const last = service.runsLast ?? (() => false)
  const all: DocumentedRoute[] = [...operationsOf(doc), ...(service.extraOperations ?? [])]
  const operations = [
    ...all.filter((o) => !last(o.method, o.path)),
    ...all.filter((o) => last(o.method, o.path)),
  ]
  const share = Math.max(20, Math.floor(options.budgetMs / Math.max(1, operations.length)))
  const seen = new Map<number, number>()
  const failures: string[] = []
  for (const { method, path, operation } of operations) {
    const property = fc.asyncProperty(
      requestsFor(doc, method, path, operation, service.credentials),
      async (request) => {
        const res = await answer(service, request, options.requestTimeoutMs)
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1)
        const where = `${request.method} ${request.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`
        if (res.statusCode >= 500) {
          // A HEAD answer has no body to explain itself: the same request as GET shows it.
          const shown =
            request.method === 'HEAD'
              ? await answer(service, { ...request, method: 'GET' }, options.requestTimeoutMs)
              : res
          if (shown.statusCode !== res.statusCode || !explained(shown.statusCode, shown.body))
            throw new Error(`server error: ${where}`)
        }
        if (res.statusCode < 300 && request.method !== 'HEAD' && res.body.length > 0) {
          // A client decides how to read an answer by its Content-Type: a body must say it.
          if (!res.headers['content-type']) throw new Error(`success without a Content-Type: ${where}`)
        }
        if (res.statusCode >= 400 && res.statusCode < 500 && request.method !== 'HEAD') {
          // A page route documents its errors as pages: those need only be of the documented type.
          const media = documentedMedia(operation, res.statusCode)
          if (media.length > 0 && !media.some((type) => type.includes('json'))) {
            const type = String(res.headers['content-type'] ?? '')
            if (!media.some((m) => type.startsWith(m)))
              throw new Error(`answer is not of a documented type: ${where}`)
            return
          }
          let body: unknown
          try {
            body = JSON.parse(res.body)
          } catch {
            throw new Error(`error body is not JSON: ${where}`)
          }
          if (!envelope(body)) throw new Error(`error body is not the ${service.envelope} envelope: ${where}`)
        }
      },
    )
    const params = {
      seed: seedOf(options.seed, method, path),
      numRuns: options.runs,
      plugins: [fc.interruptAfterTimeLimit(share)],
    }
    const first = await fc.check(property, params)
    // Interrupted before its first request was answered (a loaded machine): fast-check reports
    // that as a failure with no error. The operation still gets its one checked request, without
    // the time share, so a slow machine neither hides a 5xx nor fails a route that answered.
    const details =
      first.failed && first.interrupted && first.numRuns === 0
        ? await fc.check(property, { ...params, numRuns: 1, plugins: [] as typeof params.plugins })
        : first
    if (details.failed) {
      const report = fc.defaultReportMessage(details) ?? ''
      failures.push(`${method.toUpperCase()} ${path}: ${String(details.errorInstance)}\n${report}`)
    }
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} operation(s) failed:\n\n${failures.join('\n\n')}`)
  }
  return seen
}

/** The suite's fuzzing: a fixed seed and a budget per service (FUZZ_SEED, FUZZ_RUNS, FUZZ_BUDGET_MS). */
export const FUZZ_OPTIONS: FuzzOptions = {
  seed: Number(process.env.FUZZ_SEED ?? 20_261_122),
  runs: Number(process.env.FUZZ_RUNS ?? 300),
  // 5 s per service (7 services: 35 s of the suite's CPU, 56 s at 8 s): the seeds are fixed, so a
  // longer budget only sends more of the same sequence each run; longer runs take FUZZ_BUDGET_MS.
  budgetMs: Number(process.env.FUZZ_BUDGET_MS ?? 5_000),
  // Long enough for a cold start (the first valuation builds its model: ~3.5 s here), far below
  // what a request that never ends takes.
  requestTimeoutMs: 15_000,
}
