/**
 * One valuation: the property_valuation agent (the listings file) and the domain service's
 * /api/estimate (the same listings imported into its table, read back in another order) give the
 * same figure for the same flat — the same engine, fitted on the same listings, moved to the same
 * valuation date by the same index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyValuation } from '../../src/agents/real-estate/property_valuation.ts'
import { loadGazetteer } from '../../src/engines/realestate/regions.ts'
import { valuerFor } from '../../src/engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../src/kit/operator-keys.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp } from '../../src/services/domain/app.ts'
import { ContactStore } from '../../src/services/domain/modules/contacts/store.ts'
import { VariableSymbolStore } from '../../src/services/domain/modules/payments/store.ts'
import { importListingsFile } from '../../src/services/domain/modules/reality/importer.ts'
import { ListingStore } from '../../src/services/domain/modules/reality/store.ts'
import { buildSnapshot } from '../../src/services/domain/state.ts'
import { CLOSED_URL, testDispatcher } from '../agents/harness.ts'
import { haveSharedData, REGISTRY_DIR, SHARED_LISTINGS } from '../domain/fixtures.ts'
import { replayDeps } from '../sources/routes.ts'

/** Flats across the country: Prague, Brno, Ostrava, Plzeň, Olomouc (real WGS84). */
const FLATS = [
  { latitude: 50.0707, longitude: 14.4036, area_m2: 55, disposition: '2+kk' },
  { latitude: 50.0833, longitude: 14.4285, area_m2: 78, disposition: '3+1' },
  { latitude: 49.1951, longitude: 16.6068, area_m2: 68, disposition: '3+kk' },
  { latitude: 49.8257, longitude: 18.1697, area_m2: 75, disposition: '3+1' },
  { latitude: 49.7475, longitude: 13.3776, area_m2: 42, disposition: '1+kk' },
  { latitude: 49.5938, longitude: 17.2509, area_m2: 61, disposition: '2+1' },
]

describe.skipIf(!haveSharedData)('one valuation engine', () => {
  let db: Database
  let app: App
  const today = new Date().toISOString().slice(0, 10)
  const agent = testDispatcher([propertyValuation], replayDeps(CLOSED_URL))
  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, SHARED_LISTINGS, gazetteer)
    const snapshot = buildSnapshot(await store.all(), gazetteer)
    app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store,
      symbols: new VariableSymbolStore(db),
      contacts: new ContactStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot,
      valuer: valuerFor(snapshot.sales),
      logRequests: false,
    })
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('gives the same estimate, range and CZK/m² for the same flat through the agent and /api/estimate', async () => {
    for (const flat of FLATS) {
      const res = await app.inject({ method: 'POST', url: '/api/estimate', payload: flat })
      expect(res.statusCode).toBe(200)
      const domain = res.json().data
      const out = (
        await agent.call(
          'real-estate',
          'property_valuation',
          { ...flat, valuation_date: today },
          {
            now: new Date(),
            lang: 'en',
          },
        )
      ).output as Record<string, unknown>
      expect(out, JSON.stringify(flat)).toMatchObject({
        estimate: domain.estimate,
        range: domain.range,
        model_price_per_m2: domain.price_per_m2,
        confidence: domain.confidence,
        valuation_date: domain.valuation_date,
        index_factor: domain.indexation.factor,
      })
    }
  }, 180_000)
})
