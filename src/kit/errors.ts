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

/** A code of the base vocabulary: each has its own status. */
export type BaseErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as BaseErrorCode[]

/**
 * Finer codes, each naming one cause within a base code; rendered in place of the base code, with
 * its status. They never come back from `codeOfStatus` (a status still names one base code).
 */
export const REFINED_CODES = {
  /** Outbound fetches of a caller's URL (src/kit/egress.ts). */
  egress_invalid_url: 'invalid_request',
  egress_scheme: 'invalid_request',
  egress_credentials: 'invalid_request',
  egress_private_address: 'invalid_request',
  egress_unresolvable: 'unprocessable',
  egress_too_large: 'payload_too_large',
  egress_too_many_redirects: 'upstream_error',
  egress_upstream: 'upstream_error',
  egress_timeout: 'upstream_timeout',
} as const satisfies Record<string, BaseErrorCode>

export type RefinedErrorCode = keyof typeof REFINED_CODES

export type ErrorCode = BaseErrorCode | RefinedErrorCode

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
    return statusOf(this.code)
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}

/** The base code a code is (itself, or the one a refined code refines). */
function baseCodeOf(code: ErrorCode): BaseErrorCode {
  return code in REFINED_CODES ? REFINED_CODES[code as RefinedErrorCode] : (code as BaseErrorCode)
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[baseCodeOf(code)]
}

const CODE_OF_STATUS = new Map<number, BaseErrorCode>(ERROR_CODES.map((code) => [ERROR_STATUS[code], code]))

/** The base code an HTTP status stands for in this vocabulary (each status has one), if any. */
export function codeOfStatus(status: number): BaseErrorCode | undefined {
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

/**
 * Seconds a client is told to wait (`Retry-After`) when a backing service (PostgreSQL, Redis) is
 * unreachable: about what a restart takes, short enough that recovery is noticed soon.
 */
export const BACKING_RETRY_AFTER_SECONDS = 5

/** Socket errors that mean "the server is not there (now)", not "the query was wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTCONN',
])

/**
 * PostgreSQL SQLSTATEs of a server going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/

/**
 * What the clients (pg, pg-pool, ioredis) say when the connection is lost or cannot be made in
 * time. Matched at the start of the message only (anchored, linear).
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Client was closed and is not queryable|Command timed out|Connection is closed|Reached the max retries per request limit|Stream isn't writeable)/

/**
 * The 503 a request gets when PostgreSQL or Redis cannot be reached (refused, dropped, shut down,
 * timed out), or undefined when the error means something else. The error handler of every kit
 * server asks this first, so an outage is a short, retryable 503 in the service's envelope instead
 * of a 500, and the service answers normally again as soon as the backing service is back.
 */
export function unavailableError(error: unknown, depth = 0): AppError | undefined {
  if (typeof error !== 'object' || error === null || depth > 3) return undefined
  if (error instanceof AppError) return error.code === 'service_unavailable' ? error : undefined
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown; name?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : ''
  if (
    UNREACHABLE_CODES.has(code) ||
    UNAVAILABLE_SQLSTATE.test(code) ||
    UNAVAILABLE_MESSAGE.test(message) ||
    e.name === 'MaxRetriesPerRequestError'
  ) {
    return errors.unavailable('A backing service is unavailable; retry shortly', BACKING_RETRY_AFTER_SECONDS)
  }
  // Node reports a refused dual-stack connect as an AggregateError of one error per address.
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const mapped = unavailableError(inner, depth + 1)
      if (mapped) return mapped
    }
  }
  return e.cause === undefined ? undefined : unavailableError(e.cause, depth + 1)
}
