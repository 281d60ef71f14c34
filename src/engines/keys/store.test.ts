/**
 * The key store's contract, on SQLite and on PostgreSQL (required with CI=true).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../../test/support/storage.ts'
import { type Database, openDatabase } from '../../kit/db.ts'
import { hashKey } from './format.ts'
import { KeyStore, type KeyStore as KeyStoreType, type KeyTables } from './store.ts'
import { loadTiers, UNLIMITED } from './tiers.ts'

const DAY = 86_400_000

for (const kind of await storageKinds()) {
  describe(`KeyStore on ${kind.name}`, () => {
    const storage = kind.create('keystore')
    let db: Database
    let store: KeyStoreType
    let now = Date.UTC(2026, 5, 1)

    beforeAll(async () => {
      db = storage.open()
      await db.migrate()
      store = new KeyStore(db.as<KeyTables>(), { tiers: loadTiers(), keyPrefix: 'gk', now: () => now })
    })
    afterAll(async () => {
      await db.close()
      await storage.cleanup()
    })

    it('issues a key whose full text is stored nowhere, only its hash and 12-character prefix', async () => {
      const { key, record } = await store.create({ name: 'alpha', owner: 'ops@example.cz', expires_days: 30 })
      expect(key).toMatch(/^gk_[0-9A-Za-z]{32}$/)
      expect(record).toMatchObject({
        name: 'alpha',
        owner: 'ops@example.cz',
        prefix: key.slice(0, 12),
        is_active: true,
        rate_limit: 10000,
        requests_per_minute: 100,
        created_at: now,
        expires_at: now + 30 * DAY,
      })
      const rows = await db.as<KeyTables>().selectFrom('gateway_api_keys').selectAll().execute()
      const dump = JSON.stringify(rows)
      expect(dump).not.toContain(key)
      expect(dump).not.toContain(key.slice(12))
      expect(dump).toContain(hashKey(key))
    })

    it('authenticates an active key by its hash and refuses unknown or malformed ones', async () => {
      const { key, record } = await store.create({ name: 'beta', tier: 'free' })
      expect(await store.authenticate(key)).toEqual({
        id: record.id,
        rate_limit: 100,
        requests_per_minute: 10,
      })
      expect(await store.authenticate(`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`)).toBeUndefined()
      expect(await store.authenticate('gk_nope')).toBeUndefined()
    })

    it('refuses a key from the moment it expires', async () => {
      const { key } = await store.create({ name: 'short', expires_days: 1 })
      now += DAY - 1
      expect(await store.authenticate(key)).toBeDefined()
      now += 1
      expect(await store.authenticate(key)).toBeUndefined()
    })

    it('refuses a revoked key on the next lookup, and revoking twice says so', async () => {
      const { key, record } = await store.create({ name: 'gamma' })
      expect(await store.revoke(record.id)).toBe('revoked')
      expect(await store.authenticate(key)).toBeUndefined()
      expect(await store.revoke(record.id)).toBe('already_revoked')
      expect(await store.revoke(999_999)).toBe('not_found')
      const listed = (await store.list()).find((k) => k.id === record.id)!
      expect(listed).toMatchObject({ is_active: false, revoked_at: now })
    })

    it('changes limits and re-tiers a key, applied on the next lookup', async () => {
      const { key, record } = await store.create({ name: 'delta' })
      const changed = await store.update(record.id, { tier: 'enterprise' })
      expect(changed).toMatchObject({
        tier: 'enterprise',
        rate_limit: UNLIMITED,
        requests_per_minute: UNLIMITED,
      })
      expect(await store.authenticate(key)).toMatchObject({ rate_limit: UNLIMITED })
      await store.update(record.id, { requests_per_minute: 7 })
      expect(await store.authenticate(key)).toMatchObject({ requests_per_minute: 7 })
      expect(await store.update(999_999, { name: 'x' })).toBeUndefined()
    })

    it('lists keys in id order without any secret', async () => {
      const keys = await store.list()
      expect(keys.length).toBeGreaterThanOrEqual(5)
      expect(keys.map((k) => k.id)).toEqual([...keys.map((k) => k.id)].sort((a, b) => a - b))
      for (const k of keys) expect(Object.keys(k)).not.toContain('key_hash')
      expect(await store.count()).toBe(keys.length)
    })

    it('summarises usage over a period by endpoint and by status', async () => {
      const { record } = await store.create({ name: 'usage' })
      const id = record.id
      const rec = (ageMs: number, endpoint: string, status: number) => ({
        key_id: id,
        ts: now - ageMs,
        endpoint,
        method: 'POST',
        status,
      })
      await store.writeUsage([
        rec(1000, '/api/banking/loan_assessment', 200),
        rec(2000, '/api/banking/loan_assessment', 200),
        rec(3000, '/api/banking/loan_assessment', 400),
        rec(4000, '/api/agents', 200),
        rec(3 * DAY, '/api/agents', 429),
        { ...rec(1000, '/api/agents', 200), key_id: id + 1000 },
      ])
      expect(await store.usage(id, 1)).toEqual({
        key_id: id,
        stats: {
          total_requests: 4,
          by_endpoint: [
            { endpoint: '/api/banking/loan_assessment', count: 3 },
            { endpoint: '/api/agents', count: 1 },
          ],
          by_status: { '200': 3, '400': 1 },
          period_days: 1,
        },
      })
      expect((await store.usage(id, 7)).stats).toMatchObject({
        total_requests: 5,
        by_status: { '200': 3, '400': 1, '429': 1 },
      })
      expect(await store.pruneUsage(2)).toBeGreaterThanOrEqual(1)
      expect((await store.usage(id, 7)).stats.total_requests).toBe(4)
    })

    it('counts a key’s requests per UTC day, errors apart, with empty days as zero', async () => {
      const { record } = await store.create({ name: 'daily' })
      const rec = (ts: number, status: number) => ({
        key_id: record.id,
        ts,
        endpoint: '/api/agents',
        method: 'GET',
        status,
      })
      // Today starts at `midnight`; the three days are the day before yesterday to today.
      const midnight = Math.floor(now / DAY) * DAY
      const day = (offset: number) => new Date(midnight + offset * DAY).toISOString().slice(0, 10)
      await store.writeUsage([
        rec(midnight + 1000, 200),
        rec(midnight + 2000, 503),
        rec(midnight - 1000, 404),
        rec(midnight - 2 * DAY - 1000, 200),
        { ...rec(midnight + 1000, 200), key_id: record.id + 1000 },
      ])
      expect(await store.usageDaily(record.id, 3)).toEqual({
        key_id: record.id,
        days: [
          { day: day(-2), requests: 0, errors: 0 },
          { day: day(-1), requests: 1, errors: 1 },
          { day: day(0), requests: 2, errors: 1 },
        ],
      })
      expect((await store.usageDaily(record.id, 5)).days.map((d) => d.requests)).toEqual([0, 1, 0, 1, 2])
    })

    it('writes a large usage batch in chunks within one transaction', async () => {
      const { record } = await store.create({ name: 'bulk' })
      const batch = Array.from({ length: 2500 }, (_, i) => ({
        key_id: record.id,
        ts: now - i,
        endpoint: '/api/agents',
        method: 'GET',
        status: 200,
      }))
      await store.writeUsage(batch)
      expect((await store.usage(record.id, 1)).stats.total_requests).toBe(2500)
    })

    it('keeps each key’s last use, moving it forward only', async () => {
      const { record } = await store.create({ name: 'last-use' })
      expect((await store.get(record.id))?.last_used_at).toBeNull()
      const use = (ts: number) => ({
        key_id: record.id,
        ts,
        endpoint: '/api/agents',
        method: 'GET',
        status: 200,
      })
      await store.writeUsage([use(now - 5000), use(now - 1000), use(now - 3000)])
      expect((await store.get(record.id))?.last_used_at).toBe(now - 1000)
      await store.writeUsage([use(now - 9000)]) // an older batch arriving late
      expect((await store.get(record.id))?.last_used_at).toBe(now - 1000)
    })

    it('rotates a key: the new one copies its terms, the old one is valid for the grace period, then expired', async () => {
      const { key: oldKey, record } = await store.create({ name: 'rotating', tier: 'pro', expires_days: 10 })
      const outcome = await store.rotate(record.id, 2)
      if (typeof outcome === 'string') throw new Error(outcome)
      expect(outcome.record).toMatchObject({
        name: 'rotating',
        tier: 'pro',
        rate_limit: record.rate_limit,
        requests_per_minute: record.requests_per_minute,
        expires_at: record.expires_at,
        replaced_by: null,
      })
      expect(outcome.old).toMatchObject({ replaced_by: outcome.record.id, expires_at: now + 2 * 3_600_000 })
      expect(await store.get(record.id)).toMatchObject({
        replaced_by: outcome.record.id,
        expires_at: now + 7_200_000,
      })
      expect(store.statusOf(outcome.old)).toBe('rotating')
      expect(await store.authenticate(oldKey)).toBeDefined()
      expect(await store.authenticate(outcome.key)).toBeDefined()
      expect(await store.rotate(record.id, 2)).toBe('already_rotated')
      const saved = now
      now += 2 * 3_600_000
      try {
        expect(await store.authenticate(oldKey)).toBeUndefined()
        expect(store.statusOf((await store.get(record.id))!)).toBe('expired')
        expect(await store.authenticate(outcome.key)).toBeDefined()
        expect(await store.rotate(record.id, 2)).toBe('not_active')
      } finally {
        now = saved
      }
      // The grace never outlasts the key's own expiry.
      const { record: short } = await store.create({ name: 'short', expires_days: 1 })
      const late = await store.rotate(short.id, 720)
      if (typeof late === 'string') throw new Error(late)
      expect(late.old.expires_at).toBe(short.expires_at)
      expect(await store.rotate(987_654, 24)).toBe('not_found')
    })

    it('finds keys by name without regard to case, Czech letters included, or by prefix', async () => {
      const { key } = await store.create({ name: 'Pobočka Žďár' })
      expect((await store.list('POBOČKA žďár')).map((k) => k.name)).toEqual(['Pobočka Žďár'])
      expect((await store.list(key.slice(3, 10))).map((k) => k.name)).toEqual(['Pobočka Žďár'])
      expect(await store.list('no key is called this')).toEqual([])
    })
  })
}

describe('KeyStore cache on SQLite (changeVersion)', () => {
  let dir: string
  let db: Database
  let other: Database
  let store: KeyStoreType
  let otherStore: KeyStoreType
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-keycache-'))
    db = openDatabase({ dataDir: dir })
    await db.migrate()
    store = new KeyStore(db.as<KeyTables>(), {
      tiers: loadTiers(),
      keyPrefix: 'gk',
      changeVersion: db.dataVersion,
    })
    // A second instance (another process, the CLI) on the same file.
    other = openDatabase({ dataDir: dir })
    otherStore = new KeyStore(other.as<KeyTables>(), { tiers: loadTiers(), keyPrefix: 'gk' })
  })
  afterAll(async () => {
    await db.close()
    await other.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers repeated lookups from the cache while nobody writes', async () => {
    let reads = 0
    const counting = new KeyStore(
      db.as<KeyTables>().withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          reads++
          return args.result
        },
      }),
      { tiers: loadTiers(), keyPrefix: 'gk', changeVersion: db.dataVersion },
    )
    const { key } = await counting.create({ name: 'cached' })
    expect(await counting.authenticate(key)).toBeDefined()
    const afterFirst = reads
    for (let i = 0; i < 5; i++) expect(await counting.authenticate(key)).toBeDefined()
    expect(reads).toBe(afterFirst)
    // Any commit to the file drops the cache: the next lookup reads the row again.
    await otherStore.create({ name: 'a commit elsewhere' })
    expect(await counting.authenticate(key)).toBeDefined()
    expect(reads).toBe(afterFirst + 1)
  })

  it('answers without I/O only from a cached row nobody has changed since', async () => {
    const { key, record } = await store.create({ name: 'sync' })
    expect(store.authenticateCached(key)).toBeNull() // not read yet: ask the database
    expect(store.authenticateCached('not-a-key')).toBeUndefined()
    expect(await store.authenticate(key)).toMatchObject({ id: record.id })
    expect(store.authenticateCached(key)).toMatchObject({ id: record.id, requests_per_minute: 100 })
    await otherStore.revoke(record.id)
    expect(store.authenticateCached(key)).toBeNull()
    expect(await store.authenticate(key)).toBeUndefined()
    expect(store.authenticateCached(key)).toBeUndefined() // the revoked row, cached: refused
  })

  it('answers with the same object for a key until its limits change', async () => {
    const { key, record } = await store.create({ name: 'stable' })
    const first = await store.authenticate(key)
    await otherStore.create({ name: 'a commit elsewhere drops the cache' })
    expect(await store.authenticate(key)).toBe(first)
    await otherStore.update(record.id, { requests_per_minute: 7 })
    const changed = await store.authenticate(key)
    expect(changed).not.toBe(first)
    expect(changed).toMatchObject({ id: record.id, requests_per_minute: 7 })
  })

  it('sees a revocation by another connection on the very next lookup', async () => {
    const { key, record } = await store.create({ name: 'revoked elsewhere' })
    expect(await store.authenticate(key)).toBeDefined()
    expect(await otherStore.revoke(record.id)).toBe('revoked')
    expect(await store.authenticate(key)).toBeUndefined()
  })

  it('sees a limit change by another connection on the very next lookup', async () => {
    const { key, record } = await store.create({ name: 'changed elsewhere' })
    expect(await store.authenticate(key)).toMatchObject({ requests_per_minute: 100 })
    await otherStore.update(record.id, { requests_per_minute: 9 })
    expect(await store.authenticate(key)).toMatchObject({ requests_per_minute: 9 })
  })

  it('never keeps a row read while its own revocation was committing', async () => {
    const { key, record } = await store.create({ name: 'race' })
    const reading = store.authenticate(key)
    const revoking = store.revoke(record.id)
    await Promise.all([reading, revoking])
    expect(await store.authenticate(key)).toBeUndefined()
  })
})
