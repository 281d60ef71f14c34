/**
 * The built-in job kinds: what the router's own workers run. Each has an input schema, checked at
 * POST /tasks (a 400 naming the field) and again when the job runs. Kinds not listed here are
 * taken by external workers that declared them in POST /gpt/register.
 *
 * | kind        | input                                           | runs                                |
 * |-------------|-------------------------------------------------|-------------------------------------|
 * | echo        | anything                                        | returns the input (queue health, benchmarks) |
 * | agent.call  | {service, agent, input}                         | one of the 88 agents, via dispatch  |
 * | kb.search   | {query, collection?, limit?}                    | knowledge service POST /rag/search  |
 * | aml.screen  | {first_name, last_name, birth_date?} or {ico}   | AML service screening               |
 * | llm.chat    | OpenAI chat-completions body (no streaming)     | the LLM upstream, with fallbacks    |
 */
import type { ValidateFunction } from 'ajv'
import { Type } from 'typebox'
import type { Dispatcher } from '../../../../agents/dispatch.ts'
import type { JobHandler } from '../../../../engines/jobs/runner.ts'
import { createAjv, validationError } from '../../../../kit/validation.ts'
import type { AmlScreenInput, ServiceClients } from '../../service-clients.ts'
import { callAgent } from '../../tool-catalogue.ts'
import type { AgentCallLog } from '../agents/call-log.ts'
import type { LlmRelay } from '../llm/relay.ts'

export interface BuiltinKind {
  description: string
  input: Record<string, unknown>
  run: JobHandler
}

const AgentCallInput = Type.Object(
  {
    service: Type.String({ minLength: 1, maxLength: 40 }),
    agent: Type.String({ minLength: 1, maxLength: 80 }),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
)

const KbSearchInput = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 1000 }),
    collection: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
)

const AmlScreenSchema = Type.Union([
  Type.Object(
    {
      first_name: Type.Optional(Type.String({ maxLength: 100 })),
      last_name: Type.String({ minLength: 1, maxLength: 100 }),
      birth_date: Type.Optional(Type.String({ format: 'date' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ ico: Type.String({ pattern: '^\\d{8}$' }) }, { additionalProperties: false }),
])

const LlmChatInput = Type.Object(
  {
    messages: Type.Array(Type.Object({ role: Type.String(), content: Type.Unknown() }), { minItems: 1 }),
    model: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: true },
)

export function builtinKinds(deps: {
  dispatcher: Dispatcher
  platform: ServiceClients
  calls: AgentCallLog
  llm: LlmRelay
}): Record<string, BuiltinKind> {
  return {
    echo: {
      description: 'Returns its input unchanged: a health check and benchmark of the queue itself.',
      input: {},
      run: async (input) => input,
    },
    'agent.call': {
      description: 'Runs one agent through the dispatcher (input validated against the agent’s schema).',
      input: AgentCallInput as unknown as Record<string, unknown>,
      run: async (input) => {
        const i = input as { service: string; agent: string; input?: Record<string, unknown> }
        return callAgent(deps.dispatcher, deps.calls, i.service, i.agent, i.input ?? {}, 'job')
      },
    },
    'kb.search': {
      description: 'Searches the knowledge base through the knowledge service.',
      input: KbSearchInput as unknown as Record<string, unknown>,
      run: async (input) => deps.platform.kbSearch(input as { query: string }),
    },
    'aml.screen': {
      description: 'Screens a person or a company through the AML service.',
      input: AmlScreenSchema as unknown as Record<string, unknown>,
      run: async (input) => deps.platform.amlScreen(input as AmlScreenInput),
    },
    'llm.chat': {
      description: 'One chat completion from the LLM upstream (with retries and fallback models).',
      input: LlmChatInput as unknown as Record<string, unknown>,
      run: async (input, ctx) => {
        const { completion } = await deps.llm.complete(input as Record<string, unknown>, {
          route: 'job:llm.chat',
          caller: ctx.job.task_id,
          signal: ctx.signal,
        })
        return completion
      },
    },
  }
}

/** Validators for the kinds' inputs; throws a 400 naming the field (path under `input`). */
export function inputValidators(kinds: Record<string, BuiltinKind>): (kind: string, input: unknown) => void {
  const ajv = createAjv({ coerce: false })
  const compiled = new Map<string, ValidateFunction>()
  for (const [name, kind] of Object.entries(kinds)) compiled.set(name, ajv.compile(kind.input))
  return (kind, input) => {
    const validate = compiled.get(kind)
    if (!validate) return
    const copy = structuredClone(input ?? null)
    if (!validate(copy)) {
      const first = validate.errors![0]!
      throw validationError({ ...first, instancePath: `/input${first.instancePath}` }, 'body')
    }
  }
}
