/**
 * Starting the domain service: open the store (migrations), fill an empty listings table from
 * LISTINGS_FILE (the shipped demo by default), load the listings into memory and build the app.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadGazetteer } from '../../engines/realestate/regions.ts'
import { MIN_SALES, Valuer } from '../../engines/realestate/valuation.ts'
import { readPolicyDir } from '../../engines/reference/load.ts'
import { openDatabase } from '../../kit/db.ts'
import { LlmClient, llmSettings } from '../../kit/llm.ts'
import { refuseDevKeysInProduction } from '../../kit/operator-keys.ts'
import type { RunningService, ServiceContext, StartConfig } from '../../kit/service.ts'
import { buildApp } from './app.ts'
import type { domainSpec } from './config.ts'
import { ConversationStore } from './modules/chat/store.ts'
import { ContactStore } from './modules/contacts/store.ts'
import { VariableSymbolStore } from './modules/payments/store.ts'
import { importListingsFile } from './modules/reality/importer.ts'
import { ListingStore } from './modules/reality/store.ts'
import { buildSnapshot } from './state.ts'

/** Starts the domain service (service.ts defines it; this code is loaded only then). */
export async function start(
  config: StartConfig<typeof domainSpec>,
  { logger }: ServiceContext,
): Promise<RunningService> {
  refuseDevKeysInProduction(config)
  // The operator's policy files, checked now: a file that does not fit stops the start.
  readPolicyDir(config.POLICY_DIR)
  const log = logger.child({ service: 'domain' })
  const gazetteer = loadGazetteer(resolve(config.REGISTRY_DATA_DIR))
  const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
  try {
    await db.migrate()
    const store = new ListingStore(db)
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
      contacts: new ContactStore(db),
      snapshot,
      valuer,
      symbols: new VariableSymbolStore(db),
      operatorKeys: { adminKey: config.ADMIN_API_KEY, internalKey: config.INTERNAL_API_KEY },
      chat: {
        llm: new LlmClient(llmSettings(config)),
        conversations: new ConversationStore(db, config.CHAT_HISTORY_MESSAGES),
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
}
