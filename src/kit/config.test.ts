import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, commonSpec, env, parseEnv } from './config.ts'

describe('parseEnv', () => {
  it('uses the defaults when nothing is set', () => {
    const config = parseEnv(commonSpec, {})
    expect(config).toMatchObject({ NODE_ENV: 'development', HOST: '127.0.0.1' })
    expect(config.DATA_DIR).toBe(resolve(import.meta.dirname, '../../data/local'))
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('takes a relative DATA_DIR from the project root, not the current directory, and keeps an absolute one', () => {
    const root = resolve(import.meta.dirname, '../..')
    const cwd = process.cwd()
    try {
      process.chdir(resolve(root, 'src'))
      expect(parseEnv(commonSpec, { DATA_DIR: 'data/other' }).DATA_DIR).toBe(resolve(root, 'data/other'))
    } finally {
      process.chdir(cwd)
    }
    expect(parseEnv(commonSpec, { DATA_DIR: '/var/lib/gatehouse' }).DATA_DIR).toBe('/var/lib/gatehouse')
  })

  it('names every bad variable in one error', () => {
    const spec = { ...commonSpec, PORT: env.port({ default: 8080 }), FLAG: env.bool({ default: false }) }
    let error: ConfigError | undefined
    try {
      parseEnv(spec, { PORT: '99999', FLAG: 'maybe', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })
    } catch (e) {
      error = e as ConfigError
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect(error!.problems).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'DATABASE_URL must use postgres or postgresql, got "mysql:"',
      'PORT must be <= 65535, got 99999',
      'FLAG must be true or false, got "maybe"',
    ])
  })

  it('parses integers, booleans and URLs', () => {
    const spec = {
      N: env.int({ default: 1, min: 0 }),
      B: env.bool({ default: false }),
      U: env.url({ protocols: ['redis'] }),
    }
    expect(parseEnv(spec, { N: '42', B: 'yes', U: 'redis://127.0.0.1:6379' })).toEqual({
      N: 42,
      B: true,
      U: 'redis://127.0.0.1:6379',
    })
  })

  it('rejects a number with trailing text', () => {
    expect(() => parseEnv({ N: env.int({ default: 1 }) }, { N: '10ms' })).toThrow(
      'N must be an integer, got "10ms"',
    )
  })

  it('reads decimal numbers within their range, naming the variable when one is not', () => {
    const spec = { T: env.number({ default: 0.86, min: 0.5, max: 1 }) }
    expect(parseEnv(spec, {})).toEqual({ T: 0.86 })
    expect(parseEnv(spec, { T: ' 0.9 ' })).toEqual({ T: 0.9 })
    expect(() => parseEnv(spec, { T: 'high' })).toThrow('T must be a number, got "high"')
    expect(() => parseEnv(spec, { T: '1.5' })).toThrow('T must be <= 1, got 1.5')
    expect(() => parseEnv(spec, { T: '0.2' })).toThrow('T must be >= 0.5, got 0.2')
  })

  it('reads TRUSTED_PROXIES as a list of addresses and CIDR ranges, refusing anything else by name', () => {
    expect(parseEnv(commonSpec, {}).TRUSTED_PROXIES).toEqual([])
    expect(
      parseEnv(commonSpec, { TRUSTED_PROXIES: ' 10.0.0.1, 10.1.0.0/16,::1 ,fd00::/8' }).TRUSTED_PROXIES,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8'])
    expect(() =>
      parseEnv(commonSpec, { TRUSTED_PROXIES: '10.0.0.1, router, 10.0.0.0/33, 0x7f.1, *' }),
    ).toThrow(
      'TRUSTED_PROXIES must be IP addresses or CIDR ranges, got "router", "10.0.0.0/33", "0x7f.1", "*"',
    )
  })
})
