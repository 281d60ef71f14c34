/**
 * Who may call what (docs/adr/0002-router-authentication.md):
 * - `admin` routes (publishing assistant configuration, writing context files) need
 *   `X-Admin-Key: <ADMIN_API_KEY>`;
 * - `internal` routes (the truth log) need `X-API-Key: <INTERNAL_API_KEY>`;
 * - `worker` routes (registering, heartbeats, claiming, completing and failing jobs) need the
 *   internal key or a worker key an admin issued (`Authorization: Bearer wk_…` or
 *   `X-Worker-Key`), in every mode: nobody anonymous may run, forge or steal jobs;
 * - `operator` routes (cancelling and redriving jobs) need the admin or the internal key;
 * - `key_or_operator` routes (reading jobs) take either: an operator key sees every job, a
 *   gateway key (when keys are required) its own;
 * - `public` routes (health, the static pages and the documentation) need nothing;
 * - every other route is open by default and, with ROUTER_REQUIRE_API_KEY=true, needs a key
 *   issued by the gateway (`Authorization: Bearer <key>` or `X-API-Key: <key>`), checked against
 *   the gateway's key store.
 * A missing key is 401, a wrong, expired or revoked one 403. Comparisons take constant time.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { limitExceeded, limitPlan, setLimitHeaders } from '../../engines/keys/limits.ts'
import type { AuthenticatedKey } from '../../engines/keys/store.ts'
import { AppError } from '../../kit/errors.ts'
import type { RateLimiter } from '../../kit/ratelimit.ts'
import { sameSecret } from '../../kit/secrets.ts'

export type RouteAuth = 'admin' | 'internal' | 'public' | 'key' | 'worker' | 'operator' | 'key_or_operator'

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth
  }
  interface FastifyRequest {
    /** The gateway key id the caller presented (when keys are required). */
    apiKeyId?: string | undefined
    /** On worker routes: the worker credential id, or `internal` for the internal key. */
    workerOwner?: string | undefined
  }
}

/** Checks a gateway-issued key; `limits` are the key's windows, applied as at the gateway. */
export interface KeyVerifier {
  verify(
    key: string,
  ): Promise<
    { ok: true; keyId: string; limits?: AuthenticatedKey | undefined } | { ok: false; reason: string }
  >
}

export interface AuthOptions {
  adminKey: string
  internalKey: string
  requireApiKey: boolean
  keys: KeyVerifier | undefined
  /** Counts keyed requests against the key's limits (the gateway's windows, shared through Redis). */
  limiter?: RateLimiter | undefined
  /** Checks a worker key; returns its credential id. */
  workers?: { verify(key: string): Promise<string | undefined> } | undefined
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/** The gateway key a request carries: `X-API-Key`, else `Authorization: Bearer`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const direct = header(request, 'x-api-key')
  if (direct) return direct
  const auth = header(request, 'authorization')
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null
  return match?.[1]
}

export function authHook(opts: AuthOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // The API's own description (/openapi.json, /redoc) is public like the pages.
    const mode: RouteAuth = request.routeOptions.config?.documentation
      ? 'public'
      : (request.routeOptions.config?.auth ?? 'key')
    switch (mode) {
      case 'public':
        return
      case 'admin': {
        const given = header(request, 'x-admin-key')
        if (!given)
          throw new AppError('unauthorized', 'Admin key required: send X-Admin-Key', {
            header: 'X-Admin-Key',
          })
        if (!sameSecret(given, opts.adminKey))
          throw new AppError('forbidden', 'Invalid admin key', { header: 'X-Admin-Key' })
        return
      }
      case 'internal': {
        const given = header(request, 'x-api-key')
        if (!given) {
          throw new AppError('unauthorized', 'Internal key required: send X-API-Key with INTERNAL_API_KEY', {
            header: 'X-API-Key',
          })
        }
        if (!sameSecret(given, opts.internalKey))
          throw new AppError('forbidden', 'Invalid internal key', { header: 'X-API-Key' })
        return
      }
      case 'worker': {
        const given = header(request, 'x-worker-key') ?? presentedKey(request)
        if (!given) {
          throw new AppError(
            'unauthorized',
            'Worker key required: send Authorization: Bearer <worker key> (issued by an admin at POST /workers/credentials) or the internal key in X-API-Key',
            { header: 'Authorization' },
          )
        }
        if (sameSecret(given, opts.internalKey)) {
          request.workerOwner = 'internal'
          return
        }
        const owner = await opts.workers?.verify(given)
        if (!owner)
          throw new AppError('forbidden', 'Invalid or revoked worker key', { header: 'Authorization' })
        request.workerOwner = owner
        return
      }
      case 'key_or_operator': {
        if (isOperator(request, opts)) return
        return checkKey(request, reply, opts)
      }
      case 'operator': {
        const admin = header(request, 'x-admin-key')
        if (admin && sameSecret(admin, opts.adminKey)) return
        const internal = header(request, 'x-api-key')
        if (internal && sameSecret(internal, opts.internalKey)) return
        if (!admin && !internal) {
          throw new AppError(
            'unauthorized',
            'Admin or internal key required: send X-Admin-Key or X-API-Key',
            {
              header: 'X-Admin-Key',
            },
          )
        }
        throw new AppError('forbidden', 'Invalid admin or internal key', { header: 'X-Admin-Key' })
      }
      case 'key':
        return checkKey(request, reply, opts)
    }
  }
}

/** The admin key in X-Admin-Key or the internal key in X-API-Key, either one right. */
function isOperator(request: FastifyRequest, opts: AuthOptions): boolean {
  const admin = header(request, 'x-admin-key')
  if (admin && sameSecret(admin, opts.adminKey)) return true
  const internal = header(request, 'x-api-key')
  return internal !== undefined && sameSecret(internal, opts.internalKey)
}

async function checkKey(request: FastifyRequest, reply: FastifyReply, opts: AuthOptions): Promise<void> {
  if (!opts.requireApiKey) return
  const key = presentedKey(request)
  if (!key) {
    throw new AppError('unauthorized', 'API key required: send Authorization: Bearer <key> or X-API-Key', {
      header: 'Authorization',
    })
  }
  if (!opts.keys) {
    throw new AppError('service_unavailable', 'API keys are required but no key store is available', {})
  }
  const verdict = await opts.keys.verify(key)
  if (!verdict.ok) throw new AppError('forbidden', 'Invalid or expired API key', { reason: verdict.reason })
  request.apiKeyId = verdict.keyId
  // The same windows, headers and 429 as the gateway: one key, one budget.
  if (verdict.limits && opts.limiter) {
    const plan = limitPlan(verdict.limits)
    if (plan.windows.length === 0) return
    const decisions = await opts.limiter.hitAll(plan.checks)
    setLimitHeaders(reply, plan, decisions)
    const refused = limitExceeded(plan, decisions)
    if (refused) throw refused
  }
}
