import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PASSWORD_COST } from '../../../test/support/password-cost.ts'
import { type Database, openDatabase } from '../../kit/db.ts'
import { createLogger } from '../../kit/logger.ts'
import { MemoryRateLimiter } from '../../kit/ratelimit.ts'
import type { App } from '../../kit/server.ts'
import { buildApp } from './app.ts'
import { CONTENT_SECURITY_POLICY } from './auth.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { ConsoleStore } from './store.ts'
import { UPSTREAMS, Upstreams } from './upstreams.ts'

const logger = createLogger({ level: 'silent' })
const KEYS = { adminKey: 'console-test-admin', internalKey: 'console-test-internal' }
const PASSWORD = 'correct horse battery'

interface Seen {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** Whether the fake router refuses connections. */
let routerDown = false

/** The other services as a fake fetch: records each call and answers like the real ones. */
function fakeServices(seen: Seen[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    seen.push({ url, method: init?.method ?? 'GET', headers, body })
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
    const path = new URL(url).pathname
    if (path === '/api/aml/screen/complete') {
      if (!body.last_name && !body.name && !body.ico && !body.company_name)
        return json(400, {
          success: false,
          error: { code: 'invalid_request', message: 'last_name: required', details: { field: 'last_name' } },
        })
      return json(200, {
        screening_id: 'AML-20261126-1',
        timestamp: '2026-11-26T10:00:00.000Z',
        processing_time_ms: 5,
        completeness: 1,
        overall_risk: { score: 0, level: 'LOW', weighted_total: 0, review_required: false, missing: [] },
        modules: {
          sanctions: { status: 'COMPLETED', source: 'PRIMARY', data: { matches: [] }, execution_time_ms: 1 },
        },
      })
    }
    if (path === '/admin/keys/list') return json(200, { count: 0, keys: [] })
    if (path === '/admin/keys/usage/7/daily')
      return json(200, { key_id: 7, days: [{ day: '2026-11-26', requests: 3, errors: 1 }] })
    if (path === '/api/aml/screenings/AML-20261126-1')
      return json(200, {
        success: true,
        data: {
          screening_id: 'AML-20261126-1',
          created_at: '2026-11-26T10:00:00.000Z',
          subject_type: 'person',
          risk_level: 'LOW',
          input: { first_name: 'Jan', last_name: 'Novák <b>' },
          list_versions: [{ id: 1, list: 'ofac_sdn', list_date: '2024-05-03' }],
          result: {
            screening_id: 'AML-20261126-1',
            timestamp: '2026-11-26T10:00:00.000Z',
            completeness: 1,
            overall_risk: { score: 0, level: 'LOW', review_required: false, missing: [] },
            modules: {
              sanctions: {
                status: 'COMPLETED',
                source: 'PRIMARY',
                data: { matches: [] },
                execution_time_ms: 1,
              },
            },
          },
        },
      })
    if (path === '/v1/browser/pdf/html') {
      if (routerDown) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })
      return new Response(Buffer.from('%PDF-1.4 fake'), { headers: { 'content-type': 'application/pdf' } })
    }
    if (path === '/admin/keys/revoke/999')
      return json(404, { error: 'API key 999 not found', code: 'not_found' })
    return json(404, { error: 'not found' })
  }) as typeof fetch
}

describe('console backend', () => {
  let db: Database
  let store: ConsoleStore
  let app: App
  const seen: Seen[] = []

  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    store = new ConsoleStore(db, { passwordCost: TEST_PASSWORD_COST })
    await store.addUser('eva', 'admin', PASSWORD)
    await store.addUser('adam', 'analyst', PASSWORD)
    const urls = Object.fromEntries(UPSTREAMS.map((n, i) => [n, `http://127.0.0.1:${9100 + i}`]))
    app = await buildApp({
      logger,
      store,
      upstreams: new Upstreams(urls as Record<(typeof UPSTREAMS)[number], string>, KEYS, {
        fetch: fakeServices(seen),
      }),
      rateLimiter: new MemoryRateLimiter(),
      signInLimits: { windowMs: 60_000, perAddress: 1000, perName: 5 },
      sessionTtlMs: 3600_000,
      web: new Map(),
      logRequests: false,
    })
  })

  afterAll(async () => {
    await app.close()
    await db.close()
  })

  async function signIn(name: string, password = PASSWORD) {
    const res = await app.inject({ method: 'POST', url: '/api/session', payload: { name, password } })
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!
    return { res, cookie, csrf: res.statusCode === 200 ? (res.json().data.csrf_token as string) : '' }
  }

  /** A session made in the store (no sign-in, so the sign-in limit is not spent). */
  async function sessionOf(name: string) {
    const { token, session } = await store.createSession((await store.findUser(name))!, 3600_000)
    return { cookie: `gatehouse_console=${token}`, csrf: session.csrf }
  }

  it('hashes passwords with scrypt and a salt per hash, and checks them', async () => {
    const a = await hashPassword(PASSWORD)
    const b = await hashPassword(PASSWORD)
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword(PASSWORD, a)).toBe(true)
    expect(await verifyPassword(`${PASSWORD}!`, a)).toBe(false)
    expect(await verifyPassword(PASSWORD, 'plain text')).toBe(false)
  })

  it('signs in with an httpOnly, SameSite=Strict, expiring cookie and no Secure over plain HTTP', async () => {
    const { res, cookie } = await signIn('eva')
    expect(res.statusCode).toBe(200)
    expect(res.json().data.user).toMatchObject({ name: 'eva', role: 'admin' })
    const set = String(res.headers['set-cookie'])
    expect(set).toMatch(/HttpOnly/)
    expect(set).toMatch(/SameSite=Strict/)
    expect(set).toMatch(/Max-Age=3600/)
    expect(set).not.toMatch(/Secure/)
    const me = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect(me.json().data.user.name).toBe('eva')
  })

  it('marks the cookie Secure when the request came over TLS', async () => {
    const tls = await buildApp({
      logger,
      store,
      upstreams: new Upstreams(
        Object.fromEntries(UPSTREAMS.map((n) => [n, 'http://127.0.0.1:9'])) as Record<
          (typeof UPSTREAMS)[number],
          string
        >,
        KEYS,
      ),
      rateLimiter: new MemoryRateLimiter(),
      sessionTtlMs: 60_000,
      web: new Map(),
      logRequests: false,
      trustProxy: true,
    })
    const res = await tls.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { name: 'eva', password: PASSWORD },
    })
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/)
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
    await tls.close()
  })

  it('refuses a wrong password and an unknown name alike with 401', async () => {
    const wrong = await signIn('eva', 'not the password')
    const unknown = await signIn('nobody', PASSWORD)
    expect(wrong.res.statusCode).toBe(401)
    expect(unknown.res.statusCode).toBe(401)
    expect(wrong.res.json().error.message).toBe(unknown.res.json().error.message)
    expect(wrong.res.headers['set-cookie']).toBeUndefined()
  })

  it('limits sign-in attempts per address and name: the sixth in the window is 429 even with the right password', async () => {
    await store.addUser('mallory', 'analyst', PASSWORD)
    for (let i = 0; i < 5; i++) expect((await signIn('mallory', 'guess')).res.statusCode).toBe(401)
    const blocked = await signIn('mallory', PASSWORD)
    expect(blocked.res.statusCode).toBe(429)
    expect(Number(blocked.res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts only failed sign-ins: an office signing in again and again is never limited', async () => {
    await store.addUser('office', 'analyst', PASSWORD)
    for (let i = 0; i < 8; i++) expect((await signIn('office')).res.statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expect((await signIn('office', 'guess')).res.statusCode).toBe(401)
    expect((await signIn('office')).res.statusCode).toBe(429)
  })

  it('screens and decides as the signed-in user: the internal key with X-Acting-User, never the browser’s word', async () => {
    const { cookie, csrf } = await sessionOf('adam')
    const headers = { cookie, 'x-csrf-token': csrf, 'x-acting-user': 'eva' }
    await app.inject({ method: 'POST', url: '/api/screenings', headers, payload: { last_name: 'Novák' } })
    const screening = seen.findLast((c) => c.url.endsWith('/api/aml/screen/complete'))!
    expect(screening.headers).toMatchObject({ 'x-api-key': KEYS.internalKey, 'x-acting-user': 'adam' })
    const decided = await app.inject({
      method: 'POST',
      url: '/api/cases/AMLC-20261126-000001/hits/1/decision',
      headers,
      payload: { decision: 'false_positive', comment: 'other birth date' },
    })
    expect(decided.statusCode).toBe(404)
    const call = seen.findLast((c) => c.url.includes('/api/aml/cases/'))!
    expect(call.url).toMatch(/\/api\/aml\/cases\/AMLC-20261126-000001\/hits\/1\/decision$/)
    expect(call.headers).toMatchObject({ 'x-api-key': KEYS.internalKey, 'x-acting-user': 'adam' })
    expect(call.body).toEqual({ decision: 'false_positive', comment: 'other birth date' })
    const bare = await app.inject({
      method: 'POST',
      url: '/api/cases/AMLC-20261126-000001/close',
      headers,
      payload: { outcome: 'cleared', comment: ' ' },
    })
    expect(bare.statusCode).toBe(404)
    const empty = await app.inject({
      method: 'POST',
      url: '/api/cases/AMLC-20261126-000001/close',
      headers,
      payload: { outcome: 'cleared' },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.details).toMatchObject({ field: 'comment' })
  })

  it('answers 401 to the backend without a session and to an unknown cookie', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401)
    const forged = await app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'gatehouse_console=forged' },
    })
    expect(forged.statusCode).toBe(401)
  })

  it('refuses a change without the session’s CSRF token', async () => {
    const { cookie, csrf } = await signIn('adam')
    const payload = { first_name: 'Jan', last_name: 'Novák' }
    const without = await app.inject({ method: 'POST', url: '/api/screenings', headers: { cookie }, payload })
    expect(without.statusCode).toBe(403)
    expect(without.json().error.details).toMatchObject({ header: 'X-CSRF-Token' })
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/screenings',
      headers: { cookie, 'x-csrf-token': `${csrf}x` },
      payload,
    })
    expect(wrong.statusCode).toBe(403)
    const right = await app.inject({
      method: 'POST',
      url: '/api/screenings',
      headers: { cookie, 'x-csrf-token': csrf },
      payload,
    })
    expect(right.statusCode).toBe(200)
  })

  it('screens through the AML service with the internal key, which never reaches the browser', async () => {
    const { cookie, csrf } = await signIn('adam')
    seen.length = 0
    const res = await app.inject({
      method: 'POST',
      url: '/api/screenings',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { first_name: 'Jan', last_name: 'Novák' },
    })
    expect(res.json().data).toMatchObject({ screening_id: 'AML-20261126-1', screened_by: 'adam' })
    expect(seen[0]).toMatchObject({
      url: 'http://127.0.0.1:9101/api/aml/screen/complete',
      headers: { 'x-api-key': KEYS.internalKey },
      body: { first_name: 'Jan', last_name: 'Novák' },
    })
    expect(res.body).not.toContain(KEYS.internalKey)
  })

  it('passes an upstream’s 400 through with its field', async () => {
    const { cookie, csrf } = await signIn('adam')
    const res = await app.inject({
      method: 'POST',
      url: '/api/screenings',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { first_name: 'Jan' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { field: 'last_name', service: 'aml' },
    })
  })

  it('lets only admins manage keys and users: an analyst gets 403 from the API', async () => {
    const analyst = await signIn('adam')
    const admin = await signIn('eva')
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['POST', '/api/keys/1/revoke'],
      ['POST', '/api/keys/1/rotate'],
      ['GET', '/api/keys/1/usage'],
      ['GET', '/api/keys/1/usage/daily'],
      ['GET', '/api/users'],
      ['DELETE', '/api/users/eva'],
      ['POST', '/api/users'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { cookie: analyst.cookie, 'x-csrf-token': analyst.csrf },
        ...(method === 'POST' ? { payload: { name: 'x', role: 'analyst', password: 'long enough pw' } } : {}),
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    seen.length = 0
    const keys = await app.inject({ method: 'GET', url: '/api/keys', headers: { cookie: admin.cookie } })
    expect(keys.json().data).toEqual({ count: 0, keys: [] })
    expect(seen[0]!.headers['x-admin-key']).toBe(KEYS.adminKey)
    const missing = await app.inject({
      method: 'POST',
      url: '/api/keys/999/revoke',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('lets an admin add a user who can then sign in', async () => {
    const admin = await signIn('eva')
    const added = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
      payload: { name: 'petra', role: 'analyst', password: 'another long one' },
    })
    expect(added.statusCode).toBe(201)
    expect((await signIn('petra', 'another long one')).res.statusCode).toBe(200)
  })

  it('lets an admin remove a user, whose sessions end at once, but never the last admin', async () => {
    const admin = await sessionOf('eva')
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrf }
    await store.addUser('olga', 'analyst', PASSWORD)
    const olga = await sessionOf('olga')
    const analystTry = await app.inject({
      method: 'DELETE',
      url: '/api/users/eva',
      headers: { cookie: olga.cookie, 'x-csrf-token': olga.csrf },
    })
    expect(analystTry.statusCode).toBe(403)
    const noCsrf = await app.inject({
      method: 'DELETE',
      url: '/api/users/olga',
      headers: { cookie: admin.cookie },
    })
    expect(noCsrf.statusCode).toBe(403)

    const removed = await app.inject({ method: 'DELETE', url: '/api/users/olga', headers })
    expect(removed.statusCode).toBe(200)
    expect(removed.json().data).toEqual({ removed: 'olga' })
    expect(
      (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: olga.cookie } })).statusCode,
    ).toBe(401)
    expect((await app.inject({ method: 'DELETE', url: '/api/users/olga', headers })).statusCode).toBe(404)
    const badName = await app.inject({ method: 'DELETE', url: '/api/users/no%20spaces', headers })
    expect(badName.statusCode).toBe(400)

    const last = await app.inject({ method: 'DELETE', url: '/api/users/eva', headers })
    expect(last.statusCode).toBe(409)
    expect(last.json().error.message).toMatch(/last admin/)
    expect(last.json().error.details).toMatchObject({ rule: 'last_admin' })
    // With a second admin, the first may go (and their own session ends with it).
    await store.addUser('vera', 'admin', PASSWORD)
    const vera = await sessionOf('vera')
    const byOther = await app.inject({
      method: 'DELETE',
      url: '/api/users/vera',
      headers,
    })
    expect(byOther.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: vera.cookie } })).statusCode,
    ).toBe(401)
  })

  it('lets an admin disable and enable a user, change a role and reset a password, each in the log', async () => {
    const admin = await sessionOf('eva')
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrf }
    const post = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) })
    await store.addUser('rita', 'analyst', PASSWORD)

    const rita = await sessionOf('rita')
    expect((await post('/api/users/rita/disable')).json().data).toEqual({ name: 'rita', action: 'disable' })
    expect(
      (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: rita.cookie } })).statusCode,
    ).toBe(401)
    expect((await signIn('rita')).res.statusCode).toBe(401)
    const listed = await app.inject({ method: 'GET', url: '/api/users', headers })
    expect(listed.json().data.users).toContainEqual(expect.objectContaining({ name: 'rita', disabled: true }))
    expect((await post('/api/users/rita/enable')).statusCode).toBe(200)

    expect((await post('/api/users/rita/role', { role: 'admin' })).statusCode).toBe(200)
    expect((await store.findUser('rita'))?.role).toBe('admin')
    expect((await post('/api/users/rita/role', { role: 'boss' })).json().error.details).toMatchObject({
      field: 'role',
    })

    const again = await sessionOf('rita')
    const short = await post('/api/users/rita/password', { password: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error.details).toMatchObject({ field: 'password', rule: 'minLength 10' })
    expect((await post('/api/users/rita/password', { password: 'a brand new passphrase' })).statusCode).toBe(
      200,
    )
    expect(
      (await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: again.cookie } }))
        .statusCode,
    ).toBe(401)
    expect((await post('/api/users/nobody/disable')).statusCode).toBe(404)

    const log = await app.inject({ method: 'GET', url: '/api/users/log?limit=4', headers })
    expect(log.statusCode).toBe(200)
    expect(log.json().data.entries.map((e: { action: string }) => e.action)).toEqual([
      'password',
      'role',
      'enable',
      'disable',
    ])
    expect(log.json().data.entries[1]).toMatchObject({ actor: 'eva', target: 'rita', detail: 'admin' })
    expect(log.body).not.toContain('a brand new passphrase')

    // Demoting or disabling the last active admin is refused; with rita an admin, eva can go.
    await post('/api/users/rita/role', { role: 'analyst' })
    const demote = await post('/api/users/eva/role', { role: 'analyst' })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().error.details).toMatchObject({ rule: 'last_admin' })
    expect((await post('/api/users/eva/disable')).statusCode).toBe(409)
    await store.removeUser('rita')

    const analyst = await sessionOf('adam')
    for (const [method, url] of [
      ['GET', '/api/users/log'],
      ['POST', '/api/users/eva/disable'],
      ['POST', '/api/users/eva/enable'],
      ['POST', '/api/users/eva/role'],
      ['POST', '/api/users/eva/password'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { cookie: analyst.cookie, 'x-csrf-token': analyst.csrf },
      })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('refuses a user name taken in another case and a name shorter than 3 characters, naming the rule', async () => {
    const admin = await sessionOf('eva')
    const add = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
        payload: { name, role: 'analyst', password: 'long enough pw' },
      })
    const taken = await add('EVA')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.details).toMatchObject({ field: 'name', rule: 'unique_case_insensitive' })
    const short = await add('jo')
    expect(short.statusCode).toBe(400)
    expect(short.json().error.details).toMatchObject({ field: 'name', rule: 'minLength 3' })
  })

  it('relays a key’s requests per day from the gateway with the admin key', async () => {
    const admin = await sessionOf('eva')
    seen.length = 0
    const res = await app.inject({
      method: 'GET',
      url: '/api/keys/7/usage/daily?days=7',
      headers: { cookie: admin.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ key_id: 7, days: [{ day: '2026-11-26', requests: 3, errors: 1 }] })
    expect(seen[0]!.url).toMatch(/\/admin\/keys\/usage\/7\/daily\?days=7$/)
    expect(seen[0]!.headers['x-admin-key']).toBe(KEYS.adminKey)
    const analyst = await sessionOf('adam')
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/keys/7/usage/daily',
          headers: { cookie: analyst.cookie },
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/keys/7/usage/daily?days=401',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('shows who screened a stored record when it was screened through the console', async () => {
    const { cookie } = await sessionOf('eva')
    const res = await app.inject({
      method: 'GET',
      url: '/api/screenings/AML-20261126-1',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.result.screened_by).toBe('adam')
    expect(res.json().data.input).toEqual({ first_name: 'Jan', last_name: 'Novák <b>' })
  })

  it('makes a record’s PDF from its own escaped document through the router, and says so when the router is down', async () => {
    const analyst = await sessionOf('adam')
    seen.length = 0
    const res = await app.inject({
      method: 'GET',
      url: '/api/screenings/AML-20261126-1/pdf?lang=en',
      headers: { cookie: analyst.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="AML-20261126-1.pdf"')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const sent = seen.find((c) => c.url.endsWith('/v1/browser/pdf/html'))!
    expect(sent.headers['x-api-key']).toBe(KEYS.internalKey)
    const html = (sent.body as { html: string }).html
    expect(html).toContain('AML-20261126-1')
    // adam screened it through the console (above): the record says so, and who printed it.
    expect(html).toContain('Screened by</th><td>adam')
    expect(html).toContain('Printed by</th><td>adam')
    expect(html).toContain('Novák &lt;b&gt;')
    expect(html).not.toMatch(/<script|src=|href=|style="/i)

    routerDown = true
    try {
      const down = await app.inject({
        method: 'GET',
        url: '/api/screenings/AML-20261126-1/pdf',
        headers: { cookie: analyst.cookie },
      })
      expect(down.statusCode).toBe(503)
      expect(down.json().error.message).toBe('The router, which prints the PDF, cannot be reached')
    } finally {
      routerDown = false
    }
    expect((await app.inject({ method: 'GET', url: '/api/screenings/AML-20261126-1/pdf' })).statusCode).toBe(
      401,
    )
  })

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const { cookie, csrf } = await signIn('adam')
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, 'x-csrf-token': csrf },
    })
    expect(out.statusCode).toBe(200)
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/)
    expect((await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(
      401,
    )
  })

  it('ends sessions when they expire', async () => {
    let now = new Date('2026-11-26T10:00:00Z')
    const clocked = new ConsoleStore(db, { now: () => now })
    const user = (await clocked.findUser('adam'))!
    const { token } = await clocked.createSession(user, 60_000)
    expect(await clocked.session(token)).toBeDefined()
    now = new Date('2026-11-26T10:01:01Z')
    expect(await clocked.session(token)).toBeUndefined()
  })

  it('sends strict security headers: a CSP without inline scripts, no framing, no sniffing', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';")
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const page = await app.inject({ method: 'GET', url: '/' })
    expect(page.statusCode).toBe(503)
    expect(page.body).toContain('npm run console:build')
  })

  it('serves the app at every page path and its hashed files with a year of caching', async () => {
    const file = (body: string, type: string) => ({ body: Buffer.from(body), type, etag: '"e1"' })
    const web = await buildApp({
      logger,
      store,
      upstreams: new Upstreams(
        Object.fromEntries(UPSTREAMS.map((n) => [n, 'http://127.0.0.1:9'])) as Record<
          (typeof UPSTREAMS)[number],
          string
        >,
        KEYS,
      ),
      rateLimiter: new MemoryRateLimiter(),
      sessionTtlMs: 60_000,
      web: new Map([
        ['index.html', file('<!doctype html><div id="root"></div>', 'text/html; charset=utf-8')],
        ['assets/index-abc.js', file('console.log(1)', 'text/javascript; charset=utf-8')],
      ]),
      logRequests: false,
    })
    for (const page of ['/', '/sign-in', '/keys']) {
      const res = await web.inject({ method: 'GET', url: page })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root">')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    }
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc.js' })
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const again = await web.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'if-none-match': '"e1"' },
    })
    expect(again.statusCode).toBe(304)
    expect((await web.inject({ method: 'GET', url: '/assets/nope.js' })).statusCode).toBe(404)
    expect((await web.inject({ method: 'GET', url: '/health' })).json().data.web).toBe(true)
    await web.close()
  })
})
