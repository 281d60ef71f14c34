/**
 * What reading a multipart/form-data body (@fastify/multipart's `request.parts()`) can fail with,
 * in the error vocabulary: a body that is not well-formed multipart (unterminated, no boundary, a
 * part without headers), a part over a limit, a field named like an object property. Every one is
 * the body's fault (a 4xx naming it), never a 500: a route reads its parts inside a try and throws
 * `multipartError(error, …)` from the catch.
 */
import { AppError, errors } from './errors.ts'

export interface MultipartLimits {
  /** Largest file part, in bytes, and the variable that sets it (named in the 413). */
  fileBytes: number
  fileBytesVariable: string
  /** Most parts (files and fields together) a form may have. */
  parts: number
}

export function multipartError(error: unknown, limits: MultipartLimits): AppError {
  if (error instanceof AppError) return error
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'payload_too_large',
        `file is larger than the limit of ${limits.fileBytes} bytes (${limits.fileBytesVariable})`,
        { field: 'file', rule: `maxBytes ${limits.fileBytes}` },
      )
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', `the form has more parts than the ${limits.parts} accepted`, {
        field: 'body',
        rule: `maxParts ${limits.parts}`,
      })
    case 'FST_PROTO_VIOLATION':
      return errors.invalid(
        'body',
        'field names',
        'a form field is named like an object property (__proto__ …)',
      )
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return errors.invalid('body', 'json field', 'a form field sent as application/json is not valid JSON')
  }
  // Anything else the parser raises (busboy: "Unexpected end of multipart data", "Boundary not
  // found" …) says the body is not well-formed multipart.
  return errors.invalid(
    'body',
    'multipart/form-data',
    `the body is not well-formed multipart/form-data (${(error as Error).message})`,
  )
}
