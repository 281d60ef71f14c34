/**
 * A router over a fresh SQLite file (or a given database), configured from a plain env object as
 * the service would be, with its built-in workers running unless `workers: 0`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from '../../src/kit/config.ts'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp } from '../../src/services/router/app.ts'
import type { KeyVerifier } from '../../src/services/router/auth.ts'
import type { RouterConfig } from '../../src/services/router/config.ts'
import { routerService } from '../../src/services/router/service.ts'
import { type Assembled, assembleRouter } from '../../src/services/router/start.ts'

export const ADMIN = 'test-admin-key'
export const INTERNAL = 'test-internal-key'

export interface Harness {
  app: App
  router: Assembled
  db: Database
  config: RouterConfig
  close(): Promise<void>
}

export async function routerHarness(
  opts: { env?: Record<string, string>; keys?: KeyVerifier; database?: Database; start?: boolean } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-router-app-'))
  const config = parseEnv(routerService.spec, {
    DATA_DIR: dir,
    ADMIN_API_KEY: ADMIN,
    INTERNAL_API_KEY: INTERNAL,
    // Nothing listens here: the platform services are "down" unless a test points at a fake.
    KNOWLEDGE_URL: 'http://127.0.0.1:9',
    AML_URL: 'http://127.0.0.1:9',
    DISCOVERY_URL: 'http://127.0.0.1:9',
    // The public registers too (the scout's dossier, the data agents): never the real ones in a test.
    ARES_BASE_URL: 'http://127.0.0.1:9/ares',
    ISIR_URL: 'http://127.0.0.1:9/isir',
    VAT_REGISTER_URL: 'http://127.0.0.1:9/vat',
    ROUTER_PROXY_TIMEOUT_SECONDS: '5',
    ...opts.env,
  }) as unknown as RouterConfig & { NODE_ENV: 'test' }
  const db = opts.database ?? openDatabase({ dataDir: dir, file: 'router.db' })
  await db.migrate()
  const logger = createLogger({ level: 'silent' })
  const router = assembleRouter(config, db, { logger, ...(opts.keys ? { keys: opts.keys } : {}) })
  const app = await buildApp(router.deps)
  if (opts.start !== false) await router.start()
  await app.ready()
  return {
    app,
    router,
    db,
    config,
    async close() {
      await app.close()
      await router.stop(100)
      if (!opts.database) await db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls until `check` returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
