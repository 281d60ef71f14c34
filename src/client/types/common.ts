/* Generated — do not edit: types the services' files share, written by `npm run client:generate`. */
/**
 * Standard failure envelope.
 */
export interface Error {
  success: false
  error: {
    code:
      | 'INVALID_REQUEST'
      | 'UNAUTHORIZED'
      | 'FORBIDDEN'
      | 'NOT_FOUND'
      | 'METHOD_NOT_ALLOWED'
      | 'CONFLICT'
      | 'PAYLOAD_TOO_LARGE'
      | 'UNSUPPORTED_MEDIA_TYPE'
      | 'UNPROCESSABLE'
      | 'RATE_LIMITED'
      | 'INTERNAL_ERROR'
      | 'NOT_CONFIGURED'
      | 'UPSTREAM_ERROR'
      | 'SERVICE_UNAVAILABLE'
      | 'UPSTREAM_TIMEOUT'
      | 'EGRESS_INVALID_URL'
      | 'EGRESS_SCHEME'
      | 'EGRESS_CREDENTIALS'
      | 'EGRESS_PRIVATE_ADDRESS'
      | 'EGRESS_UNRESOLVABLE'
      | 'EGRESS_TOO_LARGE'
      | 'EGRESS_TOO_MANY_REDIRECTS'
      | 'EGRESS_UPSTREAM'
      | 'EGRESS_TIMEOUT'
    /**
     * What went wrong and what to do next.
     */
    message: string
    /**
     * Machine-readable context: for bad input `field`, `rule` (and `location`); limits; retry hints.
     */
    details?: {
      [k: string]: unknown
    }
  }
  meta: {
    /**
     * Also sent as X-Request-Id.
     */
    request_id: string
  }
}
