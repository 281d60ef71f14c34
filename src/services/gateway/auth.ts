/**
 * The gateway's gates: keyed routes need an active API key within both of its limits; admin routes
 * need ADMIN_API_KEY, compared in constant time. (Keys in the query string are refused by the kit
 * server, on every service.)
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { type LimitPlan, limitExceeded, limitPlan, setLimitHeaders } from '../../engines/keys/limits.ts'
import type { AuthenticatedKey } from '../../engines/keys/store.ts'
import { AppError, errors } from '../../kit/errors.ts'
import type { RateLimitDecision } from '../../kit/ratelimit.ts'
import type { GatewayDeps, GatewayRequest } from './app.ts'

/** The key a request presents: X-API-Key first (the recommended header), else a Bearer token. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key']
  if (typeof header === 'string' && header.length > 0) return header.trim()
  const auth = request.headers.authorization
  if (typeof auth === 'string') {
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(auth)
    if (match) return match[1]
  }
  return undefined
}

/**
 * The keyed routes' gate: a key is required (401), must be active and unexpired (403), and must be
 * within both of its windows (429). A callback hook rather than an async one: with the key's row
 * cached and the limiter in process, every step answers synchronously and the request goes on
 * without a promise; otherwise the same steps wait for the database or Redis.
 *
 * `optional` is the gate of requests no route matches (404, 405): a valid key is still counted
 * against its windows and logged, so usage holds every request made with it; a missing, unknown
 * or unreadable key lets the request go on to its 404 or 405 as before.
 */
export function apiKeyGuard(deps: Pick<GatewayDeps, 'store' | 'limiter'>, optional = false) {
  return function guard(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const presented = presentedKey(request)
    if (presented === undefined) {
      if (optional) {
        done()
        return
      }
      done(
        new AppError(
          'unauthorized',
          'API key required',
          { hint: 'send X-API-Key: <key> or Authorization: Bearer <key>' },
          { 'www-authenticate': 'Bearer realm="gatehouse"' },
        ),
      )
      return
    }
    const unavailable = optional ? () => done() : (error: unknown) => storeUnavailable(request, done, error)
    let cached: AuthenticatedKey | undefined | null
    try {
      cached = deps.store.authenticateCached(presented)
    } catch (error) {
      unavailable(error)
      return
    }
    if (cached !== null) {
      if (cached === undefined && optional) done()
      else limit(deps, request, reply, done, cached)
      return
    }
    deps.store
      .authenticate(presented)
      .then(
        (key) => (key === undefined && optional ? done() : limit(deps, request, reply, done, key)),
        unavailable,
      )
      // Whatever throws on the way still answers the request (a 500), never leaves it hanging.
      .catch((error: unknown) => done(error as Error))
  }
}

/** Fail closed: without the key store nothing is let through, and the client is told to retry. */
function storeUnavailable(request: FastifyRequest, done: HookHandlerDoneFunction, error: unknown): void {
  request.log.error({ err: error }, 'key store unavailable')
  done(errors.unavailable('API key store unavailable; retry shortly', 5))
}

/** Counts the request against the key's windows (all or none) and lets it through or refuses it. */
function limit(
  deps: Pick<GatewayDeps, 'limiter'>,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  key: AuthenticatedKey | undefined,
): void {
  if (!key) {
    done(new AppError('forbidden', 'Invalid or expired API key'))
    return
  }
  ;(request as GatewayRequest).gatewayKey = key
  const plan = limitPlan(key)
  if (plan.windows.length === 0) {
    done() // Enterprise: unlimited, still logged.
    return
  }
  if (deps.limiter.hitAllSync) {
    decide(reply, done, plan, deps.limiter.hitAllSync(plan.checks))
    return
  }
  deps.limiter
    .hitAll(plan.checks)
    .then(
      (decisions) => decide(reply, done, plan, decisions),
      (error: unknown) => {
        request.log.error({ err: error }, 'rate limiter unavailable')
        done(errors.unavailable('Rate limiter unavailable; retry shortly', 5))
      },
    )
    .catch((error: unknown) => done(error as Error))
}

function decide(
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  plan: LimitPlan,
  decisions: readonly RateLimitDecision[],
): void {
  setLimitHeaders(reply, plan, decisions)
  done(limitExceeded(plan, decisions))
}

/** SHA-256 both sides so the comparison is constant-time and independent of the key's length. */
export function adminGuard(adminKey: string) {
  const expected = createHash('sha256').update(adminKey).digest()
  return function guard(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const given = request.headers['x-admin-key']
    if (typeof given !== 'string' || given.length === 0) {
      done(new AppError('unauthorized', 'Admin key required', { hint: 'send X-Admin-Key: <ADMIN_API_KEY>' }))
      return
    }
    const digest = createHash('sha256').update(given).digest()
    done(timingSafeEqual(digest, expected) ? undefined : new AppError('forbidden', 'Invalid admin key'))
  }
}
