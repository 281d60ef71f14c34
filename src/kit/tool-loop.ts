/**
 * The one tool-calling loop of the platform (the domain's /api/chat, the router's chain chat): the
 * model is asked, the tools it calls are run, it sees their results and is asked again — at most
 * `maxRounds` rounds with tools, then once more without them, so it must answer. Every call to
 * the model gets what is left of the overall deadline (and at most `callTimeoutMs`), so no loop
 * runs longer than `deadlineMs` in all.
 *
 * Every call the model asks for becomes a `ToolRun`: the tool, the arguments the model gave, the
 * result, whether it succeeded and how long it took — what a caller cites, checks the answer
 * against (the domain's grounding) or reports. A bad call (arguments that are not a JSON object,
 * an unknown tool, a tool that refuses) goes back to the model as `{error}` so it can correct
 * itself; a tool that fails in a way `describeFailure` does not name fails the loop.
 */
import { AppError } from './errors.ts'
import type { ChatMessage, ChatRequest, LlmClient, ToolCall, ToolSpec } from './llm.ts'

/** A tool the model may call: what it is shown (name, description, JSON Schema) and how it runs. */
export interface LlmTool {
  name: string
  description: string
  /** JSON Schema of the arguments, as the model is shown it. */
  parameters: Record<string, unknown>
  /**
   * Runs one call with the model's arguments (a JSON object, not yet checked: the tool checks
   * them). A result with an `error` field is a refusal the model is shown.
   */
  run(args: Record<string, unknown>): Promise<unknown>
}

export interface ToolLoopLimits {
  /** Rounds in which the model may call tools; one more without tools follows. */
  maxRounds: number
  /** Overall time for the whole loop, in milliseconds. */
  deadlineMs: number
  /**
   * Longest wait for one answer of the model, in milliseconds (cut to what the deadline leaves);
   * without it only the deadline bounds a call.
   */
  callTimeoutMs?: number
}

export interface TokenUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

/** One answer of the model: its first choice's message, the model that served it, its tokens. */
interface ModelTurn {
  message: ChatMessage | undefined
  model: string
  usage?: Partial<TokenUsage> | undefined
}

/** One call to the model: the conversation so far and the tools offered (none in the last round). */
export type AskModel = (
  request: { messages: ChatMessage[]; tools?: ToolSpec[] },
  call: { timeoutMs: number; signal: AbortSignal },
) => Promise<ModelTurn>

export interface ToolLoopOptions extends ToolLoopLimits {
  ask: AskModel
  tools: readonly LlmTool[]
  /** The conversation so far: system prompt, history, the new question. */
  messages: readonly ChatMessage[]
  /**
   * What the model is told when a tool throws (a refusal it can correct, a service that is down);
   * undefined lets the error fail the whole loop (a fault, not something the model can mend).
   */
  describeFailure(error: unknown): string | undefined
  /** Characters of a result's JSON the model is shown; a longer one is cut and marked so. */
  maxResultChars: number
  /** After each round of tool calls: the model's message and the results it is sent back (to store). */
  onRound?(messages: ChatMessage[]): Promise<void>
  clock?: () => number
}

interface ToolRun {
  /** Round of the loop (1-based) the call was made in. */
  round: number
  name: string
  /** The arguments as the model gave them (`{}` when they were not a JSON object). */
  arguments: Record<string, unknown>
  ok: boolean
  /** What the tool returned, or `{error}` when the call was refused or failed. */
  result: unknown
  /** The refusal or failure, as the model was told it. */
  error?: string
  /** Time the tool took, in milliseconds. */
  ms: number
}

export interface ToolLoopOutcome {
  answer: string
  runs: ToolRun[]
  /** Calls made to the model. */
  rounds: number
  /** The model that gave the last answer. */
  model: string
  /** Tokens of all the calls together. */
  usage: TokenUsage
}

/** Tool calls run per round at most; a model asking for more is told so for the rest. */
export const MAX_CALLS_PER_ROUND = 8

export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopOutcome> {
  const { ask, tools, maxRounds, deadlineMs } = options
  const clock = options.clock ?? Date.now
  const deadline = clock() + deadlineMs
  const overall = AbortSignal.timeout(deadlineMs)
  const specs: ToolSpec[] = tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }))
  const byName = new Map(tools.map((t) => [t.name, t]))
  const runs: ToolRun[] = []
  const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }
  const conversation = [...options.messages]
  const late = () =>
    new AppError(
      'upstream_timeout',
      `The language model gave no answer within the chat's deadline of ${deadlineMs / 1000} s`,
      { source: 'llm', deadline_seconds: deadlineMs / 1000 },
    )

  for (let round = 1; round <= maxRounds + 1; round++) {
    const lastRound = round > maxRounds
    const left = deadline - clock()
    if (left <= 0) throw late()
    let turn: ModelTurn
    try {
      turn = await ask(
        {
          messages: conversation,
          // In the last round no tools are offered: the model has to answer with what it has.
          ...(lastRound || specs.length === 0 ? {} : { tools: specs }),
        },
        { timeoutMs: Math.min(options.callTimeoutMs ?? left, left), signal: overall },
      )
    } catch (error) {
      if (overall.aborted || clock() >= deadline) throw late()
      throw error
    }
    usage.prompt_tokens += turn.usage?.prompt_tokens ?? 0
    usage.completion_tokens += turn.usage?.completion_tokens ?? 0
    usage.total_tokens += turn.usage?.total_tokens ?? 0
    const message = turn.message
    const calls = (message?.tool_calls ?? []).filter(
      (c: ToolCall) => c?.function?.name && (!c.type || c.type === 'function'),
    )
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
      return { answer, runs, rounds: round, model: turn.model, usage }
    }
    if (lastRound)
      throw new AppError(
        'upstream_error',
        `The language model still asked for tools after ${maxRounds} rounds of tool calls and gave no answer`,
        { source: 'llm', max_rounds: maxRounds },
      )
    const said: ChatMessage[] = [{ role: 'assistant', content: message?.content ?? null, tool_calls: calls }]
    for (const [index, call] of calls.entries()) {
      const run =
        index < MAX_CALLS_PER_ROUND
          ? await runCall(byName, call, round, options.describeFailure)
          : refused(
              round,
              call.function.name,
              {},
              `at most ${MAX_CALLS_PER_ROUND} tool calls per round are run`,
            )
      runs.push(run)
      const content = JSON.stringify(run.result ?? null)
      said.push({
        role: 'tool',
        tool_call_id: call.id,
        name: call.function.name,
        content:
          content.length > options.maxResultChars
            ? `${content.slice(0, options.maxResultChars)}…(cut)`
            : content,
      })
    }
    conversation.push(...said)
    await options.onRound?.(said)
  }
  // Unreachable: the last round returns or throws.
  throw late()
}

/** The kit's LLM client as the loop's model, asked with the least random sampling (figures are read, not imagined). */
export function askClient(llm: LlmClient, request: Partial<ChatRequest> = {}): AskModel {
  return async ({ messages, tools }, { timeoutMs, signal }) => {
    const completion = await llm.chat(
      { ...request, messages, temperature: 0, ...(tools ? { tools } : {}) },
      { timeoutMs, signal },
    )
    return {
      message: completion.choices[0]?.message,
      model: completion.model ?? llm.model,
      usage: completion.usage,
    }
  }
}

function refused(round: number, name: string, args: Record<string, unknown>, error: string, ms = 0): ToolRun {
  return { round, name, arguments: args, ok: false, result: { error }, error, ms }
}

async function runCall(
  byName: ReadonlyMap<string, LlmTool>,
  call: ToolCall,
  round: number,
  describeFailure: ToolLoopOptions['describeFailure'],
): Promise<ToolRun> {
  const name = call.function.name
  let args: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || '{}')
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return refused(round, name, {}, 'arguments must be a JSON object')
    args = parsed as Record<string, unknown>
  } catch {
    return refused(round, name, {}, 'arguments are not valid JSON')
  }
  const tool = byName.get(name)
  if (!tool) return refused(round, name, args, `no tool "${name}"; tools: ${[...byName.keys()].join(', ')}`)
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const result = await tool.run(args)
    if (typeof result === 'object' && result !== null && 'error' in result) {
      const error = (result as { error: unknown }).error
      return {
        round,
        name,
        arguments: args,
        ok: false,
        result,
        error: typeof error === 'string' ? error : JSON.stringify(error),
        ms: ms(),
      }
    }
    return { round, name, arguments: args, ok: true, result, ms: ms() }
  } catch (error) {
    const described = describeFailure(error)
    if (described === undefined) throw error
    return refused(round, name, args, described, ms())
  }
}
