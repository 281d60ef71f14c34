/**
 * The `scout.dossier` job kind: POST /scout queues it, a built-in worker builds the dossier
 * (src/engines/scout/dossier.ts), storing on the job after each source which ones are done, and
 * records the finished run with its failed sources (GET /scout/portal-failed). A retry
 * (`retry_of`) re-runs only the sources that failed in that run and keeps the others' answers.
 */
import type { Static } from 'typebox'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import {
  DOSSIER_SOURCES,
  type Dossier,
  type DossierDeps,
  type DossierSource,
  runDossier,
  type SourceOutcome,
} from '../../../../engines/scout/dossier.ts'
import type { BuiltinKind } from '../jobs/builtin-kinds.ts'
import { DossierInput } from './schemas.ts'
import type { ScoutRunStore } from './store.ts'

export const SCOUT_KIND = 'scout.dossier'

/** What a scout.dossier job takes: its input schema, checked when the task is posted. */
export type DossierJobInput = Static<typeof DossierInput>

/** The job's progress: every source with its status so far (`pending` until it is done). */
export function progressOf(outcomes: SourceOutcome[], only: readonly DossierSource[] | undefined) {
  const byName = new Map(outcomes.map((o) => [o.source, o]))
  const sources = DOSSIER_SOURCES.map((source) => {
    const o = byName.get(source)
    return { source, status: o?.status ?? 'pending', reason: o?.reason ?? null }
  })
  const runs = only ?? DOSSIER_SOURCES
  return {
    done: runs.filter((s) => byName.has(s)).length,
    total: runs.length,
    sources,
  }
}

export function scoutKind(deps: {
  dossier: DossierDeps
  queue: Pick<JobQueue, 'get' | 'getTask'>
  runs: ScoutRunStore
}): BuiltinKind {
  return {
    description:
      'Builds a company dossier: ARES record and statutory bodies, sanctions and PEP screening, ISIR insolvency, VAT reliability and the website, each source ok, failed with the reason, or not applicable.',
    input: DossierInput as unknown as Record<string, unknown>,
    run: async (input, ctx) => {
      const i = input as DossierJobInput
      let previous: Dossier | undefined
      let only: DossierSource[] | undefined
      if (i.retry_of) {
        previous = (await deps.queue.get(i.retry_of)).result as Dossier
        only = previous.sources.filter((s) => s.status === 'failed').map((s) => s.source as DossierSource)
      }
      ctx.progress(progressOf(previous?.sources.filter((s) => !only?.includes(s.source)) ?? [], only))
      const dossier = await runDossier({ ico: i.ico, name: i.name, website: i.website }, deps.dossier, {
        mode: 'full',
        only,
        previous,
        signal: ctx.signal,
        onProgress: (outcomes) => ctx.progress(progressOf(outcomes, only)),
      })
      const task = await deps.queue.getTask(ctx.job.task_id)
      await deps.runs.record({
        id: ctx.job.id,
        task_id: ctx.job.task_id,
        requested_by: task.requested_by,
        ico: dossier.subject.ico,
        name: dossier.subject.name,
        failed: dossier.sources
          .filter((s) => s.status === 'failed')
          .map((s) => ({ source: s.source, reason: s.reason ?? 'failed' })),
        retry_of: i.retry_of ?? null,
      })
      return dossier
    },
  }
}
