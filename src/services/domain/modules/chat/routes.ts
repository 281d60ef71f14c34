/**
 * POST /api/chat: questions about the service's own data answered by the language model
 * (LLM_BASE_URL) with tools over the listings, opportunities and the valuation model. The answer
 * cites every tool call with its arguments and result, and its numbers are checked against the
 * numeric values of those results (chat/grounding.ts): one found in none is listed in
 * `ungrounded_numbers` and the answer is `grounded: false`.
 *
 * A conversation keeps its last CHAT_HISTORY_MESSAGES messages; each turn sends them as history.
 * Without LLM_BASE_URL the route answers 503 naming it; the other routes do not need it.
 */
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import { type ChatMessage, type LlmClient, notConfigured } from '../../../../kit/llm.ts'
import type { App } from '../../../../kit/server.ts'
import { ErrorEnvelope } from '../../schemas.ts'
import { ungroundedNumbers } from './grounding.ts'
import { type ChatLimits, converse } from './loop.ts'
import { ChatBody, ChatResponse } from './schemas.ts'
import type { ConversationStore } from './store.ts'
import { type ChatToolDeps, dataTools } from './tools.ts'

/** The language model, the conversations and the loop's limits. */
export interface ChatModel {
  llm: LlmClient
  conversations: ConversationStore
  limits: ChatLimits
}

/** Defaults of the CHAT_* variables (service.ts). */
export const CHAT_DEFAULTS = {
  maxRounds: 4,
  deadlineMs: 90_000,
  historyMessages: 20,
}

export interface ChatDeps extends ChatToolDeps {
  /** Absent (or with an unconfigured model) POST /api/chat answers 503 naming LLM_BASE_URL. */
  chat?: ChatModel | undefined
}

export function registerChat(app: App, deps: ChatDeps): void {
  const tools = dataTools(deps)
  const system = systemPrompt(deps)

  app.post(
    '/api/chat',
    {
      schema: {
        summary: 'Ask about the listings, prices, opportunities and valuations; the answer cites its figures',
        tags: ['chat'],
        body: ChatBody,
        response: {
          200: ChatResponse,
          400: ErrorEnvelope,
          404: ErrorEnvelope,
          502: ErrorEnvelope,
          503: ErrorEnvelope,
          504: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const chat = deps.chat
      if (!chat?.llm.configured) throw notConfigured()
      const { message, conversation_id: given } = request.body
      if (given !== undefined && !(await chat.conversations.exists(given)))
        throw errors.notFound('Conversation', { conversation_id: given })
      const id = given ?? chat.conversations.newId()
      const history = given === undefined ? [] : await chat.conversations.history(given)
      const messages: ChatMessage[] = [
        { role: 'system', content: system },
        ...history.map((m) => ({ role: m.role, content: m.content })),
        { role: 'user', content: message },
      ]
      const outcome = await converse(chat.llm, tools, messages, chat.limits)

      // Figures the answer may quote: the tool results of this turn and of the answers kept.
      const ungrounded = ungroundedNumbers(outcome.answer, [
        ...history.flatMap((m) => m.citations),
        ...outcome.citations,
      ])
      if (ungrounded.length > 0)
        request.log.warn({ conversation_id: id, ungrounded }, 'chat answer quotes numbers no tool returned')

      await chat.conversations.appendTurn(id, {
        isNew: given === undefined,
        question: message,
        answer: outcome.answer,
        citations: outcome.citations,
      })
      return ok(reply, {
        conversation_id: id,
        answer: outcome.answer,
        grounded: ungrounded.length === 0,
        ungrounded_numbers: ungrounded,
        citations: outcome.citations,
        rounds: outcome.rounds,
        model: outcome.model,
        usage: outcome.usage,
        history_messages: history.length,
        data_as_of: deps.snapshot.asOf,
      })
    },
  )
}

function systemPrompt(deps: ChatToolDeps): string {
  return [
    'You answer questions about the Czech flats for sale held by this service: their asking prices, prices per m², listings, opportunities (listings asking well under their estimate) and valuations of single flats.',
    'Use only figures returned by the tools in this conversation. Never estimate, compute, recall or invent a number: if the tools do not give it, say that the data does not answer it.',
    'Call the tools you need, then answer briefly in the language of the question, quoting each figure as the tool returned it (you may round) with its unit: CZK, CZK/m², m².',
    `The listings are as of ${deps.snapshot.asOf || 'an unknown date'}; prices are asking prices. Kraje with listings: ${deps.snapshot.regions.join(', ')}.`,
    'A city (Brno, Ostrava) is an area, not a kraj: pass it as `area`.',
  ].join('\n')
}
