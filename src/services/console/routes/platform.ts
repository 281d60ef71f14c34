/** The console's own readiness, and the health of every service it talks to (analysts and admins). */
import { ok } from '../../../kit/envelope.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole } from '../auth.ts'
import { HealthResponse, PlatformHealthResponse } from '../schemas.ts'

export function registerPlatform(app: App, deps: ConsoleDeps): void {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'Readiness of the console', response: { 200: HealthResponse } },
    },
    async (_request, reply) => ok(reply, { status: 'ready' as const, web: deps.web.size > 0 }),
  )

  app.get(
    '/api/platform/health',
    {
      onRequest: requireRole('analyst'),
      schema: {
        tags: ['platform'],
        summary: 'Each service’s health route, asked now',
        response: { 200: PlatformHealthResponse },
      },
    },
    async (_request, reply) => ok(reply, { services: await deps.upstreams.health() }),
  )
}
