/**
 * One request through the router to the AML service is one trace: the two services run in their
 * own processes as `gatehouse serve` starts them, export over OTLP/HTTP (http/json) to a local
 * receiver, and the AML service's spans continue the router's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARED_LISTS } from './aml/lists.ts'
import { haveSharedData } from './domain/fixtures.ts'
import { stopChild } from './support/children.ts'

const root = resolve(import.meta.dirname, '..')
const TRACE = '0af7651916cd43dd8448eb211c80319c'
const CALLER_SPAN = 'b7ad6b7169203331'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
}
interface Exported {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] }
    scopeSpans: { spans: OtlpSpan[] }[]
  }[]
}

describe.skipIf(!haveSharedData)('one trace across services', () => {
  const bodies: Exported[] = []
  const children: ChildProcess[] = []
  const logs: string[] = []
  let receiver: Server
  let otlp = ''
  const work = mkdtempSync(join(tmpdir(), 'gatehouse-trace-'))

  /** Starts one service in its own process on port 0; resolves with its address. */
  function start(name: string, env: Record<string, string>): Promise<string> {
    const child = spawn(process.execPath, ['src/cli.ts', 'serve', name], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: join(work, name),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        [`${name.toUpperCase()}_PORT`]: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Spans leave within 200 ms instead of the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    child.stdout!.on('data', (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n')))
    let banner = ''
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start within 60 s: ${banner}`)),
        60_000,
      )
      child.stderr!.on('data', (chunk: Buffer) => {
        banner += chunk
        const url = new RegExp(`^${name}\\s+(http://\\S+)`, 'm').exec(banner)?.[1]
        if (url) {
          clearTimeout(timer)
          resolve(url)
        }
      })
    })
  }

  let router = ''
  let aml = ''
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (req.url === '/v1/traces')
          bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Exported)
        res.setHeader('content-type', 'application/json')
        res.end('{}')
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    // What is tested is the trace, not the lists: the Czech list alone (28 KB) is loaded in well
    // under a second, where all of them took ≈10 s of the AML process's CPU.
    const lists = join(work, 'lists')
    cpSync(join(SHARED_LISTS, 'cz'), join(lists, 'cz'), { recursive: true })
    aml = await start('aml', { AML_LISTS_DIR: lists })
    router = await start('router', { AML_URL: aml })
    // The AML service answers screenings once its lists are loaded.
    const deadline = Date.now() + 60_000
    while ((await fetch(`${aml}/health`).then((r) => r.status)) !== 200) {
      if (Date.now() > deadline) throw new Error('the AML lists did not load within 60 s')
      await new Promise((r) => setTimeout(r, 200))
    }
  }, 150_000)
  afterAll(async () => {
    await Promise.all(children.map((child) => stopChild(child, 'SIGTERM')))
    receiver?.close()
  })

  it('exports the router’s spans and the AML service’s as one trace, AML’s request span a child of the router’s call', async () => {
    const res = await fetch(`${router}/aml/screen/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${TRACE}-${CALLER_SPAN}-01` },
      body: JSON.stringify({ name: 'Jan Novák' }),
    })
    expect(res.status).toBe(200)

    const spans = () =>
      bodies.flatMap((b) =>
        b.resourceSpans.flatMap((rs) => {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue
          return rs.scopeSpans.flatMap((ss) => ss.spans.map((span) => ({ service, ...span })))
        }),
      )
    const amlServer = () =>
      spans().find((s) => s.traceId === TRACE && s.service === 'gatehouse-aml' && s.kind === 2)
    const deadline = Date.now() + 10_000
    while (
      !amlServer() ||
      !spans().some((s) => s.traceId === TRACE && s.service === 'gatehouse-router' && s.kind === 2)
    ) {
      if (Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const all = spans().filter((s) => s.traceId === TRACE)
    const routerServer = all.find((s) => s.service === 'gatehouse-router' && s.kind === 2)
    expect(routerServer).toMatchObject({ parentSpanId: CALLER_SPAN })
    const routerCall = all.find((s) => s.service === 'gatehouse-router' && s.kind === 3)
    expect(routerCall).toMatchObject({ parentSpanId: routerServer!.spanId })
    expect(amlServer()).toMatchObject({
      traceId: TRACE,
      parentSpanId: routerCall!.spanId,
      name: 'POST /api/aml/screen/complete',
    })
    // The screening's record is written inside the same trace.
    expect(all.some((s) => s.service === 'gatehouse-aml' && s.kind === 3 && /^INSERT /.test(s.name))).toBe(
      true,
    )
    // The AML service's log lines of this request name the trace (the router logs no requests).
    const traced = logs.filter((l) => l.includes(`"trace_id":"${TRACE}"`))
    expect(traced.filter((l) => l.includes('"service":"aml"')).length).toBeGreaterThan(0)
  })
})
