/**
 * The operator keys of the aml service: the audit trail, batches and monitoring take
 * `X-Admin-Key: ADMIN_API_KEY` or `X-API-Key: INTERNAL_API_KEY` (a missing key 401, a wrong one
 * 403). These routes are limited by key (batches running at once), not by the per-IP minute of
 * single screenings.
 */
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../../kit/errors.ts'
import { sameSecret } from '../../../kit/secrets.ts'

export interface OperatorKeys {
  adminKey: string
  internalKey: string
}

export type KeyName = 'admin' | 'internal'

/** The security requirement of these routes, for their descriptions. */
export const OPERATOR_SECURITY: Record<string, string[]>[] = [{ adminKey: [] }, { internalKey: [] }]

const given = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined)

/** Which key the request carries, when it carries a right one. */
export function keyOf(request: FastifyRequest, keys: OperatorKeys): KeyName | undefined {
  if (sameSecret(given(request.headers['x-admin-key']), keys.adminKey)) return 'admin'
  if (sameSecret(given(request.headers['x-api-key']), keys.internalKey)) return 'internal'
  return undefined
}

/** An onRequest hook: the request carries one of the keys, or it ends here (401, 403). */
export function operatorOnly(keys: OperatorKeys, what: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (keyOf(request, keys)) return
    if (
      given(request.headers['x-admin-key']) === undefined &&
      given(request.headers['x-api-key']) === undefined
    ) {
      throw new AppError('unauthorized', `${what} needs X-Admin-Key or the internal X-API-Key`, {
        header: 'X-Admin-Key',
      })
    }
    throw new AppError('forbidden', 'Invalid admin or internal key', { header: 'X-Admin-Key' })
  }
}
