/** Schemas of the llm module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { Open } from '../../../../kit/schemas.ts'

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
