/**
 * How the egress guard says no: `EgressRefused`, an AppError with an `egress_*` code (and its HTTP
 * status), and the URL as refusals show it.
 */
import { AppError, type ErrorDetails, type RefinedErrorCode } from '../errors.ts'

/** Stable codes of a refusal; the standard envelope shows them upper-case (EGRESS_SCHEME …). */
export type EgressCode = Extract<RefinedErrorCode, `egress_${string}`>

export class EgressRefused extends AppError {
  override readonly code: EgressCode
  constructor(code: EgressCode, message: string, details: ErrorDetails = {}) {
    super(code, message, { field: 'url', rule: code, ...details })
    this.name = 'EgressRefused'
    this.code = code
  }
}

export function isEgressRefused(error: unknown): error is EgressRefused {
  return error instanceof EgressRefused
}

/** The URL as shown in errors: no user info, no query (it may carry tokens), at most 200 characters. */
export function redact(url: URL): string {
  const shown = `${url.protocol}//${url.host}${url.pathname}`
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown
}
