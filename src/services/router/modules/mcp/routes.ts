/**
 * The platform's 14 tool services as MCP servers (@modelcontextprotocol/sdk), one per agent
 * service plus knowledge, aml and discovery, each over both transports:
 * - Streamable HTTP at `/v1/mcp/{service}` and `/mcp/{service}` (stateless: every POST carries
 *   its own JSON-RPC exchange, so any router instance can answer it);
 * - HTTP+SSE (the older transport many clients still speak) at `GET /mcp/{service}/sse`, with the
 *   client's messages posted to `/mcp/{service}/messages?sessionId=…` (a session lives on the
 *   instance that opened it).
 * `GET /v1/mcp` lists the services and their tools. Tool names are prefixed by their service; a
 * failing tool answers `isError: true` with the reason, as MCP asks, instead of a protocol error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { Type } from 'typebox'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { App, FastifyReply, FastifyRequest } from '../../../../kit/server.ts'
import { Media, Ok, Open } from '../../schemas.ts'
import { type Catalogue, TOOL_SERVICES } from '../../tool-catalogue.ts'

/** What the MCP transports answer: JSON-RPC messages, as JSON or as an event stream. */
const McpAnswer = {
  description: 'JSON-RPC 2.0 messages of the Model Context Protocol (JSON, or text/event-stream)',
  content: {
    'application/json': { schema: Open({ jsonrpc: Type.Optional(Type.String()) }) },
    'text/event-stream': { schema: { type: 'string' } },
  },
}

const VERSION = '0.1.0'

export interface McpDeps {
  catalogue: Catalogue
  logger: Logger
}

export function registerMcp(app: App, deps: McpDeps): void {
  const sessions = new Map<string, { transport: SSEServerTransport; service: string }>()

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

  const ServiceParams = Type.Object({ service: Type.String({ minLength: 1, maxLength: 40 }) })

  app.get(
    '/v1/mcp',
    {
      schema: {
        response: {
          200: Ok(
            Type.Object({
              services: Type.Array(
                Type.Object({
                  service: Type.String(),
                  streamable_http: Type.String(),
                  sse: Type.String(),
                  tools: Type.Array(Type.String()),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (_request, reply) =>
      ok(reply, {
        services: TOOL_SERVICES.map((service) => ({
          service,
          streamable_http: `/v1/mcp/${service}`,
          sse: `/mcp/${service}/sse`,
          tools: deps.catalogue.forService(service).map((t) => t.name),
        })),
      }),
  )

  for (const prefix of ['/v1/mcp', '/mcp']) {
    app.route({
      method: ['GET', 'POST', 'DELETE'],
      url: `${prefix}/:service`,
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
        response: { 200: Media('text/event-stream', 'the MCP session as server-sent events') },
      },
    },
    async (request, reply) => {
      const service = known(request.params.service)
      const server = serverFor(service)
      reply.hijack()
      const transport = new SSEServerTransport(`/mcp/${service}/messages`, reply.raw)
      sessions.set(transport.sessionId, { transport, service })
      transport.onclose = () => {
        sessions.delete(transport.sessionId)
      }
      reply.raw.on('close', () => {
        sessions.delete(transport.sessionId)
        server.close().catch(() => undefined)
      })
      await server.connect(transport)
    },
  )

  app.post(
    '/mcp/:service/messages',
    {
      schema: {
        response: { '2xx': McpAnswer },
        params: ServiceParams,
        querystring: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100 }) }),
      },
    },
    async (request, reply) => {
      const session = sessions.get(request.query.sessionId)
      if (!session || session.service !== request.params.service) {
        throw errors.notFound('MCP session (open one with GET /mcp/{service}/sse on this instance)', {
          session_id: request.query.sessionId,
        })
      }
      reply.hijack()
      await session.transport.handlePostMessage(request.raw, reply.raw, request.body)
    },
  )

  app.addHook('onClose', async () => {
    for (const { transport } of sessions.values()) await transport.close().catch(() => undefined)
    sessions.clear()
  })
}
