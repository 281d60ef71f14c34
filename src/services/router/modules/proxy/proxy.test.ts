/**
 * Proxy routes (/rag/*, /aml/*) against local fake services, and the HTML pages (/web/* from the
 * discovery snapshot, /docs/* from the project's Markdown).
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeService, startFakeServices } from '../../../../../test/router/fake-services.ts'
import { ADMIN, type Harness, INTERNAL, routerHarness } from '../../../../../test/router/harness.ts'
import { docLink } from '../pages/routes.ts'

let fake: FakeService
let h: Harness
beforeAll(async () => {
  fake = await startFakeServices()
  h = await routerHarness({
    start: false,
    env: { KNOWLEDGE_URL: fake.url, AML_URL: fake.url, ROUTER_PROXY_TIMEOUT_SECONDS: '1' },
  })
  await h.router.loadPages()
})
afterAll(async () => {
  await h.close()
  await fake.close()
})

describe('proxy routes', () => {
  it('forwards /rag/* to the knowledge service without the caller’s router credentials', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/rag/search?trace=1',
      headers: {
        'x-api-key': 'secret-of-the-caller',
        'x-request-id': '6f1c2a7e-0d7b-4b8e-9f45-1c2d3e4f5a6b',
      },
      payload: { query: 'skutečný majitel', limit: 3 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.results[0].id).toBe('aml-zakon-253-2008')
    expect(res.headers['x-upstream']).toBe('fake')
    const seen = fake.requests.at(-1)!
    expect(seen.url).toBe('/rag/search?trace=1')
    expect(JSON.parse(seen.body)).toEqual({ query: 'skutečný majitel', limit: 3 })
    expect(seen.headers['x-api-key']).toBeUndefined()
    expect(seen.headers['x-request-id']).toBe('6f1c2a7e-0d7b-4b8e-9f45-1c2d3e4f5a6b')
  })

  it('forwards the knowledge base’s read routes: search, ask, collections, health, stats, documents', async () => {
    const reads: [string, string, string][] = [
      ['GET', '/rag/collections', '/rag/collections'],
      ['GET', '/rag/health', '/rag/health'],
      ['GET', '/rag/stats', '/stats'],
      ['POST', '/rag/ask', '/ask'],
      [
        'GET',
        '/rag/documents?collection=aml_regulations&limit=5',
        '/rag/documents?collection=aml_regulations&limit=5',
      ],
      ['GET', '/rag/documents/doc_1', '/rag/documents/doc_1'],
    ]
    for (const [method, url, upstream] of reads) {
      const res = await h.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'POST' ? { question: 'Co je PEP?' } : undefined,
      })
      expect(res.statusCode, url).toBe(200)
      expect(fake.requests.at(-1)!.url, url).toBe(upstream)
    }
  })

  it('forwards nothing that changes the knowledge base for an API key: 403 naming the operator key', async () => {
    const before = fake.requests.length
    for (const [method, url] of [
      ['DELETE', '/rag/documents/doc_1'],
      ['POST', '/rag/upload'],
      ['POST', '/rag/documents'],
      ['PUT', '/rag/documents/doc_1'],
      ['PATCH', '/rag/collections'],
      ['GET', '/rag/anything-else'],
    ] as const) {
      const res = await h.app.inject({
        method,
        url,
        headers: { 'x-api-key': 'gk_a_customers_key' },
        payload: method === 'GET' ? undefined : {},
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().error.message, `${method} ${url}`).toMatch(/read routes.*X-Admin-Key/s)
    }
    expect(fake.requests.length).toBe(before)
  })

  it('forwards a deletion by an operator with the router’s internal key, never the caller’s', async () => {
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/rag/documents/doc_1',
      headers: { 'x-admin-key': ADMIN },
    })
    expect(res.statusCode).toBe(200)
    const seen = fake.requests.at(-1)!
    expect(seen).toMatchObject({ method: 'DELETE', url: '/rag/documents/doc_1' })
    expect(seen.headers['x-api-key']).toBe(INTERNAL)
    expect(seen.headers['x-admin-key']).toBeUndefined()
    const upload = await h.app.inject({
      method: 'POST',
      url: '/rag/upload',
      headers: { 'x-api-key': INTERNAL },
      payload: {},
    })
    expect(upload.statusCode).toBe(200)
    expect(fake.requests.at(-1)!.url).toBe('/upload')
  })

  it('never forwards a caller’s X-Acting-User: a gateway caller cannot name who acts', async () => {
    // Only the console, holding the internal key itself, names its signed-in user to the services;
    // the router's internal key must never carry a name its caller chose.
    for (const [method, url, headers] of [
      ['POST', '/aml/cases/AMLC-20261124-000001/approve', { 'x-admin-key': ADMIN }],
      ['POST', '/aml/screen/complete', { 'x-api-key': 'gk_a_customers_key' }],
      ['DELETE', '/rag/documents/doc_1', { 'x-api-key': INTERNAL }],
    ] as const) {
      const res = await h.app.inject({
        method,
        url,
        headers: { ...headers, 'x-acting-user': 'mlro' },
        payload: method === 'DELETE' ? undefined : { comment: 'approved' },
      })
      expect(res.statusCode, url).toBeLessThan(500)
      const seen = fake.requests.at(-1)!
      expect(seen.url, url).toMatch(/^\/(api\/aml|rag)\//)
      expect(seen.headers['x-acting-user'], url).toBeUndefined()
    }
  })

  it('maps /aml/* onto the AML service’s /api/aml/*', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/aml/screen/complete',
      payload: { ico: '27074358' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().screening_id).toBe('AML-20261122-0001')
    expect(fake.requests.at(-1)!.url).toBe('/api/aml/screen/complete')
  })

  it('refuses a path that would leave its prefix (dot segments, encoded or not) without forwarding it', async () => {
    // Over a raw socket: inject and fetch both resolve dot segments before sending; an attacker does not.
    const address = new URL(await h.app.listen({ host: '127.0.0.1', port: 0 }))
    const rawPost = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: address.hostname, port: address.port, path, method: 'POST' }, (res) => {
          let body = ''
          res.on('data', (chunk) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.on('error', reject)
        req.end('{}')
      })
    const before = fake.requests.length
    for (const path of [
      '/rag/../upload',
      '/rag/%2e%2e/upload',
      '/rag/%2E%2E/upload',
      '/rag/.%2e/upload',
      '/rag/..%2fupload',
      '/rag/x%5c..%5c..%5cupload',
      '/aml/%2e%2e/%2e%2e/health',
      '/aml/screen/%252e%252e/%252e%252e/upload',
    ]) {
      const res = await rawPost(path)
      expect(res.status, path).toBe(400)
      expect(JSON.parse(res.body).error.details, path).toMatchObject({ field: 'path' })
    }
    expect(fake.requests.length).toBe(before)
  })

  it('relays the service’s own error envelope with its status', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/rag/search', payload: {} })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', message: 'field "query" is required' },
    })
  })

  it('wraps a non-envelope failure of the service in the envelope (502)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/rag/documents/plain-error' })
    expect(res.statusCode).toBe(502)
    expect(res.json().error.code).toBe('UPSTREAM_ERROR')
    expect(res.json().error.message).toMatch(/knowledge service failed \(HTTP 500\)/)
  })

  it('answers 504 when the service is slower than the proxy timeout', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/rag/documents/slow' })
    expect(res.statusCode).toBe(504)
    expect(res.json().error.code).toBe('UPSTREAM_TIMEOUT')
  })

  it('answers 502 naming the service when it is down', async () => {
    const down = await routerHarness({ start: false })
    try {
      const res = await down.app.inject({ method: 'GET', url: '/rag/collections' })
      expect(res.statusCode).toBe(502)
      expect(res.json().error.message).toMatch(/knowledge service is unreachable .*is it running/)
    } finally {
      await down.close()
    }
  })
})

describe('pages', () => {
  it('renders the public pages from the discovery snapshot', async () => {
    const index = await h.app.inject({ method: 'GET', url: '/web' })
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toMatch(/^text\/html/)
    expect(index.body).toContain('href="/web/sluzby/aml-proverka"')
    const record = await h.app.inject({ method: 'GET', url: '/web/sluzby/aml-proverka' })
    expect(record.statusCode).toBe(200)
    expect(record.body).toContain('<h1>AML prověrka osob a firem</h1>')
    expect(record.body).toContain('lang="cs"')
    const missing = await h.app.inject({ method: 'GET', url: '/web/sluzby/neexistuje' })
    expect(missing.statusCode).toBe(404)
  })

  it('renders the project documentation as HTML and serves nothing outside it', async () => {
    const index = await h.app.inject({ method: 'GET', url: '/docs' })
    expect(index.statusCode).toBe(200)
    expect(index.body).toContain('href="/docs/README"')
    const readme = await h.app.inject({ method: 'GET', url: '/docs/README' })
    expect(readme.statusCode).toBe(200)
    expect(readme.body).toMatch(/<h1[^>]*>/)
    for (const url of ['/docs/../package', '/docs/%2e%2e/package', '/docs/nothing-here']) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })

  it('rewrites links between Markdown files onto /docs pages', () => {
    expect(docLink('docs/router.md#auth', '')).toBe('/docs/router#auth')
    expect(docLink('../ARCHITECTURE.md', 'docs')).toBe('/docs/ARCHITECTURE')
    expect(docLink('0002-router-authentication.md', 'docs/adr')).toBe('/docs/adr/0002-router-authentication')
    expect(docLink('https://example.org/x.md', 'docs')).toBe('https://example.org/x.md')
  })
})
