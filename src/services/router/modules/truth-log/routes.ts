/**
 * The truth log over HTTP: POST /truth-log appends what a worker says it did; POST /truth-log/auto
 * records a finished job's outcome from the queue itself (once per job); GET /truth-log reads it
 * back and GET /truth-log/verify checks the chain. All need the internal key (X-API-Key).
 */

import { createHash } from 'node:crypto'
import { Type } from 'typebox'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import { isTerminal } from '../../../../engines/jobs/state.ts'
import type { Job } from '../../../../engines/jobs/types.ts'
import type { TruthLog, TruthLogEntry } from '../../../../engines/truth-log/chain.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError } from '../../../../kit/errors.ts'
import { Open } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
import { Paging } from '../../schemas.ts'
import { TruthLogAutoBody, TruthLogBody, TruthLogEntrySchema } from './schemas.ts'

/** Results up to this many characters of JSON are kept verbatim in the entry; larger ones by hash. */
const INLINE_RESULT_CHARS = 4000

/** Appends a finished job's outcome (idempotent: one entry per job). */
export function recordJobOutcome(log: TruthLog, job: Job): Promise<TruthLogEntry> {
  const result = job.result === null ? null : JSON.stringify(job.result)
  const content = JSON.stringify({
    job_id: job.id,
    kind: job.kind,
    attempts: job.attempts,
    ...(result !== null
      ? {
          result_sha256: createHash('sha256').update(result).digest('hex'),
          ...(result.length <= INLINE_RESULT_CHARS ? { result: job.result } : {}),
        }
      : {}),
    ...(job.error ? { error: job.error } : {}),
    finished_at: job.finished_at,
  })
  return log.append({
    worker: job.worker_id ?? 'router',
    task: job.task_id,
    content,
    status: job.status,
    autoJobId: job.id,
  })
}

export interface TruthLogDeps {
  truthLog: TruthLog
  /** Reads the job whose outcome /truth-log/auto records. */
  queue: Pick<JobQueue, 'get'>
}

export function registerTruthLog(app: App, deps: TruthLogDeps): void {
  const internal = { auth: 'internal' as const }

  app.post(
    '/truth-log',
    {
      config: internal,
      schema: {
        body: TruthLogBody,
        response: { 201: okSchema(Type.Object({ entry: TruthLogEntrySchema })) },
      },
    },
    async (request, reply) => {
      const entry = await deps.truthLog.append(request.body)
      reply.code(201)
      return ok(reply, { entry })
    },
  )

  app.post(
    '/truth-log/auto',
    {
      config: internal,
      schema: {
        body: TruthLogAutoBody,
        response: {
          200: okSchema(Type.Object({ entry: TruthLogEntrySchema, created: Type.Boolean() })),
          201: okSchema(Type.Object({ entry: TruthLogEntrySchema, created: Type.Boolean() })),
        },
      },
    },
    async (request, reply) => {
      const job = await deps.queue.get(request.body.job_id)
      if (!isTerminal(job.status)) {
        throw new AppError(
          'conflict',
          `Job ${job.id} is ${job.status}; only a finished job's outcome is recorded`,
          {
            job_id: job.id,
            status: job.status,
          },
        )
      }
      const existing = await deps.truthLog.byJob(job.id)
      const entry = existing ?? (await recordJobOutcome(deps.truthLog, job))
      reply.code(existing ? 200 : 201)
      return ok(reply, { entry, created: !existing })
    },
  )

  app.get(
    '/truth-log',
    {
      config: internal,
      schema: {
        response: {
          200: okSchema(
            Type.Object({
              items: Type.Array(TruthLogEntrySchema),
              total: Type.Integer(),
              limit: Type.Integer(),
              offset: Type.Integer(),
            }),
          ),
        },
        querystring: Type.Object(
          {
            worker: Type.Optional(Type.String({ maxLength: 200 })),
            task: Type.Optional(Type.String({ maxLength: 500 })),
            ...Paging,
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const q = request.query
      return ok(reply, await deps.truthLog.list({ ...q, limit: q.limit ?? 50, offset: q.offset ?? 0 }))
    },
  )

  app.get(
    '/truth-log/verify',
    {
      config: internal,
      schema: {
        response: {
          200: okSchema(
            Open({
              ok: Type.Boolean({ description: 'every entry links to the one before and hashes to its hash' }),
              entries: Type.Optional(Type.Integer()),
            }),
          ),
        },
      },
    },
    async (_request, reply) => ok(reply, await deps.truthLog.verify()),
  )
}
