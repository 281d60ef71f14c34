/**
 * Admin routes (X-Admin-Key): issue, list, inspect usage, change and revoke API keys. The full key
 * appears in the generation response only; lists show the 12-character prefix.
 */
import type { ApiKey } from '../../../engines/keys/store.ts'
import { AppError } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { GatewayDeps } from '../app.ts'
import { adminGuard } from '../auth.ts'
import {
  DailyUsageQuery,
  DailyUsageResponse,
  errorResponses,
  GenerateKeyBody,
  GenerateKeyResponse,
  KeyIdParams,
  KeyListResponse,
  RevokeResponse,
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
        key_data: {
          key,
          id: record.id,
          prefix: record.prefix,
          name: record.name,
          created_at: iso(record.created_at),
          expires_at: iso(record.expires_at),
          rate_limit: record.rate_limit,
          requests_per_minute: record.requests_per_minute,
          tier: record.tier,
        },
        warning: 'Store this key now: it is not shown again and cannot be recovered.',
      }
    },
  )

  app.get(
    '/admin/keys/list',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every key (prefix only, never the key)',
        security: admin,
        response: { 200: KeyListResponse, ...errorResponses },
      },
    },
    async () => {
      const keys = await deps.store.list()
      return { count: keys.length, keys: keys.map(listItem) }
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
      return { success: true, key: listItem(key) }
    },
  )
}

function notFound(id: number): AppError {
  return new AppError('not_found', `API key ${id} not found`, { id })
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

export function listItem(key: ApiKey) {
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
  }
}
