/**
 * Every HTTP service as a test builds it: real dependencies (storage in a temporary SQLite file or
 * in memory, the shipped discovery snapshot, real sanctions lists when the shared folder has them,
 * the ARES/ISIR replay server), ready to be driven with `inject`. The suites that check every
 * service alike (the API description of each, the fuzzing of every route) walk this list: a new
 * service is one more entry.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createScreener, loadHighRiskTable } from '../../src/engines/aml/index.ts'
import { DEFAULT_ORIGIN, loadDataset } from '../../src/engines/discovery/dataset.ts'
import { saleListings } from '../../src/engines/realestate/comparables.ts'
import { loadGazetteer } from '../../src/engines/realestate/regions.ts'
import { valuerFor } from '../../src/engines/realestate/valuation.ts'
import { AresClient } from '../../src/engines/registries/ares.ts'
import { IsirClient } from '../../src/engines/registries/isir.ts'
import { openDatabase } from '../../src/kit/db.ts'
import type { EnvelopeKind } from '../../src/kit/envelope.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../src/kit/operator-keys.ts'
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
import { buildApp as buildDiscovery } from '../../src/services/discovery/app.ts'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { prepareDataset } from '../../src/services/discovery/store.ts'
import { buildApp as buildDomain } from '../../src/services/domain/app.ts'
import { ContactStore } from '../../src/services/domain/modules/contacts/store.ts'
import { VariableSymbolStore } from '../../src/services/domain/modules/payments/store.ts'
import { importListingsFile } from '../../src/services/domain/modules/reality/importer.ts'
import { ListingStore } from '../../src/services/domain/modules/reality/store.ts'
import { buildSnapshot } from '../../src/services/domain/state.ts'
import { startTestGateway } from '../../src/services/gateway/harness.ts'
import { CLOSED_DNS, offlineEnv } from '../agents/harness.ts'
import { haveLists, SHARED_LISTS } from '../aml/lists.ts'
import { startReplayServer } from '../aml/replay-server.ts'
import { csv, haveSharedData, REGISTRY_DIR, SAMPLE, SHARED_LISTINGS } from '../domain/fixtures.ts'
import { OPERATOR as KB_OPERATOR, multipart, startKnowledge } from '../knowledge/harness.ts'
import { ADMIN, INTERNAL, routerHarness } from '../router/harness.ts'
import { SANCTIONS_SUBSET } from '../sources/routes.ts'
import type { DocumentedRoute } from './openapi.ts'
import { TEST_PASSWORD_COST } from './password-cost.ts'

export interface ServiceUnderTest {
  app: App
  /** The error envelope the service answers in. */
  envelope: EnvelopeKind
  /** Headers of a client holding every credential the service knows (API key, admin key …). */
  credentials: Record<string, string>
  /** Where Swagger UI is (default /docs; the router serves its project pages there). */
  swaggerUiPath?: string
  /** Operations beyond those of /openapi.json that take their own input (the gateway's agents). */
  extraOperations?: DocumentedRoute[]
  /**
   * Server errors that are the service working as designed in this set-up, each with why (an
   * outside source that is a closed port here). An internal error (500) is never one of them.
   */
  expectedServerErrors?: Array<{ status: number; body: RegExp; why: string }>
  /** Operations that can take away `credentials` (revoking a key): fuzzed after all the others. */
  runsLast?: (method: string, path: string) => boolean
  close(): Promise<void>
}

export interface ServiceTarget {
  name: string
  build(): Promise<ServiceUnderTest>
}

const silent = createLogger({ level: 'silent' })

/** The AML service's keys in these suites (reading the audit trail takes one). */
const AML_ADMIN = 'suite-aml-admin-key'
const AML_INTERNAL = 'suite-aml-internal-key'

/** Limits far above what a test sends: rate limits are not what these suites are about. */
const UNLIMITED_PER_MINUTE = 1_000_000

const DOMAIN: ServiceTarget = {
  name: 'domain',
  async build() {
    // The listings of the test fixture; valuations by the model of the shared listings file.
    const dir = mkdtempSync(join(tmpdir(), 'suite-domain-'))
    const file = join(dir, 'listings.csv')
    writeFileSync(file, csv(SAMPLE))
    const db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, file, gazetteer)
    const app = await buildDomain({
      logger: silent,
      store,
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot: buildSnapshot(await store.all(), gazetteer),
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      logRequests: false,
    })
    return {
      app,
      envelope: 'standard',
      credentials: {},
      expectedServerErrors: [
        {
          status: 503,
          body: /set LLM_BASE_URL/,
          why: 'no language model is configured here, and POST /api/chat needs one (503 naming LLM_BASE_URL, as the README says)',
        },
      ],
      async close() {
        await app.close()
        await db.close()
      },
    }
  },
}

const CONSOLE: ServiceTarget = {
  name: 'console',
  async build() {
    // The services the console calls are a closed port here: what needs them answers 502.
    const db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ConsoleStore(db, { passwordCost: TEST_PASSWORD_COST })
    await store.addUser('suite-admin', 'admin', 'suite admin password')
    const limiter = new MemoryRateLimiter()
    const app = await buildConsole({
      logger: silent,
      store,
      upstreams: new Upstreams(
        Object.fromEntries(UPSTREAMS.map((n) => [n, 'http://127.0.0.1:9'])) as Record<
          (typeof UPSTREAMS)[number],
          string
        >,
        DEV_OPERATOR_KEYS,
        // A closed port answers at once; without retries each such call is one refused connection.
        { timeoutMs: 1000, retries: 0 },
      ),
      rateLimiter: limiter,
      signInLimits: { windowMs: 60_000, perAddress: UNLIMITED_PER_MINUTE, perName: UNLIMITED_PER_MINUTE },
      sessionTtlMs: 3600_000,
      web: new Map(),
      logRequests: false,
    })
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { name: 'suite-admin', password: 'suite admin password' },
    })
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!
    return {
      app,
      envelope: 'standard',
      credentials: { cookie, 'x-csrf-token': signIn.json().data.csrf_token },
      expectedServerErrors: [
        {
          status: 502,
          body: /could not be reached or failed/,
          why: 'the services the console calls are a closed port here',
        },
        {
          status: 503,
          body: /npm run console:build/,
          why: 'the web app is not built in this suite (the pages say how to build it)',
        },
      ],
      // Signing out takes away the session the other operations use.
      runsLast: (method, path) => method === 'delete' && path === '/api/session',
      async close() {
        await app.close()
        await limiter.close()
        await db.close()
      },
    }
  },
}

export const SERVICES: readonly ServiceTarget[] = [
  {
    name: 'discovery',
    async build() {
      const limiter = new MemoryRateLimiter()
      const app = await buildDiscovery({
        logger: silent,
        dataset: prepareDataset(await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN)),
        origin: DEFAULT_ORIGIN,
        rateLimitPerMinute: UNLIMITED_PER_MINUTE,
        rateLimiter: limiter,
        securityContact: 'mailto:security@gatehouse.cz',
        logRequests: false,
      })
      return {
        app,
        envelope: 'discovery',
        credentials: {},
        async close() {
          await app.close()
          await limiter.close()
        },
      }
    },
  },
  {
    name: 'gateway',
    async build() {
      // The agents run in process with every outside source on a closed loopback port (as the
      // agent tests run them), the registry files and a subset of the sanctions lists local.
      const gw = await startTestGateway({
        env: {
          ...offlineEnv(),
          REGISTRY_DATA_DIR: REGISTRY_DIR,
          DNS_SERVERS: CLOSED_DNS,
          DNS_TIMEOUT_MS: '300',
          SANCTIONS_PATHS: SANCTIONS_SUBSET,
        },
      })
      const { key } = await gw.createKey({ rate_limit: -1, requests_per_minute: -1 })
      const credentials = { 'x-api-key': key, 'x-admin-key': gw.config.ADMIN_API_KEY }
      // Every agent takes its own input at POST /api/{service}/{agent}: each is an operation.
      const catalogue = await gw.app.inject({ url: '/api/agents', headers: credentials })
      const agents = catalogue.json().agents as Array<{ path: string; input_schema: Record<string, unknown> }>
      return {
        app: gw.app,
        envelope: 'gateway',
        credentials,
        extraOperations: agents.map((agent) => ({
          method: 'post',
          path: agent.path,
          operation: {
            requestBody: { content: { 'application/json': { schema: agent.input_schema } } },
            responses: {},
          },
        })),
        expectedServerErrors: [
          {
            status: 502,
            body: /"code":"upstream_error"/,
            why: 'an agent’s outside source is a closed port here',
          },
          {
            status: 504,
            body: /"code":"upstream_timeout"/,
            why: 'an agent’s outside source is a closed port here',
          },
        ],
        // Key ids are small integers: the fuzzed admin routes revoke and change the fuzzing key too.
        runsLast: (method, path) => path.startsWith('/admin/keys/revoke/') || method === 'patch',
        close: () => gw.stop(),
      }
    },
  },
  {
    name: 'aml',
    async build() {
      const replay = await startReplayServer()
      const db = openDatabase({ dataDir: '', file: ':memory:' })
      await db.migrate()
      const store = new AmlStore(db)
      const lists = new ListsHolder()
      // Two small lists (the Czech and the UN one) keep the build to a second or two; without the
      // shared folder the service stays in its loading state, which answers too.
      if (haveLists) {
        await importIntoStore(store, [join(SHARED_LISTS, 'cz'), join(SHARED_LISTS, 'un')])
        const loaded = await loadLists(store, {})
        const screener = createScreener({
          engine: loaded.engine,
          versions: loaded.versions,
          highRisk: loadHighRiskTable(),
          ares: new AresClient({ baseUrl: replay.aresUrl, retries: 0 }),
          isir: new IsirClient({ url: replay.isirUrl, retries: 0 }),
          budgets: { registry: 2000, insolvency: 2000 },
        })
        lists.ready(loaded.engine, screener, loaded.versions, 1)
      }
      const limiter = new MemoryRateLimiter()
      const app = await buildAml({
        logger: silent,
        store,
        lists,
        rateLimiter: limiter,
        rateLimitPerMinute: UNLIMITED_PER_MINUTE,
        auditKeys: { adminKey: AML_ADMIN, internalKey: AML_INTERNAL },
        slots: new LocalSemaphore(10, 1000),
        logRequests: false,
      })
      return {
        app,
        envelope: 'standard',
        credentials: { 'x-admin-key': AML_ADMIN },
        async close() {
          await app.close()
          await limiter.close()
          await db.close()
          await replay.close()
        },
      }
    },
  },
  {
    name: 'knowledge',
    async build() {
      const kb = await startKnowledge()
      // One document, so searches and answers go through every field of a result.
      const upload = multipart(
        { collection: 'aml_regulations', metadata: '{"language":"cs","tags":["aml"]}' },
        {
          name: 'identifikace.md',
          content:
            '# Identifikace klienta\n\n## Povinné osoby\n\nPovinná osoba identifikuje klienta a zjistí skutečného majitele.\n\n## Sankce\n\nZa porušení hrozí pokuta až 10 milionů Kč.\n',
        },
      )
      const res = await kb.app.inject({
        method: 'POST',
        url: '/upload',
        payload: upload.payload,
        headers: { ...upload.headers, ...KB_OPERATOR },
      })
      if (res.statusCode !== 201) throw new Error(`knowledge: upload failed: ${res.statusCode} ${res.body}`)
      return {
        app: kb.app,
        envelope: 'standard',
        // Uploads and deletions take an operator key: with it the fuzzer reaches their handlers.
        credentials: KB_OPERATOR,
        expectedServerErrors: [
          {
            status: 503,
            body: /set LLM_BASE_URL/,
            why: 'no language model is configured here, and answer_mode "generated" needs one (503 naming LLM_BASE_URL, as the README says)',
          },
        ],
        close: () => kb.close(),
      }
    },
  },
  // The domain service needs the shared gazetteer and listings (the domain tests skip without them too).
  ...(haveSharedData ? [DOMAIN] : []),
  {
    name: 'router',
    async build() {
      // /v1/context/sync writes the AI-tool files into CONTEXT_TARGET_DIR: a folder of its own,
      // never the working directory (the repository).
      const contextDir = mkdtempSync(join(tmpdir(), 'gatehouse-context-'))
      const h = await routerHarness({ start: false, env: { CONTEXT_TARGET_DIR: contextDir } })
      // The pages /web/* render, as a started router has them (its workers are not started).
      await h.router.loadPages()
      return {
        app: h.app,
        envelope: 'standard',
        credentials: { 'x-admin-key': ADMIN, 'x-api-key': INTERNAL },
        swaggerUiPath: '/api-docs/',
        expectedServerErrors: [
          {
            status: 503,
            body: /set LLM_BASE_URL/,
            why: 'no language model is configured here, and what needs one says so (503 naming LLM_BASE_URL)',
          },
          {
            status: 502,
            body: /unreachable at http:\/\/127\.0\.0\.1:9 /,
            why: 'the services the router calls and proxies to are a closed port here',
          },
        ],
        async close() {
          await h.close()
          rmSync(contextDir, { recursive: true, force: true })
        },
      }
    },
  },
  CONSOLE,
]
