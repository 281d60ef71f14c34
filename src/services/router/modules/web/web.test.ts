/**
 * The router's web tools end to end against sites the test serves itself: scrape, batch,
 * adaptive, crawler, convert and the browser, all behind the one egress guard. WEB_ALLOWED_HOSTS
 * opens exactly the fixture site; the "internal" server stands for everything else on the
 * machine and must receive no request, whatever the page or the caller tries.
 */
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../../test/router/fake-openai.ts'
import { ADMIN, type Harness, INTERNAL, routerHarness } from '../../../../../test/router/harness.ts'
import { samplePdf } from '../../../../../test/support/documents.ts'
import {
  ARTICLE_TITLE,
  type FixtureServer,
  startInternal,
  startSite,
} from '../../../../../test/support/web-fixtures.ts'
import { KeyStore, type KeyTables } from '../../../../engines/keys/store.ts'
import { clearRobotsCache } from '../../../../engines/web/crawler.ts'
import { MAX_HTML_CHARS } from './schemas.ts'

let internal: FixtureServer
let site: FixtureServer
let llm: FakeOpenAi
let h: Harness
let withLlm: Harness
const hasChromium = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')

beforeAll(async () => {
  internal = await startInternal()
  site = await startSite(internal)
  llm = await startFakeOpenAi()
  const env = {
    WEB_ALLOWED_HOSTS: `127.0.0.1:${site.port}`,
    WEB_CRAWL_DELAY_MS: '0',
    ROUTER_WORKERS: '2',
  }
  h = await routerHarness({ env })
  withLlm = await routerHarness({ env: { ...env, LLM_BASE_URL: llm.url, LLM_MODEL: 'tools' }, start: false })
  clearRobotsCache()
}, 60_000)

afterAll(async () => {
  await h.close()
  await withLlm.close()
  await llm.close()
  await site.close()
  await internal.close()
  // Nothing any test did may have reached the internal server.
  expect(internal.requests).toEqual([])
})

async function post(url: string, payload: unknown, harness = h) {
  const res = await harness.app.inject({ method: 'POST', url, payload: payload as object })
  const isJson = String(res.headers['content-type'] ?? '').includes('json')
  return {
    status: res.statusCode,
    body: isJson ? res.json() : undefined,
    raw: res.rawPayload,
    headers: res.headers,
  }
}

describe('POST /v1/scrape', () => {
  it('answers the main content as Markdown with its table, metadata and links, without boilerplate', async () => {
    const res = await post('/v1/scrape', { url: `${site.url}/article` })
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data).toMatchObject({ status: 'OK', tier: 'fetch', http_status: 200, content_type: 'text/html' })
    expect(data.markdown).toContain(`# ${ARTICLE_TITLE}`)
    expect(data.markdown).toContain('| Identifikace | před obchodem |')
    expect(data.markdown).not.toMatch(/Kupte si|Všechna práva|Přihlášení/)
    expect(data.metadata).toMatchObject({
      title: ARTICLE_TITLE,
      language: 'cs',
      canonical_url: `${site.url}/clanky/aml-2026`,
    })
    expect(data.links.map((l: { url: string }) => l.url)).toContain(`${site.url}/clanky/evidence`)
  })

  it('reports a challenge page as BLOCKED with the reason, never as content', async () => {
    for (const path of ['/challenge', '/challenge-200']) {
      const res = await post('/v1/scrape', { url: `${site.url}${path}` })
      expect(res.status, path).toBe(200)
      expect(res.body.data.status, path).toBe('BLOCKED')
      expect(res.body.data.blocked.vendor).toBe('Cloudflare')
      expect(res.body.data.markdown).toBeUndefined()
    }
  })

  it('refuses internal addresses and redirects into them at once, naming why', async () => {
    for (const url of [
      `${internal.url}/secret`,
      `http://localhost:${internal.port}/`,
      `http://0x7f.1:${internal.port}/`,
      `http://[::ffff:127.0.0.1]:${internal.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://user:pw@127.0.0.1:${site.port}/article`,
      'file:///etc/passwd',
    ]) {
      const res = await post('/v1/scrape', { url })
      expect(res.status, url).toBeGreaterThanOrEqual(400)
      expect(res.status, url).toBeLessThan(500)
      expect(res.body.error.code, url).toMatch(/^EGRESS_/)
    }
    for (const path of ['/redirect-internal', '/redirect-chain', '/redirect-localhost']) {
      const res = await post('/v1/scrape', { url: `${site.url}${path}` })
      expect(res.body.error.code, path).toBe('EGRESS_PRIVATE_ADDRESS')
    }
  })

  it('answers a prompt with a 503 when no language model is configured, and a JSON extraction when one is', async () => {
    const without = await post('/v1/scrape', { url: `${site.url}/article`, prompt: 'Jaké jsou lhůty?' })
    expect(without.status).toBe(503)
    expect(without.body.error.message).toMatch(/LLM_BASE_URL/)
    llm.script.push({ content: '{"lhuty":[{"povinnost":"Hlášení","lhuta":"5 dnů"}]}' })
    const res = await post(
      '/v1/scrape',
      { url: `${site.url}/article`, prompt: 'Jaké jsou lhůty?', schema: { type: 'object' } },
      withLlm,
    )
    expect(res.status).toBe(200)
    expect(res.body.data.json).toEqual({ lhuty: [{ povinnost: 'Hlášení', lhuta: '5 dnů' }] })
    const sent = llm.requests.at(-1)!.body
    expect(sent.response_format).toEqual({ type: 'json_object' })
    expect(JSON.stringify(sent.messages)).toContain('| Hlášení | 5 dnů |')
  })
})

describe('POST /v1/scrape/batch', () => {
  it('refuses more than 10 URLs, naming the field', async () => {
    const res = await post('/v1/scrape/batch', {
      urls: Array.from({ length: 11 }, (_, i) => `${site.url}/blog/${i}`),
    })
    expect(res.status).toBe(400)
    expect(res.body.error.details.field).toBe('urls')
  })

  it('answers one result or error per URL, in order, one bad URL never failing the others', async () => {
    const urls = [
      `${site.url}/article`,
      `${internal.url}/x`,
      `${site.url}/challenge`,
      'not a url',
      `${site.url}/blog/2`,
    ]
    const res = await post('/v1/scrape/batch', { urls })
    expect(res.status).toBe(200)
    const results = res.body.data.results
    expect(results.map((r: { url: string }) => r.url)).toEqual(urls)
    expect(results.map((r: { success: boolean }) => r.success)).toEqual([true, false, true, false, true])
    expect(results[1].error.code).toBe('EGRESS_PRIVATE_ADDRESS')
    expect(results[2].data.status).toBe('BLOCKED')
    expect(results[3].error.code).toMatch(/^EGRESS_/)
  })
})

describe('POST /v1/crawler', () => {
  it('crawls breadth-first within the site, obeying robots.txt, and answers the pages when asked to wait', async () => {
    const res = await post('/v1/crawler', {
      url: `${site.url}/blog/1`,
      max_pages: 10,
      max_depth: 10,
      wait: true,
    })
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.status).toBe('SUCCEEDED')
    expect(data.pages.map((p: { url: string }) => new URL(p.url).pathname)).toEqual([
      '/blog/1',
      '/blog/2',
      '/blog/3',
      '/blog/4',
      '/blog/5',
    ])
    expect(data.pages[0]).toMatchObject({ status: 'OK', title: 'Blog 1', depth: 0 })
    expect(data.skipped_by_robots).toEqual([`${site.url}/private/admin`])
    expect(site.requests).not.toContain('/private/admin')
    expect(data.progress).toMatchObject({ pages_done: 5, pages_limit: 10 })
  })

  it('runs as a job: 202 with its status route, which shows the finished crawl', async () => {
    const res = await post('/v1/crawler', { url: `${site.url}/blog/4`, max_pages: 1 })
    expect(res.status).toBe(202)
    const id = res.body.data.job_id
    expect(res.headers.location).toBe(`/v1/crawler/${id}`)
    let state: { status: string; pages?: unknown[]; stopped?: string } = res.body.data
    for (let i = 0; i < 100 && state.status !== 'SUCCEEDED'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      state = (await h.app.inject({ method: 'GET', url: `/v1/crawler/${id}` })).json().data
    }
    expect(state).toMatchObject({ status: 'SUCCEEDED', stopped: 'max_pages' })
    expect(state.pages).toHaveLength(1)
  })

  it('refuses a start URL the guard refuses, before queueing anything', async () => {
    const res = await post('/v1/crawler', { url: `${internal.url}/`, wait: true })
    expect(res.body.error.code).toBe('EGRESS_PRIVATE_ADDRESS')
  })

  it('under API keys shows a crawl only to the key that started it and to an operator: another key gets 404', async () => {
    const keyed = await routerHarness({
      env: {
        WEB_ALLOWED_HOSTS: `127.0.0.1:${site.port}`,
        WEB_CRAWL_DELAY_MS: '0',
        ROUTER_WORKERS: '1',
        ROUTER_REQUIRE_API_KEY: 'true',
      },
    })
    try {
      const store = new KeyStore(keyed.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
      const limits = { requests_per_minute: 1000, rate_limit: 100_000 }
      const alice = { 'x-api-key': (await store.create({ name: 'alice', ...limits })).key }
      const bob = { 'x-api-key': (await store.create({ name: 'bob', ...limits })).key }
      const started = await keyed.app.inject({
        method: 'POST',
        url: '/v1/crawler',
        headers: alice,
        payload: { url: `${site.url}/blog/5`, max_pages: 1, wait: true },
      })
      expect(started.statusCode).toBe(200)
      const id = started.json().data.job_id
      const read = (headers: Record<string, string>) =>
        keyed.app.inject({ method: 'GET', url: `/v1/crawler/${id}`, headers })
      const theirs = await read(bob)
      expect(theirs.statusCode).toBe(404)
      expect(theirs.body).not.toContain('Blog 5')
      expect((await read(alice)).json().data.pages[0]).toMatchObject({ title: 'Blog 5' })
      expect((await read({ 'x-admin-key': ADMIN })).statusCode).toBe(200)
    } finally {
      await keyed.close()
    }
  }, 30_000)
})

describe('POST /v1/convert/markdown', () => {
  function multipart(filename: string, type: string, bytes: Buffer) {
    const boundary = '----gatehouse'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    )
    return {
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }
  }

  it('converts an uploaded PDF and a DOCX fetched by URL, keeping headings and tables', async () => {
    const upload = multipart('smlouva.pdf', 'application/pdf', samplePdf())
    const res = await h.app.inject({ method: 'POST', url: '/v1/convert/markdown', ...upload })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ format: 'pdf', source: { filename: 'smlouva.pdf' } })
    expect(res.json().data.markdown.length).toBeGreaterThan(20)
    const byUrl = await post('/v1/convert/markdown', { url: `${site.url}/doc.docx` })
    expect(byUrl.status).toBe(200)
    expect(byUrl.body.data.format).toBe('docx')
    expect(byUrl.body.data.markdown).toContain('# Smlouva o dílo')
    expect(byUrl.body.data.markdown).toContain('| Práce | 1000 Kč |')
  })

  it('answers 415 naming the supported types for an unsupported file, and refuses internal URLs', async () => {
    const png = multipart(
      'x.png',
      'image/png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    )
    const res = await h.app.inject({ method: 'POST', url: '/v1/convert/markdown', ...png })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toMatch(/pdf, docx, html/)
    const internalUrl = await post('/v1/convert/markdown', { url: `${internal.url}/doc.pdf` })
    expect(internalUrl.body.error.code).toBe('EGRESS_PRIVATE_ADDRESS')
  })

  it('answers a malformed multipart body with 400 naming the body (found by fuzzing: it was a 500)', async () => {
    for (const [payload, type] of [
      ['{}', 'multipart/form-data; boundary=x'],
      ['', 'multipart/form-data'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nno end',
        'multipart/form-data; boundary=x',
      ],
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/convert/markdown',
        payload,
        headers: { 'content-type': type! },
      })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({ code: 'INVALID_REQUEST', details: { field: 'body' } })
    }
  })
})

// CI installs Chromium (.ci/run), so there the browser tests always run; elsewhere they need it.
describe.skipIf(!hasChromium && process.env.CI !== 'true')('headless browser', () => {
  it('answers a PNG screenshot and a PDF of a page', async () => {
    const shot = await post('/v1/browser/screenshot', { url: `${site.url}/article`, width: 800, height: 600 })
    expect(shot.status).toBe(200)
    expect(shot.headers['content-type']).toBe('image/png')
    expect(shot.raw.subarray(1, 4).toString()).toBe('PNG')
    const pdf = await post('/v1/browser/pdf', { url: `${site.url}/article` })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-')
  }, 60_000)

  it('renders a page that embeds internal images, frames, fetches and sockets without them', async () => {
    const shot = await post('/v1/browser/screenshot', {
      url: `${site.url}/embeds-internal`,
      wait_until: 'load',
    })
    expect(shot.status).toBe(200)
    expect(internal.requests).toEqual([])
  }, 60_000)

  it('prints supplied HTML to PDF for an operator key only, fetching nothing the document names', async () => {
    const before = { site: site.requests.length, internal: internal.requests.length }
    // The fixture site is allowed by the egress guard: only the sealed page keeps it unasked.
    const html = `<!doctype html><html><head><title>AML-20261126-000001</title>
<link rel="stylesheet" href="${site.url}/style.css"><meta http-equiv="refresh" content="0;url=${internal.url}/refresh">
<style>h1{color:#123}</style></head><body><h1>Screening record AML-20261126-000001</h1>
<img src="${internal.url}/pixel.png"><img src="${site.url}/pixel.png"><iframe src="${internal.url}/frame"></iframe>
<script>fetch('${internal.url}/script')</script><script src="${site.url}/app.js"></script></body></html>`
    const refused = await h.app.inject({ method: 'POST', url: '/v1/browser/pdf/html', payload: { html } })
    expect(refused.statusCode).toBe(401)
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/v1/browser/pdf/html',
      headers: { 'x-api-key': 'not-the-key' },
      payload: { html },
    })
    expect(wrong.statusCode).toBe(403)

    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/browser/pdf/html',
      headers: { 'x-api-key': INTERNAL },
      payload: { html },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(Number(res.headers['x-blocked-requests'])).toBeGreaterThanOrEqual(4)
    expect(site.requests.length).toBe(before.site)
    expect(internal.requests.length).toBe(before.internal)

    const admin = await h.app.inject({
      method: 'POST',
      url: '/v1/browser/pdf/html',
      headers: { 'x-admin-key': ADMIN },
      payload: { html: '<p>Ahoj</p>' },
    })
    expect(admin.statusCode).toBe(200)
    const tooLong = await h.app.inject({
      method: 'POST',
      url: '/v1/browser/pdf/html',
      headers: { 'x-api-key': INTERNAL },
      payload: { html: 'x'.repeat(MAX_HTML_CHARS + 1) },
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error.details).toMatchObject({ field: 'html' })
  }, 60_000)

  it('answers 504 for a page that never finishes loading, within its timeout', async () => {
    const started = performance.now()
    const res = await post('/v1/browser/screenshot', { url: `${site.url}/slow`, timeout_ms: 2000 })
    expect(res.status).toBe(504)
    expect(performance.now() - started).toBeLessThan(10_000)
  }, 30_000)

  it('answers what a page that keeps navigating away shows: scraped through the browser and printed', async () => {
    for (let round = 0; round < 2; round++) {
      const scraped = await post('/v1/scrape/adaptive', { url: `${site.url}/meta-refresh` })
      expect(scraped.status, JSON.stringify(scraped.body)).toBe(200)
      expect(scraped.body.data.markdown).toContain('Stránka, která se obnovuje')
      const printed = await post('/v1/browser/pdf', { url: `${site.url}/refresh-header` })
      expect(printed.status, printed.raw.toString().slice(0, 300)).toBe(200)
      expect(printed.raw.subarray(0, 5).toString()).toBe('%PDF-')
    }
  }, 120_000)

  it('escalates a JavaScript-rendered page to the browser and says why', async () => {
    const res = await post('/v1/scrape/adaptive', { url: `${site.url}/js-only` })
    expect(res.status).toBe(200)
    expect(res.body.data.tier).toBe('browser')
    expect(res.body.data.escalations[0]).toMatchObject({ tier: 'fetch' })
    expect(res.body.data.escalations[0].reason).toMatch(/JavaScript/)
    expect(res.body.data.markdown).toContain('Tento text vznikl až v prohlížeči')
  }, 60_000)
})
