/** Schemas of the chat module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'

export const ChainBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 20_000 }),
    conversation_id: Type.Optional(Type.String({ format: 'uuid' })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    system: Type.Optional(Type.String({ maxLength: 20_000 })),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    tools: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9_-]+\\*?$', maxLength: 64 }), {
        maxItems: 64,
        uniqueItems: true,
      }),
    ),
    max_steps: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5 })),
  },
  { additionalProperties: false },
)
