import { Type } from 'typebox'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { EnvelopeKind } from './envelope.ts'
import { ok } from './envelope.ts'
import { AppError } from './errors.ts'
import { createLogger } from './logger.ts'
import { createServer } from './server.ts'

const logger = createLogger({ level: 'silent' })

function build(envelope: EnvelopeKind = 'discovery') {
  const app = createServer({ name: 'test', envelope, logger, bodyLimit: 1024 })
  app.get(
    '/items/:id',
    { schema: { params: Type.Object({ id: Type.String({ pattern: '^[a-z]{2,5}$' }) }) } },
    async (req) => ({ id: req.params.id }),
  )
  app.get(
    '/search',
    {
      schema: {
        querystring: Type.Object(
          { q: Type.String({ minLength: 2 }), limit: Type.Integer({ minimum: 1, maximum: 20, default: 10 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => ({ q: req.query.q, limit: req.query.limit }),
  )
  app.post(
    '/things',
    {
      schema: {
        body: Type.Object(
          { name: Type.String({ minLength: 2 }), email: Type.String({ format: 'email' }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => ok(reply, { name: req.body.name }),
  )
  app.post(
    '/nullable',
    {
      schema: {
        body: Type.Object({
          count: Type.Union([Type.Integer(), Type.Null()]),
          flag: Type.Union([Type.Boolean(), Type.Null()]),
        }),
      },
    },
    async (req) => req.body,
  )
  app.get('/teapot', async () => {
    throw new AppError(
      'service_unavailable',
      'Lists are loading',
      { retry_after_seconds: 5 },
      { 'retry-after': '5' },
    )
  })
  app.get('/crash', async () => {
    throw new Error('secret database password in message')
  })
  return app
}

describe('request ids', () => {
  const app = build()
  afterAll(() => app.close())

  it('keeps an incoming X-Request-Id that is a UUID and echoes it', async () => {
    const id = '3f2b8c1e-9a4d-4c6e-8f00-1234567890ab'
    const res = await app.inject({ url: '/items/abc', headers: { 'x-request-id': id } })
    expect(res.headers['x-request-id']).toBe(id)
  })

  it('replaces an X-Request-Id that is not a UUID (no log injection)', async () => {
    const res = await app.inject({ url: '/items/abc', headers: { 'x-request-id': 'evil\nline' } })
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.headers['x-request-id']).not.toContain('evil')
  })

  it('puts the request id in error bodies too', async () => {
    const res = await app.inject({ url: '/nowhere' })
    expect(res.json().request_id).toBe(res.headers['x-request-id'])
  })
})

describe('errors in the discovery envelope', () => {
  const app = build('discovery')
  afterAll(() => app.close())

  it('answers an unknown route with 404 not_found', async () => {
    const res = await app.inject({ url: '/nowhere' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } })
  })

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/items/abc' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
    expect(res.json().error).toMatchObject({
      code: 'method_not_allowed',
      details: { allowed: ['GET', 'HEAD'] },
    })
  })

  it('answers a malformed percent-escape in the path with 400 in the envelope, with its request id', async () => {
    const res = await app.inject({ url: '/items/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: { code: 'invalid_request', details: { location: 'path', rule: 'percent-encoding' } },
      request_id: res.headers['x-request-id'],
    })
  })

  it('answers a path segment over 500 characters with 400 in the envelope', async () => {
    const res = await app.inject({ url: `/items/${'a'.repeat(600)}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: { code: 'invalid_request', details: { location: 'path', rule: 'maxLength 500' } },
      request_id: res.headers['x-request-id'],
    })
  })

  it('names the query parameter and the rule when validation fails', async () => {
    const res = await app.inject({ url: '/search?q=a' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'invalid_request',
      details: { location: 'query', field: 'q', rule: 'minLength 2' },
    })
  })

  it('rejects unknown query parameters where the schema closes them', async () => {
    const res = await app.inject({ url: '/search?q=ab&sort=x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details).toMatchObject({ field: 'sort', rule: 'not allowed (unknown property)' })
  })

  it('applies defaults and coerces query types', async () => {
    const res = await app.inject({ url: '/search?q=ab' })
    expect(res.json()).toEqual({ q: 'ab', limit: 10 })
  })

  it('never coerces JSON bodies: 0 and false stay themselves in a nullable field', async () => {
    const res = await app.inject({ method: 'POST', url: '/nullable', payload: { count: 0, flag: false } })
    expect(res.json()).toEqual({ count: 0, flag: false })
  })

  it('refuses a JSON string where the body schema wants a number', async () => {
    const res = await app.inject({ method: 'POST', url: '/nullable', payload: { count: '5', flag: null } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details).toMatchObject({ location: 'body', field: 'count' })
  })

  it('names a missing body field', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Jan' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details).toEqual({ location: 'body', field: 'email', rule: 'required' })
  })

  it('uses JSON Schema formats (email)', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Jan', email: 'nope' } })
    expect(res.json().error.details).toMatchObject({ field: 'email', rule: 'format email' })
  })

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'body', rule: 'json' },
    })
  })

  it('answers text/plain with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('unsupported_media_type')
  })

  it('answers a body over the limit with 413 before parsing it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${'x'.repeat(2000)}"`,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      details: { field: 'body', rule: 'maxBytes 1024' },
    })
  })

  it('renders a thrown AppError with its status and headers', async () => {
    const res = await app.inject({ url: '/teapot' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json().error).toEqual({
      code: 'service_unavailable',
      message: 'Lists are loading',
      details: { retry_after_seconds: 5 },
    })
  })

  it('hides the message of an unexpected crash', async () => {
    const res = await app.inject({ url: '/crash' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('secret')
    expect(res.json().error.code).toBe('internal_error')
  })
})

describe('the gateway and standard envelopes', () => {
  it('gateway: error text at the top with code and request id', async () => {
    const app = build('gateway')
    const res = await app.inject({ url: '/teapot' })
    expect(res.json()).toEqual({
      error: 'Lists are loading',
      code: 'service_unavailable',
      request_id: res.headers['x-request-id'],
      retry_after_seconds: 5,
    })
    await app.close()
  })

  it('standard: success false with an upper-case code, and ok() wraps successes', async () => {
    const app = build('standard')
    const bad = await app.inject({ url: '/nowhere' })
    expect(bad.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    const good = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'Jan', email: 'jan@firma.cz' },
    })
    const body = good.json()
    expect(body).toMatchObject({
      success: true,
      data: { name: 'Jan' },
      meta: { request_id: good.headers['x-request-id'] },
    })
    expect(Number.isInteger(body.meta.processing_time_ms)).toBe(true)
    await app.close()
  })
})

describe('credentials never in URLs or logs', () => {
  const secret = `gk_${'A1b2C3d4'.repeat(4)}`
  const lines: string[] = []
  const capturing = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) })
  const app = createServer({ name: 'test', envelope: 'gateway', logger: capturing })
  app.get('/anything', async () => ({ ok: true }))
  afterAll(() => app.close())

  it('refuses a credential-named query parameter with 400 naming it, and logs no part of its value', async () => {
    for (const param of [
      'api_key',
      'apikey',
      'API-Key',
      'key',
      'token',
      'access_token',
      'secret',
      'password',
    ]) {
      const res = await app.inject(`/anything?${param}=${secret}&q=1`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        location: 'query',
        field: param,
        rule: 'credentials only in headers',
      })
    }
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain('A1b2C3d4')
  })

  it('refuses a key-shaped value whatever the parameter is called', async () => {
    const res = await app.inject(`/anything?q=${secret}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field: 'q', rule: 'credentials only in headers' })
    const jwt = await app.inject('/anything?state=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')
    expect(jwt.statusCode).toBe(400)
    const bearer = await app.inject('/anything?x=Bearer%20abcdef')
    expect(bearer.statusCode).toBe(400)
    expect(lines.join('\n')).not.toMatch(/A1b2C3d4|eyJhbGci|abcdef/)
  })

  it('lets ordinary query parameters through and logs them', async () => {
    const res = await app.inject('/anything?q=monkey&keyword=tokens&sort=key')
    expect(res.statusCode).toBe(200)
    expect(lines.join('\n')).toContain('q=monkey')
  })

  it('redacts credential headers wherever an object carrying them is logged', () => {
    const headers = {
      authorization: `Bearer ${secret}`,
      'x-api-key': secret,
      'x-admin-key': 'admin-A1b2C3d4',
      'x-internal-key': 'internal-A1b2C3d4',
      cookie: 'session=A1b2C3d4',
      accept: 'application/json',
    }
    capturing.info({ headers }, 'top level')
    capturing.info({ req: { method: 'GET', url: `/x?token=${secret}`, headers } }, 'a raw request')
    capturing.error({ err: { message: 'upstream failed', config: { headers } } }, 'nested')
    const out = lines.slice(-3).join('\n')
    expect(out).not.toContain('A1b2C3d4')
    expect(out).toContain('application/json')
  })
})

describe('request logs', () => {
  it('carry the request id on every line a request writes, with credential headers still redacted', async () => {
    const lines: string[] = []
    const capturing = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) })
    const app = createServer({ name: 'test', envelope: 'standard', logger: capturing })
    app.get('/logs', async (request) => {
      request.log.info({ headers: { 'x-api-key': 'gk_A1b2C3d4', accept: 'text/plain' } }, 'handler line')
      request.log.child({ step: 'inner' }).warn('inner line')
      return { ok: true }
    })
    const id = '0b7f2d4e-6a1c-4e8b-9f3d-2c5a7e9b1d40'
    const res = await app.inject({ url: '/logs', headers: { 'x-request-id': id } })
    const generated = await app.inject({ url: '/logs' })
    await app.close()
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const of = (rid: unknown) => parsed.filter((l) => l.request_id === rid).map((l) => l.msg)
    expect(res.headers['x-request-id']).toBe(id)
    for (const rid of [id, generated.headers['x-request-id']]) {
      expect(of(rid)).toEqual(['incoming request', 'handler line', 'inner line', 'request completed'])
    }
    expect(parsed.find((l) => l.msg === 'inner line')).toMatchObject({ service: 'test', step: 'inner' })
    // One trace and span per request, the same on each of its lines.
    for (const rid of [id, generated.headers['x-request-id']]) {
      const ids = new Set(parsed.filter((l) => l.request_id === rid).map((l) => `${l.trace_id} ${l.span_id}`))
      expect([...ids]).toEqual([expect.stringMatching(/^[0-9a-f]{32} [0-9a-f]{16}$/)])
    }
    expect(lines.join('\n')).not.toContain('A1b2C3d4')
    expect(lines.join('\n')).toContain('text/plain')
  })
})

describe('numbers and nesting that must not reach a handler', () => {
  const app = createServer({ name: 'test', envelope: 'discovery', logger, bodyLimit: 1024 * 1024 })
  app.post(
    '/numbers',
    { schema: { body: Type.Object({ n: Type.Number(), i: Type.Optional(Type.Integer()) }) } },
    async (req) => ({ n: req.body.n }),
  )
  app.get(
    '/page',
    { schema: { querystring: Type.Object({ limit: Type.Optional(Type.Number({ minimum: 0 })) }) } },
    async (req) => ({ limit: req.query.limit ?? null }),
  )
  app.get(
    '/typed/:type',
    {
      schema: {
        params: Type.Object({ type: Type.String() }),
        querystring: Type.Object({ type: Type.Optional(Type.Integer()), name: Type.Optional(Type.String()) }),
      },
    },
    async (req) => ({ type: req.query.type ?? null, name: req.query.name ?? null, path: req.params.type }),
  )
  app.post('/anything', async (req) => ({ type: typeof req.body }))
  afterAll(() => app.close())

  const post = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload })

  it('refuses 1e309 (Infinity once parsed) with 400 naming the field', async () => {
    for (const payload of ['{"n":1e309}', '{"n":-1e309}', '{"n":1,"i":1e400}']) {
      const res = await post('/numbers', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.details).toMatchObject({ location: 'body' })
    }
    expect((await post('/numbers', '{"n":1e308}')).statusCode).toBe(200)
  })

  it('refuses an infinite number in the query string too', async () => {
    expect((await app.inject('/page?limit=1e309')).statusCode).toBe(400)
    expect((await app.inject('/page?limit=Infinity')).statusCode).toBe(400)
    expect((await app.inject('/page?limit=5')).json()).toEqual({ limit: 5 })
  })

  it('refuses a number in the query string written in hex, octal, binary or with spaces, naming the field', async () => {
    for (const spelling of ['0x10', '0X10', '0o20', '0b10000', '%2016', '16%20', '1_000']) {
      const res = await app.inject(`/page?limit=${spelling}`)
      expect(res.statusCode, spelling).toBe(400)
      expect(res.json().error.details).toMatchObject({
        location: 'query',
        field: 'limit',
        rule: expect.stringMatching(/^type (decimal )?number$/),
      })
    }
    for (const [spelling, value] of [
      ['16', 16],
      ['16.5', 16.5],
      ['-0', 0],
      ['1e3', 1000],
      ['.5', 0.5],
    ] as const)
      expect((await app.inject(`/page?limit=${spelling}`)).json(), spelling).toEqual({ limit: value })
  })

  it('checks a number in a parameter called "type" too, and leaves text where no number is expected as written', async () => {
    const hex = await app.inject('/typed/x?type=0x10')
    expect(hex.statusCode).toBe(400)
    expect(hex.json().error.details).toMatchObject({ location: 'query', field: 'type' })
    expect((await app.inject('/typed/0x10?type=16&name=0x10')).json()).toEqual({
      type: 16,
      name: '0x10',
      path: '0x10',
    })
  })

  it('refuses JSON nested deeper than 64 levels with 400 before any handler walks it', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      const res = await post('/anything', open!.repeat(100_000) + close!.repeat(100_000))
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        details: { field: 'body', rule: 'maxDepth 64' },
      })
    }
    const deepest = await post('/anything', `${'['.repeat(64)}${']'.repeat(64)}`)
    expect(deepest.statusCode).toBe(200)
    expect((await post('/anything', `${'['.repeat(65)}${']'.repeat(65)}`)).statusCode).toBe(400)
  })

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const text = `\\"${'['.repeat(500)}{`
    const res = await post('/anything', JSON.stringify({ text }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ type: 'object' })
  })

  it('still refuses __proto__ keys and malformed JSON', async () => {
    expect((await post('/anything', '{"__proto__":{"x":1}}')).statusCode).toBe(400)
    expect((await post('/anything', '{"a":')).statusCode).toBe(400)
  })
})

describe('starting on a busy machine', () => {
  it('waits for a plugin that takes longer than Fastify’s default 10 s to register, instead of failing the start', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const app = createServer({ name: 'test', envelope: 'standard', logger })
      // A plugin whose registration is held up for 15 s, as seven services booting in one process
      // on two busy cores held up Swagger UI's in CI.
      app.register(async () => {
        await new Promise((resolve) => setTimeout(resolve, 15_000))
      })
      const ready = app.ready().then(
        () => 'ready',
        (error: Error & { code?: string }) => error.code ?? error.message,
      )
      await vi.advanceTimersByTimeAsync(15_000)
      expect(await ready).toBe('ready')
      await app.close()
    } finally {
      vi.useRealTimers()
    }
  })
})
