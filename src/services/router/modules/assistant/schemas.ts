/** Schemas of the assistant module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'

export const GptSync = okSchema(
  Type.Object({
    changed: Type.Boolean(),
    version: Type.Integer(),
    hash: Type.String(),
    synced_at: Type.String(),
    tools: Type.Integer(),
    previous_version: Nullable(Type.Integer()),
  }),
)
