/**
 * The platform's tools as one catalogue, grouped into the 14 tool services: one per agent service
 * (11, aml among them: its agents) plus knowledge, aml-screening (the AML service's screening)
 * and discovery. The same entries serve the MCP servers
 * (/v1/mcp/{service}), the chain chat's function calling and the assistant configuration published
 * by /v1/gpt/sync, so a tool behaves the same whichever way it is called.
 *
 * Tool names are always prefixed by their service (`banking_loan_assessment`, `knowledge_search`)
 * and fit `^[a-zA-Z0-9_-]{1,64}$`, which both MCP clients and OpenAI function calling accept.
 */
import type { Dispatcher } from '../../agents/dispatch.ts'
import { AGENT_SERVICES } from '../../agents/types.ts'
import { AppError } from '../../kit/errors.ts'
import type { AgentCall, AgentCallLog } from './modules/agents/call-log.ts'
import type { ServiceClients } from './service-clients.ts'

interface ToolCallContext {
  via: AgentCall['via']
}

export interface PlatformTool {
  name: string
  /** The tool service it belongs to (one MCP server each). */
  service: string
  description: string
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>
  /** True for tools that only read (every current tool: agents compute, searches read). */
  readOnly: boolean
  run(args: Record<string, unknown>, ctx: ToolCallContext): Promise<unknown>
}

/** The 14 tool services, in a stable order. */
export const TOOL_SERVICES: readonly string[] = [...AGENT_SERVICES, 'knowledge', 'aml-screening', 'discovery']

function toolPrefix(service: string): string {
  return service.replace(/-/g, '_')
}

export function agentToolName(service: string, agent: string): string {
  return `${toolPrefix(service)}_${agent}`.slice(0, 64)
}

export interface Catalogue {
  tools: PlatformTool[]
  byName: Map<string, PlatformTool>
  forService(service: string): PlatformTool[]
}

export function buildCatalogue(deps: {
  dispatcher: Dispatcher
  platform: ServiceClients
  calls: AgentCallLog
}): Catalogue {
  const { dispatcher, platform, calls } = deps
  const tools: PlatformTool[] = []

  for (const agent of dispatcher.agents) {
    tools.push({
      name: agentToolName(agent.service, agent.name),
      service: agent.service,
      description: agent.description,
      inputSchema: agent.input as unknown as Record<string, unknown>,
      readOnly: true,
      run: (args, ctx) => callAgent(dispatcher, calls, agent.service, agent.name, args, ctx.via),
    })
  }

  tools.push(
    {
      name: 'knowledge_search',
      service: 'knowledge',
      description:
        'Search the knowledge base (Czech AML law, regulations, legal and real-estate documents). Returns ranked passages with their sources.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 2, maxLength: 500, description: 'what to look for' },
          collection: { type: 'string', description: 'limit to one collection, e.g. aml_regulations' },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
        },
        required: ['query'],
        additionalProperties: false,
      },
      readOnly: true,
      run: (args) =>
        platform.kbSearch({
          query: String(args.query),
          ...(args.collection !== undefined ? { collection: String(args.collection) } : {}),
          ...(args.limit !== undefined ? { limit: Number(args.limit) } : {}),
        }),
    },
    {
      name: 'knowledge_collections',
      service: 'knowledge',
      description: 'List the knowledge base collections and how many documents each holds.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      readOnly: true,
      run: () => platform.kbCollections(),
    },
    {
      name: 'aml_screening_person',
      service: 'aml-screening',
      description:
        'Screen a person against sanctions and PEP lists (AML). Returns a module-based risk result with the overall risk level.',
      inputSchema: {
        type: 'object',
        properties: {
          first_name: { type: 'string', maxLength: 100, description: 'given name(s); none for a mononym' },
          last_name: { type: 'string', minLength: 1, maxLength: 100 },
          birth_date: {
            type: 'string',
            format: 'date',
            description: 'YYYY-MM-DD: confirms a match, or rules one out',
          },
        },
        required: ['last_name'],
        additionalProperties: false,
      },
      readOnly: true,
      run: (args) =>
        platform.amlScreen({
          ...(args.first_name ? { first_name: String(args.first_name) } : {}),
          last_name: String(args.last_name),
          ...(args.birth_date !== undefined ? { birth_date: String(args.birth_date) } : {}),
        }),
    },
    {
      name: 'aml_screening_company',
      service: 'aml-screening',
      description:
        'Screen a Czech company by its IČO (8 digits) against sanctions lists and registries (AML).',
      inputSchema: {
        type: 'object',
        properties: {
          ico: { type: 'string', pattern: '^\\d{8}$', description: 'company registration number' },
        },
        required: ['ico'],
        additionalProperties: false,
      },
      readOnly: true,
      run: (args) => platform.amlScreen({ ico: String(args.ico) }),
    },
    {
      name: 'discovery_search',
      service: 'discovery',
      description:
        'Search the public catalogue of services, content and products (deterministic text search).',
      inputSchema: {
        type: 'object',
        properties: {
          q: { type: 'string', minLength: 2, maxLength: 160 },
          limit: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
        },
        required: ['q'],
        additionalProperties: false,
      },
      readOnly: true,
      run: (args) =>
        platform.discoverySearch({
          q: String(args.q),
          ...(args.limit !== undefined ? { limit: Number(args.limit) } : {}),
        }),
    },
    {
      name: 'discovery_services',
      service: 'discovery',
      description: 'List the public service guides.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      readOnly: true,
      run: () => platform.discoveryServices(),
    },
    {
      name: 'discovery_content',
      service: 'discovery',
      description: 'Read one public content record by id.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^[a-z0-9-]{2,80}$' } },
        required: ['id'],
        additionalProperties: false,
      },
      readOnly: true,
      run: (args) => platform.discoveryContent(String(args.id)),
    },
  )

  const byName = new Map(tools.map((t) => [t.name, t]))
  return {
    tools,
    byName,
    forService: (service) => tools.filter((t) => t.service === service),
  }
}

/** Runs an agent through the dispatcher and records the call for /v1/agents/registry/stats. */
export async function callAgent(
  dispatcher: Dispatcher,
  calls: AgentCallLog,
  service: string,
  agent: string,
  input: unknown,
  via: AgentCall['via'],
): Promise<unknown> {
  const started = performance.now()
  try {
    const { output, ms } = await dispatcher.call(service, agent, input)
    await calls.recordAgentCall({ service, agent, via, ok: true, ms })
    return output
  } catch (error) {
    // A call to an agent that does not exist is the caller's mistake, not the agent's statistic.
    if (dispatcher.find(service, agent)) {
      await calls.recordAgentCall({
        service,
        agent,
        via,
        ok: false,
        error_code: error instanceof AppError ? error.code : 'internal_error',
        ms: performance.now() - started,
      })
    }
    throw error
  }
}
