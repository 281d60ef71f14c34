/**
 * Every route of every service, fuzzed from its own /openapi.json (test/support/fuzz.ts): each
 * generated bad request must get an answer within `requestTimeoutMs` that is not a 5xx, every 4xx
 * must be the service's error envelope, every 2xx with a body must say its Content-Type, and the
 * service must still answer afterwards. The fuzzer
 * itself is shown to catch a crash, a hang and an error outside the envelope.
 *
 * Bounded and reproducible: a fixed seed (FUZZ_SEED) gives every operation its own seed; each
 * operation gets FUZZ_RUNS requests or its share of FUZZ_BUDGET_MS per service, whichever ends
 * first. A failure prints fast-check's seed and path and the smallest failing request. Longer runs:
 *   FUZZ_SEED=7 FUZZ_RUNS=1000 FUZZ_BUDGET_MS=60000 npx vitest run test/api/fuzz.test.ts
 * (FUZZ_VERBOSE=1 prints how many answers each status got.)
 */
import type { FastifyReply } from 'fastify'
import { type Static, Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerApiDocs } from '../../src/kit/api-docs.ts'
import { AppError } from '../../src/kit/errors.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { createServer } from '../../src/kit/server.ts'
import { multipart } from '../knowledge/harness.ts'
import { makeDocx } from '../support/documents.ts'
import { type FuzzOptions, fuzzService } from '../support/fuzz.ts'
import { fetchOpenApi, operationsOf } from '../support/openapi.ts'
import { SERVICES, type ServiceUnderTest } from '../support/services.ts'

const OPTIONS: FuzzOptions = {
  seed: Number(process.env.FUZZ_SEED ?? 20_261_122),
  runs: Number(process.env.FUZZ_RUNS ?? 300),
  // 5 s per service (7 services: 35 s of the suite's CPU, 56 s at 8 s): the seeds are fixed, so a
  // longer budget only sends more of the same sequence each run; longer runs take FUZZ_BUDGET_MS.
  budgetMs: Number(process.env.FUZZ_BUDGET_MS ?? 5_000),
  // Long enough for a cold start (the first valuation builds its model: ~3.5 s here), far below
  // what a request that never ends takes.
  requestTimeoutMs: 15_000,
}

describe.each(SERVICES)('fuzzing the $name service', (target) => {
  let service: ServiceUnderTest
  beforeAll(async () => {
    service = await target.build()
  }, 60_000)
  afterAll(() => service?.close())

  it('answers every bad request to every route in time with a 4xx in its envelope or a 2xx, never a 5xx', async () => {
    const seen = await fuzzService(service, OPTIONS)
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

describe.each(Object.entries(ATTACKS))('attacks that once got through the %s service', (name, attacks) => {
  let service: ServiceUnderTest
  beforeAll(async () => {
    service = await SERVICES.find((s) => s.name === name)!.build()
  }, 60_000)
  afterAll(() => service?.close())

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

describe('the fuzzer', () => {
  const Body = Type.Object({ n: Type.Number(), items: Type.Array(Type.Object({ q: Type.Integer() })) })
  const Ok = Type.Object({ ok: Type.Boolean() })

  type Handler = (body: Static<typeof Body>, reply: FastifyReply) => Promise<Static<typeof Ok> | FastifyReply>

  async function probe(handler: Handler) {
    const app = createServer({
      name: 'probe',
      envelope: 'standard',
      logger: createLogger({ level: 'silent' }),
    })
    await registerApiDocs(app, { title: 'Probe', version: '0.0.0', errorEnvelope: 'standard' })
    app.post('/probe', { schema: { body: Body, response: { 200: Ok } } }, async (request, reply) =>
      handler(request.body, reply),
    )
    const service: ServiceUnderTest = { app, envelope: 'standard', credentials: {}, close: () => app.close() }
    return service
  }

  const failureOf = async (service: ServiceUnderTest) => {
    try {
      await fuzzService(service, { ...OPTIONS, runs: 300, budgetMs: 5_000, requestTimeoutMs: 300 })
      return ''
    } catch (error) {
      return (error as Error).message
    } finally {
      await service.close()
    }
  }

  it('catches a crash on a value the schema allows, deep inside the body, and shrinks it', async () => {
    const message = await failureOf(
      await probe(async (body) => {
        if (body.items.some((i) => i.q < 0)) throw new Error('negative quantity')
        return { ok: true }
      }),
    )
    expect(message).toMatch(/server error: POST \/probe → 500/)
    expect(message).toMatch(/seed: -?\d+, path: "[\d:]+"/)
  })

  it('catches a request that never gets an answer', async () => {
    const message = await failureOf(
      await probe(async (body) => {
        if (body.n > 100) await new Promise((resolve) => setTimeout(resolve, 1_000))
        return { ok: true }
      }),
    )
    expect(message).toMatch(/no answer within 300 ms/)
  })

  it('catches a success answered without a Content-Type (a body sent through its own serializer)', async () => {
    const message = await failureOf(
      await probe(async (body, reply) =>
        body.n > 0 ? reply.serializer(() => '{"ok":true}').send({ ok: true }) : { ok: true },
      ),
    )
    expect(message).toMatch(/success without a Content-Type: POST \/probe → 200/)
  })

  it('catches an error answered outside the envelope, and passes one inside it', async () => {
    const outside = await failureOf(
      await probe(async (body, reply) => {
        if (body.items.length > 1) return reply.code(400).send({ message: 'too many items' })
        return { ok: true }
      }),
    )
    expect(outside).toMatch(/error body is not the standard envelope: POST \/probe → 400/)
    const inside = await failureOf(
      await probe(async (body) => {
        if (body.items.length > 1) throw new AppError('invalid_request', 'too many items', { field: 'items' })
        return { ok: true }
      }),
    )
    expect(inside).toBe('')
  })
})
