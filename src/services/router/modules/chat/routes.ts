/**
 * /v1/chain/chat: a conversation with the language model in which the model may call the
 * platform's tools (agents through the dispatcher, knowledge search and AML screening over HTTP).
 * Every message — the user's, the model's tool calls, each tool's result, the answer — is stored
 * as its own row, so a conversation grows by rows, never by rewriting a blob. The answer lists
 * which tools were called, with their arguments, outcome and time.
 *
 * Tools offered: by default knowledge_search, the AML screenings, discovery_search and
 * `agents_call` (any agent by service and name); `tools` in the request picks others from the
 * catalogue by name or prefix pattern (`banking_*`), which exposes those agents' own schemas.
 * The model gets at most `max_steps` rounds of tool calls before it must answer, and the whole chat
 * CHAIN_CHAT_DEADLINE_SECONDS (the loop: src/kit/tool-loop.ts).
 */

import { Type } from 'typebox'
import type { Dispatcher } from '../../../../agents/dispatch.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { ChatMessage } from '../../../../kit/llm.ts'
import { notConfigured } from '../../../../kit/llm.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
import { type LlmTool, runToolLoop, type TokenUsage } from '../../../../kit/tool-loop.ts'
import { type Catalogue, callAgent, type PlatformTool } from '../../tool-catalogue.ts'
import type { AgentCallLog } from '../agents/call-log.ts'
import { DEFAULT_INSTRUCTIONS } from '../assistant/routes.ts'
import type { AssistantConfigStore } from '../assistant/store.ts'
import type { LlmRelay } from '../llm/relay.ts'
import { ChainBody } from './schemas.ts'
import type { ConversationStore } from './store.ts'

const DEFAULT_TOOLS = [
  'knowledge_search',
  'aml_screening_person',
  'aml_screening_company',
  'discovery_search',
]
/** Tool results longer than this (characters of JSON) are cut before they go back to the model. */
const MAX_TOOL_RESULT_CHARS = 12_000

export interface ChatDeps {
  dispatcher: Dispatcher
  catalogue: Catalogue
  llm: LlmRelay
  conversations: ConversationStore
  calls: AgentCallLog
  /** The published assistant instructions, the chat's default system prompt. */
  configs: Pick<AssistantConfigStore, 'currentGpt'>
  /** Longest a chat may take, all rounds together (CHAIN_CHAT_DEADLINE_SECONDS), in milliseconds. */
  deadlineMs: number
}

export function registerChat(app: App, deps: ChatDeps): void {
  function agentsCallTool(): LlmTool {
    const names = deps.dispatcher.agents.map((a) => `${a.service}/${a.name}`)
    return {
      name: 'agents_call',
      description: `Call one of the platform's agents by service and name with its JSON input. Agents: ${
        names.length > 0 ? names.join(', ').slice(0, 3000) : '(none registered)'
      }`,
      parameters: {
        type: 'object',
        properties: {
          service: { type: 'string', description: 'agent service, e.g. banking' },
          agent: { type: 'string', description: 'agent name, e.g. loan_assessment' },
          input: { type: 'object', description: 'the agent’s input' },
        },
        required: ['service', 'agent'],
        additionalProperties: false,
      },
      run: (args) =>
        callAgent(
          deps.dispatcher,
          deps.calls,
          String(args.service),
          String(args.agent),
          args.input ?? {},
          'chain',
        ),
    }
  }

  function offered(requested: string[] | undefined): LlmTool[] {
    const fromCatalogue = (t: PlatformTool): LlmTool => ({
      name: t.name,
      description: t.description,
      parameters: t.inputSchema,
      run: (args) => t.run(args, { via: 'chain' }),
    })
    if (!requested) {
      return [
        ...DEFAULT_TOOLS.flatMap((n) => {
          const t = deps.catalogue.byName.get(n)
          return t ? [fromCatalogue(t)] : []
        }),
        agentsCallTool(),
      ]
    }
    const out: LlmTool[] = []
    for (const name of requested) {
      if (name === 'agents_call') {
        out.push(agentsCallTool())
        continue
      }
      const matched = name.endsWith('*')
        ? deps.catalogue.tools.filter((t) => t.name.startsWith(name.slice(0, -1)))
        : deps.catalogue.tools.filter((t) => t.name === name)
      if (matched.length === 0)
        throw errors.invalid('tools', 'names of catalogue tools', `No tool matches "${name}"`)
      for (const t of matched) if (!out.some((o) => o.name === t.name)) out.push(fromCatalogue(t))
    }
    return out
  }

  app.post(
    '/v1/chain/chat',
    {
      schema: {
        body: ChainBody,
        response: {
          200: okSchema(
            Type.Object({
              conversation_id: Type.String(),
              message: Type.Optional(Open({ role: Type.String(), content: Nullable(Type.String()) })),
              tools_called: Type.Array(
                Open({
                  name: Type.String(),
                  arguments: Type.Unknown(),
                  ok: Type.Boolean(),
                  ms: Type.Number(),
                }),
              ),
              steps: Type.Integer(),
              model: Type.String(),
              usage: Type.Unknown(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      if (!deps.llm.configured) throw notConfigured()
      const b = request.body
      const tools = offered(b.tools)
      const given = b.conversation_id
      if (given && !(await deps.conversations.conversationExists(given, request.apiKeyId)))
        throw errors.notFound('Conversation', { conversation_id: given })
      const conversationId =
        given ||
        (await deps.conversations.createConversation(b.title ?? b.message.slice(0, 80), request.apiKeyId))
      const userMessage: ChatMessage = { role: 'user', content: b.message }
      await deps.conversations.appendMessages(conversationId, [userMessage])
      const history: ChatMessage[] = (await deps.conversations.messages(conversationId)).map(
        ({ seq: _seq, created_at: _at, ...m }) => m,
      )
      const system = b.system ?? (await deps.configs.currentGpt())?.instructions ?? DEFAULT_INSTRUCTIONS
      const outcome = await runToolLoop({
        maxRounds: b.max_steps ?? 5,
        deadlineMs: deps.deadlineMs,
        ask: async ({ messages, tools: specs }, { signal }) => {
          // The relay bounds each attempt (LLM_TIMEOUT_SECONDS); the loop's signal, the whole chat.
          const { completion, model } = await deps.llm.complete(
            {
              ...(b.model ? { model: b.model } : {}),
              messages,
              ...(specs ? { tools: specs, tool_choice: 'auto' } : {}),
            },
            { route: '/v1/chain/chat', caller: request.apiKeyId, signal },
          )
          const choices = completion.choices as { message?: ChatMessage }[] | undefined
          return { message: choices?.[0]?.message, model, usage: completion.usage as Partial<TokenUsage> }
        },
        tools,
        messages: [{ role: 'system', content: system }, ...history],
        // The model sees the failure and can recover (ask again, try another tool, or say so).
        describeFailure: (e) => (e instanceof AppError ? `${e.code}: ${e.message}` : 'the tool failed'),
        maxResultChars: MAX_TOOL_RESULT_CHARS,
        onRound: (said) => deps.conversations.appendMessages(conversationId, said),
      })
      const answer: ChatMessage = { role: 'assistant', content: outcome.answer }
      await deps.conversations.appendMessages(conversationId, [answer])
      return ok(reply, {
        conversation_id: conversationId,
        message: answer,
        tools_called: outcome.runs.map(({ name, arguments: args, ok, ms, error }) => ({
          name,
          arguments: args,
          ok,
          ms,
          ...(error === undefined ? {} : { error }),
        })),
        steps: outcome.rounds,
        model: outcome.model,
        usage: outcome.usage,
      })
    },
  )

  app.get(
    '/v1/chain/conversations/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: {
          200: okSchema(
            Type.Object({
              conversation_id: Type.String(),
              messages: Type.Array(
                Open({
                  seq: Type.Integer(),
                  role: Type.String(),
                  content: Nullable(Type.String()),
                  created_at: Type.String(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      if (!(await deps.conversations.conversationExists(request.params.id, request.apiKeyId))) {
        throw errors.notFound('Conversation', { conversation_id: request.params.id })
      }
      return ok(reply, {
        conversation_id: request.params.id,
        messages: await deps.conversations.messages(request.params.id),
      })
    },
  )
}
