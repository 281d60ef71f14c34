import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../cli.ts'
import { startTestGateway, type TestGateway } from './harness.ts'

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-keys-cli-'))

async function gatehouse(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return gatehouseWith({}, ...argv)
}

async function gatehouseWith(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await main(argv, {
    env: { DATA_DIR: dir, LOG_LEVEL: 'silent', ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    interactive: false,
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('gatehouse keys', () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway({ dataDir: dir })
  })
  afterAll(async () => {
    await gw.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const call = (key: string) => gw.app.inject({ url: '/api/services', headers: { 'x-api-key': key } })

  it('creates a key the running gateway accepts at once, printing it once', async () => {
    const { code, out } = await gatehouse(
      'keys',
      'create',
      '--name',
      'cli demo',
      '--tier',
      'basic',
      '--owner',
      'ops@example.cz',
    )
    expect(code).toBe(0)
    const key = /\b(gk_[0-9A-Za-z]{32})\b/.exec(out)?.[1]
    expect(key).toBeDefined()
    expect(out).toContain('60/min, 1000/day')
    expect(out).toContain('not shown again')
    const res = await call(key!)
    expect(res.statusCode).toBe(200)
    expect(res.headers['ratelimit-policy']).toBe('"minute";q=60;w=60, "day";q=1000;w=86400')
  })

  it('points the Try it line at the port GATEWAY_PORT says', async () => {
    expect((await gatehouse('keys', 'create', '--name', 'default port')).out).toContain(
      'http://127.0.0.1:8000/',
    )
    const { out } = await gatehouseWith({ GATEWAY_PORT: '9123' }, 'keys', 'create', '--name', 'own port')
    expect(out).toMatch(/Try it: curl .* http:\/\/127\.0\.0\.1:9123\/api\/services/)
  })

  it('rotates a key: prints the new key once; with --grace-hours 0 the old one is refused at once', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'to rotate', '--json')).out)
    const { key: oldKey, id } = created.key_data
    const rotated = await gatehouse('keys', 'rotate', String(id), '--grace-hours', '0')
    expect(rotated.code).toBe(0)
    const newKey = /\b(gk_[0-9A-Za-z]{32})\b/.exec(rotated.out)?.[1]
    expect(newKey).toBeDefined()
    expect(rotated.out).toContain(`replaces ${id}`)
    expect((await call(oldKey)).statusCode).toBe(403)
    expect((await call(newKey!)).statusCode).toBe(200)
    const again = await gatehouse('keys', 'rotate', String(id))
    expect(again.code).not.toBe(0)
    expect(again.err).toContain('revoked or expired')
    const bad = await gatehouse('keys', 'rotate', String(id), '--grace-hours', '721')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--grace-hours')
    const listed = (await gatehouse('keys', 'list')).out
    expect(listed).toMatch(/last used/)
    expect(listed.split('\n').find((line) => line.includes('to rotate'))).toContain(' expired ')
  })

  it('answers --json with the API’s generation shape', async () => {
    const { code, out } = await gatehouse('keys', 'create', '--name', 'json', '--rpm', '7', '--json')
    expect(code).toBe(0)
    const body = JSON.parse(out)
    expect(body).toMatchObject({
      success: true,
      key_data: { name: 'json', requests_per_minute: 7, rate_limit: 10000 },
    })
    expect(body.key_data.key).toMatch(/^gk_/)
  })

  it('lists keys by prefix, never printing a key', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'listed', '--json')).out)
    const { code, out } = await gatehouse('keys', 'list')
    expect(code).toBe(0)
    expect(out).toMatch(/^id\s+prefix\s+name/)
    expect(out).toContain(created.key_data.prefix)
    expect(out).not.toContain(created.key_data.key)
    const json = JSON.parse((await gatehouse('keys', 'list', '--json')).out)
    expect(json.count).toBe(json.keys.length)
  })

  it('revokes a key: the running gateway refuses it on the next request', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'to revoke', '--json')).out)
    expect((await call(created.key_data.key)).statusCode).toBe(200)
    const { code, out } = await gatehouse('keys', 'revoke', String(created.key_data.id))
    expect(code).toBe(0)
    expect(out).toBe(`API key ${created.key_data.id} revoked`)
    expect((await call(created.key_data.key)).statusCode).toBe(403)
    expect((await gatehouse('keys', 'revoke', '99999')).code).toBe(1)
  })

  it('shows usage by endpoint and status', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'usage', '--json')).out)
    await call(created.key_data.key)
    await call(created.key_data.key)
    await gw.running.usage.flush()
    const { code, out } = await gatehouse('keys', 'usage', String(created.key_data.id), '--days', '1')
    expect(code).toBe(0)
    expect(out).toContain('2 requests in the last 1 days')
    expect(out).toMatch(/2\s+\/api\/services/)
    const json = JSON.parse((await gatehouse('keys', 'usage', String(created.key_data.id), '--json')).out)
    expect(json.stats).toMatchObject({ total_requests: 2, by_status: { '200': 2 }, period_days: 30 })
  })

  it('shows usage per UTC day with --daily, oldest first, and refuses more days than are kept', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'daily', '--json')).out)
    const id = String(created.key_data.id)
    await call(created.key_data.key)
    await gw.running.usage.flush()
    const today = new Date().toISOString().slice(0, 10)
    const { code, out } = await gatehouse('keys', 'usage', id, '--daily', '--days', '3')
    expect(code).toBe(0)
    const lines = out.split('\n')
    expect(lines[0]).toBe(`API key ${id}: requests per UTC day, the last 3 days`)
    expect(lines[1]).toMatch(/^day\s+requests\s+errors$/)
    expect(lines).toHaveLength(5)
    expect(lines[4]).toMatch(new RegExp(`^${today}\\s+1\\s+0$`))
    const json = JSON.parse((await gatehouse('keys', 'usage', id, '--daily', '--json')).out)
    expect(json.days).toHaveLength(30)
    expect(json.days.at(-1)).toEqual({ day: today, requests: 1, errors: 0 })
    const tooMany = await gatehouse('keys', 'usage', id, '--daily', '--days', '401')
    expect(tooMany.code).toBe(2)
    expect(tooMany.err).toMatch(/--days.*1 to 400/)
  })

  it('updates limits without resetting the count', async () => {
    const created = JSON.parse(
      (await gatehouse('keys', 'create', '--name', 'update', '--rpm', '3', '--json')).out,
    )
    const key = created.key_data.key
    await call(key)
    await call(key)
    const { code, out } = await gatehouse(
      'keys',
      'update',
      String(created.key_data.id),
      '--rpm',
      '3',
      '--tier',
      'pro',
    )
    expect(code).toBe(0)
    expect(out).toContain('3/min, 10000/day')
    expect((await call(key)).statusCode).toBe(200)
    expect((await call(key)).statusCode).toBe(429)
  })

  it('takes -1 (unlimited) as the value of a limit, written as its usage says', async () => {
    const created = JSON.parse((await gatehouse('keys', 'create', '--name', 'unlimited', '--json')).out)
    const id = String(created.key_data.id)
    const updated = await gatehouse('keys', 'update', id, '--rate-limit', '-1', '--rpm', '-1')
    expect(updated.err).toBe('')
    expect(updated.code).toBe(0)
    expect(updated.out).toContain('unlimited/min, unlimited/day')
    const made = await gatehouse('keys', 'create', '--name', 'unlimited-2', '--rate-limit', '-1')
    expect(made.code).toBe(0)
    expect(made.out).toContain('unlimited/day')
    expect((await gatehouse('keys', 'update', id, '--rate-limit', '-2')).code).toBe(2)
  })

  it('refuses bad input with the field named and exit code 2', async () => {
    const missing = await gatehouse('keys', 'create')
    expect(missing.code).toBe(2)
    expect(missing.err).toContain('--name is required')
    const owner = await gatehouse('keys', 'create', '--name', 'x', '--owner', 'nobody')
    expect(owner.code).toBe(2)
    expect(owner.err).toContain('"owner"')
    const rpm = await gatehouse('keys', 'create', '--name', 'x', '--rpm', 'fast')
    expect(rpm.code).toBe(2)
    expect(rpm.err).toContain('--rpm must be an integer')
    const id = await gatehouse('keys', 'revoke')
    expect(id.code).toBe(2)
    const prefix = await main(['keys', 'list'], {
      env: { DATA_DIR: dir, API_KEY_PREFIX: 'Not-Valid' },
      out: () => undefined,
      err: () => undefined,
      interactive: false,
    })
    expect(prefix).toBe(78)
  })
})
