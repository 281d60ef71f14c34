/**
 * The documents beside the API: `/` with Link headers, the capabilities document, the RFC 9727 API
 * catalog, /llms.txt, the RFC 9116 security.txt, and the Swagger UI and Redoc pages served from
 * npm assets with no CDN.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { json, type TestApp, testApp } from './helpers.ts'

const DATA_VERSION = JSON.parse(readFileSync(SHIPPED_DATASET, 'utf8')).data_version as string

let t: TestApp
// A fixed clock: 2026-11-22 15:30 UTC.
const NOW = Date.UTC(2026, 10, 22, 15, 30)
beforeAll(async () => {
  t = await testApp({ now: () => NOW })
})
afterAll(() => t.close())

describe('GET /', () => {
  it('returns the index and Link headers to the catalog and the description', async () => {
    const res = await t.call('/')
    expect(res.statusCode).toBe(200)
    const link = res.headers.link as string
    expect(link).toContain('</.well-known/api-catalog>; rel="api-catalog"')
    expect(link).toContain('</openapi.json>; rel="service-desc"')
    expect(link).toContain('</docs>; rel="service-doc"')
    const body = json(res)
    expect(body.api_version).toBe('0.1.0')
    expect(body.links).toMatchObject({
      openapi: '/openapi.json',
      capabilities: '/.well-known/capabilities.json',
    })
  })

  it('links only to paths that answer 200', async () => {
    const { links } = json(await t.call('/'))
    for (const href of Object.values(links as Record<string, string>)) {
      if (href.includes('{')) continue
      const method = href === '/v1/inquiries/preview' ? 'POST' : 'GET'
      if (method === 'POST') continue
      expect((await t.call(href)).statusCode, href).toBe(200)
    }
  })
})

describe('GET /.well-known/capabilities.json', () => {
  it('lists each implemented capability with an endpoint the API documents', async () => {
    const body = json(await t.call('/.well-known/capabilities.json'))
    const endpoints = body.implemented.map(
      (c: { method: string; endpoint: string }) => `${c.method} ${c.endpoint}`,
    )
    expect(endpoints.sort()).toEqual(
      [
        'GET /healthz',
        'GET /.well-known/capabilities.json',
        'GET /v1/search',
        'GET /v1/services',
        'GET /v1/content',
        'GET /v1/content/{id}',
        'POST /v1/inquiries/preview',
      ].sort(),
    )
    for (const c of body.implemented) {
      expect(
        t.contract.operation(c.method, c.endpoint.replace('{id}', 'x'))?.operation,
        c.endpoint,
      ).toBeDefined()
    }
  })

  it('lists the explicitly unavailable capabilities', async () => {
    const body = json(await t.call('/.well-known/capabilities.json'))
    expect(body.unavailable.map((c: { capability: string }) => c.capability).sort()).toEqual(
      [
        'account_mutation',
        'aml_screening',
        'credentials',
        'inquiry_submission',
        'message_sending',
        'orders',
        'payments',
        'private_endpoints',
      ].sort(),
    )
  })

  it('declares the boundaries, data_version and the link to /openapi.json', async () => {
    const body = json(await t.call('/.well-known/capabilities.json'))
    expect(body.boundaries).toMatchObject({
      data_classification: 'public',
      side_effecting_operations: 0,
      stores_personal_data: false,
      ranking_effect_claimed: false,
      excluded_areas: [
        'aml',
        'payments',
        'email_sending',
        'orders',
        'private_endpoints',
        'credentials',
        'account_mutation',
      ],
    })
    expect(body.data_version).toBe(DATA_VERSION)
    expect(body.openapi).toBe('/openapi.json')
    expect((await t.app.inject(body.openapi)).statusCode).toBe(200)
    expect(body.deployment.note).toMatch(/unverified/)
  })
})

describe('GET /.well-known/api-catalog', () => {
  it('is an RFC 9727 linkset pointing at the description, docs and status', async () => {
    const res = await t.call('/.well-known/api-catalog')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(
      /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"/,
    )
    const { linkset } = json(res)
    expect(linkset).toHaveLength(1)
    const [api] = linkset
    expect(api.anchor).toBe('https://gatehouse.cz/v1/')
    expect(api['service-desc'][0]).toEqual({
      href: 'https://gatehouse.cz/openapi.json',
      type: 'application/vnd.oai.openapi+json;version=3.1',
    })
    expect(api['service-doc'].map((l: { href: string }) => l.href)).toContain('https://gatehouse.cz/docs')
    expect(api.status[0].href).toBe('https://gatehouse.cz/healthz')
  })
})

describe('GET /llms.txt', () => {
  it('is Markdown with a title, a summary, the API links and every service guide', async () => {
    const res = await t.call('/llms.txt')
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8')
    const text = res.body
    expect(text.startsWith('# Gatehouse discovery gateway\n\n> ')).toBe(true)
    expect(text).toContain('- [OpenAPI 3.1 description](/openapi.json)')
    const services = json(await t.call('/v1/services')).services as Array<{ canonical_url: string }>
    for (const s of services) expect(text).toContain(`](${s.canonical_url})`)
    expect(text).toContain('## Optional')
  })
})

describe('GET /.well-known/security.txt', () => {
  it('has Contact, a future Expires computed from today, languages and Canonical', async () => {
    const res = await t.call('/.well-known/security.txt')
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe(
      [
        'Contact: mailto:security@gatehouse.cz',
        'Expires: 2027-05-21T00:00:00Z',
        'Preferred-Languages: cs, en',
        'Canonical: https://gatehouse.cz/.well-known/security.txt',
        '',
      ].join('\n'),
    )
  })

  it('stays in the future on a real clock, and under a year away', async () => {
    const live = await testApp()
    try {
      const expires = Date.parse(
        /^Expires: (.+)$/m.exec((await live.call('/.well-known/security.txt')).body)![1]!,
      )
      expect(expires).toBeGreaterThan(Date.now())
      expect(expires - Date.now()).toBeLessThan(365 * 86_400_000)
    } finally {
      await live.close()
    }
  })
})

describe('documentation pages', () => {
  const external = /(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i

  it('serves Swagger UI at /docs from the package, with no external script or style', async () => {
    const page = await t.call('/docs/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).not.toMatch(external)
    const bundle = await t.call('/docs/static/swagger-ui-bundle.js')
    expect(bundle.statusCode).toBe(200)
    expect(bundle.body.length).toBeGreaterThan(100_000)
  })

  it('serves Redoc at /redoc with its bundle from the package, with no external URL in the page', async () => {
    const page = await t.call('/redoc')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<script src="/redoc/redoc.standalone.js"></script>')
    expect(page.body).toContain('spec-url="/openapi.json"')
    expect(page.body).not.toMatch(external)
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:")
    const bundle = await t.call('/redoc/redoc.standalone.js')
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(bundle.body.length).toBeGreaterThan(500_000)
  })
})
