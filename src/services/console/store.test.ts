/**
 * The console's store on SQLite and PostgreSQL (PostgreSQL when reachable; required with CI=true):
 * migrations 0601–0603, accounts, sessions, who screened what, and the last admin kept even
 * when two admins remove each other at the same moment from two connections.
 */
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_PASSWORD_COST } from '../../../test/support/password-cost.ts'
import { storages } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'
import { verifyPassword } from './passwords.ts'
import { ConsoleStore } from './store.ts'

const PASSWORD = 'a long passphrase'
const HOUR_MS = 3600_000

describe.each(await storages('console'))('console store on $name', (storage) => {
  let db: Database
  let other: Database
  let store: ConsoleStore
  let now = new Date('2026-03-02T09:00:00.000Z')

  beforeAll(async () => {
    db = storage.open()
    expect(await db.migrate()).toEqual(
      expect.arrayContaining(['0601_console', '0602_console_screenings', '0603_console_admin_log']),
    )
    other = storage.open()
    store = new ConsoleStore(db, { now: () => now, passwordCost: TEST_PASSWORD_COST })
  })
  afterAll(async () => {
    await other.close()
    await db.close()
    await storage.cleanup()
  })

  it('adds, finds and lists users, keeps only a hash of the password and refuses a taken name', async () => {
    const eva = await store.addUser('eva', 'admin', PASSWORD)
    expect(eva).toEqual({ name: 'eva', role: 'admin', created_at: now.toISOString() })
    await store.addUser('adam', 'analyst', PASSWORD)
    expect(await store.findUser('eva')).toEqual(eva)
    expect(await store.findUser('nobody')).toBeUndefined()
    expect((await store.listUsers()).map((u) => u.name)).toEqual(['adam', 'eva'])
    const found = await store.credentials('eva')
    expect(found?.user).toEqual(eva)
    expect(found?.hash).not.toContain(PASSWORD)
    expect(await verifyPassword(PASSWORD, found!.hash)).toBe(true)
    await expect(store.addUser('eva', 'analyst', PASSWORD)).rejects.toMatchObject({ code: 'conflict' })
    await expect(store.addUser('e va', 'analyst', PASSWORD)).rejects.toMatchObject({
      code: 'invalid_request',
      details: { field: 'name', rule: 'pattern' },
    })
  })

  it('hashes at the production cost unless told otherwise, and checks a hash at the cost it was made with', async () => {
    await new ConsoleStore(db, { now: () => now }).addUser('pavla', 'analyst', PASSWORD)
    const hash = (await store.credentials('pavla'))!.hash
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword(PASSWORD, hash)).toBe(true)
    // A hash made at a lower cost (as before a raise) still signs in.
    await store.addUser('petr', 'analyst', PASSWORD)
    const cheaper = (await store.credentials('petr'))!.hash
    expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await verifyPassword(PASSWORD, cheaper)).toBe(true)
    expect(await verifyPassword(`${PASSWORD}!`, cheaper)).toBe(false)
  })

  it('adds a name once when two connections add it at the same moment: the other is a conflict', async () => {
    const theirs = new ConsoleStore(other, { now: () => now, passwordCost: TEST_PASSWORD_COST })
    const results = await Promise.allSettled([
      store.addUser('ida', 'analyst', PASSWORD),
      theirs.addUser('ida', 'admin', PASSWORD),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason)
    expect(refused[0], String(refused[0])).toMatchObject({ code: 'conflict', details: { name: 'ida' } })
    await store.removeUser('ida')
  })

  it('starts, finds and ends sessions, and forgets them when they expire', async () => {
    const eva = (await store.findUser('eva'))!
    const { token, session } = await store.createSession(eva, HOUR_MS)
    expect(session.expires_at).toBe(new Date(now.getTime() + HOUR_MS).toISOString())
    expect(await store.session(token)).toEqual(session)
    expect(await store.session('not a token')).toBeUndefined()
    await store.endSession(token)
    expect(await store.session(token)).toBeUndefined()

    const short = await store.createSession(eva, 1000)
    now = new Date(now.getTime() + 2000)
    expect(await store.session(short.token)).toBeUndefined()
  })

  it('ends every session of a user whose password changes', async () => {
    const adam = (await store.findUser('adam'))!
    const { token } = await store.createSession(adam, HOUR_MS)
    await store.setPassword('adam', 'another long passphrase')
    expect(await store.session(token)).toBeUndefined()
    expect(await verifyPassword('another long passphrase', (await store.credentials('adam'))!.hash)).toBe(
      true,
    )
    await expect(store.setPassword('nobody', PASSWORD)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('remembers who screened, once per screening', async () => {
    await store.recordScreening('scr_1', 'adam')
    await store.recordScreening('scr_1', 'eva')
    expect(await store.screenedBy('scr_1')).toBe('adam')
    expect(await store.screenedBy('scr_2')).toBeUndefined()
  })

  it('removes a user with their sessions, but not the last admin', async () => {
    const adam = (await store.findUser('adam'))!
    const { token } = await store.createSession(adam, HOUR_MS)
    await store.removeUser('adam')
    expect(await store.findUser('adam')).toBeUndefined()
    expect(await store.session(token)).toBeUndefined()
    await expect(store.removeUser('adam')).rejects.toMatchObject({ code: 'not_found' })
    await expect(store.removeUser('eva')).rejects.toMatchObject({
      code: 'conflict',
      details: { name: 'eva', rule: 'last_admin' },
    })
    expect(await store.findUser('eva')).toBeDefined()
  })

  it('refuses a name taken in another case and a name shorter than 3 characters, naming the rule', async () => {
    await store.addUser('karel', 'analyst', PASSWORD)
    await expect(store.addUser('KAREL', 'analyst', PASSWORD)).rejects.toMatchObject({
      code: 'conflict',
      details: { field: 'name', rule: 'unique_case_insensitive' },
    })
    await expect(store.addUser('jo', 'analyst', PASSWORD)).rejects.toMatchObject({
      code: 'invalid_request',
      details: { field: 'name', rule: 'minLength 3' },
    })
    expect((await store.listUsers()).map((u) => u.name)).toContain('karel')
    await store.removeUser('karel')
  })

  it('disables a user, who cannot sign in and whose sessions end, and enables them again', async () => {
    const lida = await store.addUser('lida', 'analyst', PASSWORD)
    const { token } = await store.createSession(lida, HOUR_MS)
    await store.setDisabled('lida', true)
    expect(await store.credentials('lida')).toBeUndefined()
    expect(await store.session(token)).toBeUndefined()
    expect((await store.listUsers()).find((u) => u.name === 'lida')).toMatchObject({ disabled: true })
    await store.setDisabled('lida', false)
    expect((await store.credentials('lida'))?.user).toEqual(lida)
    expect((await store.listUsers()).find((u) => u.name === 'lida')).toMatchObject({ disabled: false })
    await expect(store.setDisabled('nobody', true)).rejects.toMatchObject({ code: 'not_found' })
    await store.removeUser('lida')
  })

  it('changes a role, but never demotes or disables the last active admin', async () => {
    await store.addUser('marta', 'analyst', PASSWORD)
    await expect(store.setRole('eva', 'analyst')).rejects.toMatchObject({
      code: 'conflict',
      details: { name: 'eva', rule: 'last_admin' },
    })
    await expect(store.setDisabled('eva', true)).rejects.toMatchObject({
      code: 'conflict',
      details: { rule: 'last_admin' },
    })
    await store.setRole('marta', 'admin')
    expect((await store.findUser('marta'))?.role).toBe('admin')
    const { token } = await store.createSession((await store.findUser('eva'))!, HOUR_MS)
    await store.setRole('eva', 'analyst')
    expect((await store.findUser('eva'))?.role).toBe('analyst')
    expect(await store.session(token)).toBeUndefined()
    // A disabled admin does not count: marta is the only active one.
    await store.setRole('eva', 'admin')
    await store.setDisabled('eva', true)
    await expect(store.setRole('marta', 'analyst')).rejects.toMatchObject({ details: { rule: 'last_admin' } })
    await expect(store.removeUser('marta')).rejects.toMatchObject({ details: { rule: 'last_admin' } })
    await store.setDisabled('eva', false)
    await store.removeUser('marta')
    await expect(store.setRole('nobody', 'admin')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('keeps the admin action log, newest first', async () => {
    await store.addUser('nina', 'analyst', PASSWORD, 'eva')
    now = new Date(now.getTime() + 1000)
    await store.setPassword('nina', 'another long passphrase', 'eva')
    const log = await store.adminLog(2)
    expect(log).toEqual([
      {
        id: log[1]!.id + 1,
        at: now.toISOString(),
        actor: 'eva',
        action: 'password',
        target: 'nina',
        detail: null,
      },
      {
        id: expect.any(Number),
        at: new Date(now.getTime() - 1000).toISOString(),
        actor: 'eva',
        action: 'add',
        target: 'nina',
        detail: 'analyst',
      },
    ])
    expect(await store.adminLog(1)).toHaveLength(1)
  })

  /**
   * Removes users over another connection: `remove(name)` starts a removal when it is called. On
   * PostgreSQL a second pool in this process; on SQLite a worker thread with its own connection,
   * as another process would have (SQLite waits for a lock synchronously, which would stall a
   * second connection sharing this thread's event loop). `close()` ends the worker.
   */
  async function elsewhere(): Promise<{ remove(name: string): Promise<void>; close(): Promise<void> }> {
    if (storage.name === 'postgres') {
      const theirs = new ConsoleStore(other, { now: () => now })
      return { remove: (name) => theirs.removeUser(name), close: async () => undefined }
    }
    const worker = new Worker(new URL('../../../test/support/console-remover.ts', import.meta.url), {
      workerData: { dir: storage.dir },
    })
    /** The worker's next message, or its error. */
    const next = <T>() =>
      new Promise<T>((resolve, reject) => {
        const fail = (error: Error) => reject(error)
        worker.once('error', fail)
        worker.once('message', (message: T) => {
          worker.off('error', fail)
          resolve(message)
        })
      })
    await next()
    return {
      async remove(name) {
        const answer = next<{ ok: boolean; code?: string; message?: string }>()
        worker.postMessage(name)
        const result = await answer
        if (!result.ok) throw Object.assign(new Error(result.message), { code: result.code })
      },
      close: async () => void (await worker.terminate()),
    }
  }

  it('keeps one admin when two admins remove each other at the same moment from two connections', async () => {
    const theirs = await elsewhere()
    try {
      // Several rounds: one lost race is enough to leave no admin (or fail) without the lock.
      for (let round = 0; round < 10; round++) {
        const a = `adm-a${round}`
        const b = `adm-b${round}`
        await store.addUser(a, 'admin', PASSWORD)
        await store.addUser(b, 'admin', PASSWORD)
        await store.removeUser('eva')
        const results = await Promise.allSettled([theirs.remove(b), store.removeUser(a)])
        const admins = (await store.listUsers()).filter((u) => u.role === 'admin')
        expect(admins).toHaveLength(1)
        const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason)
        expect(refused).toHaveLength(1)
        expect(refused[0], String(refused[0])).toMatchObject({ code: 'conflict' })
        // Back to eva as the only admin for the next round.
        await store.addUser('eva', 'admin', PASSWORD)
        await store.removeUser(admins[0]!.name)
      }
    } finally {
      await theirs.close()
    }
    // 30 scrypt hashes a storage (~60 ms each on a quiet core): what is asserted is the outcome of
    // each race, so the limit only has to tell a slow machine from a hang.
  }, 120_000)

  it('writes each account change and its admin log entry in one transaction: no change without its entry', async () => {
    await store.addUser('olga', 'analyst', PASSWORD, 'eva')
    expect((await store.adminLog(1))[0]).toMatchObject({ actor: 'eva', action: 'add', target: 'olga' })
    // The log cannot be written (the table is gone for a moment): no change is made without it.
    await sql`ALTER TABLE console_admin_log RENAME TO console_admin_log_away`.execute(db.as())
    try {
      await expect(store.setRole('olga', 'admin', 'eva')).rejects.toThrow()
      await expect(store.setDisabled('olga', true, 'eva')).rejects.toThrow()
      await expect(store.setPassword('olga', 'another long passphrase', 'eva')).rejects.toThrow()
      await expect(store.addUser('petra', 'analyst', PASSWORD, 'eva')).rejects.toThrow()
      await expect(store.removeUser('olga', 'eva')).rejects.toThrow()
    } finally {
      await sql`ALTER TABLE console_admin_log_away RENAME TO console_admin_log`.execute(db.as())
    }
    expect((await store.listUsers()).find((u) => u.name === 'olga')).toMatchObject({
      role: 'analyst',
      disabled: false,
    })
    expect(await verifyPassword(PASSWORD, (await store.credentials('olga'))!.hash)).toBe(true)
    expect(await store.findUser('petra')).toBeUndefined()
    // With the log back, each change and its entry are written together.
    await store.setRole('olga', 'admin', 'eva')
    await store.setDisabled('olga', true, 'eva')
    await store.setDisabled('olga', false, 'eva')
    await store.setPassword('olga', 'another long passphrase', 'eva')
    await store.removeUser('olga', 'eva')
    expect((await store.adminLog(5)).map((e) => [e.actor, e.action, e.target, e.detail]).reverse()).toEqual([
      ['eva', 'role', 'olga', 'admin'],
      ['eva', 'disable', 'olga', null],
      ['eva', 'enable', 'olga', null],
      ['eva', 'password', 'olga', null],
      ['eva', 'remove', 'olga', null],
    ])
  })
})
