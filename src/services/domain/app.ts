/**
 * The domain service: listings (reality ads and their statistics), valuation and market analysis.
 * `buildApp` wires routes to already built dependencies; it opens no file and no port (service.ts
 * loads), so tests drive it with `inject`. Envelope: {success, data, meta} and
 * {success:false, error:{code, message, details}, meta}.
 */
import type { Valuer } from '../../engines/realestate/valuation.ts'
import { registerApiDocs } from '../../kit/api-docs.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import { OPERATOR_SECURITY_SCHEMES, type OperatorKeys } from '../../kit/operator-keys.ts'
import { type App, createServer } from '../../kit/server.ts'
import { type ChatModel, registerChat } from './modules/chat/routes.ts'
import { registerContacts } from './modules/contacts/routes.ts'
import { SharedContact } from './modules/contacts/schemas.ts'
import type { ContactStore } from './modules/contacts/store.ts'
import { registerHealth } from './modules/health/routes.ts'
import { registerMap } from './modules/map/routes.ts'
import { registerMarket } from './modules/market/routes.ts'
import { registerPayments } from './modules/payments/routes.ts'
import type { VariableSymbolStore } from './modules/payments/store.ts'
import { registerReality } from './modules/reality/routes.ts'
import type { ListingStore } from './modules/reality/store.ts'
import { registerValuation } from './modules/valuation/routes.ts'
import type { Snapshot } from './state.ts'

export interface DomainDeps {
  logger: Logger
  store: ListingStore
  /** The contacts table (POST /api/contacts, search, the located list). */
  contacts: ContactStore
  snapshot: Snapshot
  /** The valuation model fitted on the snapshot's sales; null while there are too few to fit one. */
  valuer: Valuer | null
  /** The variable-symbol series (GET /api/vs/next). */
  symbols: VariableSymbolStore
  /** The keys that may take a variable symbol. */
  operatorKeys: OperatorKeys
  /**
   * POST /api/chat: the language model, the conversations and the loop's limits. Absent (or with
   * an unconfigured model) the route answers 503 naming LLM_BASE_URL; nothing else needs it.
   */
  chat?: ChatModel
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
  registerHealth(app, deps)
  registerReality(app, deps)
  registerValuation(app, deps)
  registerMarket(app, deps)
  registerPayments(app, deps)
  registerMap(app, deps)
  registerContacts(app, deps)
  registerChat(app, {
    snapshot: deps.snapshot,
    store: deps.store,
    valuer: deps.valuer,
    now: deps.now ?? (() => new Date()),
    chat: deps.chat,
  })
  return app
}
