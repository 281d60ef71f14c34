/**
 * Keys as an operator manages them: every request made with a valid key is counted (unknown routes
 * and wrong methods too), each key says when it was last used, keys are found by name or prefix,
 * and rotation issues a new key while the old one stays valid for a grace period, then stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestGateway, TEST_ADMIN_KEY, type TestGateway } from './harness.ts'

const admin = { 'x-admin-key': TEST_ADMIN_KEY }

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.stop()
})

const list = async (query = '') => {
  const res = await gw.app.inject({ url: `/admin/keys/list${query}`, headers: admin })
  expect(res.statusCode).toBe(200)
  return res.json() as { count: number; keys: Record<string, unknown>[] }
}

describe('usage of a valid key', () => {
  it('counts answers 404 and 405 to a valid key, and nothing for a request without a valid key', async () => {
    const { key, id } = await gw.createKey({ name: 'counted' })
    const headers = { 'x-api-key': key }
    const notFound = await gw.app.inject({ url: '/api/no/such/route', headers })
    expect(notFound.statusCode).toBe(404)
    const wrongMethod = await gw.app.inject({ method: 'DELETE', url: '/api/services', headers })
    expect(wrongMethod.statusCode).toBe(405)
    expect(wrongMethod.headers.allow).toBe('GET, HEAD')
    // A 404 and a 405 are still answered as before without a key, or with an unknown one.
    const anonymous = await gw.app.inject({ url: '/api/no/such/route' })
    expect(anonymous.statusCode).toBe(404)
    const unknown = await gw.app.inject({
      url: '/api/no/such/route',
      headers: { 'x-api-key': 'gk_000000000000000000000000000000zz' },
    })
    expect(unknown.statusCode).toBe(404)
    await gw.running.usage.flush()
    const usage = await gw.app.inject({ url: `/admin/keys/usage/${id}?days=1`, headers: admin })
    expect(usage.json().stats).toMatchObject({
      total_requests: 2,
      by_status: { '404': 1, '405': 1 },
      by_endpoint: [{ endpoint: 'unmatched', count: 2 }],
    })
  })

  it('spends the key’s limit on an unknown route too: the fourth request in a minute of three is 429', async () => {
    const { key } = await gw.createKey({ name: 'limited', requests_per_minute: 3 })
    const headers = { 'x-api-key': key }
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await gw.app.inject({ url: '/api/nope', headers })).statusCode)
    expect(statuses).toEqual([404, 404, 404, 429])
  })
})

describe('what a key shows', () => {
  it('says when it was last used: null before its first request, then the time of its last', async () => {
    const { key, id } = await gw.createKey({ name: 'last-used' })
    const row = async () => (await list()).keys.find((k) => k.id === id)!
    expect(await row()).toMatchObject({ last_used_at: null, status: 'active', replaced_by: null })
    const before = Date.now()
    await gw.app.inject({ url: '/api/services', headers: { 'x-api-key': key } })
    await gw.running.usage.flush()
    const used = Date.parse((await row()).last_used_at as string)
    expect(used).toBeGreaterThanOrEqual(before)
    expect(used).toBeLessThanOrEqual(Date.now())
  })

  it('finds keys by a part of their name (case ignored) or of their prefix', async () => {
    const { key } = await gw.createKey({ name: 'Účetnictví Brno' })
    await gw.createKey({ name: 'Sklad Ostrava' })
    const byName = await list(`?search=${encodeURIComponent('účetnictví')}`)
    expect(byName.keys.map((k) => k.name)).toEqual(['Účetnictví Brno'])
    const byPrefix = await list(`?search=${key.slice(0, 12)}`)
    expect(byPrefix.keys.map((k) => k.name)).toEqual(['Účetnictví Brno'])
    expect((await list('?search=nothing-like-it')).count).toBe(0)
    const tooLong = await gw.app.inject({ url: `/admin/keys/list?search=${'x'.repeat(101)}`, headers: admin })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ code: 'invalid_request' })
  })
})

describe('rotation', () => {
  const rotate = (id: number, body: Record<string, unknown> = {}) =>
    gw.app.inject({ method: 'POST', url: `/admin/keys/rotate/${id}`, headers: admin, payload: body })
  const status = async (key: string) =>
    (await gw.app.inject({ url: '/api/services', headers: { 'x-api-key': key } })).statusCode

  it('issues a new key with the same name, tier, limits and expiry; the old one works through the default 24 h grace', async () => {
    const { key: oldKey, id } = await gw.createKey({ name: 'rotated', tier: 'basic', expires_days: 90 })
    const original = (await list()).keys.find((k) => k.id === id)!
    const res = await rotate(id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    const before = (await list()).keys.find((k) => k.id === body.key_data.id)!
    expect(body.key_data.key).toMatch(/^gk_[0-9A-Za-z]{32}$/)
    expect(body.key_data.key).not.toBe(oldKey)
    expect(body.key_data).toMatchObject({
      name: 'rotated',
      tier: 'basic',
      expires_at: original.expires_at,
      rate_limit: original.rate_limit,
      requests_per_minute: original.requests_per_minute,
    })
    expect(before).toMatchObject({ status: 'active', replaced_by: null, last_used_at: null })
    expect(body.old_key).toMatchObject({ id, status: 'rotating', replaced_by: body.key_data.id })
    const graceEnd = Date.parse(body.old_key.expires_at)
    expect(graceEnd - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
    expect(graceEnd - Date.now()).toBeLessThanOrEqual(24 * 3_600_000)
    // Both keys are let in during the grace period.
    expect(await status(oldKey)).toBe(200)
    expect(await status(body.key_data.key)).toBe(200)
    // Rotating the old key again is refused: its replacement is the one to rotate.
    const again = await rotate(id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'conflict', id })
  })

  it('with a grace of 0 hours the old key is refused from the next request on', async () => {
    const { key: oldKey, id } = await gw.createKey({ name: 'no-grace' })
    expect(await status(oldKey)).toBe(200) // cached as valid before the rotation
    const res = await rotate(id, { grace_hours: 0 })
    expect(res.statusCode).toBe(200)
    expect(await status(oldKey)).toBe(403)
    expect(await status(res.json().key_data.key)).toBe(200)
    expect((await list()).keys.find((k) => k.id === id)).toMatchObject({ status: 'expired' })
  })

  it('refuses a revoked key (409), an unknown one (404) and a grace beyond 720 hours (400, naming the field)', async () => {
    const { id } = await gw.createKey({ name: 'revoked-then-rotated' })
    await gw.app.inject({ method: 'POST', url: `/admin/keys/revoke/${id}`, headers: admin })
    expect((await rotate(id)).statusCode).toBe(409)
    expect((await rotate(999_999)).statusCode).toBe(404)
    const tooLong = await rotate(id, { grace_hours: 721 })
    expect(tooLong.statusCode).toBe(400)
    expect(JSON.stringify(tooLong.json())).toContain('grace_hours')
    const noBody = await gw.app.inject({ method: 'POST', url: `/admin/keys/rotate/${id}`, headers: admin })
    expect(noBody.statusCode).toBe(409)
  })
})
