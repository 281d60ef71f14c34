/**
 * The domain service: listings (reality ads and their statistics), valuation and market analysis.
 * `buildApp` wires routes to already built dependencies; it opens no file and no port (service.ts
 * loads), so tests drive it with `inject`. Envelope: {success, data, meta} and
 * {success:false, error:{code, message, details}, meta}.
 */
import swagger from '@fastify/swagger'
import type { Valuer } from '../../engines/realestate/valuation.ts'
import type { Logger } from '../../kit/logger.ts'
import { type App, createServer } from '../../kit/server.ts'
import { registerHealthRoutes } from './routes/health.ts'
import { registerMarketRoutes } from './routes/market.ts'
import { registerRealityRoutes } from './routes/reality.ts'
import { registerValuationRoutes } from './routes/valuation.ts'
import type { Snapshot } from './state.ts'
import type { DomainStore } from './store.ts'

export interface DomainDeps {
  logger: Logger
  store: DomainStore
  snapshot: Snapshot
  /** The valuation model fitted on the snapshot's sales. */
  valuer: Valuer
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
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gatehouse domain API',
        version: '0.1.0',
        description:
          'Czech flat listings (reality ads and their statistics), valuation and market analysis. See src/services/domain/README.md.',
      },
      tags: [
        { name: 'health' },
        { name: 'reality', description: 'Listings held by the service' },
        { name: 'valuation', description: 'Estimates of single flats' },
        { name: 'market', description: 'Prices of areas' },
      ],
    },
    // @fastify/swagger has no option for the OpenAPI 3.1 dialect field; TypeBox schemas are 2020-12.
    transformObject: (document) =>
      'openapiObject' in document
        ? { ...document.openapiObject, jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema' }
        : document.swaggerObject,
  })
  registerHealthRoutes(app, deps)
  registerRealityRoutes(app, deps)
  registerValuationRoutes(app, deps)
  registerMarketRoutes(app, deps)
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  return app
}
