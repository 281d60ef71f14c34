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
import {
  type AgentResult,
  type AnyVerdictRule,
  completeResult,
  describeVerdictRule,
  type OwnResult,
  type VerdictRule,
  withContract,
} from './result.ts'

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

export type { AppliedRule } from './result.ts'

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

export interface AgentDefinition<N extends string, I extends TSchema, O extends TSchema> {
  service: AgentService
  name: N
  /** One or two sentences: what it does, for whom, on which rules. */
  description: string
  input: I
  /** The agent's own result fields; the result contract (result.ts) is added to them. */
  output: O
  /** How the agent's own result maps to the shared verdict (see VerdictRule in result.ts). */
  verdict: VerdictRule<Static<O>>
  examples: AgentExample<Static<I>>[]
  run(input: Static<I>, ctx: AgentContext): Promise<OwnResult<O>>
}

/** Erased form used by catalogues and the dispatcher. */
export interface Agent {
  service: AgentService
  name: string
  description: string
  input: TSchema
  /** The output schema with the result contract composed in. */
  output: TSchema
  /** How the verdict is read from the agent's own result, in words. */
  verdictRule: string
  examples: AgentExample<unknown>[]
  run(input: unknown, ctx: AgentContext): Promise<unknown>
}

/** An agent as defineAgent returns it: its name and result type kept for callers and tests. */
export interface TypedAgent<N extends string = string, O extends TSchema = TSchema> extends Agent {
  name: N
  run(input: unknown, ctx: AgentContext): Promise<AgentResult<O>>
}

/** The result type of an agent: `type LoanAssessmentResult = ResultOf<typeof loanAssessment>`. */
export type ResultOf<A extends Agent> = Awaited<ReturnType<A['run']>>

/**
 * Declares an agent with its types checked against its schemas. The input schema gets the one
 * `lang` field every agent takes (lang.ts), so the catalogue, OpenAPI and MCP tools show it; the
 * dispatcher takes it out of the input and hands it to `run` as `ctx.lang`. The result contract
 * (result.ts) is composed into the output schema and filled in after every run.
 */
export function defineAgent<const N extends string, I extends TSchema, O extends TSchema>(
  def: AgentDefinition<N, I, O>,
): TypedAgent<N, O> {
  const input = def.input as TSchema & { properties?: Record<string, TSchema> }
  if ('lang' in (input.properties ?? {}))
    throw new Error(`agent ${def.service}/${def.name} declares its own lang field`)
  const { verdict, run, ...rest } = def
  return {
    ...rest,
    input: { ...input, properties: { ...input.properties, lang: LangSchema } },
    output: withContract(def.output),
    verdictRule: describeVerdictRule(verdict as AnyVerdictRule),
    examples: def.examples as AgentExample<unknown>[],
    async run(input, ctx) {
      const own = await run(input as Static<I>, ctx)
      return completeResult(verdict as AnyVerdictRule, own as object) as AgentResult<O>
    },
  }
}
