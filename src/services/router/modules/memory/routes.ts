/**
 * Memory in mem0's shape: POST /v1/memory/add (messages or text, user_id / agent_id / run_id,
 * metadata, infer) and POST /v1/memory/search (query, scope, filters, top_k, threshold), plus
 * listing, reading, deleting and the history of one memory.
 *
 * `infer`: when true the language model extracts the facts worth keeping from the messages (as
 * mem0 does); when false each message (or the text) is stored as it is. It defaults to true when
 * an LLM is configured and false otherwise, and the answer says which happened.
 */

import { Type } from 'typebox'
import type { Filter } from '../../../../engines/memory/filters.ts'
import type { MemoryStore, Scope } from '../../../../engines/memory/store.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
import type { LlmRelay } from '../llm/relay.ts'
import { AddBody, MemorySchema, ScopeId, SearchBody } from './schemas.ts'

const EXTRACTION_PROMPT = `Extract the durable facts worth remembering about the user (preferences, identity,
relationships, plans, constraints) from the conversation. Write each fact as one short sentence in
the conversation's language. Ignore greetings and questions. Answer only with JSON:
{"facts": ["...", "..."]} (an empty list when there is nothing to keep).`

/**
 * Scope ids from the top level, or from the top level of `filters` (mem0 v2 puts them there), and
 * under API keys the caller's key: the same user_id under two keys is two different users.
 */
function scopeOf(
  body: { user_id?: string; agent_id?: string; run_id?: string; filters?: Filter },
  owner: string | undefined,
): Scope {
  const f = body.filters ?? {}
  const pick = (key: 'user_id' | 'agent_id' | 'run_id') =>
    body[key] ?? (typeof f[key] === 'string' ? (f[key] as string) : undefined)
  return { user_id: pick('user_id'), agent_id: pick('agent_id'), run_id: pick('run_id'), owner }
}

export interface MemoryDeps {
  memory: MemoryStore
  /** Extracts facts from a conversation when `infer` is on. */
  llm: Pick<LlmRelay, 'configured' | 'complete'>
}

export function registerMemory(app: App, deps: MemoryDeps): void {
  const memory = deps.memory

  async function extractFacts(messages: { role: string; content: string }[], caller: string | undefined) {
    const { completion } = await deps.llm.complete(
      {
        messages: [
          { role: 'system', content: EXTRACTION_PROMPT },
          { role: 'user', content: messages.map((m) => `${m.role}: ${m.content}`).join('\n') },
        ],
        response_format: { type: 'json_object' },
        temperature: 0,
      },
      { route: '/v1/memory/add', caller },
    )
    const text = (completion.choices as { message?: { content?: string } }[] | undefined)?.[0]?.message
      ?.content
    try {
      const parsed = JSON.parse(text ?? '') as { facts?: unknown }
      if (!Array.isArray(parsed.facts)) throw new Error('no facts array')
      return parsed.facts.filter((f): f is string => typeof f === 'string')
    } catch {
      throw new AppError('upstream_error', 'The language model did not answer with {"facts": [...]}', {
        source: 'llm',
      })
    }
  }

  app.post(
    '/v1/memory/add',
    {
      schema: {
        body: AddBody,
        response: {
          200: okSchema(
            Type.Object({
              results: Type.Array(
                Type.Object({
                  id: Type.String(),
                  memory: Type.String(),
                  event: Type.Union([Type.Literal('ADD'), Type.Literal('UPDATE'), Type.Literal('NONE')]),
                  previous_memory: Type.Optional(Type.String()),
                  similarity: Type.Optional(Type.Number()),
                }),
              ),
              inferred: Type.Boolean(),
              dedup_threshold: Type.Number(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const b = request.body
      if (!b.messages && !b.text) throw errors.invalid('messages', 'messages or text is required')
      if (b.messages && b.text) throw errors.invalid('text', 'send messages or text, not both')
      const messages = b.messages ?? [{ role: 'user' as const, content: b.text! }]
      const infer = b.infer ?? deps.llm.configured
      if (infer && !deps.llm.configured) {
        throw new AppError(
          'service_unavailable',
          'infer=true needs a language model: set LLM_BASE_URL, or send infer=false to store the text as it is',
          { field: 'infer' },
        )
      }
      const facts = infer
        ? await extractFacts(messages, request.apiKeyId)
        : messages.filter((m) => m.role !== 'system').map((m) => m.content)
      const results = await memory.add(facts, scopeOf(b, request.apiKeyId), b.metadata ?? {})
      return ok(reply, { results, inferred: infer, dedup_threshold: memory.dedupThreshold })
    },
  )

  app.post(
    '/v1/memory/search',
    {
      schema: {
        body: SearchBody,
        response: {
          200: okSchema(
            Type.Object({ results: Type.Array(Open({ ...MemorySchema.properties, score: Type.Number() })) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const b = request.body
      const results = await memory.search({
        query: b.query,
        scope: scopeOf(b, request.apiKeyId),
        filters: b.filters,
        topK: b.top_k ?? 10,
        threshold: b.threshold,
      })
      return ok(reply, { results })
    },
  )

  app.get(
    '/v1/memory',
    {
      schema: {
        response: { 200: okSchema(Type.Object({ results: Type.Array(MemorySchema) })) },
        querystring: Type.Object(
          {
            user_id: Type.Optional(ScopeId),
            agent_id: Type.Optional(ScopeId),
            run_id: Type.Optional(ScopeId),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) =>
      ok(reply, { results: await memory.list(scopeOf(request.query, request.apiKeyId)) }),
  )

  const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) })
  app.get(
    '/v1/memory/:id',
    { schema: { params: IdParams, response: { 200: okSchema(MemorySchema) } } },
    async (request, reply) => ok(reply, await memory.get(request.params.id, request.apiKeyId)),
  )
  app.get(
    '/v1/memory/:id/history',
    {
      schema: {
        params: IdParams,
        response: {
          200: okSchema(
            Type.Object({
              history: Type.Array(
                Open({
                  event: Type.String(),
                  old_memory: Nullable(Type.String()),
                  new_memory: Nullable(Type.String()),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) =>
      ok(reply, { history: await memory.history(request.params.id, request.apiKeyId) }),
  )
  app.delete(
    '/v1/memory/:id',
    {
      schema: {
        params: IdParams,
        response: { 200: okSchema(Type.Object({ id: Type.String(), deleted: Type.Boolean() })) },
      },
    },
    async (request, reply) => {
      await memory.delete(request.params.id, request.apiKeyId)
      return ok(reply, { id: request.params.id, deleted: true })
    },
  )
}
