/**
 * Test support: a real gateway (migrated database, limiter, usage buffer) for one test file,
 * on SQLite in a temporary folder by default, or on PostgreSQL + Redis for the scale-out tests.
 * Used by tests and benchmarks only.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Agent } from '../../agents/types.ts'
import { parseEnv } from '../../kit/config.ts'
import { createLogger, type Logger } from '../../kit/logger.ts'
import type { App } from '../../kit/server.ts'
import { gatewayService } from './service.ts'
import { type GatewayStartConfig, startGateway } from './start.ts'

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef'

export interface TestGateway {
  app: App
  config: GatewayStartConfig
  running: Awaited<ReturnType<typeof startGateway>>
  /** Base URL once `listen()` ran. */
  url: string
  listen(): Promise<string>
  /** Issues a key through the admin API; returns the full key and its id. */
  createKey(body?: Record<string, unknown>): Promise<{ key: string; id: number }>
  /** Graceful stop: drains the app, then flushes usage and closes storage. */
  stop(): Promise<void>
}

export async function startTestGateway(
  opts: {
    env?: Record<string, string>
    agents?: readonly Agent[]
    dataDir?: string
    schema?: string
    limiterPrefix?: string
    /** Defaults to a silent logger. */
    logger?: Logger
    logRequests?: boolean
  } = {},
): Promise<TestGateway> {
  const ownDir = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'gatehouse-gw-'))
  const config = parseEnv(gatewayService.spec, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: opts.dataDir ?? ownDir!,
    ADMIN_API_KEY: TEST_ADMIN_KEY,
    HEALTH_TIMEOUT_MS: '300',
    // Ports nothing listens on: the optional services read as down unless a test sets them.
    KNOWLEDGE_URL: 'http://127.0.0.1:9',
    AML_URL: 'http://127.0.0.1:9',
    ROUTER_URL: 'http://127.0.0.1:9',
    ...opts.env,
  }) as unknown as GatewayStartConfig
  let running: Awaited<ReturnType<typeof startGateway>>
  try {
    running = await startGateway(config, opts.logger ?? createLogger({ level: 'silent' }), {
      ...(opts.agents ? { agents: opts.agents } : {}),
      processMetrics: false,
      logRequests: opts.logRequests ?? false,
      ...(opts.schema ? { schema: opts.schema } : {}),
      ...(opts.limiterPrefix ? { limiterPrefix: opts.limiterPrefix } : {}),
    })
  } catch (error) {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true })
    throw error
  }
  const gw: TestGateway = {
    app: running.app,
    config,
    running,
    url: '',
    async listen() {
      await running.app.listen({ port: 0, host: '127.0.0.1' })
      const address = running.app.server.address()
      gw.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
      return gw.url
    },
    async createKey(body = {}) {
      const res = await running.app.inject({
        method: 'POST',
        url: '/admin/keys/generate',
        headers: { 'x-admin-key': TEST_ADMIN_KEY },
        payload: { name: 'test', ...body },
      })
      if (res.statusCode !== 200) throw new Error(`key generation failed: ${res.statusCode} ${res.body}`)
      const data = res.json().key_data as { key: string; id: number }
      return { key: data.key, id: data.id }
    },
    async stop() {
      await running.app.close()
      await running.close?.()
      if (ownDir) rmSync(ownDir, { recursive: true, force: true })
    },
  }
  return gw
}
