/**
 * The scout: a company dossier from the public registers, the sanctions and PEP lists and the
 * company's own web page (src/engines/scout/dossier.ts).
 *
 * - POST /scout queues a `scout.dossier` job (202, poll GET /scout/{id}: status, progress per
 *   source, the dossier);
 * - POST /scout/quick answers at once from the registers and lists alone (no job, no website);
 * - GET /scout/portal-failed lists finished runs with a failed source and why;
 *   POST /scout/portal-failed/{id}/retry queues a new run that re-runs only those sources.
 *
 * Auth as the other job routes (ADR 0002): creating and reading runs is `key` level, scoped to the
 * caller's key when keys are required; a retry acts on a run others may rely on, so it takes the
 * operator's key, as POST /jobs/{id}/retry does.
 */

import { checkIco } from '../../../../engines/czech/identifiers.ts'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import { isTerminal } from '../../../../engines/jobs/state.ts'
import type { Job } from '../../../../engines/jobs/types.ts'
import { type Dossier, type DossierDeps, runDossier } from '../../../../engines/scout/dossier.ts'
import { type Egress, isEgressRefused } from '../../../../kit/egress.ts'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { IdParams } from '../../schemas.ts'
import { type DossierJobInput, progressOf, SCOUT_KIND } from './kind.ts'
import {
  DossierBody,
  PortalQuery,
  PortalResponse,
  QuickBody,
  QuickResponse,
  RetryResponse,
  RunResponse,
} from './schemas.ts'
import type { ScoutRun, ScoutRunStore } from './store.ts'

export interface ScoutDeps {
  queue: Pick<JobQueue, 'enqueue' | 'get' | 'getTask'>
  runs: ScoutRunStore
  /** The registers and the AML service, for quick dossiers (full ones run in the job). */
  dossier: DossierDeps
  /** Checks the website before a run is queued (the caller's own URL breaking a rule is a 400). */
  egress: Pick<Egress, 'check'>
  /** Whether built-in workers run here (a full dossier needs them). */
  workersRun: boolean
  /** Longest a dossier job may run (ms). */
  jobTimeoutMs: number
}

const operator = { auth: 'operator' } as const

/** The IČO in its 8-digit form, or a 400 naming `ico`; neither ico nor name is a 400 too. */
function subjectOf(body: { ico?: string | undefined; name?: string | undefined }): {
  ico?: string
  name?: string
} {
  if (body.ico === undefined && body.name === undefined)
    throw errors.invalid('ico', 'ico or name required', 'Give the company’s ico (IČO) or its name')
  const out: { ico?: string; name?: string } = {}
  if (body.ico !== undefined) {
    const check = checkIco(body.ico)
    if (!check.valid) throw errors.invalid('ico', check.reason, `ico: ${check.reason}`)
    out.ico = check.value
  }
  if (body.name !== undefined) {
    const name = body.name.trim()
    if (name.length < 2) throw errors.invalid('name', 'at least 2 characters besides spaces')
    out.name = name
  }
  return out
}

function runState(job: Job, extra: { retry_of?: string | undefined } = {}) {
  const dossier = job.status === 'SUCCEEDED' ? (job.result as Dossier) : null
  const input = (job.input ?? {}) as DossierJobInput
  return {
    id: job.id,
    task_id: job.task_id,
    status: job.status,
    status_url: `/scout/${job.id}`,
    retry_of: extra.retry_of ?? input.retry_of ?? null,
    // A finished run's progress is its dossier's (the last report may land after completion).
    progress: dossier ? progressOf(dossier.sources, undefined) : (job.progress ?? null),
    dossier,
    error: job.error ? { code: job.error.code, message: job.error.message } : null,
    created_at: job.created_at,
    finished_at: isTerminal(job.status) ? job.finished_at : null,
  }
}

function failedRun(run: ScoutRun) {
  return {
    id: run.id,
    task_id: run.task_id,
    ico: run.ico,
    name: run.name,
    failed: run.failed,
    retry_of: run.retry_of,
    finished_at: run.finished_at,
    status_url: `/scout/${run.id}`,
    retry_url: `/scout/portal-failed/${run.id}/retry`,
  }
}

export function registerScout(app: App, deps: ScoutDeps): void {
  const { queue } = deps

  function requireWorkers(): void {
    if (!deps.workersRun)
      throw new AppError(
        'service_unavailable',
        'Dossiers run on the router’s built-in workers, and ROUTER_WORKERS is 0 here; POST /scout/quick answers without them',
        { reason: 'no_builtin_workers' },
      )
  }

  /** A run of this kind that the caller may see (another key's run is "not found"). */
  async function ownedRun(id: string, keyId: string | undefined): Promise<Job> {
    const job = await queue.get(id).catch(() => undefined)
    if (!job || job.kind !== SCOUT_KIND) throw errors.notFound('Scout run', { id })
    if (keyId !== undefined && (await queue.getTask(job.task_id)).requested_by !== keyId)
      throw errors.notFound('Scout run', { id })
    return job
  }

  app.post(
    '/scout',
    {
      schema: {
        tags: ['scout'],
        summary: 'Queue a company dossier (202; poll the status URL)',
        body: DossierBody,
        response: { 202: RunResponse },
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.body)
      const website = request.body.website
      if (website !== undefined) {
        try {
          await deps.egress.check(website)
        } catch (error) {
          // The caller's own URL breaking a rule (scheme, credentials, a private address) is a 400
          // naming the field; a name that does not resolve now is the run's failed source instead.
          if (!isEgressRefused(error)) throw error
          if (error.status === 400)
            throw new AppError(error.code, error.message, { ...error.details, field: 'website' })
        }
      }
      requireWorkers()
      const input: DossierJobInput = { ...subject, ...(website !== undefined ? { website } : {}) }
      const { job } = await queue.enqueue({
        kind: SCOUT_KIND,
        input,
        requestedBy: request.apiKeyId,
        // Each source reports its own failure, so the job itself is not retried.
        maxAttempts: 1,
        leaseMs: 60_000,
        timeoutMs: deps.jobTimeoutMs,
      })
      reply.code(202).header('location', `/scout/${job.id}`)
      return ok(reply, runState(job))
    },
  )

  app.post(
    '/scout/quick',
    {
      schema: {
        tags: ['scout'],
        summary: 'A dossier at once from the registers and lists alone (no job, no website)',
        body: QuickBody,
        response: { 200: QuickResponse },
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.body)
      const dossier = await runDossier(subject, { ...deps.dossier, web: undefined }, { mode: 'quick' })
      return ok(reply, dossier)
    },
  )

  app.get(
    '/scout/portal-failed',
    {
      schema: {
        tags: ['scout'],
        summary: 'Finished runs with a failed source, which and why (newest first)',
        querystring: PortalQuery,
        response: { 200: PortalResponse },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? 50
      const offset = request.query.offset ?? 0
      const page = await deps.runs.listFailed({
        requested_by: request.apiKeyId,
        source: request.query.source,
        limit,
        offset,
      })
      return ok(reply, { items: page.items.map(failedRun), total: page.total, limit, offset })
    },
  )

  app.post(
    '/scout/portal-failed/:id/retry',
    {
      config: operator,
      schema: {
        tags: ['scout'],
        summary: 'Re-run only the failed sources of a run, as a new run (202)',
        params: IdParams,
        response: { 202: RetryResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const run = await deps.runs.get(id)
      if (!run) throw errors.notFound('Failed scout run', { id })
      if (run.failed.length === 0)
        throw new AppError('conflict', `Run ${id} has no failed source to retry`, {
          id,
          rule: 'a failed source',
        })
      requireWorkers()
      const original = await queue.get(id)
      const { retry_of: _previousRetry, ...subject } = original.input as DossierJobInput
      // One retry per run: the key makes a repeated (or concurrent) request answer with the same new run.
      const { job, created } = await queue.enqueue({
        kind: SCOUT_KIND,
        input: { ...subject, retry_of: id } satisfies DossierJobInput,
        idempotencyKey: `scout.retry:${id}`,
        // The new run belongs to whoever asked for the first one, who polls it.
        requestedBy: run.requested_by ?? undefined,
        maxAttempts: 1,
        leaseMs: 60_000,
        timeoutMs: deps.jobTimeoutMs,
      })
      await deps.runs.markRetried(id, job.id)
      reply.code(202).header('location', `/scout/${job.id}`)
      return ok(reply, { ...runState(job, { retry_of: id }), retrying: run.failed, created })
    },
  )

  app.get(
    '/scout/:id',
    {
      schema: {
        tags: ['scout'],
        summary: 'A run: status, progress per source, and the dossier once done',
        params: IdParams,
        response: { 200: RunResponse },
      },
    },
    async (request, reply) => ok(reply, runState(await ownedRun(request.params.id, request.apiKeyId))),
  )
}
