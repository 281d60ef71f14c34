/**
 * Structured extraction for scrapes with a `prompt`: the page's Markdown and the caller's request
 * go to the configured OpenAI-compatible model through the router's LLM relay (its retries,
 * fallback models and usage log). Compatible endpoints often lack `json_schema`, so the schema
 * travels in the prompt and the answer is asked for as `json_object`, which they all support.
 */
import { AppError } from '../../../../kit/errors.ts'
import type { LlmRelay } from '../llm/relay.ts'

/** Markdown sent to the model at most (characters, about 25k tokens). */
const MAX_PAGE_CHARS = 100_000

export function llmExtractor(relay: Pick<LlmRelay, 'complete'>) {
  return async (
    markdown: string,
    prompt: string,
    schema: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<unknown> => {
    const instructions = [
      'You extract data from a web page given as Markdown. Answer with one JSON object and nothing else.',
      schema ? `The object must follow this JSON Schema:\n${JSON.stringify(schema)}` : '',
      'Use null for anything the page does not say; never invent values.',
    ]
      .filter(Boolean)
      .join('\n\n')
    const { completion } = await relay.complete(
      {
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: `${prompt}\n\n---\n\n${markdown.slice(0, MAX_PAGE_CHARS)}` },
        ],
        response_format: { type: 'json_object' },
        temperature: 0,
      },
      { route: 'web:scrape', caller: undefined, ...(signal ? { signal } : {}) },
    )
    const content = (completion as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
      ?.content
    if (typeof content !== 'string') {
      throw new AppError('upstream_error', 'The language model gave no answer to extract from', {
        source: 'llm',
      })
    }
    try {
      return JSON.parse(stripFence(content))
    } catch {
      throw new AppError('upstream_error', 'The language model did not answer with JSON', { source: 'llm' })
    }
  }
}

/** Some models wrap JSON in a ``` fence despite json_object. */
function stripFence(text: string): string {
  const trimmed = text.trim()
  if (!trimmed.startsWith('```')) return trimmed
  const firstNewline = trimmed.indexOf('\n')
  const end = trimmed.lastIndexOf('```')
  return end > firstNewline ? trimmed.slice(firstNewline + 1, end) : trimmed
}
