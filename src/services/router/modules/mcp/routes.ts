/**
 * The platform's 14 tool services as MCP servers (@modelcontextprotocol/sdk), one per agent
 * service plus knowledge, aml and discovery, each over both transports:
 * - Streamable HTTP at `/v1/mcp/{service}` and `/mcp/{service}` (stateless: every POST carries
 *   its own JSON-RPC exchange, so any router instance can answer it);
 * - HTTP+SSE (the older transport many clients still speak) at `GET /mcp/{service}/sse`, with the
 *   client's messages posted to `/mcp/{service}/messages?sessionId=…` (a session lives on the
 *   instance that opened it).
 * An SSE session holds a stream open, so they are bounded: a few per client (its key, or its
 * address without one), a maximum per instance, and a session silent for too long is closed.
 * `GET /v1/mcp` lists the services and their tools. Tool names are prefixed by their service; a
 * failing tool answers `isError: true` with the reason, as MCP asks, instead of a protocol error.
 */

import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { App, FastifyReply, FastifyRequest } from '../../../../kit/server.ts'
import { type Catalogue, TOOL_SERVICES } from '../../tool-catalogue.ts'
import {
  McpAnswer,
  MessageAccepted,
  ServersResponse,
  ServiceParams,
  SessionQuery,
  SseStream,
} from './schemas.ts'

const VERSION = '0.1.0'

export interface McpDeps {
  catalogue: Catalogue
  logger: Logger
  sse: {
    /** Sessions one client may hold at once. */
    perClient: number
    /** Sessions this instance holds at most. */
    total: number
    /** A session with no message for this long is closed (ms). */
    idleMs: number
  }
}

interface Session {
  transport: SSEServerTransport
  service: string
  client: string
  idle: NodeJS.Timeout
}

export function registerMcp(app: App, deps: McpDeps): void {
  const sessions = new Map<string, Session>()
  const perClient = new Map<string, number>()

  function admit(client: string): void {
    const held = perClient.get(client) ?? 0
    if (held >= deps.sse.perClient) {
      throw new AppError(
        'rate_limited',
        `A client may hold ${deps.sse.perClient} MCP sessions at once; close one, or use the stateless /v1/mcp/{service}`,
        { limit: deps.sse.perClient },
        { 'retry-after': String(Math.ceil(deps.sse.idleMs / 1000)) },
      )
    }
    if (sessions.size >= deps.sse.total) {
      throw new AppError(
        'service_unavailable',
        'This instance holds as many MCP sessions as it may; retry shortly or use /v1/mcp/{service}',
        { limit: deps.sse.total },
        { 'retry-after': '5' },
      )
    }
  }

  function release(id: string): void {
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    clearTimeout(session.idle)
    const held = (perClient.get(session.client) ?? 1) - 1
    if (held > 0) perClient.set(session.client, held)
    else perClient.delete(session.client)
  }

  /** (Re)starts a session's idle timer; when it fires the session and its stream end. */
  function idleTimer(id: string, transport: SSEServerTransport): NodeJS.Timeout {
    const timer = setTimeout(() => {
      release(id)
      transport.close().catch(() => undefined)
    }, deps.sse.idleMs)
    timer.unref()
    return timer
  }

  function serverFor(service: string): Server {
    const tools = deps.catalogue.forService(service)
    const server = new Server(
      { name: `gatehouse-${service}`, version: VERSION },
      {
        capabilities: { tools: {} },
        instructions: `Gatehouse ${service} tools. Every tool name starts with "${service.replace(/-/g, '_')}_".`,
      },
    )
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: tools.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
        annotations: {
          readOnlyHint: t.readOnly,
          openWorldHint: t.service === 'knowledge' || t.service === 'aml',
        },
      })),
    }))
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const tool = tools.find((t) => t.name === request.params.name)
      if (!tool) {
        return {
          isError: true,
          content: [
            { type: 'text' as const, text: `Unknown tool "${request.params.name}" on the ${service} server` },
          ],
        }
      }
      try {
        const result = await tool.run((request.params.arguments ?? {}) as Record<string, unknown>, {
          via: 'mcp',
        })
        return {
          content: [{ type: 'text' as const, text: JSON.stringify(result) }],
          ...(result && typeof result === 'object' && !Array.isArray(result)
            ? { structuredContent: result as Record<string, unknown> }
            : {}),
        }
      } catch (error) {
        const message = error instanceof AppError ? `${error.code}: ${error.message}` : 'the tool failed'
        if (!(error instanceof AppError))
          deps.logger.error({ err: error, tool: tool.name }, 'MCP tool failed')
        return { isError: true, content: [{ type: 'text' as const, text: message }] }
      }
    })
    return server
  }

  function known(service: string): string {
    if (!TOOL_SERVICES.includes(service)) {
      throw errors.notFound(`MCP service "${service}"`, { known: TOOL_SERVICES })
    }
    return service
  }

  async function streamable(request: FastifyRequest, reply: FastifyReply, service: string): Promise<void> {
    const server = serverFor(known(service))
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    reply.hijack()
    reply.raw.on('close', () => {
      transport.close().catch(() => undefined)
      server.close().catch(() => undefined)
    })
    await server.connect(transport)
    await transport.handleRequest(request.raw, reply.raw, request.body)
  }

  app.get(
    '/v1/mcp',
    {
      schema: {
        response: { 200: ServersResponse },
      },
    },
    async (_request, reply) =>
      ok(reply, {
        services: TOOL_SERVICES.map((service) => ({
          service,
          // Ending in /mcp: the MCP Inspector takes such a URL as Streamable HTTP as it is.
          streamable_http: `/v1/mcp/${service}/mcp`,
          sse: `/mcp/${service}/sse`,
          tools: deps.catalogue.forService(service).map((t) => t.name),
        })),
      }),
  )

  // …/{service}/mcp is the listed address (the MCP Inspector picks the transport by a /mcp or /sse
  // ending, and appends /mcp to a path without one); the shorter /…/{service} keeps working.
  for (const url of ['/v1/mcp/:service', '/mcp/:service', '/v1/mcp/:service/mcp', '/mcp/:service/mcp']) {
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url,
      schema: { params: ServiceParams, response: { '2xx': McpAnswer, '4xx': McpAnswer } },
      handler: async (request, reply) =>
        streamable(request, reply, (request.params as { service: string }).service),
    })
  }

  app.get(
    '/mcp/:service/sse',
    {
      schema: {
        params: ServiceParams,
        response: { 200: SseStream },
      },
    },
    async (request, reply) => {
      const service = known(request.params.service)
      const client = request.apiKeyId ? `key:${request.apiKeyId}` : `ip:${request.ip}`
      admit(client)
      const server = serverFor(service)
      reply.hijack()
      const transport = new SSEServerTransport(`/mcp/${service}/messages`, reply.raw)
      const id = transport.sessionId
      sessions.set(id, { transport, service, client, idle: idleTimer(id, transport) })
      perClient.set(client, (perClient.get(client) ?? 0) + 1)
      transport.onclose = () => release(id)
      reply.raw.on('close', () => {
        release(id)
        server.close().catch(() => undefined)
      })
      await server.connect(transport)
    },
  )

  app.post(
    '/mcp/:service/messages',
    {
      schema: {
        response: { 202: MessageAccepted },
        params: ServiceParams,
        querystring: SessionQuery,
      },
    },
    async (request, reply) => {
      const session = sessions.get(request.query.sessionId)
      if (!session || session.service !== request.params.service) {
        throw errors.notFound('MCP session (open one with GET /mcp/{service}/sse on this instance)', {
          session_id: request.query.sessionId,
        })
      }
      clearTimeout(session.idle)
      session.idle = idleTimer(request.query.sessionId, session.transport)
      reply.hijack()
      // The SDK answers in plain text ("Accepted", or what was wrong) without saying so.
      reply.raw.setHeader('content-type', 'text/plain; charset=utf-8')
      await session.transport.handlePostMessage(request.raw, reply.raw, request.body)
    },
  )

  app.addHook('onClose', async () => {
    for (const [id, { transport }] of sessions) {
      release(id)
      await transport.close().catch(() => undefined)
    }
  })
}
