/**
 * The console's tables (migrations/0601_console.ts, 0602_console_screenings.ts,
 * 0603_console_admin_log.ts): operator accounts and sessions, who screened what, and what admins
 * did to accounts. A change an admin makes (`by`) is written with its admin log entry in one
 * transaction: no account changes without its entry, and no entry stands for a change not made.
 * A session's cookie carries a random 32-byte token; the table holds only its SHA-256, so reading
 * the table does not give anyone a session.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Generated, Kysely, Transaction } from 'kysely'
import { sql } from 'kysely'
import { type Database, type Dialect, isUniqueViolation, writeTransaction } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { hashPassword, PASSWORD_COST, type ScryptCost } from './passwords.ts'

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
  console_admin_log: {
    id: Generated<number>
    at: string
    actor: string
    action: string
    target: string
    detail: string | null
  }
}

/** What an admin did to an account (the log never holds a password). */
export type AdminAction = 'add' | 'remove' | 'role' | 'disable' | 'enable' | 'password'

export interface AdminLogEntry {
  /** Ascending in the order of the actions. */
  id: number
  at: string
  actor: string
  action: AdminAction
  target: string
  /** The new role for add and role; otherwise null. */
  detail: string | null
}

/** An account as admins see it in the list. */
export interface ListedUser extends User {
  disabled: boolean
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

/**
 * User names: what a person types at sign-in (letters, digits, . _ @ -), 1–64 characters. A new
 * name has at least USER_NAME_MIN_LENGTH; names from before that rule still match the pattern.
 */
export const USER_NAME_PATTERN = '^[A-Za-z0-9._@-]{1,64}$'
export const USER_NAME_MIN_LENGTH = 3
const USER_NAME = new RegExp(USER_NAME_PATTERN)

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

export class ConsoleStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => Date
  private readonly dialect: Dialect
  private readonly passwordCost: ScryptCost

  /** `passwordCost` is the scrypt cost of new hashes (the production one unless a test asks for less). */
  constructor(database: Database, opts: { now?: () => Date; passwordCost?: ScryptCost } = {}) {
    this.db = database.as<Tables>()
    this.dialect = database.dialect
    this.now = opts.now ?? (() => new Date())
    this.passwordCost = opts.passwordCost ?? PASSWORD_COST
  }

  /**
   * Adds an account; a name taken in any case ("EVA" beside "eva") is a conflict. With `by` (the
   * admin who adds it), its log entry is written in the same transaction.
   */
  async addUser(name: string, role: Role, password: string, by?: string): Promise<User> {
    if (name.length < USER_NAME_MIN_LENGTH)
      throw new AppError('invalid_request', `name: at least ${USER_NAME_MIN_LENGTH} characters`, {
        field: 'name',
        rule: `minLength ${USER_NAME_MIN_LENGTH}`,
      })
    if (!USER_NAME.test(name))
      throw new AppError(
        'invalid_request',
        'name: letters, digits, ".", "_", "@" or "-", 1 to 64 characters',
        {
          field: 'name',
          rule: 'pattern',
        },
      )
    const taken = () =>
      new AppError('conflict', `User ${name} already exists (names are unique without regard to case)`, {
        name,
        field: 'name',
        rule: 'unique_case_insensitive',
      })
    const user = { name, role, created_at: this.now().toISOString() }
    const hash = await hashPassword(password, this.passwordCost)
    try {
      // The check and the insert take turns with other writers (another console process, the CLI).
      await writeTransaction(this.db, 'console_users', async (tx) => {
        const same = await tx
          .selectFrom('console_users')
          .select('name')
          .where(sql<string>`lower(name)`, '=', name.toLowerCase())
          .executeTakeFirst()
        if (same) throw taken()
        await tx
          .insertInto('console_users')
          .values({ ...user, password: hash, disabled: 0 })
          .execute()
        if (by) await this.log(tx, by, 'add', name, role)
      })
    } catch (error) {
      // Another connection added the same name between the check and the insert.
      if (isUniqueViolation(error)) throw taken()
      throw error
    }
    return user
  }

  /** Sets a new password, which ends every session of the old one; `by` as for addUser. */
  async setPassword(name: string, password: string, by?: string): Promise<void> {
    const hash = await hashPassword(password, this.passwordCost)
    await this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('console_users')
        .set({ password: hash })
        .where('name', '=', name)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) throw errors404(name)
      await tx.deleteFrom('console_sessions').where('user_name', '=', name).execute()
      if (by) await this.log(tx, by, 'password', name)
    })
  }

  /**
   * Removes an account and ends its sessions. The last active admin stays (409): without one,
   * nobody could manage keys or users from the console (the CLI can still add one).
   */
  async removeUser(name: string, by?: string): Promise<void> {
    await this.keepingAnAdmin(name, 'removed', async (tx) => {
      await tx.deleteFrom('console_users').where('name', '=', name).execute()
      if (by) await this.log(tx, by, 'remove', name)
    })
  }

  /** Changes an account's role; demoting the last active admin is a 409. */
  async setRole(name: string, role: Role, by?: string): Promise<void> {
    await this.keepingAnAdmin(name, 'demoted', async (tx) => {
      await tx.updateTable('console_users').set({ role }).where('name', '=', name).execute()
      if (by) await this.log(tx, by, 'role', name, role)
    })
  }

  /**
   * Disables an account (it cannot sign in; its sessions end) or enables it again. Disabling the
   * last active admin is a 409.
   */
  async setDisabled(name: string, disabled: boolean, by?: string): Promise<void> {
    await this.keepingAnAdmin(name, 'disabled', async (tx) => {
      await tx
        .updateTable('console_users')
        .set({ disabled: disabled ? 1 : 0 })
        .where('name', '=', name)
        .execute()
      if (by) await this.log(tx, by, disabled ? 'disable' : 'enable', name)
    })
  }

  /**
   * Runs `change` on `name`'s row and ends the user's sessions, unless the user was an active
   * admin and none is left after it (409, rolled back), or the user does not exist (404).
   *
   * Two admins removing (demoting, disabling) each other at once must not both succeed, so the
   * count of admins is read only once no other change can move it. PostgreSQL: the admin rows are
   * locked first (FOR UPDATE, in name order so two changes never deadlock); a second change waits,
   * then its count (a new snapshot at READ COMMITTED) sees the first one's change. SQLite: the
   * transaction's first statement is a write (the row set to itself), which takes the file's write
   * lock (waiting out another process's transaction), so what is read after it is current.
   */
  private async keepingAnAdmin(
    name: string,
    verb: string,
    change: (tx: Transaction<Tables>) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres')
        await tx
          .selectFrom('console_users')
          .select('name')
          .where('role', '=', 'admin')
          .orderBy('name')
          .forUpdate()
          .execute()
      else
        await tx
          .updateTable('console_users')
          .set((eb) => ({ disabled: eb.ref('disabled') }))
          .where('name', '=', name)
          .execute()
      const before = await tx
        .selectFrom('console_users')
        .select(['role', 'disabled'])
        .where('name', '=', name)
        .executeTakeFirst()
      if (!before) throw errors404(name)
      await change(tx)
      const admins = await tx
        .selectFrom('console_users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .executeTakeFirstOrThrow()
      const wasActiveAdmin = before.role === 'admin' && Number(before.disabled) === 0
      // Throwing rolls the change back.
      if (wasActiveAdmin && Number(admins.n) === 0)
        throw new AppError(
          'conflict',
          `${name} is the last admin and cannot be ${verb}: add another admin first`,
          { name, rule: 'last_admin' },
        )
      await tx.deleteFrom('console_sessions').where('user_name', '=', name).execute()
    })
  }

  /** Writes one entry of the admin action log, in the transaction of the change it records. */
  private async log(
    tx: Kysely<Tables>,
    actor: string,
    action: AdminAction,
    target: string,
    detail: string | null = null,
  ): Promise<void> {
    await tx
      .insertInto('console_admin_log')
      .values({ at: this.now().toISOString(), actor, action, target, detail })
      .execute()
  }

  /** The admin action log, newest first, at most `limit` entries. */
  async adminLog(limit: number): Promise<AdminLogEntry[]> {
    const rows = await this.db
      .selectFrom('console_admin_log')
      .select(['id', 'at', 'actor', 'action', 'target', 'detail'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
    return rows.map((r) => ({ ...r, id: Number(r.id), action: r.action as AdminAction }))
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

  async listUsers(): Promise<ListedUser[]> {
    const rows = await this.db
      .selectFrom('console_users')
      .select(['name', 'role', 'created_at', 'disabled'])
      .orderBy('name')
      .execute()
    return rows.map((r) => ({
      name: r.name,
      role: r.role as Role,
      created_at: r.created_at,
      disabled: Number(r.disabled) !== 0,
    }))
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
