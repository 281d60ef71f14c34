/**
 * The typed client (src/client): its types are the services' current documents, it talks to the
 * real services, every service's error envelope becomes one GatehouseError naming field and rule,
 * and Retry-After is honoured where repeating is safe.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientTypes, commonTypes, TYPES_DIR } from '../scripts/generate-client.ts'
import { GatehouseError, gatehouse, unwrap } from '../src/client/index.ts'
import { parseEnv } from '../src/kit/config.ts'
import { createLogger } from '../src/kit/logger.ts'
import type { RunningService } from '../src/kit/service.ts'
import { openApiDocuments } from '../src/services/documents.ts'
import { services } from '../src/services/index.ts'
import { haveSharedData } from './domain/fixtures.ts'

describe('the typed client', () => {
  it('is generated from the services as they are now (run npm run client:generate after a route change)', async () => {
    const documents = await openApiDocuments()
    expect([...documents.keys()].sort()).toEqual(services.map((s) => s.name).sort())
    for (const [name, document] of documents)
      expect(await clientTypes(name, document), `src/client/types/${name}.ts`).toBe(
        readFileSync(`${TYPES_DIR}${name}.ts`, 'utf8'),
      )
    expect(await commonTypes(), 'src/client/types/common.ts').toBe(
      readFileSync(`${TYPES_DIR}common.ts`, 'utf8'),
    )
    // One file per service and nothing else: no part of a former layout is left over.
    expect(readdirSync(TYPES_DIR).sort()).toEqual(
      ['common.ts', ...[...documents.keys()].map((n) => `${n}.ts`)].sort(),
    )
  }, 60_000)
})

describe('the README', () => {
  it('shows the client example that the type check compiles (examples/client.ts)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const example = readFileSync(new URL('../examples/client.ts', import.meta.url), 'utf8')
    const block = /```ts\n([^`]*)```/.exec(readme)?.[1]
    expect(block).toBe(example)
  })
})

describe.skipIf(!haveSharedData)('the typed client against the services', () => {
  const running: RunningService[] = []
  const urls: Record<string, string> = {}
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-client-'))
  beforeAll(async () => {
    for (const name of ['discovery', 'gateway', 'domain']) {
      const service = services.find((s) => s.name === name)!
      const config = parseEnv(service.spec, {
        DATA_DIR: join(dir, name),
        LISTINGS_FILE: 'none',
        LOG_LEVEL: 'silent',
      })
      const started = await service.start(config, { logger: createLogger({ level: 'silent' }) })
      running.push(started)
      urls[name] = await started.app.listen({ host: '127.0.0.1', port: 0 })
    }
  }, 60_000)
  afterAll(async () => {
    for (const r of running) {
      await r.app.close()
      await r.close?.()
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('calls a route with typed input and reads its typed answer', async () => {
    const gh = gatehouse({ urls })
    const payment = await unwrap(
      gh.domain.POST('/api/qr/payment', { body: { account: '19-2000145399/0800', amount: 250, vs: '77' } }),
    )
    expect(payment.data.spayd).toBe('SPD*1.0*ACC:CZ6508000000192000145399*AM:250.00*CC:CZK*X-VS:77')
    const search = await unwrap(gh.discovery.GET('/v1/search', { params: { query: { q: 'aml' } } }))
    expect(Array.isArray(search.results)).toBe(true)
    // @ts-expect-error: a path the service does not have is a compile error
    const missing = gh.domain.GET('/api/no-such-route')
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'not_found' })
  })

  it('turns each envelope into one GatehouseError with status, code, field and rule', async () => {
    const gh = gatehouse({ urls })
    const standard = await gh.domain
      .POST('/api/qr/payment', { body: { account: '19-2000145399/1234', amount: 1 } })
      .catch((e: unknown) => e)
    expect(standard).toBeInstanceOf(GatehouseError)
    expect(standard).toMatchObject({
      service: 'domain',
      status: 400,
      code: 'invalid_request',
      field: 'account',
    })
    expect((standard as GatehouseError).rule).toContain('bank code 1234')

    const gateway = await gh.gateway.GET('/api/agents').catch((e: unknown) => e)
    expect(gateway).toMatchObject({ service: 'gateway', status: 401, code: 'unauthorized' })
    expect((gateway as GatehouseError).message).toMatch(/key/i)

    const discovery = await gh.discovery
      .GET('/v1/search', { params: { query: { q: 'x'.repeat(1000) } } })
      .catch((e: unknown) => e)
    expect(discovery).toMatchObject({ service: 'discovery', status: 400, code: 'invalid_request' })
    expect((discovery as GatehouseError).field).toBe('q')
  })
})

describe('Retry-After', () => {
  let server: Server
  let url: string
  const seen: string[] = []
  let busyFor = 0
  let retryAfter = '1'
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers['idempotency-key'] ?? ''}`)
      if (busyFor > 0) {
        busyFor--
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': retryAfter })
        res.end(JSON.stringify({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }))
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ success: true, data: { status: 'ready' } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const client = () => gatehouse({ urls: { domain: url } })

  it('waits as long as a 503 asks and repeats a GET', async () => {
    seen.length = 0
    busyFor = 1
    retryAfter = '1'
    const started = Date.now()
    const { response } = await client().domain.GET('/health')
    expect(response.status).toBe(200)
    expect(seen).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('does not repeat a POST that could act twice, but repeats one with an Idempotency-Key', async () => {
    seen.length = 0
    busyFor = 1
    retryAfter = '0'
    const body = { account: '19-2000145399/0800', amount: 1 }
    const once = await client()
      .domain.POST('/api/qr/payment', { body })
      .catch((e: unknown) => e)
    expect(once).toMatchObject({ status: 503, code: 'service_unavailable', retryAfterSeconds: 0 })
    expect(seen).toEqual(['POST '])
    seen.length = 0
    busyFor = 1
    const { response } = await client().domain.POST('/api/qr/payment', {
      body,
      headers: { 'Idempotency-Key': 'pay-1' },
    })
    expect(response.status).toBe(200)
    expect(seen).toEqual(['POST pay-1', 'POST pay-1'])
  })

  it('throws at once when the wait asked for is longer than the client waits', async () => {
    seen.length = 0
    busyFor = 1
    retryAfter = '3600'
    const error = await client()
      .domain.GET('/health')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 503, retryAfterSeconds: 3600 })
    expect(seen).toHaveLength(1)
    busyFor = 0
  })
})
