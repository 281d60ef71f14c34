/**
 * The discovery service on a real listening socket, every exchange checked by a third-party
 * validator: Stoplight Prism's validation proxy (`prism proxy openapi.json <upstream> --errors`)
 * sits in front and turns any response that breaks the OpenAPI document into a 500 with an
 * `sl-violations` header. Requests are forwarded unvalidated (`--validate-request false`) so the
 * error paths reach the service too.
 *
 * Between Prism and the service sits a transparent relay that can return a deliberately broken
 * response on demand; the first test proves Prism catches it, so a pass below means something.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp, UUID } from './helpers.ts'

const PRISM = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js')
const RATE_LIMIT = 40

let t: TestApp
let relay: Server
let prism: ChildProcess
let prismOutput = ''
let appUrl: string
let base: string

beforeAll(async () => {
  t = await testApp({ rateLimitPerMinute: RATE_LIMIT })
  appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const upstream = new URL(appUrl)

  relay = createServer((req, res) => {
    if (req.headers['x-test-break'] === 'yes') {
      // Health without data_version and with an extra property: two violations.
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-request-id': '3f1b6c1e-8d2a-4c8e-9a51-0d6f2b7c9e10',
      })
      res.end('{"status":"ok","extra":true}')
      return
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const relayPort = (relay.address() as AddressInfo).port

  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-prism-'))
  const docPath = join(dir, 'openapi.json')
  writeFileSync(docPath, JSON.stringify(t.app.swagger()))
  const prismPort = await freePort()
  prism = spawn(
    process.execPath,
    [
      PRISM,
      'proxy',
      docPath,
      `http://127.0.0.1:${relayPort}`,
      '--errors',
      '--validate-request',
      'false',
      '--cors',
      'false',
      '--host',
      '127.0.0.1',
      '--port',
      String(prismPort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  prism.stdout!.on('data', (c) => (prismOutput += c))
  prism.stderr!.on('data', (c) => (prismOutput += c))
  const deadline = Date.now() + 90_000
  while (!prismOutput.includes('Prism is listening')) {
    if (Date.now() > deadline || prism.exitCode !== null)
      throw new Error(`Prism did not start:\n${prismOutput}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  base = `http://127.0.0.1:${prismPort}`
}, 120_000)

afterAll(async () => {
  prism?.kill('SIGTERM')
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()))
  await t?.close()
})

/** One exchange through Prism; fails on any contract violation Prism reports. */
async function via(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${base}${path}`, init)
  const violations = res.headers.get('sl-violations')
  if (violations) throw new Error(`${init.method ?? 'GET'} ${path}: Prism reports ${violations}`)
  return res
}

const json = { 'content-type': 'application/json' }
const valid = {
  name: 'Jan Novák',
  email: 'jan.novak@firma.example.cz',
  message: 'Dobrý den, mám dotaz na AML prověrku.',
}

describe('Prism validation proxy in front of the listening service', () => {
  it('catches a response that breaks the document (the check can fail)', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-test-break': 'yes' } })
    expect(res.status).toBe(500)
    expect(res.headers.get('sl-violations')).toMatch(/data_version/)
  })

  it('answers on the socket directly with a request id', async () => {
    const res = await fetch(`${appUrl}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toMatch(UUID)
  })

  it.each([
    ['/healthz', 200],
    ['/.well-known/capabilities.json', 200],
    ['/v1/search?q=pravni', 200],
    ['/v1/search?q=nemovitosti&type=service&type=product&limit=3', 200],
    ['/v1/search?q=a', 400],
    ['/v1/search?q=aml&limit=21', 400],
    ['/v1/services', 200],
    ['/v1/content', 200],
    ['/v1/content?offset=60&limit=50', 200],
    ['/v1/content?limit=0', 400],
    ['/v1/content/clanek-format-spayd', 200],
    ['/v1/content/does-not-exist', 404],
    ['/v1/content/NOT_AN_ID', 404],
    ['/', 200],
    ['/.well-known/api-catalog', 200],
    ['/llms.txt', 200],
    ['/.well-known/security.txt', 200],
  ])('GET %s → %i, conforming', async (path, status) => {
    const res = await via(path)
    expect(res.status).toBe(status)
    expect(res.headers.get('x-request-id')).toMatch(UUID)
    await res.arrayBuffer()
  })

  it('answers If-None-Match with 304 through the proxy', async () => {
    const first = await via('/v1/search?q=spayd')
    await first.arrayBuffer()
    const again = await via('/v1/search?q=spayd', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('previews an inquiry, conforming, with no-store', async () => {
    const res = await via('/v1/inquiries/preview', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(valid),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(((await res.json()) as any).normalized.email_masked).toBe('j***@e***.cz')
  })

  it.each([
    ['an invalid field', json, JSON.stringify({ ...valid, name: 'J' }), 400],
    ['malformed JSON', json, '{"name":', 400],
    ['a text body', { 'content-type': 'text/plain' }, 'hello', 415],
    ['a body over 16 KiB', json, JSON.stringify({ ...valid, message: 'm'.repeat(17_000) }), 413],
  ])('rejects %s with a conforming error', async (_what, headers, body, status) => {
    const res = await via('/v1/inquiries/preview', { method: 'POST', headers, body })
    expect(res.status).toBe(status)
    expect(((await res.json()) as any).error.code).toBeTypeOf('string')
  })

  it('returns a conforming 429 with Retry-After once the minute is spent', async () => {
    let res: Response | undefined
    for (let i = 0; i <= RATE_LIMIT; i++) {
      res = await via('/healthz')
      await res.arrayBuffer()
      if (res.status === 429) break
    }
    expect(res!.status).toBe(429)
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(res!.headers.get('ratelimit-policy')).toBe(`"per-ip";q=${RATE_LIMIT};w=60`)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}
