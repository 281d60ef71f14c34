/**
 * Every service, built once for all three: its API description, the attacks that once got
 * through, then the fuzzing of every route (the fuzzing last, since it revokes keys and signs out).
 *
 * - Every route it serves is in its /openapi.json, with request and response schemas
 *   (test/support/openapi.ts says exactly what is checked; test/api/description.test.ts shows the
 *   check catches what it should), and the document passes Redocly's recommended rules.
 * - Attacks that once got through are replayed, each with the answer written here.
 * - Every route is fuzzed from its own /openapi.json (test/support/fuzz.ts): each generated bad
 *   request must get an answer within `requestTimeoutMs` that is not a 5xx, every 4xx must be the
 *   service's error envelope, every 2xx with a body must say its Content-Type, and the service must
 *   still answer afterwards (test/api/fuzz.test.ts shows the fuzzer catches a crash, a hang and an
 *   error outside the envelope).
 *
 * Bounded and reproducible: a fixed seed (FUZZ_SEED) gives every operation its own seed; each
 * operation gets FUZZ_RUNS requests or its share of FUZZ_BUDGET_MS per service, whichever ends
 * first. A failure prints fast-check's seed and path and the smallest failing request. Longer runs:
 *   FUZZ_SEED=7 FUZZ_RUNS=1000 FUZZ_BUDGET_MS=60000 npx vitest run test/api/services.test.ts
 * (FUZZ_VERBOSE=1 prints how many answers each status got.)
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipart } from '../knowledge/harness.ts'
import { makeDocx } from '../support/documents.ts'
import { FUZZ_OPTIONS, fuzzService } from '../support/fuzz.ts'
import { documentedRoutes, fetchOpenApi, operationsOf } from '../support/openapi.ts'
import { SERVICES, type ServiceUnderTest } from '../support/services.ts'

const redocly = createConfig({ extends: ['recommended'] })

/**
 * Attacks that once got through — a 5xx, or a 2xx that should have been refused — replayed on
 * every run, since random requests reach them too rarely: each must get the answer written here,
 * a 4xx naming its field where it is refused.
 */
interface Attack {
  what: string
  method: 'GET' | 'POST'
  url: string
  payload?: Record<string, unknown>
  /** A multipart upload instead of a JSON payload. */
  form?: { payload: Buffer; headers: Record<string, string> }
  status: number
  field?: string
  /** The limit the error names (error.details.limit). */
  limit?: string
  /** Text the answer must hold. */
  contains?: string
}

const ACCOUNT = { account: '19-2000145399/0800', amount: 10 }
const qr = (what: string, body: Record<string, unknown>, status: number, field?: string): Attack => ({
  what,
  method: 'POST',
  url: '/api/qr/payment',
  payload: { ...ACCOUNT, ...body },
  status,
  ...(field ? { field } : {}),
})

/** An HTML file uploaded to `url` (the knowledge base takes a collection with it). */
const htmlUpload = (what: string, url: string, html: string, status: number, limit: string): Attack => ({
  what,
  method: 'POST',
  url,
  form: multipart(url === '/upload' ? { collection: 'legal_documents' } : {}, {
    name: 'page.html',
    content: html,
    type: 'text/html',
  }),
  status,
  limit,
})
const nested = `${'<div>'.repeat(1600)}text${'</div>'.repeat(1600)}`
/** 200,001 elements in 800 KB (line breaks: void, so they do not nest). */
const flat = `<p>${'<br>'.repeat(200_001)}</p>`
const wideTable = `<table>${`<tr>${'<td>1</td>'.repeat(200)}</tr>`.repeat(501)}</table>`

/** A DOCX of a few kilobytes whose XML holds 1,000,001 elements (60 MiB of paragraphs took 2 GB). */
const elementBomb = makeDocx([{ paragraph: 'Smlouva' }], {
  deflate: true,
  extra: { 'word/glossary.xml': `<g>${'<a/>'.repeat(1_000_000)}</g>` },
})

const ATTACKS: Record<string, Attack[]> = {
  knowledge: [
    {
      what: 'a DOCX of 1,000,001 XML elements in a few kilobytes',
      method: 'POST',
      url: '/upload',
      form: multipart({ collection: 'legal_documents' }, { name: 'bomb.docx', content: elementBomb }),
      status: 413,
      limit: 'xml_elements',
    },
    htmlUpload(
      'an upload nested 1,600 deep (skipped the depth check: 60 s burned)',
      '/upload',
      nested,
      422,
      'nesting',
    ),
    htmlUpload('an upload of 200,001 elements (2 M took 4.7 GB)', '/upload', flat, 413, 'elements'),
    htmlUpload(
      'an upload of a 501 × 200 table (8,000 × 200 took 3.85 GB)',
      '/upload',
      wideTable,
      413,
      'table_cells',
    ),
  ],
  router: [
    htmlUpload(
      'a conversion nested 1,600 deep (skipped the depth check: 20 s burned)',
      '/v1/convert/markdown',
      nested,
      422,
      'nesting',
    ),
    htmlUpload('a conversion of 200,001 elements', '/v1/convert/markdown', flat, 413, 'elements'),
  ],
  domain: [
    qr(
      'a QR message whose 60th UTF-16 unit splits an emoji (was a 500)',
      { message: `${'a'.repeat(59)}🙂` },
      200,
    ),
    qr(
      'a QR name whose 35th UTF-16 unit splits an emoji (was a 500)',
      { recipient: `${'a'.repeat(34)}🙂` },
      200,
    ),
    qr('a lone surrogate in a QR message (was a 500)', { message: '\uD800' }, 400, 'message'),
    qr('a right-to-left override in a QR name', { recipient: 'a\u202Eb' }, 400, 'recipient'),
    qr('NUL in a QR message', { message: 'a\u0000b' }, 400, 'message'),
    qr('the no-currency code XXX', { currency: 'XXX' }, 400, 'currency'),
    qr('a due date of year 0', { due_date: '0000-01-01' }, 400, 'due_date'),
    {
      ...qr('a % in a QR message, left bare so a reader decodes "50%2A" as "50*"', { message: '50%2A' }, 200),
      contains: 'MSG:50%252A',
    },
    {
      what: 'an area written in hex, read as 16 (was a 200)',
      method: 'GET',
      url: '/api/estimate?area_m2=0x10&disposition=2%2Bkk&latitude=50.07&longitude=14.40',
      status: 400,
      field: 'area_m2',
    },
  ],
}

describe.each(SERVICES)('the $name service', (target) => {
  let service: ServiceUnderTest
  // One build for the description, the attacks and the fuzzing: each service (datasets, lists,
  // the 88 agents) was built once per suite, three times for those with attacks. A build takes
  // seconds; the generous limit is for a machine loaded many times over.
  beforeAll(async () => {
    service = await target.build()
  }, 180_000)
  afterAll(() => service?.close())

  describe('its API description', () => {
    it('describes every route it serves, each with a response schema, in a valid /openapi.json', async () => {
      const doc = await documentedRoutes(service.app)
      expect(operationsOf(doc).length).toBeGreaterThan(3)
    })

    it("passes Redocly's recommended rules with no error (operationId, summary, servers, security on every operation)", async () => {
      const source = (await service.app.inject('/openapi.json')).body
      const problems = await lintFromString({
        source,
        absoluteRef: `${target.name}.json`,
        config: await redocly,
      })
      const errors = problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`)
      expect(errors).toEqual([])
    })

    it('answers an operation its document declares open (security: []) without asking for a credential', async () => {
      const doc = JSON.parse((await service.app.inject('/openapi.json')).body) as {
        paths: Record<string, Record<string, { security?: unknown[] }>>
      }
      const asked: string[] = []
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(item)) {
          if (!Array.isArray(op.security) || op.security.length > 0) continue
          const url = path.replace(/\{[^}]+\}/g, 'x')
          const res = await service.app.inject({ method: method.toUpperCase() as 'GET', url })
          if (res.statusCode === 401) asked.push(`${method.toUpperCase()} ${path}`)
        }
      }
      expect(asked).toEqual([])
    })

    it('serves /openapi.json with an ETag and answers If-None-Match with 304', async () => {
      const first = await service.app.inject('/openapi.json')
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
      expect(first.headers['cache-control']).toBe('public, max-age=300')
      const again = await service.app.inject({
        url: '/openapi.json',
        headers: { 'if-none-match': first.headers.etag as string },
      })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
    })

    it('serves Swagger UI (at /docs unless the service has pages there) and Redoc at /redoc', async () => {
      const docs = await service.app.inject(service.swaggerUiPath ?? '/docs/')
      expect(docs.statusCode).toBe(200)
      const redoc = await service.app.inject('/redoc')
      expect(redoc.statusCode).toBe(200)
      expect(redoc.body).toContain('spec-url="/openapi.json"')
    })
  })

  const attacks = ATTACKS[target.name]
  if (attacks)
    describe('attacks that once got through', () => {
      it.each(attacks)('$what: $status', async (attack) => {
        const res = await service.app.inject({
          method: attack.method,
          url: attack.url,
          headers: { ...service.credentials, ...attack.form?.headers },
          ...(attack.payload ? { payload: attack.payload } : {}),
          ...(attack.form ? { payload: attack.form.payload } : {}),
        })
        expect(res.statusCode, res.body.slice(0, 300)).toBe(attack.status)
        if (attack.limit) expect(res.json().error.details.limit).toBe(attack.limit)
        if (attack.field) expect(res.json().error.details.field).toBe(attack.field)
        if (attack.contains) expect(res.body).toContain(attack.contains)
      })
    })

  describe('fuzzed', () => {
    it('answers every bad request to every route in time with a 4xx in its envelope or a 2xx, never a 5xx', async () => {
      const seen = await fuzzService(service, FUZZ_OPTIONS)
      if (process.env.FUZZ_VERBOSE) console.log(target.name, Object.fromEntries(seen))
      // Bad input was refused, and some requests got through to the handlers.
      expect([...seen.keys()].some((s) => s >= 400 && s < 500)).toBe(true)
      expect([...seen.keys()].some((s) => s < 300)).toBe(true)
    }, 120_000)

    it('still answers afterwards', async () => {
      expect((await service.app.inject('/openapi.json')).statusCode).toBe(200)
    })

    it('refuses every operation that declares a credential when none is sent (401), before it runs', async () => {
      const guarded = operationsOf(await fetchOpenApi(service.app)).filter(
        ({ operation }) =>
          operation.security !== undefined &&
          operation.security.length > 0 &&
          operation.security.every((requirement) => Object.keys(requirement).length > 0),
      )
      const answered: string[] = []
      for (const { method, path } of guarded) {
        const res = await service.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, 'x1'),
          // A body the route would take if it ran: the credential check must come first.
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        })
        answered.push(`${method.toUpperCase()} ${path} → ${res.statusCode}`)
      }
      expect(answered.filter((line) => !line.endsWith('→ 401'))).toEqual([])
    })
  })
})
