/**
 * The tool-calling loop with a scripted model (no HTTP): what it runs, what the model is shown,
 * and when it stops. The routes that use it (the domain's /api/chat, the router's chain chat) are
 * tested over HTTP beside them.
 */
import { describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import type { ChatMessage } from './llm.ts'
import {
  type AskModel,
  type LlmTool,
  MAX_CALLS_PER_ROUND,
  runToolLoop,
  type ToolLoopOptions,
} from './tool-loop.ts'

type Step = { calls: { name: string; arguments: string }[] } | { content: string }

/** A model answering from `steps` in order; `seen` holds each request it was sent. */
function scripted(steps: Step[]) {
  const seen: { messages: ChatMessage[]; tools: string[] | undefined }[] = []
  const ask: AskModel = async ({ messages, tools }) => {
    seen.push({ messages: [...messages], tools: tools?.map((t) => t.function.name) })
    const step = steps.shift() ?? { content: '' }
    const message: ChatMessage =
      'calls' in step
        ? {
            role: 'assistant',
            content: null,
            tool_calls: step.calls.map((c, i) => ({
              id: `c${seen.length}_${i}`,
              type: 'function',
              function: c,
            })),
          }
        : { role: 'assistant', content: step.content }
    return { message, model: 'scripted', usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } }
  }
  return { ask, seen }
}

const echo: LlmTool = {
  name: 'echo',
  description: 'returns its arguments',
  parameters: { type: 'object' },
  run: async (args) => ({ echoed: args }),
}

function options(ask: AskModel, over: Partial<ToolLoopOptions> = {}): ToolLoopOptions {
  return {
    ask,
    tools: [echo],
    messages: [{ role: 'user', content: 'q' }],
    maxRounds: 3,
    deadlineMs: 5_000,
    describeFailure: () => undefined,
    maxResultChars: 1_000,
    ...over,
  }
}

const toolMessages = (messages: ChatMessage[]) =>
  messages.filter((m) => m.role === 'tool').map((m) => m.content)

describe('runToolLoop', () => {
  it('runs the tools called, shows their results and sums the tokens of every round', async () => {
    const { ask, seen } = scripted([
      { calls: [{ name: 'echo', arguments: '{"a":1}' }] },
      { content: ' Hotovo. ' },
    ])
    const stored: ChatMessage[][] = []
    const outcome = await runToolLoop(options(ask, { onRound: async (said) => void stored.push(said) }))
    expect(outcome).toMatchObject({ answer: 'Hotovo.', rounds: 2, model: 'scripted' })
    expect(outcome.usage).toEqual({ prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 })
    expect(outcome.runs).toEqual([
      {
        round: 1,
        name: 'echo',
        arguments: { a: 1 },
        ok: true,
        result: { echoed: { a: 1 } },
        ms: expect.any(Number),
      },
    ])
    expect(toolMessages(seen[1]!.messages)).toEqual(['{"echoed":{"a":1}}'])
    expect(stored.map((said) => said.map((m) => m.role))).toEqual([['assistant', 'tool']])
  })

  it('tells the model what was wrong with a call: bad JSON, not an object, an unknown tool, a refusal', async () => {
    const refusing: LlmTool = { ...echo, name: 'refusing', run: async () => ({ error: 'no such flat' }) }
    const { ask, seen } = scripted([
      {
        calls: [
          { name: 'echo', arguments: '{oops' },
          { name: 'echo', arguments: '[1]' },
          { name: 'nothing', arguments: '{}' },
          { name: 'refusing', arguments: '{}' },
        ],
      },
      { content: 'ok' },
    ])
    const outcome = await runToolLoop(options(ask, { tools: [echo, refusing] }))
    expect(outcome.runs.map((r) => [r.ok, r.error])).toEqual([
      [false, 'arguments are not valid JSON'],
      [false, 'arguments must be a JSON object'],
      [false, 'no tool "nothing"; tools: echo, refusing'],
      [false, 'no such flat'],
    ])
    expect(toolMessages(seen[1]!.messages).map((c) => JSON.parse(c!).error)).toEqual(
      outcome.runs.map((r) => r.error),
    )
  })

  it('shows a failing tool as describeFailure says, and fails the loop when it names nothing', async () => {
    const failing: LlmTool = {
      ...echo,
      name: 'failing',
      run: async () => {
        throw new AppError('not_found', 'gone')
      },
    }
    const call = { calls: [{ name: 'failing', arguments: '{}' }] }
    const described = await runToolLoop(
      options(scripted([call, { content: 'ok' }]).ask, {
        tools: [failing],
        describeFailure: (e) => (e instanceof AppError ? `${e.code}: ${e.message}` : undefined),
      }),
    )
    expect(described.runs[0]).toMatchObject({
      ok: false,
      error: 'not_found: gone',
      result: { error: 'not_found: gone' },
    })
    await expect(runToolLoop(options(scripted([call]).ask, { tools: [failing] }))).rejects.toThrow('gone')
  })

  it(`runs at most ${MAX_CALLS_PER_ROUND} calls a round and cuts a long result, marking the cut`, async () => {
    const calls = Array.from({ length: MAX_CALLS_PER_ROUND + 1 }, (_, i) => ({
      name: 'echo',
      arguments: JSON.stringify({ text: 'x'.repeat(i === 0 ? 2_000 : 1) }),
    }))
    const { ask, seen } = scripted([{ calls }, { content: 'ok' }])
    const outcome = await runToolLoop(options(ask))
    expect(outcome.runs.filter((r) => r.ok)).toHaveLength(MAX_CALLS_PER_ROUND)
    expect(outcome.runs.at(-1)!.error).toBe(`at most ${MAX_CALLS_PER_ROUND} tool calls per round are run`)
    const first = toolMessages(seen[1]!.messages)[0]!
    expect(first).toHaveLength(1_000 + '…(cut)'.length)
    expect(first.endsWith('…(cut)')).toBe(true)
  })

  it('offers no tools in the last round, and a model still calling them there fails with a 502', async () => {
    const call = { calls: [{ name: 'echo', arguments: '{}' }] }
    const { ask, seen } = scripted([call, call, call])
    const failure = await runToolLoop(options(ask, { maxRounds: 2 })).catch((e: AppError) => e)
    expect(failure).toMatchObject({ status: 502, message: expect.stringMatching(/after 2 rounds/) })
    expect(seen.map((s) => s.tools)).toEqual([['echo'], ['echo'], undefined])
  })

  it('fails with a 502 when the model gives neither text nor a tool call', async () => {
    const failure = await runToolLoop(options(scripted([{ content: '  ' }]).ask)).catch((e: AppError) => e)
    expect(failure).toMatchObject({
      status: 502,
      message: expect.stringMatching(/neither text nor a tool call/),
    })
  })

  it('gives each call what is left of the deadline, and answers 504 once it has passed', async () => {
    let now = 0
    const budgets: number[] = []
    const ask: AskModel = async (_request, { timeoutMs }) => {
      budgets.push(timeoutMs)
      now += 700
      return {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'echo', arguments: '{}' } }],
        },
        model: 'm',
      }
    }
    const failure = await runToolLoop(
      options(ask, { deadlineMs: 1_000, callTimeoutMs: 500, clock: () => now }),
    ).catch((e: AppError) => e)
    expect(budgets).toEqual([500, 300])
    expect(failure).toMatchObject({ status: 504, message: expect.stringMatching(/deadline of 1 s/) })
  })
})
