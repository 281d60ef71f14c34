/** Schemas every router module shares (TypeBox: one schema validates, types and documents). */
import { type TProperties, type TSchema, Type } from 'typebox'

export const Uuid = Type.String({ format: 'uuid' })
export const IdParams = Type.Object({ id: Uuid })

export const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
}

/** The standard success envelope around `data`, as a response schema. */
export function Ok<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Literal(true),
    data,
    meta: Type.Object({ request_id: Type.String(), processing_time_ms: Type.Number() }),
  })
}

/** An object whose listed fields are described; further fields pass through unchanged. */
export function Open<T extends TProperties>(fields: T, description?: string) {
  return Type.Object(fields, { additionalProperties: true, ...(description ? { description } : {}) })
}

/** A response that is not JSON (a page, an image, a stream), by content type. */
export function Media(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } }
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
