/**
 * Shared secrets (admin and internal keys): one constant-time comparison for every service, and
 * the development defaults they all start with (refused in production by each service's checks).
 */
import { createHash, timingSafeEqual } from 'node:crypto'

/** The documented development admin key: `npm start` works, production refuses it. */
export const DEV_ADMIN_KEY = 'dev-admin-key-change-me'
/** The documented development internal key (service-to-service calls, the truth log, audit reads). */
export const DEV_INTERNAL_KEY = 'dev-internal-key-change-me'

/**
 * Constant-time comparison that leaks neither the content nor the length of the expected secret:
 * both sides are hashed to 32 bytes first, so the compare always takes the same time.
 */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
