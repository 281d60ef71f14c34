/** Schemas of the memory module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { Nullable } from '../../../../kit/schemas.ts'

export const MemorySchema = Type.Object({
  id: Type.String(),
  memory: Type.String(),
  user_id: Nullable(Type.String()),
  agent_id: Nullable(Type.String()),
  run_id: Nullable(Type.String()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
  updated_at: Type.String(),
})

export const ScopeId = Type.String({ minLength: 1, maxLength: 200 })

const Message = Type.Object(
  {
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('system')]),
    content: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
)

export const AddBody = Type.Object(
  {
    messages: Type.Optional(Type.Array(Message, { minItems: 1, maxItems: 100 })),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
    user_id: Type.Optional(ScopeId),
    agent_id: Type.Optional(ScopeId),
    run_id: Type.Optional(ScopeId),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    infer: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export const SearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000 }),
    user_id: Type.Optional(ScopeId),
    agent_id: Type.Optional(ScopeId),
    run_id: Type.Optional(ScopeId),
    filters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    threshold: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
)
