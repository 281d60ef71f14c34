/**
 * The console's tables (migrations/0601_console.ts, 0602_console_screenings.ts): operator accounts
 * and sessions, and who screened what. A session's
 * cookie carries a random 32-byte token; the table holds only its SHA-256, so reading the table
 * does not give anyone a session.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { type Database, type Dialect, isUniqueViolation } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { hashPassword } from './passwords.ts'

export type Role = 'admin' | 'analyst'
export const ROLES: readonly Role[] = ['admin', 'analyst']

interface Tables {
  console_users: { name: string; role: string; password: string; created_at: string; disabled: number }
  console_screenings: { screening_id: string; user_name: string; created_at: string }
  console_sessions: {
    token_hash: string
    user_name: string
    csrf: string
    created_at: string
    expires_at: string
  }
}

export interface User {
  name: string
  role: Role
  created_at: string
}

export interface Session {
  user: User
  csrf: string
  expires_at: string
}

/** User names: what a person types at sign-in (letters, digits, . _ @ -), 1–64 characters. */
export const USER_NAME_PATTERN = '^[A-Za-z0-9._@-]{1,64}$'
const USER_NAME = new RegExp(USER_NAME_PATTERN)

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

export class ConsoleStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => Date
  private readonly dialect: Dialect

  constructor(database: Database, opts: { now?: () => Date } = {}) {
    this.db = database.as<Tables>()
    this.dialect = database.dialect
    this.now = opts.now ?? (() => new Date())
  }

  /** Adds an account; a taken name is a conflict. */
  async addUser(name: string, role: Role, password: string): Promise<User> {
    if (!USER_NAME.test(name))
      throw new AppError(
        'invalid_request',
        'name: letters, digits, ".", "_", "@" or "-", 1 to 64 characters',
        {
          field: 'name',
          rule: 'pattern',
        },
      )
    const taken = () => new AppError('conflict', `User ${name} already exists`, { name })
    if (await this.findUser(name)) throw taken()
    const user = { name, role, created_at: this.now().toISOString() }
    const hash = await hashPassword(password)
    try {
      await this.db
        .insertInto('console_users')
        .values({ ...user, password: hash, disabled: 0 })
        .execute()
    } catch (error) {
      // Another connection added the same name between the check and the insert.
      if (isUniqueViolation(error)) throw taken()
      throw error
    }
    return user
  }

  async setPassword(name: string, password: string): Promise<void> {
    const result = await this.db
      .updateTable('console_users')
      .set({ password: await hashPassword(password) })
      .where('name', '=', name)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) throw errors404(name)
    // A new password ends every session of the old one.
    await this.db.deleteFrom('console_sessions').where('user_name', '=', name).execute()
  }

  /**
   * Removes an account and ends its sessions. The last admin stays (409): without one, nobody
   * could manage keys or users from the console (the CLI can still add one).
   *
   * Two admins removing each other at once must not both succeed, so the count of admins is read
   * only once no other removal can change it. PostgreSQL: the admin rows are locked first
   * (FOR UPDATE, in name order so two removals never deadlock); a second removal waits, then its
   * count (a new snapshot at READ COMMITTED) no longer includes the admin the first one removed.
   * SQLite: the transaction's first statement is the delete, which takes the file's write lock
   * (waiting out another process's transaction), so the count after it is current.
   */
  async removeUser(name: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres')
        await tx
          .selectFrom('console_users')
          .select('name')
          .where('role', '=', 'admin')
          .orderBy('name')
          .forUpdate()
          .execute()
      const removed = await tx
        .deleteFrom('console_users')
        .where('name', '=', name)
        .returning('role')
        .executeTakeFirst()
      if (!removed) throw errors404(name)
      if (removed.role === 'admin') {
        const admins = await tx
          .selectFrom('console_users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow()
        // Throwing rolls the delete back.
        if (Number(admins.n) === 0)
          throw new AppError(
            'conflict',
            `${name} is the last admin and cannot be removed: add another admin first`,
            {
              name,
              rule: 'last_admin',
            },
          )
      }
      await tx.deleteFrom('console_sessions').where('user_name', '=', name).execute()
    })
  }

  /** The account and its stored hash (for sign-in), when it exists and is enabled. */
  async credentials(name: string): Promise<{ user: User; hash: string } | undefined> {
    const row = await this.db
      .selectFrom('console_users')
      .selectAll()
      .where('name', '=', name)
      .where('disabled', '=', 0)
      .executeTakeFirst()
    if (!row) return undefined
    return {
      user: { name: row.name, role: row.role as Role, created_at: row.created_at },
      hash: row.password,
    }
  }

  async findUser(name: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('console_users')
      .select(['name', 'role', 'created_at'])
      .where('name', '=', name)
      .executeTakeFirst()
    return row ? { name: row.name, role: row.role as Role, created_at: row.created_at } : undefined
  }

  async listUsers(): Promise<User[]> {
    const rows = await this.db
      .selectFrom('console_users')
      .select(['name', 'role', 'created_at'])
      .orderBy('name')
      .execute()
    return rows.map((r) => ({ name: r.name, role: r.role as Role, created_at: r.created_at }))
  }

  /** Remembers who screened: the AML service is called with the internal key and cannot know. */
  async recordScreening(screeningId: string, userName: string): Promise<void> {
    await this.db
      .insertInto('console_screenings')
      .values({ screening_id: screeningId, user_name: userName, created_at: this.now().toISOString() })
      .onConflict((oc) => oc.column('screening_id').doNothing())
      .execute()
  }

  /** Who screened `screeningId` through the console (undefined when it came another way). */
  async screenedBy(screeningId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('console_screenings')
      .select('user_name')
      .where('screening_id', '=', screeningId)
      .executeTakeFirst()
    return row?.user_name
  }

  /** Starts a session of `ttlMs`; returns the cookie token (shown once, stored hashed). */
  async createSession(user: User, ttlMs: number): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url')
    const csrf = randomBytes(24).toString('base64url')
    const now = this.now()
    const expires_at = new Date(now.getTime() + ttlMs).toISOString()
    await this.db
      .insertInto('console_sessions')
      .values({
        token_hash: sha256(token),
        user_name: user.name,
        csrf,
        created_at: now.toISOString(),
        expires_at,
      })
      .execute()
    // Expired sessions of anyone are swept here: sign-ins are rare, so this costs nothing.
    await this.db.deleteFrom('console_sessions').where('expires_at', '<=', now.toISOString()).execute()
    return { token, session: { user, csrf, expires_at } }
  }

  /** The live session a cookie token names, with its (enabled) user. */
  async session(token: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom('console_sessions')
      .innerJoin('console_users', 'console_users.name', 'console_sessions.user_name')
      .select([
        'console_users.name as name',
        'console_users.role as role',
        'console_users.created_at as created_at',
        'console_sessions.csrf as csrf',
        'console_sessions.expires_at as expires_at',
      ])
      .where('console_sessions.token_hash', '=', sha256(token))
      .where('console_users.disabled', '=', 0)
      .executeTakeFirst()
    if (!row || row.expires_at <= this.now().toISOString()) return undefined
    return {
      user: { name: row.name, role: row.role as Role, created_at: row.created_at },
      csrf: row.csrf,
      expires_at: row.expires_at,
    }
  }

  async endSession(token: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('token_hash', '=', sha256(token)).execute()
  }
}

function errors404(name: string): AppError {
  return new AppError('not_found', `User ${name} not found`, { name })
}
