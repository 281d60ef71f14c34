/**
 * GET /health (ready, loading or failed, with the lists loaded), GET /api/aml/lists (the versions,
 * active or superseded) and POST /api/aml/screenings/{id}/rescreen (an old screening reproduced
 * against the versions its record names).
 */
import { LEVEL_BANDS, MODULE_WEIGHTS, screenSubject } from '../../../../engines/aml/index.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import { operatorOnly } from '../../../../kit/operator-keys.ts'
import type { Semaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import type { AmlStore } from '../../store.ts'
import { ScreeningIdParams } from '../screening/schemas.ts'
import type { ListsHolder } from './holder.ts'
import {
  AsOfEngines,
  differences,
  keyOf,
  recordedSanctions,
  recordedVersions,
  screenedSubject,
} from './rescreen.ts'
import { HealthResponse, ListsResponse, RescreenResponse } from './schemas.ts'
import { versionViews, withStatusNow } from './versions.ts'

export interface ListsDeps {
  store: Pick<AmlStore, 'listVersions' | 'loadVersionsById' | 'getScreening'>
  lists: Pick<ListsHolder, 'state'>
  /** GET /health reports the screenings running; a rescreen takes a screening slot. */
  slots: Pick<Semaphore, 'inUse' | 'acquire' | 'max'>
  /** Reproducing a screening (its record names a person) takes one of these keys. */
  auditKeys: { adminKey: string; internalKey: string }
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
  const asOf = new AsOfEngines(deps.store, () =>
    deps.lists.state.status === 'ready' ? deps.lists.state.engine.threshold : 0.86,
  )
  app.addHook('onClose', async () => asOf.drop())

  app.post(
    '/api/aml/screenings/:screening_id/rescreen',
    {
      onRequest: operatorOnly(deps.auditKeys, 'Reproducing a screening'),
      schema: {
        security: [{ adminKey: [] }, { internalKey: [] }],
        tags: ['screening'],
        summary: 'Reproduce a stored screening against the list versions its record names',
        description:
          'Screens the subject of the record again by the sanctions lists, against the versions the record names (superseded ones included) and at its threshold, and compares the hits with those recorded. Registers (ARES, ISIR) are not asked again: a company given by IČO alone is screened by the name ARES gave then. Nothing is stored. 409 when a version the record names is not in the store.',
        params: ScreeningIdParams,
        response: { 200: RescreenResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.screening_id
      const record = await deps.store.getScreening(id)
      if (!record) throw errors.notFound(`Screening ${id}`, { screening_id: id })
      const stored = await deps.store.listVersions()
      const versions = recordedVersions(record, stored)
      const subject = screenedSubject(record)
      const recorded = recordedSanctions(record)
      const release = await deps.slots.acquire()
      if (!release)
        throw errors.unavailable(`All ${deps.slots.max} screening slots are busy; retry in a moment`, 1, {
          concurrent_limit: deps.slots.max,
        })
      try {
        const s = deps.lists.state
        const inUse = s.status === 'ready' && keyOf(s.versions) === keyOf(versions)
        const engine = inUse && s.status === 'ready' ? s.engine : await asOf.get(versions)
        const threshold = recorded.threshold ?? engine.threshold
        const matches = screenSubject(engine, subject, { threshold })
        const changed = differences(recorded.matches, matches)
        return ok(reply, {
          screening_id: id,
          screened_at: record.created_at,
          rescreened_at: new Date().toISOString(),
          list_versions: withStatusNow(record.list_versions as Record<string, unknown>[], stored),
          engine: inUse ? ('in_use' as const) : ('rebuilt' as const),
          threshold,
          matches,
          recorded_matches: recorded.matches,
          reproduced: changed.length === 0,
          differences: changed,
        })
      } finally {
        release()
      }
    },
  )
}
