/**
 * `gatehouse console users add|list|remove|password`: the console's accounts, on its storage
 * directly (DATA_DIR, or DATABASE_URL), so the first admin can be added before anything runs.
 * Passwords are read from standard input (the first line), never from the command line, where
 * they would stay in the shell's history and in the process list.
 */
import { parseArgs } from 'node:util'
import { type Command, type CommandIO, exitCodeOfRefusal } from '../../kit/command.ts'
import { commonSpec, parseEnv } from '../../kit/config.ts'
import { withDatabase } from '../../kit/db.ts'
import { passwordProblem } from './passwords.ts'
import { ConsoleStore, ROLES, type Role } from './store.ts'

async function withStore(io: CommandIO, fn: (store: ConsoleStore) => Promise<number>): Promise<number> {
  const config = parseEnv(commonSpec, io.env)
  try {
    return await withDatabase(config, (db) => fn(new ConsoleStore(db)))
  } catch (error) {
    return exitCodeOfRefusal(error, io)
  }
}

/** The password from standard input: its first line, without the line end. */
async function readPassword(io: CommandIO): Promise<string | undefined> {
  if (!io.readStdin) return undefined
  if (io.interactive) io.err('password (then Enter and Ctrl-D):')
  const text = await io.readStdin()
  return text.split(/\r?\n/, 1)[0]
}

export const usersAdd: Command = {
  usage:
    'gatehouse console users add NAME --role admin|analyst [--password-stdin]\n' +
    '  the password is the first line of standard input, e.g. printf \'%s\\n\' "$PW" | gatehouse console users add eva --role admin',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      allowPositionals: true,
    })
    const name = positionals[0]
    if (!name || positionals.length > 1) {
      io.err(`give one user name\nusage: ${usersAdd.usage}`)
      return 2
    }
    if (!ROLES.includes(values.role as Role)) {
      io.err(`--role must be admin or analyst\nusage: ${usersAdd.usage}`)
      return 2
    }
    const password = await readPassword(io)
    if (password === undefined || password.length === 0) {
      io.err('no password on standard input')
      return 2
    }
    const problem = passwordProblem(password)
    if (problem) {
      io.err(`password ${problem}`)
      return 2
    }
    return withStore(io, async (store) => {
      const user = await store.addUser(name, values.role as Role, password)
      io.out(`added ${user.name} (${user.role})`)
      return 0
    })
  },
}

export const usersList: Command = {
  usage: 'gatehouse console users list',
  async run(_args, io) {
    return withStore(io, async (store) => {
      const users = await store.listUsers()
      if (users.length === 0) io.out('no users (gatehouse console users add NAME --role admin)')
      for (const u of users) io.out(`${u.name}\t${u.role}\t${u.created_at}`)
      return 0
    })
  },
}

export const usersRemove: Command = {
  usage: 'gatehouse console users remove NAME',
  async run(args, io) {
    const name = args[0]
    if (!name) {
      io.err(`give the user name\nusage: ${usersRemove.usage}`)
      return 2
    }
    return withStore(io, async (store) => {
      await store.removeUser(name)
      io.out(`removed ${name}`)
      return 0
    })
  },
}

export const usersPassword: Command = {
  usage: 'gatehouse console users password NAME',
  async run(args, io) {
    const name = args[0]
    if (!name) {
      io.err(`give the user name\nusage: ${usersPassword.usage}`)
      return 2
    }
    const secret = await readPassword(io)
    const problem = secret ? passwordProblem(secret) : 'is missing from standard input'
    if (problem || !secret) {
      io.err(`password ${problem}`)
      return 2
    }
    return withStore(io, async (store) => {
      await store.setPassword(name, secret)
      io.out(`password of ${name} changed`)
      return 0
    })
  },
}
