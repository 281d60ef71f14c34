/**
 * The platform's tools as one catalogue, grouped into the 14 tool services: one per agent service
 * (11, aml among them: its agents) plus knowledge, aml-screening (the AML service's screening)
 * and discovery. The same entries serve the MCP servers
 * (/v1/mcp/{service}), the chain chat's function calling and the assistant configuration published
 * by /v1/gpt/sync, so a tool behaves the same whichever way it is called.
 *
 * Tool names are always prefixed by their service (`banking_loan_assessment`, `knowledge_search`)
 * and fit `^[a-zA-Z0-9_-]{1,64}$`, which both MCP clients and OpenAI function calling accept.
 * A tool's arguments are checked against its input schema before it runs, and a call with several
 * bad arguments is refused naming every one of them, so a model fixes them in one turn.
 */

import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Dispatcher } from '../../agents/dispatch.ts'
import { AGENT_SERVICES } from '../../agents/types.ts'
import { describeAjvError } from '../../kit/ajv-errors.ts'
import { AppError } from '../../kit/errors.ts'
import { createAjv } from '../../kit/validation.ts'
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
    const check = argumentCheck(agent.input as unknown as Record<string, unknown>)
    tools.push({
      name: agentToolName(agent.service, agent.name),
      service: agent.service,
      description: agent.description,
      inputSchema: agent.input as unknown as Record<string, unknown>,
      readOnly: true,
      // Checked inside callAgent, so a refused call counts in the agent's statistics.
      run: (args, ctx) => callAgent(dispatcher, calls, agent.service, agent.name, args, ctx.via, check),
    })
  }

  const serviceTools: PlatformTool[] = [
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
  ]
  for (const tool of serviceTools) {
    const check = argumentCheck(tool.inputSchema)
    tools.push({
      ...tool,
      run: (args, ctx) => {
        check(args)
        return tool.run(args, ctx)
      },
    })
  }
  const byName = new Map(tools.map((t) => [t.name, t]))
  return {
    tools,
    byName,
    forService: (service) => tools.filter((t) => t.service === service),
  }
}

// Arguments arrive as JSON (bounded by the request body), so Ajv may report every problem.
const argumentAjv = createAjv({ coerce: false, defaults: false, allErrors: true })

/** Bad arguments named in one refusal at most; the rest are counted. */
const MAX_NAMED = 20

/** Throws naming every way the arguments do not fit the schema (compiled on first use). */
function argumentCheck(schema: Record<string, unknown>): (args: unknown) => void {
  let validate: ValidateFunction | undefined
  return (args) => {
    validate ??= argumentAjv.compile(schema)
    if (!validate(args)) throw badArguments(validate.errors ?? [])
  }
}

/** Every problem as `{field, rule}`; the branches of a failed anyOf/oneOf speak through it. */
function badArguments(errors: ErrorObject[]): AppError {
  const unions = errors
    .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
    .map((e) => e.instancePath)
  const problems = new Map<string, { field: string; rule: string }>()
  for (const error of errors) {
    const inUnion = unions.some((path) => error.instancePath.startsWith(path))
    if (inUnion && error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue
    const { path, rule } = describeAjvError(error)
    const field = path.join('.') || 'arguments'
    problems.set(`${field}\u0000${rule}`, { field, rule })
  }
  const list = [...problems.values()]
  const named = list.slice(0, MAX_NAMED).map((p) => `${p.field} (${p.rule})`)
  if (list.length > MAX_NAMED) named.push(`and ${list.length - MAX_NAMED} more`)
  const first = list[0] ?? { field: 'arguments', rule: 'schema' }
  return new AppError(
    'invalid_request',
    `${list.length === 1 ? 'bad argument' : `${list.length} bad arguments`}: ${named.join(', ')}`,
    { location: 'body', field: first.field, rule: first.rule, problems: list.slice(0, MAX_NAMED) },
  )
}

/** Runs an agent through the dispatcher and records the call for /v1/agents/registry/stats. */
export async function callAgent(
  dispatcher: Dispatcher,
  calls: AgentCallLog,
  service: string,
  agent: string,
  input: unknown,
  via: AgentCall['via'],
  check?: (input: unknown) => void,
): Promise<unknown> {
  const started = performance.now()
  try {
    check?.(input)
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
