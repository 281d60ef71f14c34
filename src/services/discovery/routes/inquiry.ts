/**
 * POST /v1/inquiries/preview: shows an inquiry back normalized and masked. It sends nothing, keeps
 * nothing, and never logs the body (Fastify logs method, URL and status only; validation errors
 * name the field and rule, never the value).
 */
import { newPreviewId, normalizeInquiry } from '../../../engines/discovery/inquiry.ts'
import { CACHE_NONE } from '../../../kit/caching.ts'
import { AppError } from '../../../kit/errors.ts'
import { type App, sendError } from '../../../kit/server.ts'
import { InquiryInput } from '../schemas.ts'
import { BODY_LIMIT_BYTES, errorResponses } from './common.ts'

const PREVIEW_NOTICE =
  'Pouze náhled: nic nebylo odesláno ani uloženo a odeslání poptávky v této verzi není k dispozici. / Preview only: nothing was sent or stored, and submitting an inquiry is not available in this release.'

/**
 * Registered in its own plugin scope: the only route that reads a body, and the only one whose 413
 * needs the limit in `details` (the shared handler keeps everything else).
 */
export function registerInquiry(app: App): void {
  const shared = app.errorHandler
  app.setErrorHandler(function (error, request, reply) {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(
        reply,
        'discovery',
        new AppError('payload_too_large', `Request body is larger than ${BODY_LIMIT_BYTES} bytes (16 KiB)`, {
          location: 'body',
          field: 'body',
          rule: `maxBytes ${BODY_LIMIT_BYTES}`,
        }),
      )
    }
    return shared.call(this, error, request, reply)
  })

  app.post(
    '/v1/inquiries/preview',
    {
      preValidation: async (request) => {
        // A POST without any Content-Type skips body parsing in Fastify; the spec requires JSON.
        if (request.headers['content-type'] === undefined) {
          throw new AppError('unsupported_media_type', 'Content-Type must be application/json', {
            location: 'header',
            field: 'content-type',
            rule: 'application/json',
          })
        }
      },
      schema: {
        tags: ['inquiries'],
        summary: 'Preview an inquiry (nothing is sent or stored)',
        description:
          'Normalizes the input (NFC; control, zero-width and bidi characters removed; whitespace in name and organization collapsed; e-mail domain lower-cased), checks the lengths again after normalization, and returns it with the e-mail masked (`j***@e***.cz`) and the message cut to 240 characters at a word boundary. The response is `Cache-Control: no-store`.',
        body: InquiryInput,
        response: {
          200: {
            $ref: 'InquiryPreview#',
            description: 'The preview. `submitted` is always false and nothing was retained.',
          },
          ...errorResponses(400, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const result = normalizeInquiry(request.body)
      if (!result.ok) {
        const { field, rule, message } = result.violation
        throw new AppError('invalid_request', message, { location: 'body', field, rule })
      }
      reply.header('cache-control', CACHE_NONE)
      return {
        preview_id: newPreviewId(),
        normalized: result.value,
        side_effects_performed: [],
        retained: false as const,
        submitted: false as const,
        confirmation_required: true as const,
        submission_available: false as const,
        notice: PREVIEW_NOTICE,
      }
    },
  )
}
