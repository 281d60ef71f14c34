/**
 * Public routes (no key): gateway info, health of every backing service, Prometheus metrics, and
 * the API description three ways (/openapi.json, Swagger UI at /docs, Redoc at /redoc), all served
 * from npm packages: nothing is loaded from a CDN.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { AGENT_SERVICES } from '../../../agents/types.ts'
import type { App } from '../../../kit/server.ts'
import type { GatewayDeps } from '../app.ts'
import { HealthResponse, InfoResponse } from '../schemas.ts'

const require = createRequire(import.meta.url)
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js')

const REDOC_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse agent gateway — API reference</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="/redoc/redoc.standalone.js"></script>
</body>
</html>
`

export function publicRoutes(app: App, deps: GatewayDeps): void {
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
    { schema: { tags: ['public'], summary: 'Prometheus metrics (text exposition format)' } },
    async (_request, reply) => {
      // A scrape refreshes gateway_service_health (the report is cached for a couple of seconds).
      await deps.health.report()
      reply.header('content-type', deps.metrics.registry.contentType)
      return deps.metrics.registry.metrics()
    },
  )

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  app.get('/redoc', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8')
    return REDOC_PAGE
  })

  let bundle: Promise<Buffer> | undefined
  app.get('/redoc/redoc.standalone.js', { schema: { hide: true } }, async (_request, reply) => {
    bundle ??= readFile(REDOC_BUNDLE)
    reply.header('content-type', 'application/javascript; charset=utf-8')
    reply.header('cache-control', 'public, max-age=86400')
    return bundle
  })
}
