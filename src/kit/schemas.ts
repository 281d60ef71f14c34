/**
 * Pieces every service's route schemas are built from (TypeBox: one schema validates, types,
 * serialises and documents), beside the envelopes of envelope.ts (`okSchema`, `errorRef`).
 */
import { type TProperties, type TSchema, Type } from 'typebox'

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** An object whose listed fields are described; further fields pass through unchanged. */
export function Open<T extends TProperties>(fields: T, description?: string) {
  return Type.Object(fields, { additionalProperties: true, ...(description ? { description } : {}) })
}

/** A response that is not JSON (a page, an image, a stream, a PDF), by content type. */
export function Media(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } }
}
