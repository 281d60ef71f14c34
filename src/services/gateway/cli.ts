/**
 * `gatehouse keys create|list|usage|revoke|update`: the admin API on the command line, working on
 * the gateway's storage directly (DATA_DIR, or DATABASE_URL), so keys can be managed before any
 * service runs. Changes take effect on the next request of every running instance (each request
 * reads its key from the same database).
 */
import { parseArgs } from 'node:util'
import { KEY_RULES } from '../../engines/keys/rules.ts'
import { KeyStore, type KeyTables } from '../../engines/keys/store.ts'
import { loadTiers, UNLIMITED } from '../../engines/keys/tiers.ts'
import { type Command, type CommandIO, exitCodeOfRefusal } from '../../kit/command.ts'
import { ConfigError, commonSpec, env, parseEnv } from '../../kit/config.ts'
import { withDatabase } from '../../kit/db.ts'
import { AppError } from '../../kit/errors.ts'
import { gatewaySpec, keyPrefixProblem } from './config.ts'
import { listItem } from './routes/admin.ts'
import { MAX_DAILY_USAGE_DAYS } from './schemas.ts'

const cliSpec = {
  ...commonSpec,
  API_KEY_PREFIX: gatewaySpec.API_KEY_PREFIX,
  GATEWAY_PORT: env.port({ default: 8000, doc: 'where the gateway listens (for the Try it line)' }),
}

/** Opens the key store, runs `fn`, and turns bad input into a message and exit code 2. */
async function withStore(io: CommandIO, fn: (store: KeyStore) => Promise<number>): Promise<number> {
  const config = parseEnv(cliSpec, io.env)
  const prefixProblem = keyPrefixProblem(config.API_KEY_PREFIX)
  if (prefixProblem) throw new ConfigError([prefixProblem])
  try {
    return await withDatabase(config, (db) =>
      fn(new KeyStore(db.as<KeyTables>(), { tiers: loadTiers(), keyPrefix: config.API_KEY_PREFIX })),
    )
  } catch (error) {
    return exitCodeOfRefusal(error, io)
  }
}

class UsageError extends Error {}

function integer(option: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`--${option} must be an integer, got "${raw}"`)
  return Number(raw)
}

function keyId(raw: string | undefined): number {
  const id = raw === undefined ? Number.NaN : Number(raw)
  if (!Number.isInteger(id) || id < 1)
    throw new UsageError('give the key id (a positive integer; see `gatehouse keys list`)')
  return id
}

const KEY_OPTIONS = {
  name: { type: 'string' },
  description: { type: 'string' },
  owner: { type: 'string' },
  tier: { type: 'string' },
  'expires-days': { type: 'string' },
  'rate-limit': { type: 'string' },
  rpm: { type: 'string' },
  json: { type: 'boolean' },
} as const

/**
 * The arguments with a negative number after a limit option joined to it (`--rate-limit -1` →
 * `--rate-limit=-1`): parseArgs takes a value that starts with "-" for an option of its own and
 * refuses it, though -1 is how the usage says "unlimited".
 */
function withNegativeValues(args: string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : undefined
    const takesValue = name !== undefined && KEY_OPTIONS[name as keyof typeof KEY_OPTIONS]?.type === 'string'
    if (takesValue && /^-\d+$/.test(args[i + 1] ?? '')) out.push(`${args[i]}=${args[++i]}`)
    else out.push(args[i]!)
  }
  return out
}

type KeyValues = {
  [K in keyof typeof KEY_OPTIONS]?: (typeof KEY_OPTIONS)[K]['type'] extends 'boolean' ? boolean : string
}

function keyFields(values: KeyValues) {
  const fields = {
    name: values.name,
    description: values.description,
    owner: values.owner,
    tier: values.tier,
    expires_days: integer('expires-days', values['expires-days']),
    rate_limit: integer('rate-limit', values['rate-limit']),
    requests_per_minute: integer('rpm', values.rpm),
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
}

const limitText = (n: number) => (n === UNLIMITED ? 'unlimited' : String(n))

/** Wraps a command body: usage errors print the usage and exit 2. */
function command(def: Omit<Command, 'run'> & { run: Command['run'] }): Command {
  return {
    ...def,
    async run(args, io) {
      try {
        return await def.run(args, io)
      } catch (error) {
        if (error instanceof UsageError) {
          io.err(`error: ${error.message}\nusage: ${def.usage}`)
          return 2
        }
        throw error
      }
    },
  }
}

const LIMIT_USAGE =
  '[--description TEXT] [--owner EMAIL] [--tier free|basic|pro|enterprise] [--expires-days N] [--rate-limit PER_DAY] [--rpm PER_MINUTE] [--json]'

export const keysCreate = command({
  usage: `gatehouse keys create --name NAME ${LIMIT_USAGE}\n  defaults: 100/min, 10000/day, expires in 365 days; -1 = unlimited`,
  async run(args, io) {
    const { values } = parseArgs({
      args: withNegativeValues(args),
      options: KEY_OPTIONS,
      allowPositionals: false,
    })
    if (values.name === undefined) throw new UsageError('--name is required')
    const input = keyFields(values)
    const port = parseEnv(cliSpec, io.env).GATEWAY_PORT
    return withStore(io, async (store) => {
      const { key, record } = await store.create(input as { name: string })
      if (values.json) {
        io.out(
          JSON.stringify(
            { success: true, key_data: { key, ...listItem(record, store.statusOf(record)) } },
            null,
            2,
          ),
        )
        return 0
      }
      io.out(
        `API key ${record.id} created for "${record.name}"${record.tier ? ` (tier ${record.tier})` : ''}`,
      )
      io.out('')
      io.out(`  ${key}`)
      io.out('')
      io.out(
        `limits: ${limitText(record.requests_per_minute)}/min, ${limitText(record.rate_limit)}/day; expires ${new Date(record.expires_at).toISOString()}`,
      )
      io.out('Store this key now: it is not shown again and cannot be recovered.')
      io.out(`Try it: curl -H 'X-API-Key: ${key}' http://127.0.0.1:${port}/api/services`)
      return 0
    })
  },
})

export const keysList = command({
  usage: 'gatehouse keys list [--json]',
  async run(args, io) {
    const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } })
    return withStore(io, async (store) => {
      const keys = (await store.list()).map((k) => listItem(k, store.statusOf(k)))
      if (values.json) {
        io.out(JSON.stringify({ count: keys.length, keys }, null, 2))
        return 0
      }
      if (keys.length === 0) {
        io.out('no API keys yet: create one with `gatehouse keys create --name NAME`')
        return 0
      }
      const rows = keys.map((k) => [
        String(k.id),
        k.prefix,
        k.name,
        k.owner ?? '',
        k.tier ?? '',
        `${limitText(k.requests_per_minute)}/min ${limitText(k.rate_limit)}/day`,
        k.status,
        k.expires_at.slice(0, 16).replace('T', ' '),
        k.last_used_at?.slice(0, 16).replace('T', ' ') ?? 'never',
      ])
      const header = ['id', 'prefix', 'name', 'owner', 'tier', 'limits', 'state', 'expires', 'last used']
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
      const line = (cells: string[]) =>
        cells
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd()
      io.out(line(header))
      for (const row of rows) io.out(line(row))
      return 0
    })
  },
})

export const keysUsage = command({
  usage:
    'gatehouse keys usage ID [--days N] [--daily] [--json]   (default 30 days; --daily: per UTC day, up to 400)',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { days: { type: 'string' }, daily: { type: 'boolean' }, json: { type: 'boolean' } },
      allowPositionals: true,
    })
    const id = keyId(positionals[0])
    const days = integer('days', values.days) ?? 30
    const most = values.daily ? MAX_DAILY_USAGE_DAYS : 3650
    if (days < 1 || days > most) throw new UsageError(`--days must be from 1 to ${most}`)
    return withStore(io, async (store) => {
      if (!(await store.get(id))) throw new AppError('not_found', `API key ${id} not found`)
      if (values.daily) {
        const daily = await store.usageDaily(id, days)
        if (values.json) io.out(JSON.stringify(daily, null, 2))
        else {
          io.out(`API key ${id}: requests per UTC day, the last ${days} days`)
          io.out(`${'day'.padEnd(10)}  ${'requests'.padStart(8)}  ${'errors'.padStart(8)}`)
          for (const d of daily.days)
            io.out(`${d.day}  ${String(d.requests).padStart(8)}  ${String(d.errors).padStart(8)}`)
        }
        return 0
      }
      const usage = await store.usage(id, days)
      if (values.json) {
        io.out(JSON.stringify(usage, null, 2))
        return 0
      }
      const { stats } = usage
      io.out(`API key ${id}: ${stats.total_requests} requests in the last ${days} days`)
      if (stats.total_requests === 0) return 0
      io.out('by endpoint:')
      for (const e of stats.by_endpoint) io.out(`  ${String(e.count).padStart(8)}  ${e.endpoint}`)
      io.out('by status:')
      for (const [status, count] of Object.entries(stats.by_status))
        io.out(`  ${String(count).padStart(8)}  ${status}`)
      return 0
    })
  },
})

export const keysRevoke = command({
  usage: 'gatehouse keys revoke ID',
  async run(args, io) {
    const { positionals } = parseArgs({ args, options: {}, allowPositionals: true })
    const id = keyId(positionals[0])
    return withStore(io, async (store) => {
      const outcome = await store.revoke(id)
      if (outcome === 'not_found') throw new AppError('not_found', `API key ${id} not found`)
      io.out(outcome === 'revoked' ? `API key ${id} revoked` : `API key ${id} was already revoked`)
      return 0
    })
  },
})

export const keysUpdate = command({
  usage: `gatehouse keys update ID [--name NAME] ${LIMIT_USAGE}`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args: withNegativeValues(args),
      options: KEY_OPTIONS,
      allowPositionals: true,
    })
    const id = keyId(positionals[0])
    const patch = keyFields(values)
    return withStore(io, async (store) => {
      const key = await store.update(id, patch)
      if (!key) throw new AppError('not_found', `API key ${id} not found`)
      if (values.json) {
        io.out(JSON.stringify({ success: true, key: listItem(key, store.statusOf(key)) }, null, 2))
        return 0
      }
      io.out(
        `API key ${id} updated: ${limitText(key.requests_per_minute)}/min, ${limitText(key.rate_limit)}/day, expires ${new Date(key.expires_at).toISOString()}`,
      )
      return 0
    })
  },
})

export const keysRotate = command({
  usage: `gatehouse keys rotate ID [--grace-hours N] [--json]   (default ${KEY_RULES.rotationGraceHoursDefault} h; 0 = the old key stops at once; at most ${KEY_RULES.rotationGraceHoursMax})`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { 'grace-hours': { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: true,
    })
    const id = keyId(positionals[0])
    const raw = values['grace-hours']
    const grace = raw === undefined ? KEY_RULES.rotationGraceHoursDefault : Number(raw)
    if (!/^\d{1,4}$/.test(raw ?? '0') || grace > KEY_RULES.rotationGraceHoursMax)
      throw new UsageError(`--grace-hours: a whole number of hours, 0 to ${KEY_RULES.rotationGraceHoursMax}`)
    return withStore(io, async (store) => {
      const outcome = await store.rotate(id, grace)
      if (outcome === 'not_found') throw new AppError('not_found', `API key ${id} not found`)
      if (outcome === 'not_active') throw new AppError('conflict', `API key ${id} is revoked or expired`)
      if (outcome === 'already_rotated')
        throw new AppError('conflict', `API key ${id} was rotated already; rotate the key that replaced it`)
      const { key, record, old } = outcome
      if (values.json) {
        io.out(
          JSON.stringify(
            {
              success: true,
              key_data: { key, ...listItem(record, store.statusOf(record)) },
              old_key: listItem(old, store.statusOf(old)),
            },
            null,
            2,
          ),
        )
        return 0
      }
      io.out(key)
      io.out(
        `API key ${record.id} replaces ${id}, which stays valid until ${new Date(old.expires_at).toISOString()}; store the new key now: it is not shown again`,
      )
      return 0
    })
  },
})
