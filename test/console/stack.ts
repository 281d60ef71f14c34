/**
 * The console as the browser tests use it: listening on a free port, in this process, with the
 * services it calls for real — the gateway (keys, usage), the AML service on OFAC's SDN list (the
 * registry modules on the replay server), the knowledge service with one document and the router
 * with one queued job (its workers not started), run as in production with API keys required
 * (ROUTER_REQUIRE_API_KEY), which prints the record's PDF — and two users, an admin and an analyst.
 * A second console on the same accounts has no router to reach (`urlWithoutRouter`).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createScreener, loadHighRiskTable } from '../../src/engines/aml/index.ts'
import { AresClient } from '../../src/engines/registries/ares.ts'
import { IsirClient } from '../../src/engines/registries/isir.ts'
import { openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { MemoryRateLimiter } from '../../src/kit/ratelimit.ts'
import { LocalSemaphore } from '../../src/kit/semaphore.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp as buildAml } from '../../src/services/aml/app.ts'
import { ListsHolder } from '../../src/services/aml/modules/lists/holder.ts'
import { importIntoStore, loadLists } from '../../src/services/aml/modules/lists/load.ts'
import { AmlStore } from '../../src/services/aml/store.ts'
import { buildApp as buildConsole } from '../../src/services/console/app.ts'
import { ConsoleStore } from '../../src/services/console/store.ts'
import { UPSTREAMS, Upstreams } from '../../src/services/console/upstreams.ts'
import { ensureWebBuild, loadWebFiles } from '../../src/services/console/web-build.ts'
import { startTestGateway, TEST_ADMIN_KEY } from '../../src/services/gateway/harness.ts'
import { offlineEnv } from '../agents/harness.ts'
import { SHARED_LISTS } from '../aml/lists.ts'
import { startReplayServer } from '../aml/replay-server.ts'
import { OPERATOR as KB_OPERATOR, multipart, startKnowledge } from '../knowledge/harness.ts'
import { routerHarness } from '../router/harness.ts'
import { TEST_PASSWORD_COST } from '../support/password-cost.ts'

export const USERS = {
  admin: { name: 'eva', password: 'eva’s long passphrase' },
  analyst: { name: 'adam', password: 'adam’s long passphrase' },
}

const AML_INTERNAL = 'stack-aml-internal-key'
const CUSTOMER_KEY = 'gk_stack-customer-key'

export interface ConsoleStack {
  url: string
  /** The same console and accounts, with the router's address closed. */
  urlWithoutRouter: string
  /** Screens subjects at the AML service directly (the history's rows). */
  screen(subjects: Record<string, string>[]): Promise<void>
  /** Adds a console user. */
  addUser(name: string, role: 'admin' | 'analyst', password: string): Promise<void>
  /** Makes the business and insolvency registers (ARES, ISIR) answer 503 (true) or normally (false). */
  registersDown(down: boolean): void
  /** Calls the gateway the console manages keys of, with an API key; answers the status. */
  callGateway(path: string, key: string): Promise<number>
  close(): Promise<void>
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

export async function startConsoleStack(): Promise<ConsoleStack> {
  const logger = createLogger({ level: 'silent' })
  const dir = mkdtempSync(join(tmpdir(), 'console-stack-'))
  const closers: (() => Promise<void>)[] = []
  try {
    await ensureWebBuild()
    // Usage rows are written every 100 ms, so a key's usage shows at once.
    const gateway = await startTestGateway({ env: { ...offlineEnv(), USAGE_FLUSH_MS: '100' } })
    closers.push(() => gateway.stop())
    const gatewayUrl = await gateway.listen()

    const replay = await startReplayServer()
    closers.push(() => replay.close())
    const amlDb = openDatabase({ dataDir: '', file: ':memory:' })
    closers.push(() => amlDb.close())
    await amlDb.migrate()
    const amlStore = new AmlStore(amlDb)
    await importIntoStore(amlStore, [
      join(SHARED_LISTS, 'ofac', 'sdn_2024-05-03.csv'),
      join(SHARED_LISTS, 'cz'),
    ])
    const loaded = await loadLists(amlStore, {})
    const lists = new ListsHolder()
    lists.ready(
      loaded.engine,
      createScreener({
        engine: loaded.engine,
        versions: loaded.versions,
        highRisk: loadHighRiskTable(),
        ares: new AresClient({ baseUrl: replay.aresUrl, retries: 0 }),
        isir: new IsirClient({ url: replay.isirUrl, retries: 0 }),
        budgets: { registry: 2000, insolvency: 2000 },
      }),
      loaded.versions,
      1,
    )
    const amlLimiter = new MemoryRateLimiter()
    const aml = await buildAml({
      logger,
      store: amlStore,
      lists,
      rateLimiter: amlLimiter,
      rateLimitPerMinute: 1000,
      auditKeys: { adminKey: TEST_ADMIN_KEY, internalKey: AML_INTERNAL },
      slots: new LocalSemaphore(4, 1000),
      logRequests: false,
    })
    closers.push(async () => {
      await aml.close()
      await amlLimiter.close()
    })
    const amlUrl = await listen(aml)

    const kb = await startKnowledge()
    closers.push(() => kb.close())
    const upload = multipart(
      { collection: 'aml_regulations', metadata: '{"language":"cs"}' },
      {
        name: 'identifikace.md',
        content:
          '# Identifikace klienta\n\n## Skutečný majitel\n\nPovinná osoba identifikuje klienta a zjistí skutečného majitele.\n',
      },
    )
    const uploaded = await kb.app.inject({
      method: 'POST',
      url: '/upload',
      payload: upload.payload,
      headers: { ...upload.headers, ...KB_OPERATOR },
    })
    if (uploaded.statusCode !== 201)
      throw new Error(`knowledge upload: ${uploaded.statusCode} ${uploaded.body}`)
    const knowledgeUrl = await listen(kb.app)

    // Keys required: a customer's key queues the job, and the console (with the internal key)
    // must still see it. The customer's key is the one key this router knows.
    const router = await routerHarness({
      start: false,
      env: { ADMIN_API_KEY: TEST_ADMIN_KEY, INTERNAL_API_KEY: AML_INTERNAL, ROUTER_REQUIRE_API_KEY: 'true' },
      keys: {
        verify: async (key) =>
          key === CUSTOMER_KEY ? { ok: true, keyId: 'customer' } : { ok: false, reason: 'unknown key' },
      },
    })
    closers.push(() => router.close())
    const task = await router.app.inject({
      method: 'POST',
      url: '/tasks',
      headers: { 'x-api-key': CUSTOMER_KEY },
      payload: { kind: 'echo', input: 'hello', delay_seconds: 600 },
    })
    if (task.statusCode !== 201) throw new Error(`router task: ${task.statusCode} ${task.body}`)
    const routerUrl = await listen(router.app)

    const db = openDatabase({ dataDir: dir })
    closers.push(() => db.close())
    await db.migrate()
    const store = new ConsoleStore(db, { passwordCost: TEST_PASSWORD_COST })
    await store.addUser(USERS.admin.name, 'admin', USERS.admin.password)
    await store.addUser(USERS.analyst.name, 'analyst', USERS.analyst.password)
    const closed = 'http://127.0.0.1:9'
    const urls = Object.fromEntries(UPSTREAMS.map((n) => [n, closed])) as Record<
      (typeof UPSTREAMS)[number],
      string
    >
    const limiter = new MemoryRateLimiter()
    const consoleOf = async (routerAt: string) => {
      const app = await buildConsole({
        logger,
        store,
        upstreams: new Upstreams(
          { ...urls, gateway: gatewayUrl, aml: amlUrl, knowledge: knowledgeUrl, router: routerAt },
          { adminKey: TEST_ADMIN_KEY, internalKey: AML_INTERNAL },
          { timeoutMs: 10_000 },
        ),
        rateLimiter: limiter,
        sessionTtlMs: 3600_000,
        web: loadWebFiles(),
        logRequests: false,
      })
      closers.push(() => app.close())
      return listen(app)
    }
    closers.push(() => limiter.close())
    const url = await consoleOf(routerUrl)
    const urlWithoutRouter = await consoleOf(closed)
    return {
      url,
      urlWithoutRouter,
      async screen(subjects) {
        for (const subject of subjects) {
          const res = await aml.inject({
            method: 'POST',
            url: '/api/aml/screen/complete',
            headers: { 'x-api-key': AML_INTERNAL },
            payload: subject,
          })
          if (res.statusCode !== 200) throw new Error(`screening: ${res.statusCode} ${res.body}`)
        }
      },
      registersDown(down) {
        replay.failWith.ares = down ? 503 : 0
        replay.failWith.isir = down ? 503 : 0
      },
      async addUser(name, role, password) {
        await store.addUser(name, role, password)
      },
      async callGateway(path, key) {
        return (await gateway.app.inject({ method: 'GET', url: path, headers: { 'x-api-key': key } }))
          .statusCode
      },
      async close() {
        for (const close of closers.reverse()) await close().catch(() => undefined)
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
