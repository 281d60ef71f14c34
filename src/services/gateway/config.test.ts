import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../cli.ts'
import { ConfigError, parseEnv } from '../../kit/config.ts'
import { checkGatewayConfig, DEV_ADMIN_KEY, type GatewayConfig } from './config.ts'
import { startTestGateway } from './harness.ts'
import { gatewayService } from './service.ts'

const config = (env: Record<string, string>) => parseEnv(gatewayService.spec, env) as unknown as GatewayConfig

function problems(env: Record<string, string>): string[] {
  try {
    checkGatewayConfig(config(env))
    return []
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
}

describe('gateway configuration', () => {
  it('runs on the documented development admin key outside production', () => {
    expect(config({}).ADMIN_API_KEY).toBe(DEV_ADMIN_KEY)
    expect(problems({ NODE_ENV: 'development' })).toEqual([])
  })

  it('refuses the development admin key in production', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'ADMIN_API_KEY is the development default; set a secret (e.g. `openssl rand -base64 32`)',
    ])
  })

  it('refuses a short admin key in production', () => {
    expect(problems({ NODE_ENV: 'production', ADMIN_API_KEY: 'short-secret' })).toEqual([
      'ADMIN_API_KEY must be at least 24 characters in production',
    ])
    expect(problems({ NODE_ENV: 'production', ADMIN_API_KEY: 'x'.repeat(24) })).toEqual([])
  })

  it('refuses a key prefix that does not fit the key format', () => {
    expect(problems({ API_KEY_PREFIX: 'GK_' })[0]).toMatch(/^API_KEY_PREFIX must be 1 to 8/)
    expect(problems({ API_KEY_PREFIX: 'acme' })).toEqual([])
  })

  it('refuses to start when REDIS_URL is set but Redis is unreachable, naming the variable', async () => {
    await expect(startTestGateway({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /REDIS_URL=redis:\/\/127\.0\.0\.1:1 is not reachable/,
    )
  })

  it('stops `gatehouse serve gateway` before it listens, with the configuration exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-gwcfg-'))
    const err: string[] = []
    try {
      const code = await main(['serve', 'gateway', '--port', '0'], {
        env: { NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'silent' },
        out: () => undefined,
        err: (line) => err.push(line),
        interactive: false,
      })
      expect(code).toBe(78)
      expect(err.join('\n')).toContain('ADMIN_API_KEY is the development default')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
