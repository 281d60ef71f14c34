/** Schemas every router module shares (TypeBox: one schema validates, types and documents). */

import { Type } from 'typebox'

export const Uuid = Type.String({ format: 'uuid' })
export const IdParams = Type.Object({ id: Uuid })

export const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
}
