/**
 * GET /health: 200 once the listings are loaded and the valuation model fitted (before listening);
 * `model` is null when the table holds too few sales to fit one (valuations then answer 503).
 */

import type { Valuer } from '../../../../engines/realestate/valuation.ts'
import { ok } from '../../../../kit/envelope.ts'
import type { App } from '../../../../kit/server.ts'
import { ERRORS } from '../../schemas.ts'
import type { Snapshot } from '../../state.ts'
import { HealthResponse } from './schemas.ts'

export interface HealthDeps {
  snapshot: Snapshot
  /** The valuation model, or null while there are too few sales to fit one. */
  valuer: Valuer | null
}

export function registerHealth(app: App, deps: HealthDeps): void {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness: listings loaded',
        tags: ['health'],
        response: { 200: HealthResponse, 503: ERRORS[503] },
      },
    },
    async (_request, reply) => {
      return ok(reply, {
        status: 'ready' as const,
        listings: deps.snapshot.listings,
        sales: deps.snapshot.sales.length,
        as_of: deps.snapshot.asOf,
        model: deps.valuer?.info ?? null,
      })
    },
  )
}
