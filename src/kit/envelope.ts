/**
 * The three error envelopes the spec fixes, and the success envelope of the router, knowledge,
 * AML and domain services. Which one a service speaks is chosen once, in `createServer`.
 *
 * - discovery: `{error:{code,message,details?}, request_id}`
 * - gateway:   `{error:"<text>", code, request_id, ...details}` (a 429 carries `limit` and `window`)
 * - standard:  `{success:false, error:{code,message,details?}, meta:{request_id}}`; codes upper-case
 */
import type { FastifyReply } from 'fastify'
import type { AppError } from './errors.ts'

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
