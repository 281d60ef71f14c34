/**
 * Public routes (no key): gateway info, health of every backing service and Prometheus metrics.
 * The API description (/openapi.json, Swagger UI at /docs, Redoc at /redoc) comes from the kit.
 */
import { AGENT_SERVICES } from '../../../agents/types.ts'
import type { App } from '../../../kit/server.ts'
import type { GatewayDeps } from '../app.ts'
import { HealthResponse, InfoResponse } from '../schemas.ts'

export function registerPublic(app: App, deps: GatewayDeps): void {
  app.get(
    '/',
    {
      schema: {
        tags: ['public'],
        summary: 'Gateway info: what it serves and where to start',
        response: { 200: InfoResponse },
      },
    },
    async () => ({
      name: 'Gatehouse agent gateway',
      version: deps.version,
      description: 'API keys, exact per-minute and daily limits, usage and metrics in front of the agents',
      agents: deps.agents.length,
      services: AGENT_SERVICES.length,
      mode: deps.upstream ? `forwarding to ${deps.upstream.url}` : 'in-process',
      authentication: {
        header: 'X-API-Key: <key>',
        alternative: 'Authorization: Bearer <key>',
        admin: 'X-Admin-Key: <ADMIN_API_KEY>',
      },
      links: {
        services: '/api/services',
        agents: '/api/agents',
        call: 'POST /api/{service}/{agent}',
        health: '/health',
        metrics: '/metrics',
        docs: '/docs',
        redoc: '/redoc',
        openapi: '/openapi.json',
      },
    }),
  )

  app.get(
    '/health',
    {
      schema: {
        tags: ['public'],
        summary: 'Health of each backing service (503 when a required one is down)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const report = await deps.health.report()
      reply.header('cache-control', 'no-store')
      return reply.code(report.status === 'down' ? 503 : 200).send(report)
    },
  )

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['public'],
        summary: 'Prometheus metrics (text exposition format)',
        response: {
          200: {
            description: 'The gateway_* series and the process metrics, Prometheus text format 0.0.4.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (_request, reply) => {
      // A scrape refreshes gateway_service_health (the report is cached for a couple of seconds).
      await deps.health.report()
      reply.header('content-type', deps.metrics.registry.contentType)
      return deps.metrics.registry.metrics()
    },
  )
}
