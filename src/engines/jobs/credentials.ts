/**
 * Worker credentials: an admin issues one per external worker (or fleet); the worker presents it
 * on every worker call. Keys are 256 random bits, so a plain SHA-256 of the key is a safe lookup
 * value (no salt or slow hash is needed for a key nobody chose); the key itself is shown once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../kit/db.ts'
import { errors } from '../../kit/errors.ts'

/** Every worker key starts with this, so logs and scanners can tell what leaked. */
const WORKER_KEY_PREFIX = 'wk_'

interface CredentialRow {
  id: string
  name: string
  key_hash: string
  created_at: number
  revoked_at: number | null
}

interface Tables {
  router_worker_credentials: CredentialRow
}

export interface WorkerCredential {
  id: string
  name: string
  created_at: string
  revoked_at: string | null
}

export class WorkerCredentials {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  /** A new credential; `key` is returned here and never again. */
  async issue(name: string): Promise<WorkerCredential & { key: string }> {
    const key = WORKER_KEY_PREFIX + randomBytes(32).toString('base64url')
    const row: CredentialRow = {
      id: randomUUID(),
      name,
      key_hash: hash(key),
      created_at: this.now(),
      revoked_at: null,
    }
    await this.db.insertInto('router_worker_credentials').values(row).execute()
    return { ...toCredential(row), key }
  }

  /** The id of the active credential this key belongs to, or undefined. */
  async verify(key: string): Promise<string | undefined> {
    if (!key.startsWith(WORKER_KEY_PREFIX)) return undefined
    const row = await this.db
      .selectFrom('router_worker_credentials')
      .select(['id', 'revoked_at'])
      .where('key_hash', '=', hash(key))
      .executeTakeFirst()
    return row && row.revoked_at === null ? row.id : undefined
  }

  async list(): Promise<WorkerCredential[]> {
    const rows = await this.db
      .selectFrom('router_worker_credentials')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toCredential)
  }

  /** Revokes at once: the next call with the key is refused. Revoking twice is harmless. */
  async revoke(id: string): Promise<WorkerCredential> {
    await this.db
      .updateTable('router_worker_credentials')
      .set({ revoked_at: this.now() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute()
    const row = await this.db
      .selectFrom('router_worker_credentials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw errors.notFound('Worker credential', { id })
    return toCredential(row)
  }
}

function hash(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

function toCredential(row: CredentialRow): WorkerCredential {
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(Number(row.created_at)).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(Number(row.revoked_at)).toISOString(),
  }
}
