/** Schemas of the MCP module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Media, Open } from '../../../../kit/schemas.ts'

/** What the MCP transports answer: JSON-RPC messages, as JSON or as an event stream. */
export const McpAnswer = {
  description: 'JSON-RPC 2.0 messages of the Model Context Protocol (JSON, or text/event-stream)',
  content: {
    'application/json': { schema: Open({ jsonrpc: Type.Optional(Type.String()) }) },
    'text/event-stream': { schema: { type: 'string' } },
  },
}

export const ServiceParams = Type.Object({ service: Type.String({ minLength: 1, maxLength: 40 }) })

/** The MCP servers, each with its addresses and its tools. */
export const ServersResponse = okSchema(
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
)

export const SseStream = Media('text/event-stream', 'the MCP session as server-sent events')

export const MessageAccepted = Media(
  'text/plain',
  'Accepted: the answer follows on the session’s event stream (GET /mcp/{service}/sse)',
)

export const SessionQuery = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100 }) })
