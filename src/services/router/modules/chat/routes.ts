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
 * The model gets at most `max_steps` rounds of tool calls before it must answer.
 */

import { Type } from 'typebox'
import type { Dispatcher } from '../../../../agents/dispatch.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { ChatMessage, ToolCall } from '../../../../kit/llm.ts'
import { notConfigured } from '../../../../kit/llm.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
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

interface ToolCallReport {
  name: string
  arguments: unknown
  ok: boolean
  ms: number
  error?: string
}

interface Offered {
  name: string
  description: string
  parameters: Record<string, unknown>
  run: (args: Record<string, unknown>) => Promise<unknown>
}

export interface ChatDeps {
  dispatcher: Dispatcher
  catalogue: Catalogue
  llm: LlmRelay
  conversations: ConversationStore
  calls: AgentCallLog
  /** The published assistant instructions, the chat's default system prompt. */
  configs: Pick<AssistantConfigStore, 'currentGpt'>
}

export function registerChat(app: App, deps: ChatDeps): void {
  function agentsCallTool(): Offered {
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

  function offered(requested: string[] | undefined): Offered[] {
    const fromCatalogue = (t: PlatformTool): Offered => ({
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
    const out: Offered[] = []
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
      let conversationId = b.conversation_id
      if (conversationId) {
        if (!(await deps.conversations.conversationExists(conversationId, request.apiKeyId))) {
          throw errors.notFound('Conversation', { conversation_id: conversationId })
        }
      } else {
        conversationId = await deps.conversations.createConversation(
          b.title ?? b.message.slice(0, 80),
          request.apiKeyId,
        )
      }
      const userMessage: ChatMessage = { role: 'user', content: b.message }
      await deps.conversations.appendMessages(conversationId, [userMessage])
      const history: ChatMessage[] = (await deps.conversations.messages(conversationId)).map(
        ({ seq: _seq, created_at: _at, ...m }) => m,
      )
      const system = b.system ?? (await deps.configs.currentGpt())?.instructions ?? DEFAULT_INSTRUCTIONS
      const openAiTools = tools.map((t) => ({
        type: 'function' as const,
        function: { name: t.name, description: t.description, parameters: t.parameters },
      }))
      const called: ToolCallReport[] = []
      const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }
      const maxSteps = b.max_steps ?? 5
      let answer: ChatMessage | undefined
      let model = ''
      let rounds = 0
      for (let step = 0; step <= maxSteps && !answer; step++) {
        const lastRound = step === maxSteps
        rounds++
        const { completion, model: served } = await deps.llm.complete(
          {
            ...(b.model ? { model: b.model } : {}),
            messages: [{ role: 'system', content: system }, ...history],
            // On the last round no tools are offered: the model has to answer with what it has.
            ...(lastRound || openAiTools.length === 0 ? {} : { tools: openAiTools, tool_choice: 'auto' }),
          },
          { route: '/v1/chain/chat', caller: request.apiKeyId },
        )
        model = served
        const u = completion.usage as Partial<typeof usage> | undefined
        usage.prompt_tokens += u?.prompt_tokens ?? 0
        usage.completion_tokens += u?.completion_tokens ?? 0
        usage.total_tokens += u?.total_tokens ?? 0
        const message = (completion.choices as { message?: ChatMessage }[] | undefined)?.[0]?.message
        if (!message)
          throw new AppError('upstream_error', 'The language model answered without a message', {
            source: 'llm',
          })
        const toolCalls = (message.tool_calls ?? []).filter((c: ToolCall) => c.type === 'function' || !c.type)
        if (toolCalls.length === 0 || lastRound) {
          answer = { role: 'assistant', content: message.content ?? '' }
          await deps.conversations.appendMessages(conversationId, [answer])
          break
        }
        const assistant: ChatMessage = {
          role: 'assistant',
          content: message.content ?? null,
          tool_calls: toolCalls,
        }
        const results: ChatMessage[] = []
        for (const call of toolCalls) {
          const report = await runTool(tools, call)
          called.push(report.report)
          results.push({
            role: 'tool',
            tool_call_id: call.id,
            name: call.function.name,
            content: report.content,
          })
        }
        await deps.conversations.appendMessages(conversationId, [assistant, ...results])
        history.push(assistant, ...results)
      }
      return ok(reply, {
        conversation_id: conversationId,
        message: answer,
        tools_called: called,
        steps: rounds,
        model,
        usage,
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

async function runTool(
  tools: Offered[],
  call: ToolCall,
): Promise<{ report: ToolCallReport; content: string }> {
  const started = performance.now()
  const tool = tools.find((t) => t.name === call.function.name)
  let args: Record<string, unknown> = {}
  try {
    args = call.function.arguments ? (JSON.parse(call.function.arguments) as Record<string, unknown>) : {}
  } catch {
    const error = 'arguments are not valid JSON'
    return {
      report: { name: call.function.name, arguments: call.function.arguments, ok: false, ms: 0, error },
      content: JSON.stringify({ error }),
    }
  }
  if (!tool) {
    const error = `no tool named ${call.function.name} was offered`
    return {
      report: { name: call.function.name, arguments: args, ok: false, ms: 0, error },
      content: JSON.stringify({ error }),
    }
  }
  try {
    const result = await tool.run(args)
    const text = JSON.stringify(result ?? null)
    return {
      report: { name: tool.name, arguments: args, ok: true, ms: Math.round(performance.now() - started) },
      content: text.length > MAX_TOOL_RESULT_CHARS ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}…(cut)` : text,
    }
  } catch (e) {
    // The model sees the failure and can recover (ask again, try another tool, or say so).
    const error = e instanceof AppError ? `${e.code}: ${e.message}` : 'the tool failed'
    return {
      report: {
        name: tool.name,
        arguments: args,
        ok: false,
        ms: Math.round(performance.now() - started),
        error,
      },
      content: JSON.stringify({ error }),
    }
  }
}
