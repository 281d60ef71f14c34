/**
 * The platform's error vocabulary: one closed list of codes, each mapped to one HTTP status here
 * and nowhere else. Handlers throw `AppError`; the server factory renders it in the envelope of the
 * service (see envelope.ts). 5xx messages are logged, never shown to clients.
 */

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  not_configured: 501,
  upstream_error: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

/** Extra, machine-readable context: which field failed and by which rule, a limit, a retry hint. */
export type ErrorDetails = Record<string, unknown>

export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails | undefined
  /** Response headers that belong to this error (Retry-After, Allow …). */
  readonly headers: Record<string, string>

  constructor(
    code: ErrorCode,
    message: string,
    details?: ErrorDetails,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
    this.headers = headers
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code]
}

const CODE_OF_STATUS = new Map<number, ErrorCode>(ERROR_CODES.map((code) => [ERROR_STATUS[code], code]))

/** The code an HTTP status stands for in this vocabulary (each status has one), if any. */
export function codeOfStatus(status: number): ErrorCode | undefined {
  return CODE_OF_STATUS.get(status)
}

/** Shorthands for the errors handlers raise most; each names the field and the rule. */
export const errors = {
  invalid(field: string, rule: string, message?: string): AppError {
    return new AppError('invalid_request', message ?? `${field}: ${rule}`, { field, rule })
  },
  notFound(what: string, details?: ErrorDetails): AppError {
    return new AppError('not_found', `${what} not found`, details)
  },
  unavailable(message: string, retryAfterSeconds: number, details?: ErrorDetails): AppError {
    return new AppError(
      'service_unavailable',
      message,
      { retry_after_seconds: retryAfterSeconds, ...details },
      { 'retry-after': String(retryAfterSeconds) },
    )
  },
}
