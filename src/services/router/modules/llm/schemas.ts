/** Schemas of the llm module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { sharedSchema } from '../../../../kit/api-docs.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'

export const ChatBody = Type.Object(
  {
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    messages: Type.Array(
      Type.Object({ role: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: true }),
      { minItems: 1, maxItems: 2000 },
    ),
    stream: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
)

/** An upstream's own client error, relayed as it came (OpenAI's `{error: {message, type, code}}`). */
export const UpstreamError = Open(
  { error: Type.Unknown() },
  "the upstream's error, relayed in OpenAI's format",
)

export const EmbeddingsBody = Type.Object(
  {
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    input: Type.Union([
      Type.String({ maxLength: 1_000_000 }),
      Type.Array(Type.String({ maxLength: 1_000_000 }), { minItems: 1, maxItems: 2048 }),
      Type.Array(Type.Integer(), { minItems: 1, maxItems: 100_000 }),
      Type.Array(Type.Array(Type.Integer(), { maxItems: 100_000 }), { minItems: 1, maxItems: 2048 }),
    ]),
  },
  { additionalProperties: true },
)

/*
 * The OpenAI objects the relay answers with, as OpenAI documents them. The relay sends the
 * upstream's text as it came (never through the serializer), so these describe, they do not
 * shape: every object is open (providers add fields: OpenRouter's `provider`, vLLM's
 * `prompt_logprobs`, Ollama's `system_fingerprint` …), and a field only some providers send is
 * optional.
 */

const TokenUsage = Open(
  {
    prompt_tokens: Type.Integer(),
    completion_tokens: Type.Optional(Type.Integer()),
    total_tokens: Type.Integer(),
  },
  'tokens the request used',
)

const ToolCall = Open({
  id: Type.String(),
  type: Type.Optional(Type.String({ description: 'the call\'s type, "function"' })),
  function: Open({
    name: Type.String(),
    arguments: Type.String({ description: 'the arguments as JSON text, as the model wrote them' }),
  }),
})

const ChatCompletionSchema = Open(
  {
    id: Type.String(),
    object: Type.Optional(Type.String({ description: 'the object\'s type, "chat.completion"' })),
    created: Type.Optional(Type.Integer({ description: 'Unix time, seconds' })),
    model: Type.String({ description: 'the model that answered' }),
    choices: Type.Array(
      Open({
        index: Type.Integer(),
        message: Open({
          role: Type.String({ description: 'the author, "assistant"' }),
          content: Type.Optional(Nullable(Type.String())),
          refusal: Type.Optional(Nullable(Type.String())),
          tool_calls: Type.Optional(Type.Array(ToolCall)),
        }),
        finish_reason: Type.Optional(
          Nullable(Type.String({ description: 'stop, length, tool_calls, content_filter …' })),
        ),
        logprobs: Type.Optional(Nullable(Open({}))),
      }),
    ),
    usage: Type.Optional(TokenUsage),
    system_fingerprint: Type.Optional(Nullable(Type.String())),
  },
  "OpenAI's chat completion, as the upstream sent it",
)

const ModelListSchema = Open(
  {
    object: Type.Optional(Type.String({ description: 'the object\'s type, "list"' })),
    data: Type.Array(
      Open({
        id: Type.String(),
        object: Type.Optional(Type.String({ description: 'the object\'s type, "model"' })),
        created: Type.Optional(Type.Integer({ description: 'Unix time, seconds' })),
        owned_by: Type.Optional(Type.String()),
      }),
    ),
  },
  "the upstream's models, in OpenAI's format",
)

const EmbeddingListSchema = Open(
  {
    object: Type.Optional(Type.String({ description: 'the object\'s type, "list"' })),
    data: Type.Array(
      Open({
        object: Type.Optional(Type.String({ description: 'the object\'s type, "embedding"' })),
        index: Type.Integer(),
        embedding: Type.Union([
          Type.Array(Type.Number()),
          Type.String({ description: 'base64 of little-endian float32, when encoding_format is base64' }),
        ]),
      }),
    ),
    model: Type.Optional(Type.String()),
    usage: Type.Optional(TokenUsage),
  },
  "the upstream's embeddings, in OpenAI's format",
)

const ChatCompletion = sharedSchema('ChatCompletion', ChatCompletionSchema)
const ModelList = sharedSchema('ModelList', ModelListSchema)
const EmbeddingList = sharedSchema('EmbeddingList', EmbeddingListSchema)

/** The relay's answers, named once in the router's document (registerApiDocs's `shared`). */
export const llmSchemas = [ChatCompletion, ModelList, EmbeddingList]

/** What POST /v1/chat/completions answers: the completion as JSON, or its stream of chunks. */
export const ChatAnswer = {
  description:
    "OpenAI's chat completion (JSON), or, with `stream: true`, its `chat.completion.chunk` events (text/event-stream) as the upstream sent them",
  content: {
    'application/json': { schema: ChatCompletion.ref },
    'text/event-stream': { schema: { type: 'string' } },
  },
}
export const ModelsAnswer = ModelList.ref
export const EmbeddingsAnswer = EmbeddingList.ref
