/** GET /health (ready, loading or failed, with the lists loaded) and GET /api/aml/lists. */
import { LEVEL_BANDS, MODULE_WEIGHTS } from '../../../../engines/aml/index.ts'
import { ok } from '../../../../kit/envelope.ts'
import type { Semaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import type { AmlStore } from '../../store.ts'
import type { ListsHolder } from './holder.ts'
import { HealthResponse, ListsResponse } from './schemas.ts'
import { versionViews } from './versions.ts'

export interface ListsDeps {
  store: Pick<AmlStore, 'listVersions'>
  lists: Pick<ListsHolder, 'state'>
  /** GET /health reports the screenings running. */
  slots: Pick<Semaphore, 'inUse'>
  /** Seconds a client is told to wait while the lists load (default 5). */
  loadingRetryAfterSeconds?: number | undefined
}

export function registerLists(app: App, deps: ListsDeps): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the lists are loaded, 503 otherwise',
        response: {
          200: HealthResponse,
          503: {
            $ref: 'Error#',
            description:
              'The lists are loading (Retry-After: a few seconds) or failed to load (Retry-After: 60).',
          },
        },
      },
    },
    async (_req, reply) => {
      const s = deps.lists.state
      if (s.status !== 'ready') {
        reply
          .code(503)
          .header('retry-after', String(s.status === 'loading' ? (deps.loadingRetryAfterSeconds ?? 5) : 60))
        return {
          success: false,
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: s.status === 'loading' ? `lists loading (${s.step})` : `no lists loaded: ${s.reason}`,
          },
          meta: { request_id: reply.request.id },
        }
      }
      return ok(reply, {
        status: 'ready',
        loaded_at: s.loadedAt,
        load_ms: s.loadMs,
        entities: s.engine.stats.entities,
        names: s.engine.stats.names,
        lists: [...new Set(s.versions.map((v) => v.list))].sort(),
        screenings_running: deps.slots.inUse,
      })
    },
  )

  app.get(
    '/api/aml/lists',
    {
      schema: {
        tags: ['lists'],
        summary: 'List versions stored (active or superseded), engine figures, weights and bands',
        description:
          'Every stored version of every list: the newest of each list is active and screened; older ones are superseded and kept for the audit trail and for reproducing old screenings (a names-only active version takes ids, birth dates and identifiers from the superseded full versions it names in details_from). in_use says whether this instance screens with the version now.',
        response: { 200: ListsResponse },
      },
    },
    async (_req, reply) => {
      const s = deps.lists.state
      const stored = await deps.store.listVersions()
      return ok(reply, {
        status: s.status,
        versions: versionViews(stored, s.status === 'ready' ? s.versions : []),
        ...(s.status === 'ready'
          ? { engine: { ...s.engine.stats, threshold: s.engine.threshold }, loaded_at: s.loadedAt }
          : {}),
        module_weights: MODULE_WEIGHTS,
        level_bands: LEVEL_BANDS,
      })
    },
  )
}
