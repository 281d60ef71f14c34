/**
 * The API-key store: issuing, listing, changing, revoking and authenticating keys, and the usage
 * log, over the platform database (SQLite or PostgreSQL through Kysely).
 *
 * Authentication reads the key's row on every request (one indexed lookup by hash): revocation and
 * expiry are decided from the database itself, so they take effect on the very next request on
 * every instance, with no cache to invalidate. The row carries the limits too, so a limit change
 * applies at once (and never resets the counters, which live in the rate limiter by key id).
 */
import { type CompiledQuery, type Kysely, sql } from 'kysely'
import { writeTransaction } from '../../kit/db.ts'
import { generateKey, hashKey, looksLikeKey } from './format.ts'
import { type CheckedPatch, checkNewKey, checkPatch, type KeyPatch, type NewKeyInput } from './rules.ts'
import type { Tier } from './tiers.ts'

export interface KeyTables {
  gateway_api_keys: {
    id: number | undefined
    key_hash: string
    prefix: string
    name: string
    description: string | null
    owner: string | null
    tier: string | null
    rate_limit: number
    requests_per_minute: number
    is_active: boolean | number
    created_at: number
    updated_at: number
    expires_at: number
    revoked_at: number | null
    last_used_at: number | null
    replaced_by: number | null
  }
  gateway_usage: {
    key_id: number
    ts: number
    endpoint: string
    method: string
    status: number
  }
}

export interface ApiKey {
  id: number
  prefix: string
  name: string
  description: string | null
  owner: string | null
  tier: string | null
  /** Requests per day; -1 = unlimited. */
  rate_limit: number
  /** -1 = unlimited. */
  requests_per_minute: number
  is_active: boolean
  /** Epoch milliseconds. */
  created_at: number
  updated_at: number
  expires_at: number
  revoked_at: number | null
  /** The last request made with the key (as of the last usage batch written); null: never used. */
  last_used_at: number | null
  /** The key that replaced this one on rotation; its expires_at is then the grace period's end. */
  replaced_by: number | null
}

/**
 * active; rotating: replaced, still valid until its grace period ends; expired (a replaced key
 * whose grace ended too); revoked.
 */
export type KeyStatus = 'active' | 'rotating' | 'expired' | 'revoked'

/** A rotation's answer: the new key (its full text here only) and the old key as it is now. */
export type RotateOutcome =
  | { key: string; record: ApiKey; old: ApiKey }
  | 'not_found'
  | 'not_active'
  | 'already_rotated'

/** What a request needs from its key. */
export interface AuthenticatedKey {
  id: number
  rate_limit: number
  requests_per_minute: number
}

export interface UsageRecord {
  key_id: number
  /** Epoch milliseconds. */
  ts: number
  /** Route template or agent path, never a raw URL with ids in it. */
  endpoint: string
  method: string
  status: number
}

export interface UsageStats {
  key_id: number
  stats: {
    total_requests: number
    by_endpoint: { endpoint: string; count: number }[]
    by_status: Record<string, number>
    period_days: number
  }
}

/** Requests of one key per UTC day, oldest first; a day without requests is there with 0. */
export interface DailyUsage {
  key_id: number
  days: { day: string; requests: number; errors: number }[]
}

export type RevokeOutcome = 'revoked' | 'already_revoked' | 'not_found'

const DAY_MS = 86_400_000
/** Rows per INSERT, largest first: 5 parameters each stays far below SQLite's 32,766 and
 * PostgreSQL's 65,535 parameters per statement. */
const USAGE_CHUNKS = [500, 100, 20, 5, 1]

const KEY_COLUMNS = [
  'id',
  'prefix',
  'name',
  'description',
  'owner',
  'tier',
  'rate_limit',
  'requests_per_minute',
  'is_active',
  'created_at',
  'updated_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
  'replaced_by',
] as const

export interface KeyStoreOptions {
  tiers: readonly Tier[]
  /** Service prefix of new keys (API_KEY_PREFIX). */
  keyPrefix: string
  now?: () => number
  /**
   * A cheap number that changes whenever another connection commits to the database (SQLite's
   * `PRAGMA data_version`, `Database.dataVersion`). When given, key rows are cached in process and
   * the whole cache is dropped the moment the number moves; without it every request reads its row.
   */
  changeVersion?: (() => number) | undefined
}

/** Most key rows kept in the cache; beyond it the cache starts over (keys in use refill it). */
const CACHE_MAX = 10_000

export class KeyStore {
  readonly tiers: readonly Tier[]
  private readonly db: Kysely<KeyTables>
  private readonly keyPrefix: string
  private readonly now: () => number

  private readonly authQuery: CompiledQuery<AuthRow>
  /**
   * `UPDATE … SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`,
   * compiled once: built with the query builder per key and usage batch (8 keys per 1,000 rows
   * in the gateway's benchmark) it cost 0.8–2 µs per request in the profile, once 20.
   */
  private readonly lastUsedUpdate: CompiledQuery
  private readonly changeVersion: (() => number) | undefined
  private readonly cache = new Map<string, AuthRow>()
  private readonly answers = new Map<number, AuthenticatedKey>()
  /** The database version the cached rows were read at. */
  private cacheVersion = Number.NaN
  /** Bumped by every change this store makes itself (its own commits do not move the version). */
  private generation = 0

  constructor(db: Kysely<KeyTables>, opts: KeyStoreOptions) {
    this.db = db
    this.changeVersion = opts.changeVersion
    this.authQuery = db
      .selectFrom('gateway_api_keys')
      .select(['id', 'rate_limit', 'requests_per_minute', 'is_active', 'expires_at'])
      .where('key_hash', '=', '')
      .compile()
    this.lastUsedUpdate = db
      .updateTable('gateway_api_keys')
      .set({ last_used_at: 1 })
      .where('id', '=', 2)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', 3)]))
      .compile()
    if (this.lastUsedUpdate.parameters.join() !== '1,2,3') {
      throw new Error('unexpected last_used_at UPDATE shape')
    }
    this.tiers = opts.tiers
    this.keyPrefix = opts.keyPrefix
    this.now = opts.now ?? Date.now
  }

  /** Issues a key. The full key is in the result and nowhere else: only its hash is stored. */
  async create(input: NewKeyInput): Promise<{ key: string; record: ApiKey }> {
    const checked = checkNewKey(input, this.tiers)
    const material = generateKey(this.keyPrefix)
    const now = this.now()
    const row = {
      key_hash: material.hash,
      prefix: material.prefix,
      name: checked.name,
      description: checked.description,
      owner: checked.owner,
      tier: checked.tier,
      rate_limit: checked.rateLimit,
      requests_per_minute: checked.requestsPerMinute,
      is_active: true,
      created_at: now,
      updated_at: now,
      expires_at: now + checked.expiresDays * DAY_MS,
      revoked_at: null,
      last_used_at: null,
      replaced_by: null,
    }
    const { id } = await this.db
      .insertInto('gateway_api_keys')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return { key: material.key, record: toKey({ ...row, id: Number(id) }) }
  }

  /**
   * Every key, oldest first; with `search`, those whose name or prefix contains it, without regard
   * to case (matched here rather than in SQL: the same on both dialects, Czech letters included).
   */
  async list(search?: string): Promise<ApiKey[]> {
    const rows = await this.db.selectFrom('gateway_api_keys').select(KEY_COLUMNS).orderBy('id').execute()
    const keys = rows.map(toKey)
    const needle = search?.trim().toLocaleLowerCase('cs')
    if (!needle) return keys
    return keys.filter(
      (k) => k.name.toLocaleLowerCase('cs').includes(needle) || k.prefix.toLowerCase().includes(needle),
    )
  }

  /** The key's status now (see KeyStatus). */
  statusOf(key: ApiKey): KeyStatus {
    if (!key.is_active) return 'revoked'
    if (key.expires_at <= this.now()) return 'expired'
    return key.replaced_by === null ? 'active' : 'rotating'
  }

  /**
   * Rotation: a new key with the old one's name, owner, tier, limits and expiry, and the old key
   * valid only `graceHours` more (0: stops at once; never later than it would have expired). The
   * new key's rate-limit windows start empty: they are counted per key. Only an active key that
   * was not rotated already can be rotated (rotate its replacement instead).
   */
  async rotate(id: number, graceHours: number): Promise<RotateOutcome> {
    const now = this.now()
    const material = generateKey(this.keyPrefix)
    this.changed()
    try {
      // Reads, then writes: one rotation at a time, so a key is never rotated twice.
      return await writeTransaction(this.db, 'gateway_key_rotation', async (tx) => {
        const old = await tx
          .selectFrom('gateway_api_keys')
          .select(KEY_COLUMNS)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!old) return 'not_found' as const
        const current = toKey(old)
        if (!current.is_active || current.expires_at <= now) return 'not_active' as const
        if (current.replaced_by !== null) return 'already_rotated' as const
        const row = {
          key_hash: material.hash,
          prefix: material.prefix,
          name: current.name,
          description: current.description,
          owner: current.owner,
          tier: current.tier,
          rate_limit: current.rate_limit,
          requests_per_minute: current.requests_per_minute,
          is_active: true,
          created_at: now,
          updated_at: now,
          expires_at: current.expires_at,
          revoked_at: null,
          last_used_at: null,
          replaced_by: null,
        }
        const inserted = await tx
          .insertInto('gateway_api_keys')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow()
        const newId = Number(inserted.id)
        const graceEnd = Math.min(current.expires_at, now + graceHours * 3_600_000)
        await tx
          .updateTable('gateway_api_keys')
          .set({ expires_at: graceEnd, replaced_by: newId, updated_at: now })
          .where('id', '=', id)
          .execute()
        return {
          key: material.key,
          record: toKey({ ...row, id: newId }),
          old: { ...current, expires_at: graceEnd, replaced_by: newId, updated_at: now },
        }
      })
    } finally {
      this.changed()
    }
  }

  async count(): Promise<number> {
    const { n } = await this.db
      .selectFrom('gateway_api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(n)
  }

  async get(id: number): Promise<ApiKey | undefined> {
    const row = await this.db
      .selectFrom('gateway_api_keys')
      .select(KEY_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? toKey(row) : undefined
  }

  /**
   * The key's id and limits when `presented` is an active, unexpired key; undefined otherwise
   * (unknown, revoked and expired keys are not told apart to the caller).
   */
  async authenticate(presented: string): Promise<AuthenticatedKey | undefined> {
    if (!looksLikeKey(presented)) return undefined
    const hash = hashKey(presented)
    const row = this.changeVersion ? await this.cachedRow(hash, this.changeVersion) : await this.readRow(hash)
    return this.admitted(row)
  }

  /**
   * The same answer as `authenticate` when it needs no I/O: the key's row is cached and nobody has
   * committed since (or the presented string is not a key at all). `null` means "ask
   * `authenticate`". Lets the gateway's hot path skip a promise per request.
   */
  authenticateCached(presented: string): AuthenticatedKey | undefined | null {
    if (!looksLikeKey(presented)) return undefined
    if (!this.changeVersion) return null
    const version = this.changeVersion()
    if (version !== this.cacheVersion) return null
    const row = this.cache.get(hashKey(presented))
    return row === undefined ? null : this.admitted(row)
  }

  private admitted(row: AuthRow | undefined): AuthenticatedKey | undefined {
    if (!row?.is_active || Number(row.expires_at) <= this.now()) return undefined
    // One answer object per key and limits, so the same key gives the same object every time,
    // whether its row came from the cache or was read again (PostgreSQL reads it per request):
    // callers may keep per-key work beside it, such as the gateway's rate-limit plan.
    const id = Number(row.id)
    let key = this.answers.get(id)
    if (
      key === undefined ||
      key.rate_limit !== row.rate_limit ||
      key.requests_per_minute !== row.requests_per_minute
    ) {
      key = Object.freeze({ id, rate_limit: row.rate_limit, requests_per_minute: row.requests_per_minute })
      if (this.answers.size >= CACHE_MAX) this.answers.clear()
      this.answers.set(id, key)
    }
    return key
  }

  /**
   * The row from the cache when no writer has committed since it was read, else from the database.
   * A row is cached only if neither the version nor this store's own generation moved while it was
   * being read, so a revocation racing a read can never leave the old row behind.
   */
  private async cachedRow(hash: string, version: () => number): Promise<AuthRow | undefined> {
    const before = version()
    if (before !== this.cacheVersion) {
      this.cache.clear()
      this.cacheVersion = before
    }
    const hit = this.cache.get(hash)
    if (hit) return hit
    const generation = this.generation
    const row = await this.readRow(hash)
    if (row && generation === this.generation && version() === before) {
      if (this.cache.size >= CACHE_MAX) this.cache.clear()
      this.cache.set(hash, row)
    }
    return row
  }

  private async readRow(hash: string): Promise<AuthRow | undefined> {
    // Compiled once and re-run with the hash as its only parameter: building the SQL on every
    // request cost as much again as running it (measured in bench/gateway.ts).
    const { rows } = await this.db.executeQuery<AuthRow>({ ...this.authQuery, parameters: [hash] })
    return rows[0]
  }

  /** Forgets cached rows around a change made through this store (before and after it commits). */
  private changed(): void {
    this.generation++
    this.cache.clear()
  }

  async revoke(id: number): Promise<RevokeOutcome> {
    const now = this.now()
    this.changed()
    const result = await this.db
      .updateTable('gateway_api_keys')
      .set({ is_active: false, revoked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('is_active', '=', true)
      .executeTakeFirst()
    this.changed()
    if (Number(result.numUpdatedRows) > 0) return 'revoked'
    return (await this.get(id)) ? 'already_revoked' : 'not_found'
  }

  /** Changes a key's details or limits; its rate-limit counters carry on untouched. */
  async update(id: number, patch: KeyPatch): Promise<ApiKey | undefined> {
    const checked: CheckedPatch = checkPatch(patch, this.tiers)
    const now = this.now()
    const set: Partial<KeyTables['gateway_api_keys']> = { updated_at: now }
    if (checked.name !== undefined) set.name = checked.name
    if (checked.description !== undefined) set.description = checked.description
    if (checked.owner !== undefined) set.owner = checked.owner
    if (checked.tier !== undefined) set.tier = checked.tier
    if (checked.rateLimit !== undefined) set.rate_limit = checked.rateLimit
    if (checked.requestsPerMinute !== undefined) set.requests_per_minute = checked.requestsPerMinute
    if (checked.expiresDays !== undefined) set.expires_at = now + checked.expiresDays * DAY_MS
    this.changed()
    const result = await this.db
      .updateTable('gateway_api_keys')
      .set(set)
      .where('id', '=', id)
      .executeTakeFirst()
    this.changed()
    if (Number(result.numUpdatedRows) === 0) return undefined
    return this.get(id)
  }

  /** Appends usage rows (the usage buffer calls this with whole batches). */
  async writeUsage(records: readonly UsageRecord[]): Promise<void> {
    if (records.length === 0) return
    await this.db.transaction().execute(async (tx) => {
      let i = 0
      while (i < records.length) {
        // Greedy chunks of fixed sizes, each INSERT compiled once: building a 1,000-row INSERT
        // with the query builder cost ~20 µs per row, more than the rest of a request.
        const size = USAGE_CHUNKS.find((n) => n <= records.length - i)!
        const parameters: unknown[] = []
        for (let j = i; j < i + size; j++) {
          const r = records[j]!
          parameters.push(r.key_id, r.ts, r.endpoint, r.method, r.status)
        }
        await tx.executeQuery({ ...this.usageInsert(size), parameters })
        i += size
      }
      // Each key's last use moves forward only (batches of two instances may arrive out of order).
      const last = new Map<number, number>()
      for (const r of records) if (r.ts > (last.get(r.key_id) ?? -1)) last.set(r.key_id, r.ts)
      for (const [keyId, ts] of last)
        await tx.executeQuery({ ...this.lastUsedUpdate, parameters: [ts, keyId, ts] })
    })
  }

  private usageInserts = new Map<number, CompiledQuery>()
  /** `INSERT … VALUES (…) × size`, columns in UsageRecord order, compiled once per size. */
  private usageInsert(size: number): CompiledQuery {
    let compiled = this.usageInserts.get(size)
    if (!compiled) {
      const row: UsageRecord = { key_id: 0, ts: 0, endpoint: '', method: '', status: 0 }
      compiled = this.db
        .insertInto('gateway_usage')
        .values(Array.from({ length: size }, () => row))
        .compile()
      if (compiled.parameters.length !== size * 5) throw new Error('unexpected usage INSERT shape')
      this.usageInserts.set(size, compiled)
    }
    return compiled
  }

  /** Requests of one key over the last `days` days, by endpoint (most used first) and by status. */
  async usage(id: number, days: number): Promise<UsageStats> {
    const since = this.now() - days * DAY_MS
    const scope = this.db.selectFrom('gateway_usage').where('key_id', '=', id).where('ts', '>=', since)
    const [byEndpoint, byStatus] = await Promise.all([
      scope
        .select(['endpoint', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('endpoint')
        .orderBy('count', 'desc')
        .orderBy('endpoint')
        .execute(),
      scope
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .orderBy('status')
        .execute(),
    ])
    const by_status: Record<string, number> = {}
    let total = 0
    for (const row of byStatus) {
      by_status[String(row.status)] = Number(row.count)
      total += Number(row.count)
    }
    return {
      key_id: id,
      stats: {
        total_requests: total,
        by_endpoint: byEndpoint.map((r) => ({ endpoint: r.endpoint, count: Number(r.count) })),
        by_status,
        period_days: days,
      },
    }
  }

  /**
   * Requests of one key per UTC day over the last `days` days (today included), with how many
   * were answered 4xx or 5xx. Grouped in the database by the day number: ts (ms, an integer) divided
   * by 86,400,000 in integer arithmetic, on SQLite and PostgreSQL alike.
   */
  async usageDaily(id: number, days: number): Promise<DailyUsage> {
    const today = Math.floor(this.now() / DAY_MS)
    const first = today - days + 1
    const rows = await this.db
      .selectFrom('gateway_usage')
      .where('key_id', '=', id)
      .where('ts', '>=', first * DAY_MS)
      .select([
        sql<number>`ts / ${sql.lit(DAY_MS)}`.as('day'),
        (eb) => eb.fn.countAll<number>().as('requests'),
        sql<number>`sum(case when status >= 400 then 1 else 0 end)`.as('errors'),
      ])
      .groupBy(sql`ts / ${sql.lit(DAY_MS)}`)
      .execute()
    const byDay = new Map(rows.map((r) => [Number(r.day), r]))
    return {
      key_id: id,
      days: Array.from({ length: days }, (_, i) => {
        const row = byDay.get(first + i)
        return {
          day: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
          requests: Number(row?.requests ?? 0),
          errors: Number(row?.errors ?? 0),
        }
      }),
    }
  }

  /** Deletes usage rows older than `days` days; returns how many. */
  async pruneUsage(days: number): Promise<number> {
    const result = await this.db
      .deleteFrom('gateway_usage')
      .where('ts', '<', this.now() - days * DAY_MS)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}

type AuthRow = Pick<
  KeyTables['gateway_api_keys'],
  'id' | 'rate_limit' | 'requests_per_minute' | 'is_active' | 'expires_at'
>

type KeyRow = Pick<KeyTables['gateway_api_keys'], (typeof KEY_COLUMNS)[number]>

function toKey(row: KeyRow): ApiKey {
  return {
    id: Number(row.id),
    prefix: row.prefix,
    name: row.name,
    description: row.description,
    owner: row.owner,
    tier: row.tier,
    rate_limit: row.rate_limit,
    requests_per_minute: row.requests_per_minute,
    is_active: Boolean(row.is_active),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    expires_at: Number(row.expires_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    replaced_by: row.replaced_by === null ? null : Number(row.replaced_by),
  }
}
