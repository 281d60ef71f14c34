/**
 * The agent contract. An agent is one file in src/agents/<service>/<name>.ts: an input and an output
 * JSON Schema (TypeBox), a description, worked examples (which are also tests), and a deterministic
 * `run`. The gateway (and the router's MCP tools, and orchestrator agents) call agents only through
 * the dispatcher in dispatch.ts, which validates the input and the output against the schemas.
 */
import type { Static, TSchema } from 'typebox'
import type { Logger } from '../kit/logger.ts'
import type { AgentDeps } from './deps.ts'
import { type Lang, LangSchema, type Say } from './lang.ts'

/** The 11 agent services and how many agents each has (the spec's table: 88 in all). */
export const AGENT_SERVICE_COUNTS = {
  banking: 6,
  'legal-aml': 5,
  'real-estate': 9,
  insurance: 4,
  compliance: 5,
  risk: 5,
  aml: 7,
  legal: 3,
  data: 16,
  contact: 13,
  orchestrator: 15,
} as const

export type AgentService = keyof typeof AGENT_SERVICE_COUNTS
export const AGENT_SERVICES = Object.keys(AGENT_SERVICE_COUNTS) as AgentService[]

/** A rule an agent applied, with where it comes from: `{rule:"ČNB LTV limit 80 %", since:"2022-04-01"}`. */
export interface AppliedRule {
  rule: string
  /** Law, regulation or document, e.g. "zákon 253/2008 Sb. § 9" or "ČNB doporučení". */
  source?: string
  /** Date the rule took effect (YYYY-MM-DD). */
  since?: string
  /** What the rule concluded for this input. */
  outcome?: string
}

interface AgentExample<I> {
  title: string
  input: I
}

export interface AgentContext {
  /** The time the call is evaluated at (fixed in tests for deterministic results). */
  now: Date
  deps: AgentDeps
  logger: Logger
  /** The language of the human-readable texts (the input's `lang`, else the caller's default). */
  lang: Lang
  /** Picks a text in `lang`: `ctx.say({ cs: 'Zamítnuto', en: 'Declined' })`. */
  say: Say
  /**
   * Calls another agent through the same dispatch (validated, timed, depth-limited), in the same
   * language unless the input names its own `lang`.
   */
  call(service: string, agent: string, input: unknown): Promise<unknown>
}

export interface AgentDefinition<I extends TSchema = TSchema, O extends TSchema = TSchema> {
  service: AgentService
  name: string
  /** One or two sentences: what it does, for whom, on which rules. */
  description: string
  input: I
  output: O
  examples: AgentExample<Static<I>>[]
  run(input: Static<I>, ctx: AgentContext): Promise<Static<O>>
}

/** Erased form used by catalogues and the dispatcher. */
export interface Agent {
  service: AgentService
  name: string
  description: string
  input: TSchema
  output: TSchema
  examples: AgentExample<unknown>[]
  run(input: unknown, ctx: AgentContext): Promise<unknown>
}

/**
 * Declares an agent with its types checked against its schemas. The input schema gets the one
 * `lang` field every agent takes (lang.ts), so the catalogue, OpenAPI and MCP tools show it; the
 * dispatcher takes it out of the input and hands it to `run` as `ctx.lang`.
 */
export function defineAgent<I extends TSchema, O extends TSchema>(def: AgentDefinition<I, O>): Agent {
  const input = def.input as TSchema & { properties?: Record<string, TSchema> }
  if ('lang' in (input.properties ?? {}))
    throw new Error(`agent ${def.service}/${def.name} declares its own lang field`)
  return {
    ...def,
    input: { ...input, properties: { ...input.properties, lang: LangSchema } },
  } as unknown as Agent
}
