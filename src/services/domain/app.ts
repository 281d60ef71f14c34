/**
 * The domain service: listings (reality ads and their statistics), valuation and market analysis.
 * `buildApp` wires routes to already built dependencies; it opens no file and no port (service.ts
 * loads), so tests drive it with `inject`. Envelope: {success, data, meta} and
 * {success:false, error:{code, message, details}, meta}.
 */
import { MIN_SALES, type Valuer } from '../../engines/realestate/valuation.ts'
import { registerApiDocs } from '../../kit/api-docs.ts'
import { AppError } from '../../kit/errors.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import { OPERATOR_SECURITY_SCHEMES, type OperatorKeys } from '../../kit/operator-keys.ts'
import { type App, createServer } from '../../kit/server.ts'
import { SharedContact } from './contacts-schemas.ts'
import type { ContactStore } from './contacts-store.ts'
import { type ChatDeps, registerChatRoutes } from './routes/chat.ts'
import { registerContactRoutes } from './routes/contacts.ts'
import { registerHealthRoutes } from './routes/health.ts'
import { registerMapRoutes } from './routes/map.ts'
import { registerMarketRoutes } from './routes/market.ts'
import { registerPaymentRoutes } from './routes/payments.ts'
import { registerRealityRoutes } from './routes/reality.ts'
import { registerValuationRoutes } from './routes/valuation.ts'
import type { Snapshot } from './state.ts'
import type { DomainStore } from './store.ts'
import type { VariableSymbols } from './variable-symbols.ts'

export interface DomainDeps {
  logger: Logger
  store: DomainStore
  /** The contacts table (POST /api/contacts, search, the located list). */
  contacts: ContactStore
  snapshot: Snapshot
  /** The valuation model fitted on the snapshot's sales; null while there are too few to fit one. */
  valuer: Valuer | null
  /** The variable-symbol series (GET /api/vs/next). */
  symbols: VariableSymbols
  /** The keys that may take a variable symbol. */
  operatorKeys: OperatorKeys
  /**
   * POST /api/chat: the language model, the conversations and the loop's limits. Absent (or with
   * an unconfigured model) the route answers 503 naming LLM_BASE_URL; nothing else needs it.
   */
  chat?: ChatDeps
  /** The clock the opportunity thresholds are read at. */
  now?: () => Date
  logRequests?: boolean
  trustProxy?: boolean
}

export async function buildApp(deps: DomainDeps): Promise<App> {
  const app = createServer({
    name: 'domain',
    envelope: 'standard',
    logger: deps.logger,
    // Bodies are one flat or a handful to compare: 64 KiB is ample.
    bodyLimit: 64 * 1024,
    logRequests: deps.logRequests ?? true,
    trustProxy: deps.trustProxy ?? false,
  })
  await registerApiDocs(app, {
    title: 'Gatehouse domain API',
    version: '0.1.0',
    description:
      'Czech flat listings (reality ads and their statistics), valuation, trends and market analysis, the registry map (layers, clustered points, place search, statistics per kraj), QR payments and variable symbols, contacts, and a chat that answers questions about this data citing its figures. See src/services/domain/README.md.',
    tags: [
      { name: 'health' },
      { name: 'reality', description: 'Listings held by the service' },
      { name: 'valuation', description: 'Estimates of single flats' },
      { name: 'market', description: 'Prices of areas and their trends' },
      { name: 'payments', description: 'QR payments and variable symbols' },
      {
        name: 'map',
        description: 'The registry map: layers, clustered points, place search, statistics per kraj',
      },
      { name: 'contacts', description: 'People and companies, deduplicated; search and locations' },
      { name: 'chat', description: 'Questions about this data, answered by a language model with tools' },
    ],
    securitySchemes: OPERATOR_SECURITY_SCHEMES,
    errorEnvelope: 'standard',
    shared: [SharedContact],
  })
  registerHttpMetrics(app, { service: 'domain' })
  registerHealthRoutes(app, deps)
  registerRealityRoutes(app, deps)
  registerValuationRoutes(app, deps)
  registerMarketRoutes(app, deps)
  registerPaymentRoutes(app, deps)
  registerMapRoutes(app, deps)
  registerContactRoutes(app, deps)
  registerChatRoutes(app, {
    snapshot: deps.snapshot,
    store: deps.store,
    valuer: deps.valuer,
    now: deps.now ?? (() => new Date()),
    chat: deps.chat,
  })
  return app
}

/**
 * The valuation model, or a 503 that says why there is none and what to do: the table holds
 * fewer sales than a model needs (an empty table after LISTINGS_FILE=none, say).
 */
export function modelOf(deps: DomainDeps): Valuer {
  if (deps.valuer) return deps.valuer
  throw new AppError(
    'service_unavailable',
    `No valuation model: the listings table holds ${deps.snapshot.sales.length} usable sales and a model needs at least ${MIN_SALES}. Import listings (gatehouse realestate import FILE.csv) and restart the domain service.`,
  )
}
