/**
 * The bounded tool-calling loop behind POST /api/chat: the model is asked, runs the tools it asks
 * for, sees their results and is asked again — at most `maxRounds` rounds with tools, then once
 * more without them, so it must answer. Every call to the model has its own timeout, cut to what
 * is left of the overall deadline, so no request waits longer than the deadline in all.
 *
 * Every tool call becomes a citation: the tool, the arguments the model gave, and the result
 * exactly as the model saw it, so each figure of the answer can be checked by its reader.
 */
import { AppError } from '../../../../kit/errors.ts'
import type { ChatMessage, LlmClient, ToolCall, ToolSpec } from '../../../../kit/llm.ts'
import { type DataTool, toolError } from './tools.ts'

export interface ChatLimits {
  /** Rounds in which the model may call tools; one more without tools follows. */
  maxRounds: number
  /** Overall time for the whole loop, in milliseconds. */
  deadlineMs: number
  /** Longest wait for one answer of the model, in milliseconds (cut to what the deadline leaves). */
  callTimeoutMs: number
}

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
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number }
}

/** Tool calls run per round at most; a model asking for more is told so for the rest. */
const MAX_CALLS_PER_ROUND = 8
/** Characters of JSON of one tool result shown to the model; results are ≤ 10 rows, this is a guard. */
const MAX_RESULT_CHARS = 16_000

export async function converse(
  llm: LlmClient,
  tools: readonly DataTool[],
  messages: ChatMessage[],
  limits: ChatLimits,
  clock: () => number = Date.now,
): Promise<ChatOutcome> {
  const deadline = clock() + limits.deadlineMs
  const overall = AbortSignal.timeout(limits.deadlineMs)
  const specs: ToolSpec[] = tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }))
  const byName = new Map(tools.map((t) => [t.name, t]))
  const citations: Citation[] = []
  const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }
  const conversation = [...messages]
  const late = () =>
    new AppError(
      'upstream_timeout',
      `The language model gave no answer within the chat's deadline of ${limits.deadlineMs / 1000} s`,
      { source: 'llm', deadline_seconds: limits.deadlineMs / 1000 },
    )

  for (let round = 1; round <= limits.maxRounds + 1; round++) {
    const lastRound = round > limits.maxRounds
    const left = deadline - clock()
    if (left <= 0) throw late()
    let completion: Awaited<ReturnType<LlmClient['chat']>>
    try {
      completion = await llm.chat(
        {
          messages: conversation,
          // Figures are read, not imagined: the least random sampling.
          temperature: 0,
          ...(lastRound ? {} : { tools: specs }),
        },
        { timeoutMs: Math.min(limits.callTimeoutMs, left), signal: overall },
      )
    } catch (error) {
      if (overall.aborted || clock() >= deadline) throw late()
      throw error
    }
    usage.prompt_tokens += completion.usage?.prompt_tokens ?? 0
    usage.completion_tokens += completion.usage?.completion_tokens ?? 0
    usage.total_tokens += completion.usage?.total_tokens ?? 0
    const message = completion.choices[0]?.message
    const calls = (message?.tool_calls ?? []).filter((c: ToolCall) => c?.function?.name)
    if (calls.length === 0) {
      const answer = (message?.content ?? '').trim()
      if (!answer)
        throw new AppError(
          'upstream_error',
          'The language model answered with neither text nor a tool call',
          {
            source: 'llm',
            round,
          },
        )
      return { answer, citations, rounds: round, model: completion.model ?? llm.model, usage }
    }
    if (lastRound)
      throw new AppError(
        'upstream_error',
        `The language model still asked for tools after ${limits.maxRounds} rounds of tool calls and gave no answer`,
        { source: 'llm', max_rounds: limits.maxRounds },
      )
    conversation.push({ role: 'assistant', content: message?.content ?? null, tool_calls: calls })
    for (const [index, call] of calls.entries()) {
      const { args, result, ok } =
        index < MAX_CALLS_PER_ROUND
          ? await runCall(byName, call)
          : {
              args: {},
              ok: false,
              result: { error: `at most ${MAX_CALLS_PER_ROUND} tool calls per round are run` },
            }
      citations.push({ round, tool: call.function.name, arguments: args, ok, result })
      const content = JSON.stringify(result)
      conversation.push({
        role: 'tool',
        tool_call_id: call.id,
        name: call.function.name,
        content:
          content.length > MAX_RESULT_CHARS
            ? JSON.stringify({ error: 'result too long to show; narrow the filters' })
            : content,
      })
    }
  }
  // Unreachable: the last round returns or throws.
  throw late()
}

async function runCall(
  byName: ReadonlyMap<string, DataTool>,
  call: ToolCall,
): Promise<{ args: Record<string, unknown>; ok: boolean; result: unknown }> {
  let args: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || '{}')
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return { args: {}, ok: false, result: { error: 'arguments must be a JSON object' } }
    args = parsed as Record<string, unknown>
  } catch {
    return { args: {}, ok: false, result: { error: 'arguments are not valid JSON' } }
  }
  const tool = byName.get(call.function.name)
  if (!tool)
    return {
      args,
      ok: false,
      result: { error: `no tool "${call.function.name}"; tools: ${[...byName.keys()].join(', ')}` },
    }
  try {
    const result = await tool.run(args)
    const refused = typeof result === 'object' && result !== null && 'error' in result
    return { args, ok: !refused, result }
  } catch (error) {
    const refusal = toolError(error)
    if (refusal) return { args, ok: false, result: refusal }
    throw error
  }
}
