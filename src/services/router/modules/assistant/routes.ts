/**
 * The assistant configuration: POST /v1/gpt/sync (admin) publishes a new version of the
 * instructions and the tool catalogue (drawn from the agents and the platform's services);
 * GET /v1/gpt/status tells the current version, when it was synced and which worker runs which
 * version (workers report it in their heartbeats); GET /v1/gpt/config is what a worker loads.
 */

import { Type } from 'typebox'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
import type { Catalogue } from '../../tool-catalogue.ts'
import { GptSync } from './schemas.ts'
import type { AssistantConfigStore } from './store.ts'

export const DEFAULT_INSTRUCTIONS = `You are the Gatehouse assistant for Czech businesses that must know who they deal with.
Answer from the platform's tools, never from memory: screen people and companies with the AML tools,
look companies up by IČO with the data agents, search regulations with knowledge_search, and say which
tool gave each fact. When a tool fails or finds nothing, say so plainly; never invent registry data.
Answer in the language of the question (Czech or English).`

/** The catalogue as published: names, services, descriptions and argument schemas. */
function toolCatalogue(deps: AssistantDeps): unknown[] {
  const tools = deps.catalogue.tools.map((t) => ({
    type: 'function',
    service: t.service,
    function: { name: t.name, description: t.description, parameters: t.inputSchema },
  }))
  const kinds = deps.builtinKinds.map((kind) => ({ type: 'job_kind', name: kind, route: 'POST /tasks' }))
  return [...tools, ...kinds]
}

export interface AssistantDeps {
  configs: AssistantConfigStore
  catalogue: Catalogue
  builtinKinds: readonly string[]
  /** Lists the workers whose loaded versions /v1/gpt/status reports. */
  queue: Pick<JobQueue, 'listWorkers'>
  /** Told when /v1/gpt/sync publishes a version (the built-in pool reports it in heartbeats). */
  onVersion?: ((version: number) => void) | undefined
}

export function registerAssistant(app: App, deps: AssistantDeps): void {
  app.post(
    '/v1/gpt/sync',
    {
      config: { auth: 'admin' },
      schema: {
        body: Type.Optional(
          Type.Object(
            {
              instructions: Type.Optional(Type.String({ minLength: 1, maxLength: 32_000 })),
              note: Type.Optional(Type.String({ maxLength: 500 })),
            },
            { additionalProperties: false },
          ),
        ),
        response: { 200: GptSync, 201: GptSync },
      },
    },
    async (request, reply) => {
      const current = await deps.configs.currentGpt()
      const instructions = request.body?.instructions ?? current?.instructions ?? DEFAULT_INSTRUCTIONS
      const { version, changed } = await deps.configs.publishGpt({
        instructions,
        tools: toolCatalogue(deps),
        note: request.body?.note,
      })
      if (changed) deps.onVersion?.(version.version)
      reply.code(changed ? 201 : 200)
      return ok(reply, {
        changed,
        version: version.version,
        hash: version.hash,
        synced_at: version.synced_at,
        tools: version.tools.length,
        previous_version: changed ? (current?.version ?? null) : null,
      })
    },
  )

  app.get(
    '/v1/gpt/status',
    {
      schema: {
        response: {
          200: okSchema(
            Type.Object({
              current: Nullable(
                Type.Object({
                  version: Type.Integer(),
                  hash: Type.String(),
                  synced_at: Type.String(),
                  tools: Type.Integer(),
                  note: Nullable(Type.String()),
                }),
              ),
              workers: Type.Array(
                Type.Object({
                  id: Type.String(),
                  name: Type.String(),
                  type: Type.String(),
                  online: Type.Boolean(),
                  version: Nullable(Type.String()),
                  up_to_date: Type.Boolean(),
                  last_seen_at: Type.String(),
                }),
              ),
              workers_by_version: Type.Record(Type.String(), Type.Integer()),
              stale_workers: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (_request, reply) => {
      const current = await deps.configs.currentGpt()
      const workers = await deps.queue.listWorkers({ limit: 200 })
      const currentTag = current ? String(current.version) : null
      const byVersion: Record<string, number> = {}
      for (const w of workers.items) {
        const tag = w.version ?? 'unknown'
        byVersion[tag] = (byVersion[tag] ?? 0) + 1
      }
      return ok(reply, {
        current: current
          ? {
              version: current.version,
              hash: current.hash,
              synced_at: current.synced_at,
              tools: current.tools.length,
              note: current.note,
            }
          : null,
        workers: workers.items.map((w) => ({
          id: w.id,
          name: w.name,
          type: w.type,
          online: w.online,
          version: w.version,
          up_to_date: currentTag !== null && w.version === currentTag,
          last_seen_at: w.last_seen_at,
        })),
        workers_by_version: byVersion,
        stale_workers: workers.items.filter(
          (w) => w.online && currentTag !== null && w.version !== currentTag,
        ).length,
      })
    },
  )

  app.get(
    '/v1/gpt/config',
    {
      // The instructions are the operator's, read by the workers that run them: not for anyone.
      config: { auth: 'worker' },
      schema: {
        response: {
          200: okSchema(
            Type.Object({
              version: Type.Integer(),
              hash: Type.String(),
              instructions: Type.String(),
              tools: Type.Array(Type.Unknown()),
              note: Nullable(Type.String()),
              synced_at: Type.String(),
            }),
          ),
        },
        querystring: Type.Object(
          { version: Type.Optional(Type.Integer({ minimum: 1 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const version =
        request.query.version !== undefined
          ? await deps.configs.gptVersion(request.query.version)
          : await deps.configs.currentGpt()
      if (!version) {
        throw errors.notFound(
          request.query.version !== undefined
            ? `Assistant configuration version ${request.query.version}`
            : 'Assistant configuration (run POST /v1/gpt/sync first)',
        )
      }
      return ok(reply, version)
    },
  )
}
