/**
 * Starting the domain service: open the store (migrations), fill an empty listings table from
 * LISTINGS_FILE (the shipped demo by default), load the listings into memory and build the app.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadGazetteer } from '../../engines/realestate/regions.ts'
import { MIN_SALES, Valuer } from '../../engines/realestate/valuation.ts'
import { policySpec } from '../../engines/reference/config.ts'
import { readPolicyDir } from '../../engines/reference/load.ts'
import { env } from '../../kit/config.ts'
import { openDatabase } from '../../kit/db.ts'
import { LlmClient, llmSettings, llmSpec } from '../../kit/llm.ts'
import { operatorKeySpec, refuseDevKeysInProduction } from '../../kit/operator-keys.ts'
import { defineService } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import { CHAT_DEFAULTS } from './modules/chat/routes.ts'
import { ChatStore } from './modules/chat/store.ts'
import { ContactStore } from './modules/contacts/store.ts'
import { VariableSymbols } from './modules/payments/variable-symbols.ts'
import { importListingsFile } from './modules/reality/importer.ts'
import { DomainStore } from './modules/reality/store.ts'
import { buildSnapshot } from './state.ts'

export const domainSpec = {
  // The listing thresholds of the market map and chat are the operator's policy (docs/policy.md).
  ...policySpec,
  // GET /api/vs/next takes one of them (variable symbols are shared state).
  ...operatorKeySpec,
  LISTINGS_FILE: env.string({
    default: '../shared/data/realestate/sreality_byty_prodej_20240412.csv',
    doc: 'listings CSV (Sreality format) imported into an empty listings table at start-up ("none" to skip)',
  }),
  // POST /api/chat: the language model (without LLM_BASE_URL the route is a 503) and its limits.
  ...llmSpec,
  CHAT_MAX_ROUNDS: env.int({
    default: CHAT_DEFAULTS.maxRounds,
    min: 1,
    max: 10,
    doc: 'rounds of tool calls per question before the model must answer',
  }),
  CHAT_DEADLINE_SECONDS: env.int({
    default: CHAT_DEFAULTS.deadlineMs / 1000,
    min: 1,
    max: 600,
    doc: 'overall time for one question, all model calls and tools included (504 past it)',
  }),
  CHAT_HISTORY_MESSAGES: env.int({
    default: CHAT_DEFAULTS.historyMessages,
    min: 2,
    max: 200,
    doc: 'messages kept per conversation and sent back as history',
  }),
  REGISTRY_DATA_DIR: env.string({
    default: '../shared/data/registry',
    doc: 'folder holding psc-list.csv, the RÚIAN gazetteer (municipalities, parts, postcodes)',
  }),
}

export const domainService = defineService({
  name: 'domain',
  defaultPort: 8400,
  description: 'listings, valuation and market analysis, contacts',
  spec: domainSpec,
  async start(config, { logger }) {
    refuseDevKeysInProduction(config)
    // The operator's policy files, checked now: a file that does not fit stops the start.
    readPolicyDir(config.POLICY_DIR)
    const log = logger.child({ service: 'domain' })
    const gazetteer = loadGazetteer(resolve(config.REGISTRY_DATA_DIR))
    const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
    try {
      await db.migrate()
      const store = new DomainStore(db.as())
      const notes: string[] = []
      if ((await store.count()) === 0 && config.LISTINGS_FILE !== 'none') {
        const file = resolve(config.LISTINGS_FILE)
        if (existsSync(file)) {
          const report = await importListingsFile(store, file, gazetteer)
          log.info(
            { file, listings: report.written, rejected: report.rejected.length },
            'listings table was empty: imported LISTINGS_FILE',
          )
          notes.push(`imported ${report.written} listings from ${file} into the empty table`)
        } else {
          log.warn({ file }, 'listings table is empty and LISTINGS_FILE does not exist')
          notes.push(
            `no listings: ${file} does not exist (set LISTINGS_FILE or run gatehouse realestate import)`,
          )
        }
      }
      const snapshot = buildSnapshot(await store.all(), gazetteer)
      notes.push(
        `${snapshot.listings} listings held (${snapshot.sales.length} usable sales, as of ${snapshot.asOf || '—'})`,
      )
      // Fitting takes about 5 s for the demo's 13,000 sales (one core), once per start. Too few
      // sales (an empty table) leave the service up without a model: valuations answer 503.
      let valuer: Valuer | null = null
      if (snapshot.sales.length >= MIN_SALES) {
        valuer = Valuer.fit(snapshot.sales)
        log.info({ ...valuer.info, calibration: undefined }, 'valuation model fitted')
        notes.push(
          `valuation model: ${valuer.info.trees} trees fitted on ${valuer.info.fitted_on} sales in ${valuer.info.fit_ms} ms`,
        )
      } else {
        log.warn({ sales: snapshot.sales.length }, 'too few sales for a valuation model')
        notes.push(
          `no valuation model: ${snapshot.sales.length} usable sales, at least ${MIN_SALES} needed (gatehouse realestate import FILE.csv, then restart)`,
        )
      }
      notes.push(
        config.LLM_BASE_URL
          ? `chat: model ${config.LLM_MODEL} (LLM_BASE_URL set)`
          : 'chat: no LLM_BASE_URL, POST /api/chat answers 503',
      )
      const app = await buildApp({
        logger,
        store,
        contacts: new ContactStore(db.as()),
        snapshot,
        valuer,
        symbols: new VariableSymbols(db.as()),
        operatorKeys: { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
        chat: {
          llm: new LlmClient(llmSettings(config)),
          conversations: new ChatStore(db.as(), config.CHAT_HISTORY_MESSAGES),
          limits: {
            maxRounds: config.CHAT_MAX_ROUNDS,
            deadlineMs: config.CHAT_DEADLINE_SECONDS * 1000,
            callTimeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
          },
        },
      })
      return {
        app,
        notes,
        async close() {
          await db.close()
        },
      }
    } catch (error) {
      await db.close()
      throw error
    }
  },
})
