/**
 * Tasks, jobs and workers: POST /tasks turns a request into a queued job; built-in workers and
 * registered assistant workers (POST /gpt/register, /gpt/heartbeat, /gpt/jobs/claim) run it and
 * report through /jobs/{id}/heartbeat|complete|fail; /jobs/{id}/cancel and /jobs/{id}/retry act on
 * it from outside. Every list pages with `limit` and `offset` and says how many there are.
 */
import { Type } from 'typebox'
import type { WorkerCredentials } from '../../../../engines/jobs/credentials.ts'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import type { Job, Task } from '../../../../engines/jobs/types.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { IdParams, Paging, Uuid } from '../../schemas.ts'
import {
  ClaimBody,
  ClaimedJobSchema,
  CompleteBody,
  CreateTaskBody,
  CredentialSchema,
  FailBody,
  HeartbeatBody,
  IssuedCredentialSchema,
  Kind,
  LeaseBody,
  PageOf,
  RegisterBody,
  SharedJob,
  SharedTask,
  Status,
  WorkerSchema,
} from './schemas.ts'

const OneJob = okSchema(Type.Object({ job: SharedJob.ref }))
const TaskAndJob = okSchema(Type.Object({ task: SharedTask.ref, job: SharedJob.ref }))
const TaskCreated = okSchema(
  Type.Object({ task: SharedTask.ref, job: SharedJob.ref, created: Type.Boolean() }),
)

export interface JobsDeps {
  queue: JobQueue
  /** Kinds the router's own workers run now (empty with ROUTER_WORKERS=0). */
  builtinKinds: readonly string[]
  /** Every built-in kind: they run only inside the router, so no external worker may take one. */
  reservedKinds: readonly string[]
  /** Worker keys an admin issues and revokes. */
  credentials: WorkerCredentials
  /** Checks a built-in kind's input at POST /tasks (throws a 400). */
  validateInput: (kind: string, input: unknown) => void
  defaults: { leaseSeconds: number; maxAttempts: number }
}

/** Under API keys: only the caller's own tasks and jobs (a key id); nothing to filter without keys. */
function ownerFilter(keyId: string | undefined): { requested_by?: string } {
  return keyId !== undefined ? { requested_by: keyId } : {}
}

/** Another key's task is "not found", as if it did not exist. */
function owned(task: Task, keyId: string | undefined): Task {
  if (keyId !== undefined && task.requested_by !== keyId) throw errors.notFound('Task', { id: task.id })
  return task
}

const worker = { auth: 'worker' } as const
const operator = { auth: 'operator' } as const
const admin = { auth: 'admin' } as const
/** Reading jobs: an operator (the console) sees every job, a gateway key its own. */
const reader = { auth: 'key_or_operator' } as const

export function registerJobs(app: App, deps: JobsDeps): void {
  const { queue } = deps

  async function ownedJob(id: string, keyId: string | undefined): Promise<Job> {
    const job = await queue.get(id)
    if (keyId !== undefined) owned(await queue.getTask(job.task_id), keyId)
    return job
  }

  async function assertKnownKind(kind: string): Promise<void> {
    if (deps.builtinKinds.includes(kind)) return
    const takers = await queue.listWorkers({ kind, limit: 1 })
    if (takers.total > 0) return
    throw errors.invalid(
      'kind',
      'a kind some worker takes',
      `No worker takes kind "${kind}": built-in kinds are ${deps.builtinKinds.join(', ')}; external workers declare theirs in POST /gpt/register`,
    )
  }

  app.post(
    '/tasks',
    {
      schema: {
        body: CreateTaskBody,
        response: { 200: TaskCreated, 201: TaskCreated },
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body
      const key = body.idempotency_key ?? request.headers['idempotency-key']
      await assertKnownKind(body.kind)
      deps.validateInput(body.kind, body.input ?? null)
      const { task, job, created } = await queue.enqueue({
        kind: body.kind,
        input: body.input ?? null,
        priority: body.priority,
        idempotencyKey: key,
        requestedBy: request.apiKeyId,
        maxAttempts: body.max_attempts ?? deps.defaults.maxAttempts,
        backoff: body.backoff?.type,
        backoffMs: body.backoff?.delay_ms,
        leaseMs: (body.lease_seconds ?? deps.defaults.leaseSeconds) * 1000,
        timeoutMs: body.timeout_seconds !== undefined ? body.timeout_seconds * 1000 : undefined,
        delayMs: (body.delay_seconds ?? 0) * 1000,
        truthLog: body.truth_log,
      })
      reply.code(created ? 201 : 200)
      if (created) reply.header('location', `/tasks/${task.id}`)
      return ok(reply, { task, job, created })
    },
  )

  app.get(
    '/tasks',
    {
      schema: {
        querystring: Type.Object(
          {
            status: Type.Optional(Status),
            kind: Type.Optional(Kind),
            requested_by: Type.Optional(Type.String({ maxLength: 200 })),
            ...Paging,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(PageOf(SharedTask.ref)) },
      },
    },
    // Under API keys a caller lists only its own tasks (and jobs, below).
    async (request, reply) =>
      ok(reply, await queue.listTasks({ ...request.query, ...ownerFilter(request.apiKeyId) })),
  )

  app.get(
    '/tasks/:id',
    { schema: { params: IdParams, response: { 200: okSchema(Type.Object({ task: SharedTask.ref })) } } },
    async (request, reply) =>
      ok(reply, { task: owned(await queue.getTask(request.params.id), request.apiKeyId) }),
  )

  app.get(
    '/jobs',
    {
      config: reader,
      schema: {
        querystring: Type.Object(
          {
            status: Type.Optional(Status),
            kind: Type.Optional(Kind),
            task_id: Type.Optional(Uuid),
            worker_id: Type.Optional(Type.String({ maxLength: 200 })),
            ...Paging,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(PageOf(SharedJob.ref)) },
      },
    },
    async (request, reply) =>
      ok(reply, await queue.listJobs({ ...request.query, ...ownerFilter(request.apiKeyId) })),
  )

  app.get(
    '/jobs/:id',
    { config: reader, schema: { params: IdParams, response: { 200: OneJob } } },
    async (request, reply) => ok(reply, { job: await ownedJob(request.params.id, request.apiKeyId) }),
  )

  app.post(
    '/jobs/:id/heartbeat',
    {
      config: worker,
      schema: {
        params: IdParams,
        body: LeaseBody,
        response: {
          200: okSchema(
            Type.Object({
              job_id: Uuid,
              status: Status,
              lease_expires_at: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const job = await queue.heartbeat(request.params.id, request.body.lease_token)
      return ok(reply, { job_id: job.id, status: job.status, lease_expires_at: job.lease_expires_at })
    },
  )

  app.post(
    '/jobs/:id/complete',
    { config: worker, schema: { params: IdParams, body: CompleteBody, response: { 200: OneJob } } },
    async (request, reply) =>
      ok(reply, {
        job: await queue.complete(request.params.id, request.body.lease_token, request.body.result ?? null),
      }),
  )

  app.post(
    '/jobs/:id/fail',
    { config: worker, schema: { params: IdParams, body: FailBody, response: { 200: OneJob } } },
    async (request, reply) => {
      const { lease_token, error, retryable } = request.body
      const job = await queue.fail(request.params.id, lease_token, {
        code: error.code ?? 'worker_error',
        message: error.message,
        retryable: retryable ?? true,
      })
      return ok(reply, { job })
    },
  )

  app.post(
    '/jobs/:id/cancel',
    { config: operator, schema: { params: IdParams, response: { 200: OneJob } } },
    async (request, reply) => ok(reply, { job: await queue.cancel(request.params.id) }),
  )

  app.post(
    '/jobs/:id/retry',
    { config: operator, schema: { params: IdParams, response: { 201: TaskAndJob } } },
    async (request, reply) => {
      const { task, job } = await queue.redrive(request.params.id)
      reply.code(201)
      return ok(reply, { task, job })
    },
  )

  app.get(
    '/workers',
    {
      schema: {
        querystring: Type.Object(
          {
            kind: Type.Optional(Kind),
            type: Type.Optional(Type.Union([Type.Literal('builtin'), Type.Literal('external')])),
            online: Type.Optional(Type.Boolean()),
            ...Paging,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(PageOf(WorkerSchema)) },
      },
    },
    async (request, reply) => ok(reply, await queue.listWorkers(request.query)),
  )

  app.post(
    '/gpt/register',
    {
      config: worker,
      schema: {
        body: RegisterBody,
        response: {
          201: okSchema(
            Type.Object({
              worker: WorkerSchema,
              heartbeat_seconds: Type.Integer(),
              lease_seconds: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const b = request.body
      const reserved = b.kinds.filter((kind) => deps.reservedKinds.includes(kind))
      if (reserved.length > 0) {
        throw new AppError(
          'forbidden',
          `Built-in kinds run only inside the router: ${reserved.join(', ')}. Declare kinds of your own.`,
          { field: 'kinds', kinds: reserved },
        )
      }
      const registered = await queue.registerWorker({
        owner: request.workerOwner,
        ...(b.worker_id ? { id: b.worker_id } : {}),
        name: b.name,
        type: 'external',
        kinds: b.kinds,
        capacity: b.capacity,
        version: b.version,
        meta: b.meta,
      })
      reply.code(201)
      return ok(reply, {
        worker: registered,
        // What the worker must do to keep its jobs: heartbeat well within the lease.
        heartbeat_seconds: Math.max(1, Math.floor(deps.defaults.leaseSeconds / 3)),
        lease_seconds: deps.defaults.leaseSeconds,
      })
    },
  )

  app.post(
    '/gpt/heartbeat',
    {
      config: worker,
      schema: {
        body: HeartbeatBody,
        response: {
          200: okSchema(
            Type.Object({
              worker: WorkerSchema,
              extended: Type.Integer({ description: 'leases extended' }),
              jobs: Type.Array(Type.Object({ id: Uuid, status: Status })),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const b = request.body
      return ok(
        reply,
        await queue.workerHeartbeat(b.worker_id, {
          version: b.version,
          jobIds: b.job_ids,
          owner: request.workerOwner,
        }),
      )
    },
  )

  /**
   * Long poll: waits up to `wait_seconds` for work of the worker's kinds, so an idle worker makes
   * one request every 30 s instead of hammering the queue.
   */
  app.post(
    '/gpt/jobs/claim',
    {
      config: worker,
      schema: {
        body: ClaimBody,
        response: { 200: okSchema(Type.Object({ jobs: Type.Array(ClaimedJobSchema) })) },
      },
    },
    async (request, reply) => {
      const b = request.body
      // A claim is a sign of life: it counts as a heartbeat (the worker shows online, its leases hold).
      const { worker: self } = await queue.workerHeartbeat(b.worker_id, { owner: request.workerOwner })
      const max = Math.min(b.max ?? self.capacity, self.capacity)
      const deadline = Date.now() + (b.wait_seconds ?? 0) * 1000
      let generation = queue.workGeneration
      let jobs = await queue.claim(self.id, self.kinds, max)
      // The request's body stream ends (and is destroyed) once read; only the socket closing means the
      // worker went away, and then nothing more is claimed for it.
      while (jobs.length === 0 && Date.now() < deadline && !request.socket.destroyed) {
        await queue.waitForWork(Math.min(250, deadline - Date.now()), generation)
        generation = queue.workGeneration
        if (request.socket.destroyed) break
        jobs = await queue.claim(self.id, self.kinds, max)
      }
      return ok(reply, { jobs })
    },
  )

  app.post(
    '/workers/credentials',
    {
      config: admin,
      schema: {
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 100, description: 'who runs the worker' }) },
          { additionalProperties: false },
        ),
        response: { 201: okSchema(Type.Object({ credential: IssuedCredentialSchema })) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return ok(reply, { credential: await deps.credentials.issue(request.body.name) })
    },
  )

  app.get(
    '/workers/credentials',
    {
      config: admin,
      schema: { response: { 200: okSchema(Type.Object({ credentials: Type.Array(CredentialSchema) })) } },
    },
    async (_request, reply) => ok(reply, { credentials: await deps.credentials.list() }),
  )

  app.delete(
    '/workers/credentials/:id',
    {
      config: admin,
      schema: {
        params: IdParams,
        response: { 200: okSchema(Type.Object({ credential: CredentialSchema })) },
      },
    },
    async (request, reply) => ok(reply, { credential: await deps.credentials.revoke(request.params.id) }),
  )
}
