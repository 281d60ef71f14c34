/**
 * The three error envelopes the spec fixes, and the success envelope of the router, knowledge,
 * AML and domain services. Which one a service speaks is chosen once, in `createServer`.
 *
 * - discovery: `{error:{code,message,details?}, request_id}`
 * - gateway:   `{error:"<text>", code, request_id, ...details}` (a 429 carries `limit` and `window`)
 * - standard:  `{success:false, error:{code,message,details?}, meta:{request_id}}`; codes upper-case
 */
import type { FastifyReply } from 'fastify'
import { type TSchema, Type } from 'typebox'
import { type AppError, ERROR_CODES, REFINED_CODES } from './errors.ts'

export type EnvelopeKind = 'discovery' | 'gateway' | 'standard'

export function renderError(kind: EnvelopeKind, error: AppError, requestId: string): Record<string, unknown> {
  switch (kind) {
    case 'discovery':
      return {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        request_id: requestId,
      }
    case 'gateway':
      return { error: error.message, code: error.code, request_id: requestId, ...error.details }
    case 'standard':
      return {
        success: false,
        error: {
          code: error.code.toUpperCase(),
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        meta: { request_id: requestId },
      }
  }
}

export interface SuccessEnvelope<T> {
  success: true
  data: T
  meta: { request_id: string; processing_time_ms: number }
}

/** The standard success envelope; `processing_time_ms` is the time since the request arrived. */
export function ok<T>(reply: FastifyReply, data: T): SuccessEnvelope<T> {
  return {
    success: true,
    data,
    meta: { request_id: reply.request.id, processing_time_ms: Math.round(reply.elapsedTime) },
  }
}

/** Every code an error body can carry: the base vocabulary and its refinements. */
const ALL_CODES = [...ERROR_CODES, ...Object.keys(REFINED_CODES)]

const Details = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'Machine-readable context: for bad input `field`, `rule` (and `location`); limits; retry hints.',
  },
)

/** The error body of an envelope, as `renderError` writes it (for response schemas and documents). */
export function errorSchema(kind: EnvelopeKind) {
  switch (kind) {
    case 'discovery':
      return Type.Object(
        {
          error: Type.Object(
            {
              code: Type.String({ enum: ALL_CODES }),
              message: Type.String({ description: 'What went wrong and what to do next.' }),
              details: Type.Optional(Details),
            },
            { additionalProperties: false },
          ),
          request_id: Type.String({ format: 'uuid', description: 'Also sent as X-Request-Id.' }),
        },
        { additionalProperties: false, description: 'Error envelope.' },
      )
    case 'gateway':
      return Type.Object(
        {
          error: Type.String({ description: 'What went wrong, in words.' }),
          code: Type.String({ enum: ALL_CODES }),
          request_id: Type.String({ format: 'uuid', description: 'Also sent as X-Request-Id.' }),
        },
        {
          additionalProperties: true,
          description: 'Gateway error envelope; the details (field, rule, limit, window …) sit beside.',
        },
      )
    case 'standard':
      return Type.Object(
        {
          success: Type.Literal(false),
          error: Type.Object(
            {
              code: Type.String({ enum: ALL_CODES.map((c) => c.toUpperCase()) }),
              message: Type.String({ description: 'What went wrong and what to do next.' }),
              details: Type.Optional(Details),
            },
            { additionalProperties: false },
          ),
          meta: Type.Object(
            { request_id: Type.String({ format: 'uuid', description: 'Also sent as X-Request-Id.' }) },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false, description: 'Standard failure envelope.' },
      )
  }
}

/** The standard success envelope around `data`, as a response schema (`ok(reply, data)` writes it). */
export function okSchema<T extends TSchema>(data: T, description?: string) {
  return Type.Object(
    {
      success: Type.Literal(true),
      data,
      meta: Type.Object({
        request_id: Type.String({ format: 'uuid' }),
        processing_time_ms: Type.Integer({
          minimum: 0,
          description: 'Milliseconds since the request arrived.',
        }),
      }),
    },
    description ? { description } : {},
  )
}
