import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CommandIO } from '../../kit/command.ts'
import { openDatabase } from '../../kit/db.ts'
import { usersAdd as add, usersList as list, usersRemove as remove } from './cli.ts'
import { verifyPassword } from './passwords.ts'
import { ConsoleStore } from './store.ts'

function io(env: Record<string, string>, stdin: string) {
  const out: string[] = []
  const err: string[] = []
  const value: CommandIO = {
    env,
    interactive: false,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readStdin: async () => stdin,
  }
  return { io: value, out, err }
}

describe('gatehouse console users', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'console-cli-')) }

  it('adds a user with the password from standard input, stored as a scrypt hash', async () => {
    const t = io(env, 'a long passphrase\n')
    expect(await add.run(['eva', '--role', 'admin', '--password-stdin'], t.io)).toBe(0)
    expect(t.out).toEqual(['added eva (admin)'])
    const db = openDatabase({ dataDir: env.DATA_DIR })
    try {
      const found = await new ConsoleStore(db).credentials('eva')
      expect(found?.user.role).toBe('admin')
      expect(found?.hash).not.toContain('a long passphrase')
      expect(await verifyPassword('a long passphrase', found!.hash)).toBe(true)
    } finally {
      await db.close()
    }
    const l = io(env, '')
    expect(await list.run([], l.io)).toBe(0)
    expect(l.out[0]).toMatch(/^eva\tadmin\t/)
  })

  it('refuses a short password, a missing one, an unknown role and a taken name', async () => {
    const short = io(env, 'short\n')
    expect(await add.run(['adam', '--role', 'analyst'], short.io)).toBe(2)
    expect(short.err[0]).toMatch(/at least 10 characters/)
    expect(await add.run(['adam', '--role', 'analyst'], io(env, '').io)).toBe(2)
    const role = io(env, 'a long passphrase\n')
    expect(await add.run(['adam', '--role', 'owner'], role.io)).toBe(2)
    expect(role.err[0]).toMatch(/--role must be admin or analyst/)
    const taken = io(env, 'a long passphrase\n')
    expect(await add.run(['eva', '--role', 'analyst'], taken.io)).toBe(2)
    expect(taken.err[0]).toMatch(/already exists/)
  })
  it('removes a user and ends their sessions, but never the last admin', async () => {
    expect(await add.run(['ida', '--role', 'analyst'], io(env, 'a long passphrase\n').io)).toBe(0)
    const db = openDatabase({ dataDir: env.DATA_DIR })
    let token: string
    try {
      const store = new ConsoleStore(db)
      token = (await store.createSession((await store.findUser('ida'))!, 60_000)).token
    } finally {
      await db.close()
    }
    const removed = io(env, '')
    expect(await remove.run(['ida'], removed.io)).toBe(0)
    expect(removed.out).toEqual(['removed ida'])
    const after = openDatabase({ dataDir: env.DATA_DIR })
    try {
      const store = new ConsoleStore(after)
      expect(await store.findUser('ida')).toBeUndefined()
      expect(await store.session(token)).toBeUndefined()
    } finally {
      await after.close()
    }
    const unknown = io(env, '')
    expect(await remove.run(['ida'], unknown.io)).toBe(1)
    expect(unknown.err[0]).toMatch(/not found/)
    // eva is the only admin.
    const last = io(env, '')
    expect(await remove.run(['eva'], last.io)).toBe(2)
    expect(last.err[0]).toMatch(/last admin/)
  })
})
