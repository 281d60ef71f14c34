/**
 * The operator keys of a Group B service: routes that read audit trails or change shared state take
 * `X-Admin-Key: ADMIN_API_KEY` or `X-API-Key: INTERNAL_API_KEY` (a missing key 401, a wrong one
 * 403). The aml service's audit trail, batches and monitoring and the domain service's variable
 * symbols use it.
 */
import type { FastifyRequest } from 'fastify'
import { ConfigError, env } from './config.ts'
import { AppError } from './errors.ts'
import { DEV_ADMIN_KEY, DEV_INTERNAL_KEY, sameSecret } from './secrets.ts'

export interface OperatorKeys {
  adminKey: string
  internalKey: string
}

export type KeyName = 'admin' | 'internal'

/** The two keys as configuration (the gateway's and the router's variables), for a service's spec. */
export const operatorKeySpec = {
  ADMIN_API_KEY: env.string({ default: DEV_ADMIN_KEY, doc: 'X-Admin-Key of the operator' }),
  INTERNAL_API_KEY: env.string({
    default: DEV_INTERNAL_KEY,
    doc: 'X-API-Key of the platform’s services (the router and gateway call with it)',
  }),
}

/** The development defaults of both keys (what `npm start` runs with; tests use them too). */
export const DEV_OPERATOR_KEYS: OperatorKeys = { adminKey: DEV_ADMIN_KEY, internalKey: DEV_INTERNAL_KEY }

/**
 * In production a key left at its development default, or shorter than 24 characters, stops the
 * start, naming the variable. The router, the aml and the domain service all check this way.
 */
export function refuseDevKeysInProduction(config: {
  NODE_ENV: string
  ADMIN_API_KEY: string
  INTERNAL_API_KEY: string
}): void {
  if (config.NODE_ENV !== 'production') return
  const problems: string[] = []
  for (const [name, value, dev] of [
    ['ADMIN_API_KEY', config.ADMIN_API_KEY, DEV_ADMIN_KEY],
    ['INTERNAL_API_KEY', config.INTERNAL_API_KEY, DEV_INTERNAL_KEY],
  ] as const) {
    if (value === dev) problems.push(`${name} is the development default; set a secret`)
    if (value.length < MIN_PRODUCTION_KEY_LENGTH)
      problems.push(`${name} must be at least ${MIN_PRODUCTION_KEY_LENGTH} characters in production`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
}

/** Shortest operator key production accepts (characters): guessing stays out of reach. */
const MIN_PRODUCTION_KEY_LENGTH = 24

/** The OpenAPI security schemes of the two keys (registerApiDocs' securitySchemes). */
export const OPERATOR_SECURITY_SCHEMES = {
  adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key', description: 'ADMIN_API_KEY' },
  internalKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'INTERNAL_API_KEY' },
} as const

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

/** The header a platform service names the person it acts for in (ADR 0006). */
export const ACTING_USER_HEADER = 'x-acting-user'
/** A console user name: what X-Acting-User may carry. */
const ACTING_USER = /^[A-Za-z0-9._@-]{1,64}$/

/**
 * Who is acting: the person an internal caller (the console) names in X-Acting-User, trusted only
 * with the internal key; any other operator call acts as its key (`key:admin`, `key:internal`).
 * A malformed name is a 400 naming the header. Call after `operatorOnly`.
 */
export function actorOf(request: FastifyRequest, keys: OperatorKeys): string {
  const key = keyOf(request, keys)
  const named = request.headers[ACTING_USER_HEADER]
  if (key === 'internal' && named !== undefined) {
    const name = Array.isArray(named) ? named[0] : named
    if (!name || !ACTING_USER.test(name))
      throw new AppError(
        'invalid_request',
        'X-Acting-User must be a user name (letters, digits, . _ @ -, at most 64)',
        {
          field: 'X-Acting-User',
          rule: 'pattern',
        },
      )
    return name
  }
  return `key:${key ?? 'none'}`
}
