/**
 * The storage layer: one Kysely instance over SQLite (node:sqlite, the embedded default, a file
 * under DATA_DIR) or PostgreSQL (when DATABASE_URL is set). Versioned migrations in /migrations run
 * at start-up and by `gatehouse migrate`.
 *
 * node:sqlite is not a dialect Kysely ships, but Kysely's SqliteDialect only needs a
 * better-sqlite3-shaped object; `NodeSqliteDatabase` below is that adapter (statement cache
 * included: Kysely prepares every query, and preparing costs more than a key lookup).
 */
import { closeSync, mkdirSync, openSync, readdirSync, readSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
} from 'kysely'
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import pg from 'pg'
import { SchemaIntrospector } from './db-introspector.ts'
import { tracedDialect } from './db-tracing.ts'
import type { Logger } from './logger.ts'

export type Dialect = 'sqlite' | 'postgres'

/** Where the SQL migrations live (repository root /migrations). */
export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations')

export interface Database {
  readonly dialect: Dialect
  /** Typed view over the tables a caller knows about. */
  as<Tables>(): Kysely<Tables>
  /** Runs pending migrations; returns the names it applied. */
  migrate(): Promise<string[]>
  close(): Promise<void>
  /**
   * SQLite only: a number that changes whenever a transaction commits to the file, from any
   * connection (another process, another instance, the CLI), read synchronously in under a
   * microsecond (see `WalChangeCounter`). Lets a process cache rows yet see other writers' changes
   * on its very next read. Commits on this connection may change it too. Undefined on PostgreSQL.
   */
  readonly dataVersion?: () => number
}

export interface OpenOptions {
  /** Folder for the SQLite file (DATA_DIR). Ignored with `databaseUrl`. */
  dataDir: string
  /** PostgreSQL connection string; when set, PostgreSQL is used. */
  databaseUrl?: string | undefined
  /** SQLite file name inside dataDir, or ':memory:'. */
  file?: string
  /** PostgreSQL schema to use (created if missing); isolates test suites sharing one database. */
  schema?: string
  /** Pool size for PostgreSQL. */
  poolSize?: number
  /**
   * PostgreSQL: how long opening a connection, or waiting for a free one in a full pool, may take
   * before the query fails (ms, default 2000). Short on purpose: during an outage requests fail
   * fast with a 503 (see `unavailableError`) instead of piling up.
   */
  connectTimeoutMs?: number
  /** Where a lost PostgreSQL connection is reported (it is logged, never fatal). */
  logger?: Logger
}

/** How long a SQLite statement waits for another connection's lock before failing (ms). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000

/** Default bound on opening a PostgreSQL connection or waiting for a pooled one (ms). */
export const PG_CONNECT_TIMEOUT_MS = 2000

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts)
  const file = opts.file ?? 'gatehouse.db'
  const path = file === ':memory:' ? ':memory:' : join(opts.dataDir, file)
  if (path !== ':memory:') mkdirSync(opts.dataDir, { recursive: true })
  return openSqlite(path)
}

/**
 * For a command: the database the common settings choose (PostgreSQL at DATABASE_URL, else SQLite
 * in DATA_DIR), migrated, open while `use` runs, and closed after it, whatever it ends with.
 */
export async function withDatabase<T>(
  settings: { DATA_DIR: string; DATABASE_URL?: string | undefined },
  use: (db: Database) => Promise<T>,
): Promise<T> {
  const db = openDatabase({ dataDir: settings.DATA_DIR, databaseUrl: settings.DATABASE_URL })
  try {
    await db.migrate()
    return await use(db)
  } finally {
    await db.close()
  }
}

/**
 * Runs open-time statements, retrying while another connection holds the lock they need. SQLite
 * answers SQLITE_BUSY at once, without the busy timeout, where waiting could deadlock: switching a
 * file to WAL while another connection writes, or while one recovers or checkpoints the WAL. So
 * this waits in 10 ms steps, up to the busy timeout; it runs once per connection, at start.
 */
function execWhenUnlocked(raw: DatabaseSync, statements: string): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      raw.exec(statements)
      return
    } catch (error) {
      const busy = (error as { errcode?: number }).errcode === SQLITE_BUSY
      if (!busy || Date.now() >= deadline) throw error
      Atomics.wait(pause, 0, 0, 10)
    }
  }
}

/** SQLite's primary result code for a lock held by another connection. */
const SQLITE_BUSY = 5

function openSqlite(path: string): Database {
  // The busy timeout (ms) waits on a locked file instead of failing at once. It is set when the
  // connection opens, before any statement: switching a fresh file to WAL takes the write lock
  // too, so a process opening the file while another writes would otherwise fail.
  const raw = new DatabaseSync(path, { timeout: SQLITE_BUSY_TIMEOUT_MS })
  // WAL lets readers and one writer work at once (several processes may share the file).
  execWhenUnlocked(raw, 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;')
  const kysely = new Kysely<unknown>({
    dialect: tracedDialect(new SqliteDialect({ database: new NodeSqliteDatabase(raw) }), 'sqlite'),
  })
  const pragma = raw.prepare('PRAGMA data_version')
  const pragmaVersion = () => (pragma.get() as { data_version: number }).data_version
  const counter = path === ':memory:' ? undefined : new WalChangeCounter(`${path}-shm`)
  // Closing must release the file even when no query ever ran (Kysely only closes what it opened).
  const db = wrap(kysely, 'sqlite', async () => {
    counter?.close()
    if (raw.isOpen) raw.close()
  })
  // Even numbers from the WAL index, odd ones from the pragma: a switch between the two (the -shm
  // file unreadable for a moment) always reads as a change, never as "unchanged".
  const dataVersion = () => {
    const version = counter?.read()
    return version === undefined ? pragmaVersion() * 2 + 1 : version * 2
  }
  return { ...db, dataVersion }
}

/**
 * Notices commits to a SQLite database in WAL mode by reading the WAL-index header, the first 96
 * bytes of the `-shm` file (two copies of a 48-byte header; https://www.sqlite.org/walformat.html).
 * Every commit, from any connection, rewrites it (its change counter, last frame and checksums),
 * before the committing call returns; checkpoints leave it alone. It is exactly what SQLite itself
 * compares to decide that its cache is stale.
 *
 * Why not `PRAGMA data_version`: it opens a read transaction, which costs three system calls
 * (two lock calls on the -shm file and a stat, about 2 µs); this is one 96-byte `pread` (about
 * 0.6 µs), and the gateway asks on every request. The -shm file is memory-mapped by every
 * connection and Linux keeps mappings and reads of a file coherent. When the file cannot be read
 * (not WAL, not yet created, an unusual VFS) `read` answers undefined and the caller falls back to
 * the pragma.
 */
export class WalChangeCounter {
  private readonly path: string
  private fd: number | undefined
  private current = Buffer.alloc(WAL_INDEX_HEADER_BYTES)
  private next = Buffer.alloc(WAL_INDEX_HEADER_BYTES)
  private version = 0
  private closed = false
  constructor(shmPath: string) {
    this.path = shmPath
  }
  /** A number that changes after every commit; undefined when the header cannot be read. */
  read(): number | undefined {
    if (this.closed) throw new Error('database is closed')
    if (this.fd === undefined) {
      try {
        this.fd = openSync(this.path, 'r')
      } catch {
        return undefined
      }
    }
    let bytes: number
    try {
      bytes = readSync(this.fd, this.next, 0, WAL_INDEX_HEADER_BYTES, 0)
    } catch {
      return undefined
    }
    // isInit (byte 12) is 0 until the first connection has built the index.
    if (bytes < WAL_INDEX_HEADER_BYTES || this.next[12] === 0) return undefined
    if (!this.next.equals(this.current)) {
      this.version++
      const seen = this.next
      this.next = this.current
      this.current = seen
    }
    return this.version
  }
  close(): void {
    this.closed = true
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }
}

/** Both copies of the WAL-index header (2 × 48 bytes); the checkpoint info after them is ignored. */
const WAL_INDEX_HEADER_BYTES = 96

function openPostgres(url: string, opts: OpenOptions): Database {
  const schema = opts.schema
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
    types: { getTypeParser: typeParser },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle pooled connection that the server drops (restart, crash, pg_terminate_backend) is
  // reported here; without a listener Node would throw it and end the process. The pool has
  // already discarded the connection and opens a new one on demand, so logging is all there is
  // to do: the service recovers by itself once PostgreSQL is back.
  pool.on('error', (error) => {
    opts.logger?.warn({ err: error }, 'PostgreSQL connection lost; a new one is opened on the next query')
  })
  // A checked-out connection has no listener of its own either (the pool removes its idle one):
  // a loss between two queries of a transaction would be thrown too. The query in flight, or the
  // next one, fails and the pool discards the connection on release; nothing else to do here.
  pool.on('connect', (client) => {
    client.on('error', () => undefined)
  })
  let ready: Promise<void> | undefined
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`)
    ready = pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).then(() => undefined)
  }
  const postgres = new PostgresDialect({
    pool: async () => {
      await ready
      return pool
    },
  })
  const kysely = new Kysely<unknown>({
    dialect: tracedDialect(
      {
        createAdapter: () => postgres.createAdapter(),
        createDriver: () => postgres.createDriver(),
        createQueryCompiler: () => postgres.createQueryCompiler(),
        // The migrator's question (is its table there?) asked of this schema alone.
        createIntrospector: (db) => new SchemaIntrospector(db, schema ?? 'public'),
      },
      'postgresql',
    ),
  })
  // The schema query may have opened a connection before Kysely ever used the pool: end it too.
  return wrap(
    kysely,
    'postgres',
    async () => {
      await ready?.catch(() => undefined)
      if (!pool.ended) await pool.end()
    },
    schema ?? 'public',
  )
}

/**
 * bigint (int8) columns and count(*) come back as numbers, as they do from SQLite, instead of pg's
 * default strings: epoch milliseconds and row counts are far below 2^53. A value that is not a safe
 * integer stays a string rather than silently losing precision.
 */
const INT8_OID = 20
const typeParser: typeof pg.types.getTypeParser = (oid, format) =>
  oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)
function parseInt8(value: string): number | string {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
}

function wrap(
  kysely: Kysely<unknown>,
  dialect: Dialect,
  release: () => Promise<void>,
  /** PostgreSQL schema that holds the migration tables (see migrate()). */
  migrationSchema?: string,
): Database {
  return {
    dialect,
    as<T>() {
      return kysely as unknown as Kysely<T>
    },
    async migrate() {
      const migrator = new Migrator({
        db: kysely,
        provider: new FolderMigrationProvider(MIGRATIONS_DIR),
        // Kysely looks for its migration tables across every schema unless told which one: with
        // several schemas in one database it would find another schema's table and then fail to
        // use it ("relation kysely_migration_lock does not exist").
        ...(migrationSchema ? { migrationTableSchema: migrationSchema } : {}),
        // Services add migrations independently (numbered by service); order by name, but do not
        // refuse a new one that sorts before an applied one.
        allowUnorderedMigrations: true,
      })
      const { error, results } = await migrator.migrateToLatest()
      if (error) throw error
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
    },
    async close() {
      await kysely.destroy()
      await release()
    },
  }
}

/** The dialect a Kysely instance speaks (for the few statements that differ). */
export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/**
 * A transaction that reads and then writes, safe against every other writer of the same data:
 * - SQLite: BEGIN IMMEDIATE takes the file's write lock before the first read, waiting for another
 *   connection's writer up to the busy timeout. A plain (deferred) transaction that reads first
 *   fails at once with SQLITE_BUSY ("database is locked", no waiting) when another connection —
 *   another service or process on the same file — writes between its read and its first write.
 * - PostgreSQL: a transaction-scoped advisory lock named `lock` makes the writers that name it take
 *   turns, so what one read is still true when it writes (no duplicate insert, no deadlock between
 *   two writers updating the same rows in different orders).
 * Writers of the same rows name the same lock. Nested calls are not supported.
 */
export async function writeTransaction<Tables, T>(
  db: Kysely<Tables>,
  lock: string,
  fn: (tx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (dialectOf(db as Kysely<unknown>) === 'postgres') {
    return db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(tx)
      return fn(tx)
    })
  }
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn)
    try {
      const result = await fn(conn)
      await sql`COMMIT`.execute(conn)
      return result
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined)
      throw error
    }
  })
}

/** Migration files: `NNNN_name.ts` exporting `up(db)` (and optionally `down(db)`). */
class FolderMigrationProvider implements MigrationProvider {
  private readonly folder: string
  constructor(folder: string) {
    this.folder = folder
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {}
    for (const name of readdirSync(this.folder).sort()) {
      if (!/^\d{4}_[a-z0-9_]+\.ts$/.test(name)) continue
      const module = (await import(pathToFileURL(join(this.folder, name)).href)) as Migration
      out[name.replace(/\.ts$/, '')] = module
    }
    return out
  }
}

/** better-sqlite3-shaped adapter over node:sqlite, as Kysely's SqliteDialect expects. */
class NodeSqliteDatabase implements SqliteDatabase {
  private readonly db: DatabaseSync
  private readonly statements = new Map<string, NodeSqliteStatement>()
  constructor(db: DatabaseSync) {
    this.db = db
  }
  close(): void {
    this.statements.clear()
    this.db.close()
  }
  prepare(sql: string): SqliteStatement {
    let stmt = this.statements.get(sql)
    if (!stmt) {
      stmt = new NodeSqliteStatement(this.db.prepare(sql))
      // Bounded: generated SQL with varying IN-lists must not grow the cache forever.
      if (this.statements.size >= 500) this.statements.clear()
      this.statements.set(sql, stmt)
    }
    return stmt
  }
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean
  private readonly stmt: StatementSync
  constructor(stmt: StatementSync) {
    this.stmt = stmt
    this.reader = stmt.columns().length > 0
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.stmt.all(...toSqliteAll(parameters))
  }
  run(parameters: ReadonlyArray<unknown>) {
    return this.stmt.run(...toSqliteAll(parameters))
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.stmt.iterate(...toSqliteAll(parameters)) as IterableIterator<unknown>
  }
}

/**
 * The parameters as node:sqlite takes them. Most lists (a 5,000-value usage INSERT among them)
 * need no conversion at all: scanning them is cheaper than copying them.
 */
function toSqliteAll(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  for (let i = 0; i < parameters.length; i++) {
    const value = parameters[i]
    if (value === undefined || typeof value === 'boolean' || value instanceof Date) {
      return parameters.map(toSqlite)
    }
  }
  return parameters as SQLInputValue[]
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  return value as SQLInputValue
}

/**
 * Whether a failed statement broke a unique constraint: SQLite's SQLITE_CONSTRAINT_UNIQUE (2067)
 * or SQLITE_CONSTRAINT_PRIMARYKEY (1555), PostgreSQL's 23505. By code, not by message text.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string }
  return (
    e.code === '23505' ||
    e.errcode === 2067 ||
    e.errcode === 1555 ||
    /UNIQUE constraint failed/i.test(e.message ?? '')
  )
}
