import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './db.ts'
import { createLogger } from './logger.ts'
import { createServer } from './server.ts'
import { configureTracing, flushTracing, shutdownTracing } from './tracing.ts'

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT = '00f067aa0ba902b7'

/** A local upstream that keeps the headers of every request it is sent. */
async function upstream(): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = []
  const server = createHttpServer((req, res) => {
    seen.push(req.headers)
    res.end('{}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server }
}

/** An OTLP/HTTP receiver: keeps each request's content type and, for JSON, its body. */
async function receiver(): Promise<{
  url: string
  posts: { type: string; path: string; body: string }[]
  server: Server
}> {
  const posts: { type: string; path: string; body: string }[] = []
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      posts.push({
        type: req.headers['content-type'] ?? '',
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.setHeader('content-type', 'application/json')
      res.end('{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts, server }
}

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
}
function spansOf(bodies: string[]): { service: string; span: OtlpSpan }[] {
  return bodies.flatMap((body) =>
    (
      JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] }
          scopeSpans: { spans: OtlpSpan[] }[]
        }[]
      }
    ).resourceSpans.flatMap((rs) => {
      const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? ''
      return rs.scopeSpans.flatMap((ss) => ss.spans.map((span) => ({ service, span })))
    }),
  )
}

describe('trace context without an exporter', () => {
  const lines: string[] = []
  const logger = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) })
  let up: Awaited<ReturnType<typeof upstream>>
  const app = createServer({ name: 'svc', envelope: 'standard', logger })
  beforeAll(async () => {
    up = await upstream()
    app.get('/work', async (request) => {
      request.log.info('working')
      await fetch(`${up.url}/next`)
      return { ok: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app.close()
    up.server.close()
  })
  const base = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  it("continues the caller's trace: its log lines and the calls it makes carry the caller's trace id, with a span id of its own", async () => {
    lines.length = 0
    up.seen.length = 0
    const res = await fetch(`${base()}/work`, { headers: { traceparent: `00-${TRACE}-${PARENT}-01` } })
    expect(res.status).toBe(200)
    const sent = up.seen[0]?.traceparent
    expect(sent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`))
    expect(sent).not.toContain(PARENT)
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.trace_id)
    expect(logged.find((l) => l.msg === 'working')).toMatchObject({ trace_id: TRACE })
    expect(new Set(logged.map((l) => l.trace_id))).toEqual(new Set([TRACE]))
  })

  it('starts a trace of its own when the caller sends none, unsampled, and logs its id', async () => {
    lines.length = 0
    up.seen.length = 0
    await fetch(`${base()}/work`)
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/.exec(up.seen[0]?.traceparent as string)
    expect(match).not.toBeNull()
    expect(match![1]).not.toBe('0'.repeat(32))
    const working = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'working')
    expect(working?.trace_id).toBe(match![1])
  })

  it('ignores a malformed traceparent and starts a new trace', async () => {
    up.seen.length = 0
    await fetch(`${base()}/work`, { headers: { traceparent: `00-${'0'.repeat(32)}-${PARENT}-01` } })
    expect(up.seen[0]?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/)
    expect(up.seen[0]?.traceparent).not.toContain('0'.repeat(32))
  })
})

describe('spans exported over OTLP/HTTP', () => {
  let otlp: Awaited<ReturnType<typeof receiver>>
  let up: Awaited<ReturnType<typeof upstream>>
  beforeAll(async () => {
    otlp = await receiver()
    up = await upstream()
  })
  afterAll(async () => {
    await shutdownTracing()
    otlp.server.close()
    up.server.close()
  })

  it('exports, as http/json, the request span with its route, the call it made and its database statement, one trace under the caller', async () => {
    await configureTracing(
      { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
      1,
    )
    const db = openDatabase({ dataDir: '', file: ':memory:' })
    const app = createServer({ name: 'svc', envelope: 'standard', logger: createLogger({ level: 'silent' }) })
    app.get('/work/:id', async () => {
      await fetch(`${up.url}/next?api_key=secret-value`)
      await sql`select 1 as one`.execute(db.as())
      return { ok: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/work/7`, {
      headers: { traceparent: `00-${TRACE}-${PARENT}-01` },
    })
    await app.close()
    await db.close()
    await flushTracing()

    const posts = otlp.posts.filter((p) => p.path === '/v1/traces')
    expect(posts.length).toBeGreaterThan(0)
    expect(posts.every((p) => p.type.startsWith('application/json'))).toBe(true)
    const spans = spansOf(posts.map((p) => p.body))
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set(['gatehouse-svc']))
    const server = spans.find((s) => s.span.name === 'GET /work/:id')?.span
    expect(server).toMatchObject({ traceId: TRACE, parentSpanId: PARENT, kind: 2 })
    const client = spans.find((s) => s.span.kind === 3 && s.span.name === 'GET')?.span
    expect(client).toMatchObject({ traceId: TRACE, parentSpanId: server!.spanId })
    const url = client!.attributes.find((a) => a.key === 'url.full')?.value.stringValue
    expect(url).toContain('/next')
    expect(url).not.toContain('secret-value')
    const statement = spans.find((s) => s.span.name === 'SELECT sqlite')?.span
    expect(statement).toMatchObject({ traceId: TRACE, parentSpanId: server!.spanId, kind: 3 })
    // The upstream saw the client span as its parent: the next service continues this trace.
    expect(up.seen.at(-1)?.traceparent).toBe(`00-${TRACE}-${client!.spanId}-01`)
  })

  it('exports as http/protobuf, the OTLP default', async () => {
    await shutdownTracing()
    otlp.posts.length = 0
    await configureTracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${otlp.url}/custom/traces` }, 1)
    const app = createServer({ name: 'svc', envelope: 'standard', logger: createLogger({ level: 'silent' }) })
    app.get('/ping', async () => ({ ok: true }))
    await app.inject('/ping')
    await app.close()
    await flushTracing()
    expect(otlp.posts.map((p) => [p.path, p.type])).toContainEqual([
      '/custom/traces',
      'application/x-protobuf',
    ])
  })
})
