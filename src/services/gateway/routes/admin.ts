/**
 * Admin routes (X-Admin-Key): issue, list and search, inspect usage, change, rotate and revoke API
 * keys. The full key appears in the generation and rotation responses only; lists show the
 * 12-character prefix.
 */

import { KEY_RULES } from '../../../engines/keys/rules.ts'
import type { ApiKey, KeyStatus } from '../../../engines/keys/store.ts'
import { AppError } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { GatewayDeps } from '../app.ts'
import { adminGuard } from '../auth.ts'
import {
  DailyUsageQuery,
  DailyUsageResponse,
  ErrorBody,
  errorResponses,
  GenerateKeyBody,
  GenerateKeyResponse,
  KeyIdParams,
  KeyListQuery,
  KeyListResponse,
  RevokeResponse,
  RotateKeyBody,
  RotateKeyResponse,
  UpdateKeyBody,
  UpdateKeyResponse,
  UsageQuery,
  UsageResponse,
} from '../schemas.ts'

const admin: Record<string, string[]>[] = [{ adminKey: [] }]

export function registerAdmin(app: App, deps: GatewayDeps): void {
  app.addHook('onRequest', adminGuard(deps.adminKey))

  app.post(
    '/admin/keys/generate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Issue an API key (the full key is in this response only)',
        description:
          'Only `name` is required. Defaults: expires_days 365, rate_limit 10000/day, requests_per_minute 100, ' +
          'or the limits of `tier` (free, basic, pro, enterprise); explicit numbers override the tier. -1 = unlimited.',
        security: admin,
        body: GenerateKeyBody,
        response: { 200: GenerateKeyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { key, record } = await deps.store.create(request.body)
      reply.header('cache-control', 'no-store')
      request.log.info({ key_id: record.id, prefix: record.prefix }, 'API key issued')
      return {
        success: true,
        key_data: keyData(key, record),
        warning: 'Store this key now: it is not shown again and cannot be recovered.',
      }
    },
  )

  app.get(
    '/admin/keys/list',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every key (prefix only, never the key); `search` finds keys by name or prefix',
        security: admin,
        querystring: KeyListQuery,
        response: { 200: KeyListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const keys = await deps.store.list(request.query.search)
      return { count: keys.length, keys: keys.map((k) => listItem(k, deps.store.statusOf(k))) }
    },
  )

  app.post(
    '/admin/keys/rotate/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Rotate a key: a new key (in this response only); the old one stays valid for a grace period',
        description:
          'The new key takes the old one’s name, description, owner, tier, limits and expiry. The old key keeps ' +
          `working for \`grace_hours\` (default ${KEY_RULES.rotationGraceHoursDefault}; 0 stops it at once; at most ` +
          `${KEY_RULES.rotationGraceHoursMax}), never past its own expiry, then is refused like an expired key. ` +
          'A revoked, expired or already rotated key is 409.',
        security: admin,
        params: KeyIdParams,
        body: RotateKeyBody,
        response: { 200: RotateKeyResponse, 409: ErrorBody, ...errorResponses },
      },
      // No body at all is the default grace, so `curl -X POST …/rotate/1` is enough.
      preValidation: (request, _reply, done) => {
        request.body ??= {}
        done()
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const grace = request.body.grace_hours ?? KEY_RULES.rotationGraceHoursDefault
      const outcome = await deps.store.rotate(id, grace)
      if (outcome === 'not_found') throw notFound(id)
      if (outcome === 'not_active')
        throw new AppError('conflict', `API key ${id} is revoked or expired; issue a new key instead`, { id })
      if (outcome === 'already_rotated')
        throw new AppError('conflict', `API key ${id} was rotated already; rotate the key that replaced it`, {
          id,
        })
      const { key, record, old } = outcome
      reply.header('cache-control', 'no-store')
      request.log.info({ key_id: id, new_key_id: record.id, grace_hours: grace }, 'API key rotated')
      return {
        success: true,
        key_data: keyData(key, record),
        old_key: listItem(old, deps.store.statusOf(old)),
        warning: 'Store this key now: it is not shown again and cannot be recovered.',
      }
    },
  )

  app.get(
    '/admin/keys/usage/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Requests of one key over the last `days` days, by endpoint and by status',
        security: admin,
        params: KeyIdParams,
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params
      if (!(await deps.store.get(id))) throw notFound(id)
      return deps.store.usage(id, request.query.days ?? 30)
    },
  )

  app.get(
    '/admin/keys/usage/:id/daily',
    {
      schema: {
        tags: ['admin'],
        summary: 'Requests of one key per UTC day over the last `days` days (requests per day)',
        security: admin,
        params: KeyIdParams,
        querystring: DailyUsageQuery,
        response: { 200: DailyUsageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params
      if (!(await deps.store.get(id))) throw notFound(id)
      return deps.store.usageDaily(id, request.query.days ?? 30)
    },
  )

  app.post(
    '/admin/keys/revoke/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a key: refused from the next request on, on every instance',
        security: admin,
        params: KeyIdParams,
        response: { 200: RevokeResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params
      const outcome = await deps.store.revoke(id)
      if (outcome === 'not_found') throw notFound(id)
      request.log.info({ key_id: id, outcome }, 'API key revoked')
      return {
        success: true,
        message: outcome === 'revoked' ? `API key ${id} revoked` : `API key ${id} was already revoked`,
      }
    },
  )

  app.patch(
    '/admin/keys/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a key’s details, tier, limits or expiry (its counters carry on)',
        security: admin,
        params: KeyIdParams,
        body: UpdateKeyBody,
        response: { 200: UpdateKeyResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params
      const key = await deps.store.update(id, request.body)
      if (!key) throw notFound(id)
      request.log.info({ key_id: id, fields: Object.keys(request.body) }, 'API key changed')
      return { success: true, key: listItem(key, deps.store.statusOf(key)) }
    },
  )
}

function notFound(id: number): AppError {
  return new AppError('not_found', `API key ${id} not found`, { id })
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

function keyData(key: string, record: ApiKey) {
  return {
    key,
    id: record.id,
    prefix: record.prefix,
    name: record.name,
    created_at: iso(record.created_at),
    expires_at: iso(record.expires_at),
    rate_limit: record.rate_limit,
    requests_per_minute: record.requests_per_minute,
    tier: record.tier,
  }
}

export function listItem(key: ApiKey, status: KeyStatus) {
  return {
    id: key.id,
    prefix: key.prefix,
    name: key.name,
    description: key.description,
    owner: key.owner,
    created_at: iso(key.created_at),
    expires_at: iso(key.expires_at),
    is_active: key.is_active,
    tier: key.tier,
    rate_limit: key.rate_limit,
    requests_per_minute: key.requests_per_minute,
    revoked_at: key.revoked_at === null ? null : iso(key.revoked_at),
    status,
    last_used_at: key.last_used_at === null ? null : iso(key.last_used_at),
    replaced_by: key.replaced_by,
  }
}
