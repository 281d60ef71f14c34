/**
 * POST /api/chat's use of the kit's tool-calling loop (src/kit/tool-loop.ts): the service's LLM
 * client asked with the data tools, a tool's 4xx refusal shown to the model (any other failure is
 * a fault and fails the request), and every call kept as a citation — the tool, the arguments the
 * model gave and the result it was shown — so each figure of the answer can be checked by its
 * reader (grounding.ts).
 */
import type { ChatMessage, LlmClient } from '../../../../kit/llm.ts'
import {
  askClient,
  type LlmTool,
  runToolLoop,
  type TokenUsage,
  type ToolLoopLimits,
} from '../../../../kit/tool-loop.ts'
import { toolRefusal } from './tools.ts'

export type ChatLimits = Required<ToolLoopLimits>

export interface Citation {
  /** Round of the loop (1-based) the call was made in. */
  round: number
  tool: string
  arguments: Record<string, unknown>
  ok: boolean
  /** What the tool returned, as the model was shown it (or `{error}` when the call was refused). */
  result: unknown
}

export interface ChatOutcome {
  answer: string
  citations: Citation[]
  /** Calls made to the model. */
  rounds: number
  model: string
  usage: TokenUsage
}

/** Characters of JSON of one tool result shown to the model; results are ≤ 10 rows, this is a guard. */
const MAX_RESULT_CHARS = 16_000

export async function converse(
  llm: LlmClient,
  tools: readonly LlmTool[],
  messages: ChatMessage[],
  limits: ChatLimits,
): Promise<ChatOutcome> {
  const outcome = await runToolLoop({
    ...limits,
    ask: askClient(llm),
    tools,
    messages,
    describeFailure: toolRefusal,
    maxResultChars: MAX_RESULT_CHARS,
  })
  return {
    answer: outcome.answer,
    citations: outcome.runs.map((run) => ({
      round: run.round,
      tool: run.name,
      arguments: run.arguments,
      ok: run.ok,
      result: run.result,
    })),
    rounds: outcome.rounds,
    model: outcome.model,
    usage: outcome.usage,
  }
}
