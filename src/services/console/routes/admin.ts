/**
 * Admin only: API keys through the gateway's /admin/keys/* (with the admin key, which stays
 * here), their usage (by endpoint and status, and per day), and the console's own users: add,
 * remove, change a role, disable and enable, reset a password, each written to the admin action
 * log, which admins can read. An analyst gets 403 from every route of this file.
 */
import { ok } from '../../../kit/envelope.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole, signedIn } from '../auth.ts'
import {
  AddUserBody,
  AdminLogQuery,
  AdminLogResponse,
  ChangedUserResponse,
  CreatedKeyResponse,
  CreateKeyBody,
  DailyUsageQuery,
  DailyUsageResponse,
  KeyIdParams,
  KeyListQuery,
  KeyListResponse,
  RemovedUserResponse,
  ResetPasswordBody,
  RevokedResponse,
  RotatedKeyResponse,
  RotateKeyBody,
  SetRoleBody,
  UsageQuery,
  UsageResponse,
  UserListResponse,
  UserNameParams,
  UserResponse,
} from '../schemas.ts'

export function registerAdmin(app: App, deps: ConsoleDeps): void {
  const admin = requireRole('admin')

  app.get(
    '/api/keys',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary: 'Every API key (prefix only), with its status and last use; `search` by name or prefix',
        querystring: KeyListQuery,
        response: { 200: KeyListResponse },
      },
    },
    async (request, reply) => {
      const { search } = request.query
      const list = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.GET('/admin/keys/list', { params: { query: search ? { search } : {} } }),
      )
      return ok(reply, list)
    },
  )

  app.post(
    '/api/keys/:id/rotate',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary:
          'Rotate an API key: the new key is in this answer only; the old one works for the grace period',
        params: KeyIdParams,
        body: RotateKeyBody,
        response: { 200: RotatedKeyResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.POST('/admin/keys/rotate/{id}', {
          params: { path: { id: request.params.id } },
          body: request.body,
        }),
      )
      request.log.info(
        { user: signedIn(request).user.name, key_id: request.params.id, new_key_id: answer.key_data.id },
        'console rotated a key',
      )
      const { key, id, prefix, name, expires_at } = answer.key_data
      return ok(reply, {
        key,
        id,
        prefix,
        name,
        expires_at,
        old_key: answer.old_key,
        warning: answer.warning,
      })
    },
  )

  app.post(
    '/api/keys',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary: 'Issue an API key (the full key is in this answer only)',
        body: CreateKeyBody,
        response: { 200: CreatedKeyResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.POST('/admin/keys/generate', { body: request.body }),
      )
      request.log.info(
        { user: signedIn(request).user.name, key_id: answer.key_data.id },
        'console issued a key',
      )
      return ok(reply, { ...answer.key_data, warning: answer.warning })
    },
  )

  app.post(
    '/api/keys/:id/revoke',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary: 'Revoke an API key',
        params: KeyIdParams,
        response: { 200: RevokedResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.POST('/admin/keys/revoke/{id}', { params: { path: { id: request.params.id } } }),
      )
      request.log.info(
        { user: signedIn(request).user.name, key_id: request.params.id },
        'console revoked a key',
      )
      return ok(reply, { message: answer.message })
    },
  )

  app.get(
    '/api/keys/:id/usage',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary: 'Requests of one key over the last `days` days, by endpoint and by status',
        params: KeyIdParams,
        querystring: UsageQuery,
        response: { 200: UsageResponse },
      },
    },
    async (request, reply) => {
      const usage = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.GET('/admin/keys/usage/{id}', {
          params: { path: { id: request.params.id }, query: { days: request.query.days } },
        }),
      )
      return ok(reply, usage)
    },
  )

  app.get(
    '/api/keys/:id/usage/daily',
    {
      onRequest: admin,
      schema: {
        tags: ['keys'],
        summary: 'Requests of one key per UTC day over the last `days` days, oldest first',
        params: KeyIdParams,
        querystring: DailyUsageQuery,
        response: { 200: DailyUsageResponse },
      },
    },
    async (request, reply) => {
      const usage = await deps.upstreams.call('gateway', 'admin', (gateway) =>
        gateway.GET('/admin/keys/usage/{id}/daily', {
          params: { path: { id: request.params.id }, query: { days: request.query.days } },
        }),
      )
      return ok(reply, usage)
    },
  )

  app.get(
    '/api/users',
    {
      onRequest: admin,
      schema: { tags: ['users'], summary: 'The console’s users', response: { 200: UserListResponse } },
    },
    async (_request, reply) => ok(reply, { users: await deps.store.listUsers() }),
  )

  app.post(
    '/api/users',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Add a console user',
        body: AddUserBody,
        response: { 201: UserResponse },
      },
    },
    async (request, reply) => {
      const { name, role, password } = request.body
      const user = await deps.store.addUser(name, role, password, signedIn(request).user.name)
      request.log.info({ user: signedIn(request).user.name, added: name, role }, 'console user added')
      reply.code(201)
      return ok(reply, user)
    },
  )

  app.delete(
    '/api/users/:name',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Remove a console user and end their sessions (the last admin stays: 409)',
        params: UserNameParams,
        response: { 200: RemovedUserResponse },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      await deps.store.removeUser(name, signedIn(request).user.name)
      request.log.info({ user: signedIn(request).user.name, removed: name }, 'console user removed')
      return ok(reply, { removed: name })
    },
  )

  app.post(
    '/api/users/:name/role',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Change a console user’s role and end their sessions (the last active admin stays: 409)',
        params: UserNameParams,
        body: SetRoleBody,
        response: { 200: ChangedUserResponse },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const { role } = request.body
      await deps.store.setRole(name, role, signedIn(request).user.name)
      request.log.info(
        { user: signedIn(request).user.name, changed: name, role },
        'console user role changed',
      )
      return ok(reply, { name, action: 'role' as const })
    },
  )

  for (const action of ['disable', 'enable'] as const)
    app.post(
      `/api/users/:name/${action}`,
      {
        onRequest: admin,
        schema: {
          tags: ['users'],
          summary:
            action === 'disable'
              ? 'Disable a console user: they cannot sign in and their sessions end (the last active admin stays: 409)'
              : 'Enable a disabled console user again',
          params: UserNameParams,
          response: { 200: ChangedUserResponse },
        },
      },
      async (request, reply) => {
        const { name } = request.params
        await deps.store.setDisabled(name, action === 'disable', signedIn(request).user.name)
        request.log.info({ user: signedIn(request).user.name, changed: name, action }, 'console user changed')
        return ok(reply, { name, action })
      },
    )

  app.post(
    '/api/users/:name/password',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Set a new password for a console user and end their sessions',
        params: UserNameParams,
        body: ResetPasswordBody,
        response: { 200: ChangedUserResponse },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      await deps.store.setPassword(name, request.body.password, signedIn(request).user.name)
      request.log.info({ user: signedIn(request).user.name, changed: name }, 'console user password reset')
      return ok(reply, { name, action: 'password' as const })
    },
  )

  app.get(
    '/api/users/log',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'The admin action log: who did what to which user, when (newest first)',
        querystring: AdminLogQuery,
        response: { 200: AdminLogResponse },
      },
    },
    async (request, reply) => ok(reply, { entries: await deps.store.adminLog(request.query.limit) }),
  )
}
